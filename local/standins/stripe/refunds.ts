// Refunds of paid charges (by PaymentIntent or Charge, full or partial, never more than what
// remains, never while a dispute is open), with the `refund.created` and `charge.refunded`
// events Stripe sends. Tests can make new refunds start `pending` and then succeed or fail them;
// a failed refund gives its amount back to the charge, as Stripe does.
import { formatMoney, type Core, type EventOrigin } from "./core.js";
import { disputesOf, isOpen } from "./disputes.js";
import { errors, StripeApiError, type Reader } from "./forms.js";
import { listPage } from "./lists.js";
import { base, randomId, type Charge, type Refund } from "./state.js";

export const REFUND_FAILURE_REASONS = [
  "lost_or_stolen_card",
  "expired_or_canceled_card",
  "charge_for_pending_refund_disputed",
  "insufficient_funds",
  "declined",
  "merchant_request",
  "unknown",
] as const;

export function createRefund(core: Core, r: Reader, origin: EventOrigin): Refund {
  r.only("payment_intent", "charge", "amount", "metadata", "reason", "instructions_email");
  const state = core.store.data;
  const intentId = r.string("payment_intent");
  const chargeId = r.string("charge");
  const amount = r.integer("amount", { min: 1 });
  const reason = r.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null;
  const metadata = r.metadata();
  let charge: Charge | undefined;
  if (intentId) {
    const intent = state.paymentIntents[intentId];
    if (!intent) throw errors.notFound("payment_intent", intentId, "payment_intent");
    charge = intent.latest_charge ? state.charges[intent.latest_charge] : undefined;
    if (intent.status !== "succeeded" || !charge) {
      throw errors.refused(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        "charge_not_refundable",
        "payment_intent",
      );
    }
    if (chargeId && chargeId !== charge.id) {
      throw errors.invalid(
        `The charge ${chargeId} does not belong to the PaymentIntent ${intentId}.`,
        "charge",
      );
    }
  } else if (chargeId) {
    charge = state.charges[chargeId];
    if (!charge) throw errors.notFound("charge", chargeId, "charge");
    if (charge.status !== "succeeded") {
      throw errors.refused(
        `Charge ${chargeId} has not succeeded, so it cannot be refunded.`,
        "charge_not_refundable",
        "charge",
      );
    }
  } else {
    throw errors.invalid(
      "One of the following params should be provided for this request: payment_intent or charge.",
      undefined,
      "parameter_missing",
    );
  }
  const disputes = disputesOf(core, charge.id);
  if (disputes.some(isOpen)) {
    throw errors.refused(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      "charge_disputed",
      "charge",
    );
  }
  // Money lost to a chargeback has already gone back to the cardholder.
  const lost = disputes.reduce((sum, d) => sum + (d.status === "lost" ? d.amount : 0), 0);
  const remaining = charge.amount - charge.amount_refunded - lost;
  if (remaining === 0 && lost > 0) {
    throw errors.refused(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      "charge_disputed",
      "charge",
    );
  }
  if (remaining === 0) {
    throw errors.refused(
      `Charge ${charge.id} has already been refunded.`,
      "charge_already_refunded",
    );
  }
  if (amount !== undefined && amount > remaining) {
    throw errors.refused(
      `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, charge.currency)})`,
      "amount_too_large",
      "amount",
    );
  }
  const refund: Refund = {
    ...base("refund", "re_"),
    amount: amount ?? remaining,
    balance_transaction: randomId("txn_"),
    charge: charge.id,
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: (charge.payment_method as string | null | undefined) ?? null,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: state.settings.refundsPending ? "pending" : "succeeded",
    transfer_reversal: null,
  };
  state.refunds[refund.id] = refund;
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  core.webhooks.emit("refund.created", refund, origin);
  core.webhooks.emit("charge.refunded", charge, { ...origin, previous_attributes: previous });
  core.store.changed();
  return refund;
}

const bad = (message: string) => new StripeApiError(400, "invalid_request_error", message);

function refundOf(core: Core, id: string): Refund {
  const refund = core.store.data.refunds[id];
  if (!refund) throw errors.notFound("refund", id, "refund");
  return refund;
}

/** A pending refund reaches the cardholder. */
export function succeedRefund(core: Core, id: string): Refund {
  const refund = refundOf(core, id);
  if (refund.status !== "pending") throw bad(`Refund ${id} is ${refund.status}, not pending.`);
  refund.status = "succeeded";
  const previous = { previous_attributes: { status: "pending" } };
  core.webhooks.emit("refund.updated", refund, previous);
  core.webhooks.emit("charge.refund.updated", refund, previous);
  core.store.changed();
  return refund;
}

/** A refund Stripe accepted fails later (a closed card): the money stays with the platform. */
export function failRefund(core: Core, id: string, reason: unknown = "expired_or_canceled_card") {
  const refund = refundOf(core, id);
  if (refund.status !== "pending" && refund.status !== "succeeded")
    throw bad(`Refund ${id} is ${refund.status}; only a pending or succeeded refund can fail.`);
  if (!REFUND_FAILURE_REASONS.includes(reason as (typeof REFUND_FAILURE_REASONS)[number]))
    throw bad(`failure_reason must be one of ${REFUND_FAILURE_REASONS.join(", ")}`);
  const previous = { previous_attributes: { status: refund.status } };
  Object.assign(refund, {
    status: "failed",
    failure_reason: reason,
    failure_balance_transaction: randomId("txn_"),
  });
  const charge = core.store.data.charges[refund.charge]!;
  charge.amount_refunded -= refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  core.webhooks.emit("refund.failed", refund, previous);
  core.webhooks.emit("refund.updated", refund, previous);
  core.webhooks.emit("charge.refund.updated", refund, previous);
  core.store.changed();
  return refund;
}

/** `GET /v1/refunds`, filtered by `charge` or `payment_intent`. */
export function listRefunds(core: Core, r: Reader) {
  r.only("charge", "payment_intent", "limit", "starting_after");
  const charge = r.string("charge");
  const intent = r.string("payment_intent");
  const refunds = Object.values(core.store.data.refunds).filter(
    (refund) =>
      (!charge || refund.charge === charge) && (!intent || refund.payment_intent === intent),
  );
  return listPage(r, refunds, "/v1/refunds");
}
