// The bounded work queue: runs a fixed number at once, lets a fixed number wait, refuses the rest.
import { describe, expect, test, vi } from "vitest";
import { RequestRefused, WorkGate } from "./overload.js";

describe("WorkGate", () => {
  test("refuses with 503 once the running and waiting slots are full, then recovers", async () => {
    const gate = new WorkGate(2, 2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const accepted = [1, 2, 3, 4].map((n) => gate.run(task(n)));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });

    const refused = await gate.run(task(5)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestRefused);
    expect((refused as RequestRefused).status).toBe(503);
    expect((refused as RequestRefused).headers["Retry-After"]).toBe("1");

    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
    expect(await gate.run(async () => "again")).toBe("again");
  });
});

describe("the first-request deadline", () => {
  test("a client whose request is already here is served even when the process was busy past the deadline", async () => {
    const { createServer } = await import("node:http");
    const { connect } = await import("node:net");
    // A short deadline, in a fresh copy of the module that reads it.
    vi.stubEnv("CONVEX_LOCAL_FIRST_REQUEST_TIMEOUT_MS", "300");
    vi.resetModules();
    const { FIRST_REQUEST_TIMEOUT_MS, hardenServer } = await import("./overload.js");
    expect(FIRST_REQUEST_TIMEOUT_MS).toBe(300);
    const server = createServer((_req, res) => res.end("served"));
    hardenServer(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const socket = connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.on("error", () => undefined);
      // Let the server accept the connection (its deadline starts). Then, in one callback, send
      // the request and keep the process busy past the deadline: the next turn of the event loop
      // runs the expired deadline (timers) before it reads the request (input).
      await new Promise((resolve) => setTimeout(resolve, 20));
      setImmediate(() => {
        socket.write(`GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        const busyUntil = Date.now() + FIRST_REQUEST_TIMEOUT_MS + 200;
        while (Date.now() < busyUntil) {
          // a process too busy to read its input (a clock moved by weeks runs every missed job)
        }
      });
      await closed;
      expect(answer).toContain("served");
    } finally {
      server.close();
      vi.unstubAllEnvs();
    }
  });
});

describe("the keep-alive deadline", () => {
  /** A server with short deadlines, and a raw connection to it that has had one answer. */
  async function servedOnce() {
    const { createServer } = await import("node:http");
    const { connect } = await import("node:net");
    vi.stubEnv("CONVEX_LOCAL_KEEP_ALIVE_TIMEOUT_MS", "300");
    vi.resetModules();
    const { KEEP_ALIVE_TIMEOUT_MS, SERVER_OPTIONS, hardenServer } = await import("./overload.js");
    expect(KEEP_ALIVE_TIMEOUT_MS).toBe(300);
    let served = 0;
    const server = createServer(SERVER_OPTIONS, (_req, res) => res.end(`served ${++served}`));
    hardenServer(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let answeredAt = 0;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
      answeredAt ||= Date.now();
    });
    socket.on("error", () => undefined);
    const closed = new Promise<number>((resolve) =>
      socket.once("close", () => resolve(Date.now())),
    );
    socket.write(`GET / HTTP/1.1\r\nHost: x\r\n\r\n`);
    await vi.waitFor(() => expect(answer).toContain("served 1"));
    const done = () => {
      socket.destroy();
      server.close();
      vi.unstubAllEnvs();
    };
    return {
      socket,
      closed,
      answer: () => answer,
      answeredAt,
      deadline: KEEP_ALIVE_TIMEOUT_MS,
      done,
    };
  }

  test("a request that reused the connection is served even when the process was busy past the deadline", async () => {
    const { socket, closed, answer, answeredAt, deadline, done } = await servedOnce();
    try {
      // The client reuses the connection just before the deadline, and the server is too busy
      // to read it until after: Node's own keep-alive timer reset such a connection.
      await new Promise((resolve) => setTimeout(resolve, answeredAt + deadline - 80 - Date.now()));
      setImmediate(() => {
        socket.write(`GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        const busyUntil = Date.now() + 1_500;
        while (Date.now() < busyUntil) {
          // a process too busy to read its input (longer than Node's 1 s timer checks)
        }
      });
      await closed;
      expect(answer()).toContain("served 2");
    } finally {
      done();
    }
  });

  test("an idle keep-alive connection is closed once the deadline has passed", async () => {
    const { closed, answeredAt, deadline, done } = await servedOnce();
    try {
      const closedAt = await closed;
      expect(closedAt - answeredAt).toBeGreaterThanOrEqual(deadline - 20);
      expect(closedAt - answeredAt).toBeLessThan(deadline + 2_000);
    } finally {
      done();
    }
  });
});
