// The HTTP router: Convex Auth's routes, Stripe's webhooks, and the REST API of spec §7 as one
// Hono app (rest/app.ts) behind them: Convex routes are matched first, then Hono's.
import type { HttpRouter } from "convex/server";
import { HttpRouterWithHono } from "convex-helpers/server/hono";
import type { ActionCtx } from "./_generated/server";
import { auth } from "./auth";
import { guardedAuthRoutes } from "./model/security/authRoutes";
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

// Convex Auth's routes behind guards: only the browser that started a sign-in finishes it, and
// new accounts are limited per address and device (model/security/authRoutes.ts).
auth.addHttpRoutes(guardedAuthRoutes(http) as HttpRouter);
// Stripe calls this server to server; it needs the raw body and no CORS.
registerStripeWebhook(http);
// Emails' one-click unsubscribe, signed, for people who are not signed in.
registerUnsubscribe(http);
// Ideas' share pages with their Open Graph tags and preview image, for people signed out.
registerSharePages(http);

export default http;
