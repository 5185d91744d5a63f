// Convex's HTTP API beside the socket (`ConvexHttpClient`, and @convex-dev/auth's React
// provider which calls it cross-origin): `/api/query|mutation|action|function` by POST, and
// `/api/query` by GET too.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { JSONValue } from "convex/values";
import type { Engine } from "./engine/engine.js";
import type { FunctionKind, Identity } from "./engine/execution.js";
import type { RequestClient } from "./convexTest/functions.js";
import { outboundCounters } from "./outbound.js";
import { AuthError, type TokenVerifier } from "./auth.js";
import { encodeTs } from "./sync/protocol.js";
import { occCounters } from "./engine/transactions.js";
import { clockOffset, setClockOffset } from "./clock.js";
import { readLimitedBody, RequestRefused, type WorkGate } from "./overload.js";

// Convex's status for "the function ran and threw".
const STATUS_UDF_FAILED = 560;
const MAX_UPLOAD_BYTES = 256 << 20;

export interface ApiHost {
  engine(): Engine;
  verifier(): TokenVerifier;
  currentTs(): bigint;
  /** The key that unlocks admin calls (internal functions, the clock), like a deploy key. */
  adminKey: string | null;
  /** Bounds how many function calls run and wait at once. */
  /** Admission of queries and mutations (CPU-bound, short). */
  gate: WorkGate;
  /** Admission of actions, which mostly wait on other services: apart, so they never block the rest. */
  actionGate: WorkGate;
}

/**
 * Who sent a request, for `ctx.meta.getRequestMetadata()`: the socket's peer address (never a
 * header: those are the client's to write) and its User-Agent, as Convex reports them.
 */
export function clientOf(req: IncomingMessage): RequestClient {
  const address = req.socket.remoteAddress ?? null;
  const userAgent = req.headers["user-agent"];
  return {
    ip: address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "") ?? null,
    userAgent: typeof userAgent === "string" ? userAgent : null,
  };
}

/** `Authorization: Convex <admin key>`, as the Convex CLI sends for `npx convex run`. */
function isAdmin(req: IncomingMessage, host: ApiHost): boolean {
  const header = req.headers.authorization ?? "";
  return host.adminKey !== null && header === `Convex ${host.adminKey}`;
}

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    "Access-Control-Allow-Origin": origin ?? "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type, Authorization, Convex-Client, Digest",
    "Access-Control-Max-Age": "86400",
    ...(origin ? { "Access-Control-Allow-Credentials": "true", Vary: "Origin" } : {}),
  };
}

/** Reads a request body; over the limit it throws a 413 `RequestRefused`. */
export const readBody = readLimitedBody;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>) {
  res.writeHead(status, { ...headers, "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Identity from an `Authorization: Bearer` header; null without one; throws AuthError when invalid. */
export async function identityFromHeader(
  header: string | undefined,
  verifier: TokenVerifier,
): Promise<Identity | null> {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw new AuthError("Authorization header must be `Bearer <token>`");
  return verifier.verify(match[1]!.trim());
}

const KIND_BY_ROUTE: Record<string, FunctionKind | "any"> = {
  "/api/query": "query",
  "/api/query_at_ts": "query",
  "/api/mutation": "mutation",
  "/api/action": "action",
  "/api/function": "any",
};

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  host: ApiHost,
): Promise<void> {
  const cors = corsHeaders(req);
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "OPTIONS") {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  if (url.pathname === "/version" || url.pathname === "/instance_version") {
    res.writeHead(200, { ...cors, "Content-Type": "text/plain" });
    res.end("local");
    return;
  }
  if (url.pathname === "/api/query_ts" && req.method === "POST") {
    return send(res, 200, { ts: encodeTs(host.currentTs()) }, cors);
  }
  if (url.pathname === "/api/local/clock") {
    if (!isAdmin(req, host))
      return send(res, 401, { code: "Unauthenticated", message: "Admin key required" }, cors);
    if (req.method === "POST") {
      let body: { offsetMs?: unknown; advanceMs?: unknown };
      try {
        body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as typeof body;
        const offset =
          typeof body.advanceMs === "number"
            ? clockOffset() + body.advanceMs
            : Number(body.offsetMs);
        setClockOffset(offset);
      } catch (e) {
        if (e instanceof RequestRefused) throw e;
        return send(res, 400, { code: "BadJsonBody", message: (e as Error).message }, cors);
      }
    }
    return send(res, 200, { now: Date.now(), offsetMs: clockOffset() }, cors);
  }
  if (url.pathname === "/api/local/metrics") {
    if (!isAdmin(req, host))
      return send(res, 401, { code: "Unauthenticated", message: "Admin key required" }, cors);
    // Optimistic-concurrency conflicts since start (bench:load reads them).
    return send(
      res,
      200,
      {
        occRetries: occCounters.retries,
        occFailures: occCounters.failures,
        // Functions' requests sent to a stand-in, and refused in loopback-only mode.
        outboundMapped: outboundCounters.mapped,
        outboundRefused: outboundCounters.refused,
      },
      cors,
    );
  }
  if (url.pathname.startsWith("/api/storage/")) return serveStorage(req, res, url, host, cors);
  const route = KIND_BY_ROUTE[url.pathname];
  if (!route)
    return send(res, 404, { code: "NotFound", message: `No route ${url.pathname}` }, cors);
  // A query may also be asked by GET, as Convex serves it (`?path=&args=<JSON>&format=`): a
  // browser sends that cross-origin without a preflight when it carries no token.
  const byGet = req.method === "GET" && url.pathname === "/api/query";
  if (req.method !== "POST" && !byGet)
    return send(res, 405, { code: "MethodNotAllowed", message: "Use POST" }, cors);

  let request: { path?: unknown; args?: unknown };
  try {
    request = byGet
      ? {
          path: url.searchParams.get("path") ?? undefined,
          args: JSON.parse(url.searchParams.get("args") ?? "{}") as unknown,
        }
      : (JSON.parse((await readBody(req, undefined, res)).toString("utf8")) as typeof request);
  } catch (e) {
    if (e instanceof RequestRefused) throw e;
    return send(res, 400, { code: "BadJsonBody", message: (e as Error).message }, cors);
  }
  if (typeof request?.path !== "string" || request.path === "") {
    return send(res, 400, { code: "BadJsonBody", message: "Missing `path`" }, cors);
  }
  // `/api/function` sends the arguments object itself; the others wrap it in an array.
  const args =
    (route === "any"
      ? request.args
      : Array.isArray(request.args)
        ? request.args[0]
        : request.args) ?? {};

  const admin = isAdmin(req, host);
  let identity: Identity | null = null;
  if (!admin) {
    try {
      identity = await identityFromHeader(req.headers.authorization, host.verifier());
    } catch (e) {
      return send(res, 401, { code: "Unauthenticated", message: (e as Error).message }, cors);
    }
  }

  const engine = host.engine();
  const path = request.path as string;
  let kind: FunctionKind;
  if (route === "any") {
    const fn = await engine.findFunction(path);
    kind = fn?.isQuery ? "query" : fn?.isMutation ? "mutation" : "action";
  } else {
    kind = route;
  }
  const outcome = await (kind === "action" ? host.actionGate : host.gate).run(async () =>
    // Admins may call internal functions too, as `npx convex run` can.
    admin
      ? await engine.run(kind, path, args as JSONValue, null)
      : await engine.runPublic(kind, path, args as JSONValue, identity, { client: clientOf(req) }),
  );
  if (outcome.ok) {
    return send(
      res,
      200,
      { status: "success", value: outcome.value, logLines: outcome.logLines },
      cors,
    );
  }
  return send(
    res,
    STATUS_UDF_FAILED,
    {
      status: "error",
      errorMessage: outcome.errorMessage,
      ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
      logLines: outcome.logLines,
    },
    cors,
  );
}

// File storage: `POST /api/storage/upload?token=…` (the URLs `generateUploadUrl` hands out)
// answers `{storageId}`; `GET /api/storage/<id>` (the URLs of `getUrl`) serves the bytes.
async function serveStorage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  host: ApiHost,
  cors: Record<string, string>,
): Promise<void> {
  const engine = host.engine();
  if (url.pathname === "/api/storage/upload") {
    if (req.method !== "POST")
      return send(res, 405, { code: "MethodNotAllowed", message: "Use POST" }, cors);
    const problem = engine.blobs.checkUploadToken(url.searchParams.get("token"));
    if (problem) return send(res, 401, { code: "StorageTokenInvalid", message: problem }, cors);
    let body: Buffer;
    try {
      body = await readBody(req, MAX_UPLOAD_BYTES, res);
    } catch (e) {
      if (!(e instanceof RequestRefused) || e.status !== 413) throw e;
      return send(res, 413, { code: "FileTooLarge", message: e.message }, cors);
    }
    const contentType = req.headers["content-type"] ?? null;
    const storageId = await engine.files.storeFile(new Uint8Array(body), contentType);
    return send(res, 200, { storageId }, cors);
  }
  if (req.method !== "GET" && req.method !== "HEAD")
    return send(res, 405, { code: "MethodNotAllowed", message: "Use GET" }, cors);
  const storageId = decodeURIComponent(url.pathname.slice("/api/storage/".length));
  const file = engine.files.readFile(storageId);
  if (!file) return send(res, 404, { code: "FileNotFound", message: "File not found" }, cors);
  res.writeHead(200, {
    ...cors,
    "Content-Type": file.contentType ?? "application/octet-stream",
    "Content-Length": String(file.bytes.length),
    ETag: `"${file.sha256}"`,
    "Cache-Control": "private, max-age=2592000",
  });
  res.end(req.method === "HEAD" ? undefined : file.bytes);
}
