// The HTTP router: Convex Auth's routes, Stripe's webhooks, and the REST API of spec §7 as one
// Hono app (rest/app.ts) behind them: Convex routes are matched first, then Hono's.
import type { HttpRouter, PublicHttpAction, RouteSpec } from "convex/server";
import { HttpRouterWithHono } from "convex-helpers/server/hono";
import { httpAction, type ActionCtx } from "./_generated/server";
import { auth } from "./auth";
import { restApp } from "./rest/app";
import { ideaRoutes } from "./rest/ideas";
import { paymentRoutes, registerStripeWebhook } from "./rest/payments";
import { submissionRoutes } from "./rest/submissions";
import { registerSharePages } from "./rest/share";
import { registerUnsubscribe } from "./rest/unsubscribe";
import { userRoutes } from "./rest/users";

const http: HttpRouterWithHono<ActionCtx> = new HttpRouterWithHono(
  restApp(
    (app) => {
      userRoutes(app);
      ideaRoutes(app);
      submissionRoutes(app);
      paymentRoutes(app);
    },
    // Every route, the Convex router's too: a wrong method on a webhook's path is a 405.
    () => http.getRoutes(),
  ),
);

type HttpHandler = (ctx: ActionCtx, request: Request) => Promise<Response>;

/**
 * Convex Auth's OAuth routes, each behind a guard: a bad verifier or an unknown provider makes
 * Convex Auth throw (a 500 naming the configured providers). The sign-in route answers any
 * failure with a plain 400, the provider callback with a redirect to the web app's home, never
 * a 5xx and never a word about the configuration (the details go to the log).
 */
function guardedAuthRoutes(router: HttpRouter): Pick<HttpRouter, "route"> {
  return {
    route: (spec: RouteSpec) => {
      const path = "path" in spec ? spec.path : spec.pathPrefix;
      const inner = (spec.handler as PublicHttpAction & { _handler: HttpHandler })._handler;
      if (!path.startsWith("/api/auth/") || typeof inner !== "function") {
        router.route(spec);
        return;
      }
      const onFailure = path.startsWith("/api/auth/callback/")
        ? () => Response.redirect(process.env.SITE_URL ?? "http://localhost:5173", 302)
        : () =>
            new Response(JSON.stringify({ error: "Invalid sign-in request." }), {
              status: 400,
              headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
            });
      const handler = httpAction(async (ctx, request) => {
        try {
          const response = await inner(ctx, request);
          if (response.status < 400) return response;
          console.warn(`${request.method} ${path}: Convex Auth answered ${response.status}`);
        } catch (e) {
          console.warn(`${request.method} ${path} failed:`, e);
        }
        return onFailure();
      });
      router.route({ ...spec, handler } as RouteSpec);
    },
  };
}

auth.addHttpRoutes(guardedAuthRoutes(http) as HttpRouter);
// Stripe calls this server to server; it needs the raw body and no CORS.
registerStripeWebhook(http);
// Emails' one-click unsubscribe, signed, for people who are not signed in.
registerUnsubscribe(http);
// Ideas' share pages with their Open Graph tags and preview image, for people signed out.
registerSharePages(http);

export default http;
