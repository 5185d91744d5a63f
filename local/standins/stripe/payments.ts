// What paying a Checkout Session creates, as Stripe does: a PaymentIntent and its Charge (a card
// succeeds or is declined at once; a "pay later" bank debit is `processing` until it settles),
// the session's completion, and the events of each step.
import type { Core } from "./core.js";
import { StripeApiError } from "./forms.js";
import { base, randomId, type Charge, type CheckoutSession, type PaymentIntent } from "./state.js";

export interface Payer {
  email: string;
  name: string;
  country: string;
}

export interface TestCard {
  brand: string;
  last4: string;
  decline?: { decline_code: string; message: string };
}

const CARDS: Record<string, Omit<TestCard, "last4">> = {
  "4242424242424242": { brand: "visa" },
  "5555555555554444": { brand: "mastercard" },
  "4000000000000002": {
    brand: "visa",
    decline: { decline_code: "generic_decline", message: "Your card was declined." },
  },
  "4000000000009995": {
    brand: "visa",
    decline: { decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  },
};
export const TEST_CARD_HINT =
  "Test cards: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.";

/** The test card a number stands for (spaces allowed), or null for any other number. */
export function testCard(number: string): TestCard | null {
  const digits = number.replace(/[\s-]/g, "");
  const card = CARDS[digits];
  return card ? { ...card, last4: digits.slice(-4) } : null;
}

type Method = { type: "card"; card: TestCard } | { type: "us_bank_account" };

function methodDetails(method: Method) {
  if (method.type === "us_bank_account") {
    return {
      type: "us_bank_account",
      us_bank_account: {
        account_holder_type: "individual",
        account_type: "checking",
        bank_name: "STRIPE TEST BANK",
        last4: "6789",
        routing_number: "110000000",
      },
    };
  }
  const { brand, last4 } = method.card;
  const exp_year = new Date().getFullYear() + 3;
  return {
    type: "card",
    card: {
      brand,
      country: "US",
      exp_month: 12,
      exp_year,
      funding: "credit",
      last4,
      network: brand,
    },
  };
}

const APPROVED = {
  network_status: "approved_by_network",
  reason: null,
  risk_level: "normal",
  seller_message: "Payment complete.",
  type: "authorized",
};

/** The session's intent: the one a declined attempt left, or a new one. */
function intentFor(core: Core, session: CheckoutSession, method: Method): PaymentIntent {
  const state = core.store.data;
  const extras = state.checkout[session.id]!;
  const existing = extras.intentId ? state.paymentIntents[extras.intentId] : undefined;
  if (existing) {
    existing.payment_method_types = [method.type];
    return existing;
  }
  const intent: PaymentIntent = {
    ...base("payment_intent", "pi_"),
    amount: session.amount_total,
    amount_capturable: 0,
    amount_received: 0,
    application_fee_amount: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: null,
    confirmation_method: "automatic",
    currency: session.currency,
    customer: null,
    description: extras.intentData.description,
    last_payment_error: null,
    latest_charge: null,
    metadata: { ...extras.intentData.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_types: [method.type],
    receipt_email: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: extras.intentData.transfer_group,
  };
  intent.client_secret = `${intent.id}_secret_${randomId("", 25)}`;
  state.paymentIntents[intent.id] = intent;
  extras.intentId = intent.id;
  core.webhooks.emit("payment_intent.created", intent);
  return intent;
}

function newCharge(core: Core, intent: PaymentIntent, payer: Payer, method: Method): Charge {
  const charge: Charge = {
    ...base("charge", "ch_"),
    amount: intent.amount,
    amount_captured: 0,
    amount_refunded: 0,
    application_fee: null,
    balance_transaction: null,
    billing_details: {
      address: {
        city: null,
        country: payer.country,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: payer.email,
      name: payer.name,
      phone: null,
    },
    captured: false,
    currency: intent.currency,
    customer: null,
    description: intent.description,
    disputed: false,
    failure_code: null,
    failure_message: null,
    metadata: { ...intent.metadata },
    outcome: null,
    paid: false,
    payment_intent: intent.id,
    payment_method: randomId("pm_"),
    payment_method_details: methodDetails(method),
    receipt_email: null,
    refunded: false,
    status: "pending",
    transfer_group: intent.transfer_group,
  };
  core.store.data.charges[charge.id] = charge;
  Object.assign(intent, { latest_charge: charge.id, payment_method: charge.payment_method });
  return charge;
}

function succeed(core: Core, intent: PaymentIntent, charge: Charge) {
  Object.assign(charge, {
    status: "succeeded",
    paid: true,
    captured: true,
    amount_captured: charge.amount,
    balance_transaction: randomId("txn_"),
    outcome: APPROVED,
  });
  Object.assign(intent, {
    status: "succeeded",
    amount_received: intent.amount,
    last_payment_error: null,
  });
  core.webhooks.emit("charge.succeeded", charge);
  core.webhooks.emit("payment_intent.succeeded", intent);
}

function fail(
  core: Core,
  intent: PaymentIntent,
  charge: Charge,
  code: string,
  declineCode: string,
  message: string,
) {
  Object.assign(charge, {
    status: "failed",
    failure_code: code,
    failure_message: message,
    outcome: {
      network_status: "declined_by_network",
      reason: declineCode,
      risk_level: "normal",
      type: "issuer_declined",
    },
  });
  intent.status = "requires_payment_method";
  intent.last_payment_error = {
    charge: charge.id,
    code,
    decline_code: declineCode,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    message,
    payment_method: {
      id: charge.payment_method,
      object: "payment_method",
      type: intent.payment_method_types,
    },
    type: "card_error",
  };
  core.webhooks.emit("charge.failed", charge);
  core.webhooks.emit("payment_intent.payment_failed", intent);
}

function complete(core: Core, session: CheckoutSession, payer: Payer, intent: PaymentIntent) {
  Object.assign(session, {
    status: "complete",
    payment_status: intent.status === "succeeded" ? "paid" : "unpaid",
    payment_intent: intent.id,
    url: null,
    customer_details: {
      address: {
        city: null,
        country: payer.country,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      business_name: null,
      email: payer.email,
      individual_name: null,
      name: payer.name,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    },
  });
  core.timers.cancel(`expire:${session.id}`);
  core.webhooks.emit("checkout.session.completed", session);
}

/** Pays an open session by card: paid, or declined (the session stays open). */
export function payByCard(core: Core, session: CheckoutSession, payer: Payer, card: TestCard) {
  const intent = intentFor(core, session, { type: "card", card });
  const charge = newCharge(core, intent, payer, { type: "card", card });
  if (card.decline) {
    fail(core, intent, charge, "card_declined", card.decline.decline_code, card.decline.message);
  } else {
    succeed(core, intent, charge);
    complete(core, session, payer, intent);
  }
  core.store.changed();
  return card.decline
    ? { ok: false as const, message: card.decline.message }
    : { ok: true as const };
}

/**
 * "Pay later": a bank debit; the session completes unpaid and settles after a delay (null: only
 * when a test settles it, so no timer can settle it behind the test's back).
 */
export function payLater(
  core: Core,
  session: CheckoutSession,
  payer: Payer,
  delayMs: number | null = core.asyncDelayMs,
) {
  const method = { type: "us_bank_account" } as const;
  const intent = intentFor(core, session, method);
  const charge = newCharge(core, intent, payer, method);
  intent.status = "processing";
  core.webhooks.emit("payment_intent.processing", intent);
  core.webhooks.emit("charge.pending", charge);
  complete(core, session, payer, intent);
  const extras = core.store.data.checkout[session.id]!;
  extras.asyncDueAt = delayMs === null ? UNTIL_SETTLED : Date.now() + delayMs;
  extras.asyncFails = /\+fail/i.test(payer.email);
  armSettlement(core, session.id);
  core.store.changed();
}

/** The due time of a bank transfer that waits for a test to settle it. */
const UNTIL_SETTLED = Number.MAX_SAFE_INTEGER;

/** Arms the timer that settles a bank transfer in flight (none for one a test settles). */
export function armSettlement(core: Core, sessionId: string) {
  const dueAt = core.store.data.checkout[sessionId]?.asyncDueAt;
  if (dueAt == null || dueAt === UNTIL_SETTLED) return;
  core.timers.at(`async:${sessionId}`, dueAt, () => settleLater(core, sessionId));
}

/** Settles a "pay later" payment now (as planned, or as `outcome` says); false if none. */
export function settleLater(core: Core, sessionId: string, outcome?: "succeeded" | "failed") {
  const state = core.store.data;
  const extras = state.checkout[sessionId];
  const session = state.sessions[sessionId];
  if (!extras || !session || extras.asyncDueAt === null) return false;
  core.timers.cancel(`async:${sessionId}`);
  extras.asyncDueAt = null;
  const intent = state.paymentIntents[session.payment_intent!]!;
  const charge = state.charges[intent.latest_charge!]!;
  if ((outcome ?? (extras.asyncFails ? "failed" : "succeeded")) === "succeeded") {
    succeed(core, intent, charge);
    session.payment_status = "paid";
    core.webhooks.emit("checkout.session.async_payment_succeeded", session);
  } else {
    const message = "The customer's account has insufficient funds to cover this payment.";
    fail(core, intent, charge, "insufficient_funds", "insufficient_funds", message);
    core.webhooks.emit("checkout.session.async_payment_failed", session);
  }
  core.store.changed();
  return true;
}

export const TEST_OUTCOMES = [
  "paid",
  "declined",
  "async_pending",
  "async_succeeded",
  "async_failed",
] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/**
 * Pays a session as a person on the hosted page would, for tests: by card (paid or declined) or
 * by bank transfer, left in flight (`async_pending`) or settled (after `delayMs`, else at once).
 * A session already completed with a transfer in flight can still be settled this way.
 * Returns the decline message, if any; throws a 409 when the session cannot take this outcome.
 */
export function payAsTest(
  core: Core,
  session: CheckoutSession,
  outcome: TestOutcome,
  payer: Payer,
  delayMs?: number,
): { declined?: string } {
  const async = outcome.startsWith("async_");
  const settled =
    outcome === "async_succeeded" ? "succeeded" : outcome === "async_failed" ? "failed" : undefined;
  if (session.status === "open") {
    if (async) {
      payLater(core, session, payer, outcome === "async_pending" ? null : (delayMs ?? 0));
      core.store.data.checkout[session.id]!.asyncFails = settled === "failed";
      if (settled && delayMs === undefined) settleLater(core, session.id, settled);
      return {};
    }
    const card = testCard(outcome === "paid" ? "4242424242424242" : "4000000000000002")!;
    const result = payByCard(core, session, payer, card);
    return result.ok ? {} : { declined: result.message };
  }
  // Only a bank transfer still in flight can be settled after the session completed.
  if (settled && settleLater(core, session.id, settled)) return {};
  throw new StripeApiError(
    409,
    "invalid_request_error",
    `The checkout session is ${session.status} (payment_status ${session.payment_status}).`,
  );
}
