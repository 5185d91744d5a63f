// Refunds of paid charges (by PaymentIntent or Charge, full or partial, never more than what
// remains), with the `refund.created` and `charge.refunded` events Stripe sends.
import { formatMoney, type Core, type EventOrigin } from "./core.js";
import { errors, type Reader } from "./forms.js";
import { base, randomId, type Charge, type StripeObject } from "./state.js";

export function createRefund(core: Core, r: Reader, origin: EventOrigin): StripeObject {
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
  const remaining = charge.amount - charge.amount_refunded;
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
  const refund: StripeObject = {
    ...base("refund", "re_"),
    amount: amount ?? remaining,
    balance_transaction: randomId("txn_"),
    charge: charge.id,
    currency: charge.currency,
    metadata,
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  state.refunds[refund.id] = refund;
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += refund.amount as number;
  charge.refunded = charge.amount_refunded === charge.amount;
  core.webhooks.emit("refund.created", refund, origin);
  core.webhooks.emit("charge.refunded", charge, { ...origin, previous_attributes: previous });
  core.store.changed();
  return refund;
}
