// Stripe stand-in: the parts of Stripe the product uses — Checkout Sessions, PaymentIntents and
// Charges, Refunds, Disputes, Connect Express accounts with account links, Transfers and their
// reversals, the balance and Events — at the server's root (`/v1/...`, the official SDK pointed
// here with host/port/protocol), the hosted Checkout and Connect onboarding pages (under
// /stripe/), signed webhooks with retries to STRIPE_WEBHOOK_URL (Connect events to
// STRIPE_CONNECT_WEBHOOK_URL), and a control API for tests (/__control/stripe/). The same route
// table also runs in memory (no server, no files) for the convex-test suites.
import { StandIn, Store, type StandInContext } from "./framework.js";
import { apiRoutes } from "./stripe/api.js";
import { checkoutRoutes } from "./stripe/checkout.js";
import { onboardingPage } from "./stripe/connect.js";
import { controlRoutes } from "./stripe/control.js";
import type { Core } from "./stripe/core.js";
import { resumeSessions } from "./stripe/sessions.js";
import { stripeStore, Timers } from "./stripe/state.js";
import { Webhooks, type Sender } from "./stripe/webhooks.js";

export type StripeStandIn = StandIn & {
  /** Its state and parts, for in-process harnesses. */
  core: Core;
  /** Stops its timers and saves its state (tests that restart in one process). */
  dispose(): void;
};

export interface StripeStandInOptions extends StandInContext {
  /** Where the state file lives; null keeps the state in memory only. */
  dataDir: string | null;
  /** How webhooks are sent (default: fetch to the endpoint URLs). */
  send?: Sender;
  /** In-memory harnesses hold every event and retry nothing on their own. */
  manualDelivery?: boolean;
}

const numberOr = (value: string | undefined, fallback: number) =>
  value !== undefined && value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback;

export function stripeStandIn(ctx: StripeStandInOptions): StripeStandIn {
  const store = stripeStore(ctx.dataDir);
  const timers = new Timers();
  const { env } = ctx;
  for (const kind of ["", "CONNECT_"]) {
    if (env[`STRIPE_${kind}WEBHOOK_URL`] && !env[`STRIPE_${kind}WEBHOOK_SECRET`]) {
      ctx.log(`stripe: STRIPE_${kind}WEBHOOK_SECRET is not set; webhooks will fail verification`);
    }
  }
  if (ctx.manualDelivery) store.data.held = true;
  const webhooks = new Webhooks({
    store,
    timers,
    platform: { url: env.STRIPE_WEBHOOK_URL, secret: env.STRIPE_WEBHOOK_SECRET },
    connect: { url: env.STRIPE_CONNECT_WEBHOOK_URL, secret: env.STRIPE_CONNECT_WEBHOOK_SECRET },
    retryBaseMs: ctx.manualDelivery ? null : numberOr(env.STRIPE_WEBHOOK_RETRY_MS, 1000),
    send: ctx.send,
    log: ctx.log,
  });
  const core: Core = {
    store,
    webhooks,
    timers,
    baseUrl: ctx.baseUrl,
    asyncDelayMs: numberOr(env.STRIPE_ASYNC_DELAY_MS, 8000),
  };
  const standIn = new StandIn(
    "stripe",
    "Stripe API (/v1), hosted Checkout and Connect onboarding (/stripe/), signed webhooks",
  );
  apiRoutes(core, standIn, env.STRIPE_SECRET_KEY);
  const checkout = checkoutRoutes(core);
  const onboarding = onboardingPage.bind(null, core);
  standIn
    .route("GET", "/stripe/checkout/:sessionId", checkout.show)
    .route("POST", "/stripe/checkout/:sessionId", checkout.submit)
    .route("GET", "/stripe/connect/onboarding/:token", onboarding)
    .route("POST", "/stripe/connect/onboarding/:token", onboarding);
  controlRoutes(core, standIn);
  resumeSessions(core);
  webhooks.resume();
  return Object.assign(standIn, {
    core,
    dispose() {
      timers.dispose();
      store.flush();
      Store.all.delete(store as Store<object>);
    },
  });
}
