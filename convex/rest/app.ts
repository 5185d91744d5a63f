// The REST API of spec §7 as one Hono app (convex-helpers' HttpRouterWithHono serves it from
// convex/http.ts). Every /server/* response carries the same CORS headers convex-helpers'
// corsRouter gave, and every route answers its preflight with the methods declared for its path.
// A method a path does not have is a 405 naming those it has; a body over 64 KB is a 413.
import { Hono, type HonoWithConvex } from "convex-helpers/server/hono";
import { bodyLimit } from "hono/body-limit";
import type { ActionCtx } from "../_generated/server";
import { errorResponse, errorToResponse } from "./respond";

export type RestApp = HonoWithConvex<ActionCtx>;

const ALLOWED_HEADERS = ["Content-Type", "Authorization"];
const EXPOSED_HEADERS = ["Content-Range", "Accept-Ranges"];
const MAX_AGE_SECONDS = 60 * 60 * 24;
/** The largest REST body: an idea with 10 links of 2,048 characters is about 21 KB. */
const MAX_BODY_BYTES = 64 * 1024;

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

/** A route as `[path, method]`: Hono's (`/a/:id`, `/a/*`) or the Convex router's. */
export type RouteEntry = readonly [path: string, method: string, ...rest: unknown[]];

/**
 * The methods a path has (for a preflight, or a 405's Allow): those of the routes declared for
 * exactly that path if any, else those of the parametrised routes that match it (as the Convex
 * router prefers exact paths to prefixes).
 */
function methodsFor(allRoutes: readonly RouteEntry[], path: string): string[] {
  const routes = allRoutes
    .map(([path, method]) => ({ path, method }))
    .filter((r) => r.method !== "ALL" && r.method !== "OPTIONS");
  const exact = routes.filter((r) => r.path === path);
  const matching = exact.length > 0 ? exact : routes.filter((r) => pathPattern(r.path).test(path));
  return [...new Set(matching.map((r) => r.method))];
}

/**
 * `allRoutes` lists every route of the HTTP router (convex/http.ts), the Convex router's
 * included (for the 405s of paths such as the webhooks'); by default the app's own.
 */
export function restApp(
  register: (app: RestApp) => void,
  allRoutes?: () => readonly RouteEntry[],
): RestApp {
  const app: RestApp = new Hono();
  const ownRoutes = () => app.routes.map((r) => [r.path, r.method] as const);
  // Middleware (`app.use`, method ALL) is no route, though the router lists it under every method.
  const middleware = () => new Set(app.routes.filter((r) => r.method === "ALL").map((r) => r.path));
  const routes = () => {
    const skip = middleware();
    return (allRoutes ?? ownRoutes)().filter(([path]) => !skip.has(path));
  };
  app.use("/server/*", async (c, next) => {
    if (c.req.method === "OPTIONS") {
      const methods = methodsFor(ownRoutes(), c.req.path);
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
  app.use(
    "/server/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => errorResponse(413, "The request body is too large."),
    }),
  );
  register(app);
  app.notFound((c) => {
    const methods = methodsFor(routes(), c.req.path);
    if (methods.length === 0) return errorResponse(404, "Not found");
    const response = errorResponse(405, `Method not allowed: use ${methods.join(" or ")}.`);
    response.headers.set("Allow", methods.join(", "));
    return response;
  });
  app.onError((e) => errorToResponse(e));
  return app;
}
