// The HTTP router: Convex Auth's routes, Stripe's webhooks, and the REST API of spec §7 as one
// Hono app (rest/app.ts) behind them: Convex routes are matched first, then Hono's.
import { HttpRouterWithHono } from "convex-helpers/server/hono";
import { auth } from "./auth";
import { restApp } from "./rest/app";
import { ideaRoutes } from "./rest/ideas";
import { paymentRoutes, registerStripeWebhook } from "./rest/payments";
import { submissionRoutes } from "./rest/submissions";
import { registerUnsubscribe } from "./rest/unsubscribe";
import { userRoutes } from "./rest/users";

const http = new HttpRouterWithHono(
  restApp((app) => {
    userRoutes(app);
    ideaRoutes(app);
    submissionRoutes(app);
    paymentRoutes(app);
  }),
);
auth.addHttpRoutes(http);
// Stripe calls this server to server; it needs the raw body and no CORS.
registerStripeWebhook(http);
// Emails' one-click unsubscribe, signed, for people who are not signed in.
registerUnsubscribe(http);

export default http;
