// Overload protection for the runtime's HTTP servers: timeouts so slow clients cannot hold a
// connection for long, a connection cap, request bodies read with a size limit, and a bounded
// work queue that refuses clearly (503) instead of piling up work without bound.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/** Convex's limit for an HTTP action's request body (and the HTTP API's arguments). */
export const MAX_BODY_BYTES = 20 << 20;
/** All request headers must arrive within this time. */
export const HEADERS_TIMEOUT_MS = Number(process.env.CONVEX_LOCAL_HEADERS_TIMEOUT_MS ?? 10_000);
/** The whole request (headers and body) must arrive within this time. */
export const REQUEST_TIMEOUT_MS = Number(process.env.CONVEX_LOCAL_REQUEST_TIMEOUT_MS ?? 30_000);
/** Open connections per server; Node drops the ones beyond it at once. */
export const MAX_CONNECTIONS = Number(process.env.CONVEX_LOCAL_MAX_CONNECTIONS ?? 2_000);
/**
 * Open connections one client address may hold on one server: its share of MAX_CONNECTIONS,
 * so a single client cannot take every slot (a bench's thousand viewers on one machine still fit).
 */
export const MAX_CONNECTIONS_PER_CLIENT = Number(
  process.env.CONVEX_LOCAL_MAX_CONNECTIONS_PER_CLIENT ?? Math.floor(MAX_CONNECTIONS * 0.6),
);
/** A connection must send a whole request (or a WebSocket upgrade) within this time. */
export const FIRST_REQUEST_TIMEOUT_MS = Number(
  process.env.CONVEX_LOCAL_FIRST_REQUEST_TIMEOUT_MS ?? HEADERS_TIMEOUT_MS,
);

/**
 * An idle keep-alive connection is closed after this time without a new request: well past the
 * 4 s for which Node's fetch (undici) reuses a connection that names no timeout, so a client
 * that was itself slow to notice its own deadline does not reuse one the server just closed.
 */
export const KEEP_ALIVE_TIMEOUT_MS = Number(
  process.env.CONVEX_LOCAL_KEEP_ALIVE_TIMEOUT_MS ?? 10_000,
);

/**
 * Options for `createServer`: Node checks these deadlines every second (default: 30 s). Node's
 * own keep-alive timeout is off: it fires before a busy process reads the request that arrived
 * meanwhile, resetting a client that had just reused the connection (ECONNRESET);
 * `hardenServer` closes idle connections itself, after pending input (KEEP_ALIVE_TIMEOUT_MS).
 */
export const SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: 0,
  connectionsCheckingInterval: 1_000,
} as const;

export function hardenServer(
  server: Server,
  maxConnections = MAX_CONNECTIONS,
  perClient = Math.min(MAX_CONNECTIONS_PER_CLIENT, maxConnections),
): void {
  server.maxConnections = maxConnections;
  server.maxHeadersCount = 200;
  shareConnections(server, perClient);
  closeIdleKeepAlive(server);
}

/**
 * Closes a keep-alive connection KEEP_ALIVE_TIMEOUT_MS after its last response unless a new
 * request has arrived by then, counting one that is waiting to be read (`afterPendingInput`).
 */
function closeIdleKeepAlive(server: Server) {
  const inFlight = new WeakMap<Socket, number>();
  const idleTimers = new WeakMap<Socket, ReturnType<typeof setTimeout>>();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    if (!inFlight.has(socket)) socket.once("close", () => clearTimeout(idleTimers.get(socket)));
    clearTimeout(idleTimers.get(socket));
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (left > 0 || socket.destroyed) return;
      const timer = afterPendingInput(KEEP_ALIVE_TIMEOUT_MS, () => {
        if (idleTimers.get(socket) === timer && inFlight.get(socket) === 0) socket.destroy();
      });
      idleTimers.set(socket, timer);
    });
  });
}

/**
 * The client a connection counts against: its address, an IPv4-mapped IPv6 address as IPv4,
 * and an IPv6 address cut to its /64 (one machine usually holds a whole /64).
 */
export function connectionClient(address: string | undefined): string {
  if (!address) return "unknown";
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::");
  const groups = [...head.split(":").filter(Boolean)];
  const rest = tail.split(":").filter(Boolean);
  while (groups.length + rest.length < 8) groups.push("0");
  return [...groups, ...rest].slice(0, 4).join(":").toLowerCase() + "::/64";
}

/**
 * Each client address may hold at most `perClient` open connections of the server: one beyond
 * is closed at once. A connection that sends no whole request (nor a WebSocket upgrade) within
 * FIRST_REQUEST_TIMEOUT_MS is closed too: Node's own deadlines start with a request's first
 * byte, so a connection that sends nothing would otherwise be held forever.
 */
function shareConnections(server: Server, perClient: number) {
  const open = new Map<string, number>();
  const served = new WeakSet<object>();
  server.on("connection", (socket: Socket) => {
    const client = connectionClient(socket.remoteAddress);
    const count = (open.get(client) ?? 0) + 1;
    if (count > perClient) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    const idle = afterPendingInput(FIRST_REQUEST_TIMEOUT_MS, () => {
      if (!served.has(socket)) socket.destroy();
    });
    socket.once("close", () => {
      clearTimeout(idle);
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
  const markServed = (req: IncomingMessage) => served.add(req.socket);
  server.on("request", markServed);
  server.on("upgrade", markServed);
}

/**
 * Runs `check` once `ms` have passed and the input that arrived meanwhile has been read. A
 * deadline's timer can fire in the same turn of the event loop as the bytes that meet it, when
 * the process was busy (a clock moved by weeks runs every missed job at once): timers run before
 * input is read, so the check waits for the turn's input phase (setImmediate runs after it)
 * rather than cutting off a client whose request is already here.
 */
export function afterPendingInput(ms: number, check: () => void): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => setImmediate(check), ms);
  timer.unref();
  return timer;
}

/** A request the server refuses before doing any work, with the status to answer. */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Bytes of request bodies one server process holds at once, across all its requests. */
export const MAX_BODY_BYTES_IN_FLIGHT = Number(
  process.env.CONVEX_LOCAL_BODY_BYTES_IN_FLIGHT ?? 64 << 20,
);
/** After this many bytes of bodies were let go, an idle process collects and returns them. */
const RECLAIM_AFTER_BYTES = 16 << 20;
const RECLAIM_DELAY_MS = 500;

/**
 * Environment for the processes that serve large bodies (the stack sets it for the runtime and
 * the stand-ins): glibc then returns every freed buffer of 128 KB or more to the system at once,
 * instead of keeping large request bodies' memory after they are collected.
 */
export const RETURN_LARGE_BUFFERS_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" } as const;

/** Node's collector, exposed once (large buffers die with a full collection, not before). */
let collect: (() => void) | null | undefined;
function fullCollection(): (() => void) | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * The bodies a server holds at once: a body is read only while the bytes fit (or when it is
 * the only one), so a burst of large bodies costs at most this much memory, not their sum;
 * beyond it the request is refused with 503 and `Retry-After`. Once large bodies are let go
 * and none is held, a full collection runs, so their memory goes back to the system instead of
 * staying with the process (with the stack's MALLOC_MMAP_THRESHOLD_, glibc returns each large
 * buffer as it is freed).
 */
export class BodyBudget {
  private inUse = 0;
  private released = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly maxBytes = MAX_BODY_BYTES_IN_FLIGHT) {}

  get held() {
    return this.inUse;
  }

  /** Takes `bytes` if they fit, or if nothing else is held (one large upload still works). */
  take(bytes: number): boolean {
    if (this.inUse > 0 && this.inUse + bytes > this.maxBytes) return false;
    this.inUse += bytes;
    return true;
  }

  give(bytes: number) {
    this.inUse = Math.max(0, this.inUse - bytes);
    this.released += bytes;
    if (this.inUse === 0 && this.released >= RECLAIM_AFTER_BYTES && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.inUse > 0) return;
        this.released = 0;
        fullCollection()?.();
      }, RECLAIM_DELAY_MS);
      this.timer.unref();
    }
  }
}

/** The budget of this process's servers (the runtime's or the stand-ins'). */
export const bodyBudget = new BodyBudget();

/**
 * Reads a body up to `limit` bytes. Over the limit (by Content-Length or while streaming) it
 * throws a 413 and drops what it read; the rest of the body is read and discarded (bounded by
 * the request timeout), so the client still gets the answer instead of a reset connection.
 * With `heldUntil` (the request's response), the body's bytes count against `budget` until
 * that response is done; over the budget it throws a 503.
 */
export function readLimitedBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
  heldUntil?: ServerResponse,
  budget: BodyBudget = bodyBudget,
): Promise<Buffer> {
  const tooLarge = () =>
    new RequestRefused(413, "PayloadTooLarge", `Request body is larger than ${limit} bytes`);
  const busy = () =>
    new RequestRefused(503, "Overloaded", "Too many large requests at once; try again shortly.", {
      "Retry-After": "1",
    });
  let taken = 0;
  const take = (bytes: number) => {
    if (!heldUntil) return true;
    if (!budget.take(bytes)) return false;
    taken += bytes;
    return true;
  };
  const giveBack = () => {
    budget.give(taken);
    taken = 0;
  };
  heldUntil?.once("close", giveBack);
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      return reject(tooLarge());
    }
    // A declared length is taken up front; a streamed body as it arrives.
    if (Number.isFinite(declared) && declared > 0 && !take(declared)) {
      req.resume();
      return reject(busy());
    }
    let chunks: Buffer[] = [];
    let size = 0;
    const refuse = (error: RequestRefused) => {
      chunks = [];
      req.off("data", onData);
      req.resume();
      giveBack();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return refuse(tooLarge());
      if (heldUntil && size > taken && !take(size - taken)) return refuse(busy());
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      chunks = [];
      resolve(body);
    });
    req.once("error", reject);
    req.once("close", () => {
      if (!req.complete) reject(new RequestRefused(400, "Aborted", "Request aborted"));
    });
  });
}

/** Only origin-form targets (`/path?query`) are served; absolute-form and `*` get a 400. */
export function checkRequestTarget(target: string | undefined): void {
  if (!target || !target.startsWith("/") || target.startsWith("//"))
    throw new RequestRefused(400, "BadRequestTarget", "Request target must be a path");
}

/**
 * At most `maxActive` tasks run at once and at most `maxWaiting` wait for a turn; beyond that a
 * task is refused with 503 and `Retry-After`, so a flood cannot grow memory or latency without
 * bound.
 */
export class WorkGate {
  private active = 0;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxWaiting: number,
  ) {}

  get load() {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.maxActive) {
      if (this.waiting.length >= this.maxWaiting)
        throw new RequestRefused(
          503,
          "Overloaded",
          "The local Convex runtime is overloaded; try again shortly.",
          { "Retry-After": "1" },
        );
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.active -= 1;
    }
  }
}
