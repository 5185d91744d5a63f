// Stripe stand-in: the parts of Stripe the product uses — Checkout Sessions, PaymentIntents and
// Charges, Refunds, Connect Express accounts with account links, Transfers and Events — at the
// server's root (`/v1/...`, the official SDK pointed here with host/port/protocol), the hosted
// Checkout and Connect onboarding pages (under /stripe/), signed webhooks with retries to
// STRIPE_WEBHOOK_URL, and a control API for tests (/__control/stripe/).
import { StandIn, Store, type StandInContext } from "./framework.js";
import { apiRoutes } from "./stripe/api.js";
import { checkoutRoutes } from "./stripe/checkout.js";
import { onboardingPage } from "./stripe/connect.js";
import { controlRoutes } from "./stripe/control.js";
import type { Core } from "./stripe/core.js";
import { resumeSessions } from "./stripe/sessions.js";
import { stripeStore, Timers } from "./stripe/state.js";
import { Webhooks } from "./stripe/webhooks.js";

export type StripeStandIn = StandIn & {
  /** Stops its timers and saves its state (tests that restart in one process). */
  dispose(): void;
};

const numberOr = (value: string | undefined, fallback: number) =>
  value !== undefined && value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback;

export function stripeStandIn(ctx: StandInContext & { dataDir: string }): StripeStandIn {
  const store = stripeStore(ctx.dataDir);
  const timers = new Timers();
  const { env } = ctx;
  if (env.STRIPE_WEBHOOK_URL && !env.STRIPE_WEBHOOK_SECRET) {
    ctx.log("stripe: STRIPE_WEBHOOK_SECRET is not set; webhooks will fail verification");
  }
  const webhooks = new Webhooks({
    store,
    timers,
    url: env.STRIPE_WEBHOOK_URL,
    secret: env.STRIPE_WEBHOOK_SECRET,
    retryBaseMs: numberOr(env.STRIPE_WEBHOOK_RETRY_MS, 1000),
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
    dispose() {
      timers.dispose();
      store.flush();
      Store.all.delete(store as Store<object>);
    },
  });
}
