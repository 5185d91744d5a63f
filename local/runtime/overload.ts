// Overload protection for the runtime's HTTP servers: timeouts so slow clients cannot hold a
// connection for long, a connection cap, request bodies read with a size limit, and a bounded
// work queue that refuses clearly (503) instead of piling up work without bound.
import type { IncomingMessage, Server } from "node:http";

/** Convex's limit for an HTTP action's request body (and the HTTP API's arguments). */
export const MAX_BODY_BYTES = 20 << 20;
/** All request headers must arrive within this time. */
export const HEADERS_TIMEOUT_MS = Number(process.env.CONVEX_LOCAL_HEADERS_TIMEOUT_MS ?? 10_000);
/** The whole request (headers and body) must arrive within this time. */
export const REQUEST_TIMEOUT_MS = Number(process.env.CONVEX_LOCAL_REQUEST_TIMEOUT_MS ?? 30_000);
/** Open connections per server; Node drops the ones beyond it at once. */
export const MAX_CONNECTIONS = 2_000;

/** Options for `createServer`: Node checks these deadlines every second (default: 30 s). */
export const SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const;

export function hardenServer(server: Server, maxConnections = MAX_CONNECTIONS): void {
  server.maxConnections = maxConnections;
  server.maxHeadersCount = 200;
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

/**
 * Reads a body up to `limit` bytes. Over the limit (by Content-Length or while streaming) it
 * throws a 413 and drops what it read; the rest of the body is read and discarded (bounded by
 * the request timeout), so the client still gets the answer instead of a reset connection.
 */
export function readLimitedBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const tooLarge = () =>
    new RequestRefused(413, "PayloadTooLarge", `Request body is larger than ${limit} bytes`);
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      return reject(tooLarge());
    }
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks = [];
      req.off("data", onData);
      req.resume();
      reject(tooLarge());
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
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
