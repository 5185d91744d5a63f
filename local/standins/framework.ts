// A small framework for local stand-ins of outside services (sign-in, Stripe, YouTube,
// TikTok). Each stand-in speaks its service's real HTTP protocol under its own path prefix on
// one port, keeps its state in a JSON file (so a restart loses nothing), and can offer a
// control API for tests under `/__control/<name>/`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import {
  hardenServer,
  readLimitedBody,
  RequestRefused,
  SERVER_OPTIONS,
} from "../runtime/overload.js";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { clockOffset, setClockOffset } from "../runtime/clock.js";

export interface StandInContext {
  /** Public base URL of the stand-ins server, e.g. http://127.0.0.1:3220. */
  baseUrl: string;
  /** The local stack's environment (SITE_URL, client ids, webhook secrets...). */
  env: Record<string, string>;
  log: (message: string) => void;
}

export interface RouteRequest {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The raw body (for signatures) and parsed helpers. */
  body: Buffer;
  form: () => URLSearchParams;
  json: <T = unknown>() => T;
}

type Handler = (req: RouteRequest) => Response | Promise<Response>;
interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

export class StandIn {
  readonly routes: Route[] = [];
  constructor(
    readonly name: string,
    readonly description: string,
  ) {}

  /** Registers a route; `:name` segments become params, a trailing `*` matches the rest. */
  route(method: string, pathPattern: string, handler: Handler): this {
    const keys: string[] = [];
    const source = pathPattern
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\/:([A-Za-z_]+)/g, (_m, key: string) => {
        keys.push(key);
        return "/([^/]+)";
      })
      .replace(/\*$/, "(.*)");
    this.routes.push({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${source}$`),
      keys,
      handler,
    });
    return this;
  }
}

/** A JSON document persisted in the stand-ins' data folder, or kept in memory only (null folder). */
export class Store<T extends object> {
  /** Every persisted store of the process, so a shutdown can save them all. */
  static readonly all = new Set<Store<object>>();
  private file: string | null;
  data: T;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(dataDir: string | null, name: string, initial: () => T) {
    if (dataDir === null) {
      this.file = null;
      this.data = initial();
      return;
    }
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, `${name}.json`);
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, "utf8")) as T)
      : initial();
    Store.all.add(this as Store<object>);
  }

  /** Saves soon (coalesced); call after every change. */
  changed() {
    if (this.file) this.timer ??= setTimeout(() => this.flush(), 20);
  }

  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.file) return;
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.data, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/**
 * How a response can fail to arrive, for fault injection: `timeout` (never answered) or `lost`
 * (the socket closes before the answer). Over HTTP the server acts on it; in memory the caller's
 * fetch rejects.
 */
export type NoAnswer = "timeout" | "lost";
const noAnswers = new WeakMap<Response, NoAnswer>();

/** A placeholder response that tells the transport not to answer. */
export function noAnswer(kind: NoAnswer): Response {
  const response = new Response(null, { status: 504 });
  noAnswers.set(response, kind);
  return response;
}

export const noAnswerOf = (response: Response): NoAnswer | undefined => noAnswers.get(response);

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

/**
 * A token endpoint's answer (success or error): never stored by a cache, as RFC 6749 §5.1
 * requires of any response with tokens or credentials (Google's and TikTok's send the same).
 */
export const tokenJson = (body: unknown, status = 200) =>
  json(body, status, { "Cache-Control": "no-store", Pragma: "no-cache" });

/**
 * The redirect URIs registered for an OAuth client, as a provider's console holds them:
 * whitespace-separated in `env[name]` (the local stack writes them; the stand-ins know nothing
 * of the app).
 */
export function registeredRedirectUris(env: Record<string, string>, name: string): string[] {
  return (env[name] ?? "").split(/\s+/).filter(Boolean);
}

/**
 * Why an authorization request's redirect_uri is refused, or null. Like Google and TikTok, the
 * URI must equal one registered for the client, character for character (RFC 6749 §3.1.2.3,
 * RFC 9700 §2.1): `http://localhost:5173@evil.example/` and `http://localhost:5173.evil.example/`
 * are other URIs, not a registered one with something added.
 */
export function redirectUriProblem(
  redirectUri: string | null,
  registered: string[],
  envName: string,
): string | null {
  if (!redirectUri) return "redirect_uri is missing.";
  if (registered.includes(redirectUri)) return null;
  return registered.length === 0
    ? `redirect_uri ${redirectUri} is not registered for this client: it has no redirect URIs (${envName} is empty).`
    : `redirect_uri ${redirectUri} is not registered for this client (registered: ${registered.join(", ")}).`;
}

export const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { Location: location } });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
export { escapeHtml };

/** A plain, accessible page for the stand-ins' own screens (sign-in, checkout...). */
export function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f8;color:#1f2330;margin:0;padding:32px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:28px}
h1{font-size:1.35rem;margin:0 0 4px}.note{color:#555b6e;font-size:.9rem;margin:0 0 20px}
label{display:block;font-weight:600;margin:14px 0 6px}input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9ccd6;border-radius:8px;font:inherit}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #4338ca;background:#4f46e5;color:#fff;cursor:pointer;margin:8px 8px 0 0}
button.secondary{background:#fff;color:#3730a3}button.danger{background:#fff;color:#b42318;border-color:#b42318}
.choices{display:grid;gap:8px;margin-bottom:8px}.badge{display:inline-block;font-size:.75rem;background:#eef;border-radius:99px;padding:2px 8px;color:#3730a3}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// Bodies over 20 MB get 413, like the runtime's own servers.
/** A request's body, held against this process's body budget until `res` is done. */
const readBody = (req: IncomingMessage, res?: ServerResponse): Promise<Buffer> =>
  readLimitedBody(req, undefined, res);

/**
 * The stand-ins' route table as a function of a Request: served over HTTP by serveStandIns,
 * or called directly (in memory) by tests that replace `fetch`.
 */
export function dispatcher(
  standIns: StandIn[],
  log: (message: string) => void = () => undefined,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const body = Buffer.from(await request.arrayBuffer());
    for (const standIn of standIns) {
      for (const route of standIn.routes) {
        if (route.method !== method && route.method !== "*") continue;
        const match = route.pattern.exec(url.pathname);
        if (!match) continue;
        const params = Object.fromEntries(
          route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]),
        );
        const response = await route.handler({
          request,
          url,
          params,
          body,
          form: () => new URLSearchParams(body.toString("utf8")),
          json: <T>() => JSON.parse(body.toString("utf8") || "null") as T,
        });
        log(
          `${standIn.name}: ${method} ${url.pathname} → ${noAnswerOf(response) ?? response.status}`,
        );
        return response;
      }
    }
    log(`${method} ${url.pathname} → 404`);
    return json({ error: { message: `No stand-in route for ${method} ${url.pathname}` } }, 404);
  };
}

/** How long a "timeout" fault holds the connection before closing it unanswered. */
const HOLD_MS = 30_000;

/** Serves every stand-in on one port. */
export async function serveStandIns(
  standIns: StandIn[],
  options: { port: number; host?: string; log?: (message: string) => void },
): Promise<Server> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? ((message: string) => console.log(message));
  const dispatch = dispatcher(standIns, log);
  const held = new Set<ServerResponse>();
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof RequestRefused) {
        if (!res.headersSent) res.writeHead(e.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { message: e.message } }));
        return;
      }
      log(`error: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: (e as Error).message } }));
    });
  });
  hardenServer(server);
  // Held requests must not keep a stopping server open: closing drops them first.
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    for (const res of held) res.destroy();
    return close(callback);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://${host}:${options.port}`);
    const method = (req.method ?? "GET").toUpperCase();
    if (url.pathname === "/__control/clock") {
      // Moves this process's clock along with the runtime's (tests of "seven days later"), so
      // signatures and timestamps agree across the stack.
      if (method === "POST") {
        let offset = NaN;
        try {
          const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as {
            offsetMs?: unknown;
          };
          offset = Number(body.offsetMs ?? 0);
        } catch {
          // answered below
        }
        if (!Number.isFinite(offset))
          throw new RequestRefused(400, "BadRequest", 'Send {"offsetMs": <milliseconds>}.');
        setClockOffset(offset);
      }
      return send(res, json({ now: Date.now(), offsetMs: clockOffset() }));
    }
    if (url.pathname === "/" && method === "GET") {
      const items = standIns.map(
        (s) => `<li><strong>${escapeHtml(s.name)}</strong>: ${escapeHtml(s.description)}</li>`,
      );
      return send(
        res,
        page(
          "Local stand-ins",
          `<h1>Local stand-ins</h1><p class="note">Outside services, offline.</p><ul>${items.join("") || "<li>None registered.</li>"}</ul>`,
        ),
      );
    }
    const body = await readBody(req, res);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const response = await dispatch(
      new Request(url, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" ? undefined : (body as Uint8Array<ArrayBuffer>),
      }),
    );
    const silence = noAnswerOf(response);
    if (silence === "lost") return res.destroy();
    if (silence === "timeout") {
      held.add(res);
      const timer = setTimeout(() => res.destroy(), HOLD_MS);
      res.on("close", () => {
        clearTimeout(timer);
        held.delete(res);
      });
      return;
    }
    return send(res, response);
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  return server;
}

async function send(res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}
