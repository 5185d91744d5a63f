// The runtime under overload: slow connections are cut and never starve a normal request,
// oversized bodies get 413 without being held in memory, and odd request targets get 400.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { ConvexHttpClient } from "convex/browser";
import { RawSyncClient } from "./rawClient.js";
import { RETURN_LARGE_BUFFERS_ENV } from "../overload.js";
import { api, fixtureCopy, sleep, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let cleanup: () => void;

beforeAll(async () => {
  const copy = fixtureCopy();
  cleanup = copy.cleanup;
  runtime = await startRuntime({
    ...copy,
    env: {
      ...RETURN_LARGE_BUFFERS_ENV,
      CONVEX_LOCAL_HEADERS_TIMEOUT_MS: "3000",
      CONVEX_LOCAL_REQUEST_TIMEOUT_MS: "6000",
      CONVEX_LOCAL_MAX_QUEUED_SYNC_TASKS: "50",
      CONVEX_LOCAL_MAX_PENDING_MUTATIONS: "50",
    },
  });
});

afterAll(async () => {
  await runtime?.stop();
  cleanup?.();
});

/** The runtime process's resident memory in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Sends a raw request and resolves with the status line's code (or the error). */
function rawStatus(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("close", () => {
      const match = /^HTTP\/1\.1 (\d+)/.exec(data);
      if (match) resolve(Number(match[1]));
      else reject(new Error(`no response: ${JSON.stringify(data)}`));
    });
    socket.on("error", reject);
  });
}

/** POSTs `size` bytes (declared with Content-Length, or chunked) and resolves with the status. */
function postLarge(url: string, size: number, chunked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: chunked
          ? { "Transfer-Encoding": "chunked", "Content-Type": "application/octet-stream" }
          : { "Content-Length": String(size), "Content-Type": "application/octet-stream" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    // The server may close the connection before the whole body is sent; the status counts.
    req.on("error", (e) => setTimeout(() => reject(e), 500));
    const chunk = Buffer.alloc(1 << 20, 97);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("overload", () => {
  test("300 slow connections neither starve a normal request nor stay open", async () => {
    const slow: Socket[] = [];
    for (let i = 0; i < 150; i++) {
      // Headers that never finish (slowloris) on the API port...
      const api = await open(runtime.port);
      api.write("POST /api/query HTTP/1.1\r\nHost: x\r\n");
      // ...and a body that never finishes on the HTTP actions port.
      const site = await open(runtime.sitePort);
      site.write("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nabc");
      slow.push(api, site);
    }
    const closed = slow.map(
      (socket) => new Promise<void>((resolve) => socket.once("close", () => resolve())),
    );
    for (const socket of slow) {
      socket.on("error", () => {});
      socket.resume(); // read the 408, so "close" can fire
    }

    const started = Date.now();
    const http = new ConvexHttpClient(runtime.url);
    await http.mutation(api.messages.send, { body: "beside the slow ones" });
    expect(await http.query(api.messages.list, {})).toContain("beside the slow ones");
    const echo = await fetch(`${runtime.siteUrl}/echo`, { method: "POST", body: "hello" });
    expect(echo.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);

    // Headers must arrive within 3 s and the whole request within 6 s (set above).
    await Promise.all(closed);
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 30_000);

  test("a 25 MB body gets 413 and the memory it took returns", async () => {
    const targets = [`${runtime.siteUrl}/echo`, `${runtime.url}/api/mutation`];
    const round = async (chunked: boolean) => {
      for (const target of targets)
        for (let i = 0; i < 4; i++) expect(await postLarge(target, 25 << 20, chunked)).toBe(413);
    };
    await fetch(`${runtime.siteUrl}/echo`, { method: "POST", body: "warm" });
    const before = rssMb(runtime.pid);
    // Declared too large: refused from the headers, nothing of the body is kept.
    await round(false);
    await round(false);
    const afterDeclared = rssMb(runtime.pid);
    // Chunked: read up to the 20 MB limit, then dropped.
    await round(true);
    const afterFirstChunked = rssMb(runtime.pid);
    await round(true);
    await round(true);
    const afterChunked = rssMb(runtime.pid);
    console.log({ before, afterDeclared, afterFirstChunked, afterChunked });
    expect(afterDeclared - before).toBeLessThan(50);
    // 24 chunked bodies of 25 MB (600 MB) went in: what stays is bounded by one limit's worth
    // and does not grow with more requests.
    await waitFor(() => rssMb(runtime.pid) < before + 80, 60_000, "memory to return");
    expect(afterChunked - afterFirstChunked).toBeLessThan(30);
    // A body just under Convex's 20 MB limit is still served.
    const under = await fetch(`${runtime.siteUrl}/echo`, {
      method: "POST",
      body: "x".repeat(19 << 20),
    });
    expect(under.status).toBe(201);
    expect(((await under.json()) as { body: string }).body.length).toBe(19 << 20);
  }, 120_000);

  test("a burst of large bodies: at most the body budget is held at once, the rest are told to come back, and the memory returns", async () => {
    await fetch(`${runtime.siteUrl}/echo`, { method: "POST", body: "warm" });
    const before = rssMb(runtime.pid);
    const body = Buffer.alloc(19 << 20, 120);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let round = 0; round < 3; round++)
      for (const target of [`${runtime.siteUrl}/echo`, `${runtime.url}/api/mutation`])
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            const response = await fetch(target, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body,
            });
            statuses.push(response.status);
            if (response.status === 503) retryAfter = response.headers.get("retry-after");
            await response.arrayBuffer();
          }),
        );
    // 8 × 19 MB at once is more than the 64 MB budget: some are told to come back, none fail.
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(retryAfter).toBe("1");
    expect(statuses.every((s) => [201, 400, 503].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    // 48 bodies of 19 MB went through or were turned away: the memory comes back.
    await waitFor(() => rssMb(runtime.pid) < before + 80, 30_000, "memory to return");
  }, 120_000);

  test("absolute-form and asterisk request targets get 400", async () => {
    for (const port of [runtime.port, runtime.sitePort]) {
      expect(
        await rawStatus(
          port,
          "GET http://evil.example/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        ),
      ).toBe(400);
      expect(
        await rawStatus(port, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      ).toBe(400);
    }
    // A method fetch() cannot carry is refused, not a crash.
    expect(
      await rawStatus(
        runtime.sitePort,
        "TRACE /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      ),
    ).toBe(400);
    // The runtime still serves afterwards.
    await sleep(50);
    expect((await fetch(`${runtime.siteUrl}/echo`, { method: "POST", body: "ok" })).status).toBe(
      201,
    );
  });

  test("a flood of sync messages is refused with a clear error, not queued without bound", async () => {
    const flooder = await RawSyncClient.connect(runtime.url);
    for (let requestId = 0; requestId < 1_000; requestId++)
      flooder.send({
        type: "Mutation",
        requestId,
        udfPath: "messages:send",
        args: [{ body: `flood ${requestId}` }],
      });
    const fatal = await flooder.next((m) => m.type === "FatalError", 0, 10_000);
    // Convex's limit and text (at most 1,000 waiting mutations per socket; 50 in this test).
    expect(fatal.error).toBe(
      "Too many concurrent mutations. Only up to 50 pending mutations allowed on a single websocket.",
    );
    expect((await flooder.closed).code).toBe(1013);
    // Other clients are served once the queue drains.
    const http = new ConvexHttpClient(runtime.url);
    await http.mutation(api.messages.send, { body: "after the flood" });
    expect(await http.query(api.messages.list, {})).toContain("after the flood");
  });
});
