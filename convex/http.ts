// The HTTP router: Convex Auth's routes and the REST API of spec §7.
import { httpRouter } from "convex/server";
import { corsRouter } from "convex-helpers/server/cors";
import { auth } from "./auth";
import { registerPaymentRoutes, registerStripeWebhook } from "./rest/payments";
import { registerProposalRoutes } from "./rest/proposals";
import { registerSubmissionRoutes } from "./rest/submissions";
import { registerUserRoutes } from "./rest/users";

const http = httpRouter();
auth.addHttpRoutes(http);
// Stripe calls this server to server; it needs the raw body and no CORS.
registerStripeWebhook(http);

// The web app calls the REST routes from its own origin with a bearer token.
const rest = corsRouter(http, {
  allowedOrigins: [process.env.SITE_URL ?? "http://localhost:5173"],
  allowedHeaders: ["Content-Type", "Authorization"],
  allowCredentials: true,
});
registerUserRoutes(rest);
registerProposalRoutes(rest);
registerSubmissionRoutes(rest);
registerPaymentRoutes(rest);

export default http;
