// What the Stripe stand-in's parts share: the state, the event sender, the timers and the
// settings read from the environment.
import type { StripeStore, Timers } from "./state.js";
import type { EventOrigin, Webhooks } from "./webhooks.js";

export interface Core {
  store: StripeStore;
  webhooks: Webhooks;
  timers: Timers;
  /** Public base URL of the stand-ins server (hosted pages live under /stripe/). */
  baseUrl: string;
  /** How long a "pay later" bank transfer takes to settle (STRIPE_ASYNC_DELAY_MS). */
  asyncDelayMs: number;
}

export type { EventOrigin };

/** The display name of the platform account, as Checkout and Connect onboarding show it. */
export const PLATFORM_NAME = "Bounties";

export function formatMoney(cents: number, currency: string) {
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
