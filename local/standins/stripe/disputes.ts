// Disputes (chargebacks) as Stripe models them: opened by the cardholder's bank on a charge
// (here by the control API), the disputed amount withdrawn from the platform at once, and
// closed won (the funds come back) or lost. A charge under an open dispute cannot be refunded.
import type { Core } from "./core.js";
import { errors, StripeApiError } from "./forms.js";
import { base, nowSeconds, type Dispute } from "./state.js";

const RESPONSE_DAYS = 7;
export const DISPUTE_REASONS = [
  "fraudulent",
  "duplicate",
  "product_not_received",
  "product_unacceptable",
  "subscription_canceled",
  "credit_not_processed",
  "unrecognized",
  "general",
] as const;

const bad = (message: string) => new StripeApiError(400, "invalid_request_error", message);

export const isOpen = (dispute: Dispute) => dispute.status !== "won" && dispute.status !== "lost";

export function disputesOf(core: Core, chargeId: string): Dispute[] {
  return Object.values(core.store.data.disputes).filter((d) => d.charge === chargeId);
}

export function openDispute(
  core: Core,
  chargeId: string,
  input: { amount?: unknown; reason?: unknown } = {},
): Dispute {
  const charge = core.store.data.charges[chargeId];
  if (!charge) throw errors.notFound("charge", chargeId, "charge");
  if (charge.status !== "succeeded") throw bad(`Charge ${chargeId} has not succeeded.`);
  if (disputesOf(core, chargeId).length > 0)
    throw bad(`Charge ${chargeId} is already disputed; a charge has at most one dispute.`);
  const left = charge.amount - charge.amount_refunded;
  const amount = input.amount ?? left;
  if (!Number.isInteger(amount) || (amount as number) < 1 || (amount as number) > left)
    throw bad(`amount must be a whole number of cents from 1 to ${left} (what is not refunded).`);
  const reason = input.reason ?? "fraudulent";
  if (!DISPUTE_REASONS.includes(reason as (typeof DISPUTE_REASONS)[number]))
    throw bad(`reason must be one of ${DISPUTE_REASONS.join(", ")}`);
  const dispute: Dispute = {
    ...base("dispute", "dp_"),
    amount: amount as number,
    balance_transactions: [],
    charge: chargeId,
    currency: charge.currency,
    evidence_details: {
      due_by: nowSeconds() + RESPONSE_DAYS * 24 * 3600,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason: reason as string,
    status: "needs_response",
  };
  core.store.data.disputes[dispute.id] = dispute;
  charge.disputed = true;
  core.webhooks.emit("charge.dispute.created", dispute);
  core.webhooks.emit("charge.dispute.funds_withdrawn", dispute);
  core.store.changed();
  return dispute;
}

export function closeDispute(core: Core, id: string, outcome: unknown): Dispute {
  const dispute = core.store.data.disputes[id];
  if (!dispute) throw errors.notFound("dispute", id, "dispute");
  if (outcome !== "won" && outcome !== "lost") throw bad("outcome must be won or lost");
  if (!isOpen(dispute)) throw bad(`Dispute ${id} is already closed (${dispute.status}).`);
  const previous = { status: dispute.status };
  dispute.status = outcome;
  core.webhooks.emit("charge.dispute.closed", dispute, { previous_attributes: previous });
  if (outcome === "won") core.webhooks.emit("charge.dispute.funds_reinstated", dispute);
  core.store.changed();
  return dispute;
}
