// The REST API of spec §7 as one Hono app (convex-helpers' HttpRouterWithHono serves it from
// convex/http.ts). Every /server/* response carries the same CORS headers convex-helpers'
// corsRouter gave, and every route answers its preflight with the methods declared for its path.
import { Hono, type HonoWithConvex } from "convex-helpers/server/hono";
import type { ActionCtx } from "../_generated/server";
import { errorResponse, errorToResponse } from "./respond";

export type RestApp = HonoWithConvex<ActionCtx>;

const ALLOWED_HEADERS = ["Content-Type", "Authorization"];
const EXPOSED_HEADERS = ["Content-Range", "Accept-Ranges"];
const MAX_AGE_SECONDS = 60 * 60 * 24;

/** The web app's origin: it calls the REST routes with a bearer token. */
function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  return origin !== null && origin === (process.env.SITE_URL ?? "http://localhost:5173")
    ? origin
    : null;
}

function corsHeaders(request: Request): Record<string, string> {
  const origin = allowedOrigin(request);
  return {
    Vary: "Origin",
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS.join(", "),
    ...(origin ? { "Access-Control-Allow-Origin": origin } : {}),
  };
}

/** A Hono path (`/a/:id/b`, `/a/*`) as a regular expression over request paths. */
function pathPattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) =>
      segment === "*"
        ? ".*"
        : segment.startsWith(":")
          ? "[^/]+"
          : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}$`);
}

/**
 * The methods a preflight allows for a path: those of the routes declared for exactly that path
 * if any, else those of the parametrised routes that match it (as the Convex router prefers
 * exact paths to prefixes).
 */
function methodsFor(app: RestApp, path: string): string[] {
  const routes = app.routes.filter((r) => r.method !== "ALL" && r.method !== "OPTIONS");
  const exact = routes.filter((r) => r.path === path);
  const matching = exact.length > 0 ? exact : routes.filter((r) => pathPattern(r.path).test(path));
  return [...new Set(matching.map((r) => r.method))];
}

export function restApp(register: (app: RestApp) => void): RestApp {
  const app: RestApp = new Hono();
  app.use("/server/*", async (c, next) => {
    if (c.req.method === "OPTIONS") {
      const methods = methodsFor(app, c.req.path);
      if (methods.length === 0) return errorResponse(404, "Not found");
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders(c.req.raw),
          "Access-Control-Allow-Methods": methods.join(", "),
          "Access-Control-Allow-Headers": ALLOWED_HEADERS.join(", "),
          "Access-Control-Max-Age": String(MAX_AGE_SECONDS),
        },
      });
    }
    await next();
    const headers = new Headers(c.res.headers);
    for (const [name, value] of Object.entries(corsHeaders(c.req.raw))) headers.set(name, value);
    c.res = new Response(c.res.body, {
      status: c.res.status,
      statusText: c.res.statusText,
      headers,
    });
  });
  register(app);
  app.notFound(() => errorResponse(404, "Not found"));
  app.onError((e) => errorToResponse(e));
  return app;
}
