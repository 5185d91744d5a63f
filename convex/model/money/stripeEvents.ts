// Stripe's webhook events reduced to the changes they mean for us. Provider data is untrusted
// input: every object is parsed with zod; anything we do not use is ignored.
import type Stripe from "stripe";
import { z } from "zod";
import type { EventChange } from "./states";
import { accountReady, refundState, sessionState } from "./stripe";

const idOf = z.union([z.string(), z.object({ id: z.string() }).passthrough()]);
const intentId = (value: z.infer<typeof idOf> | null | undefined) =>
  typeof value === "string" ? value : value?.id;

const disputeSchema = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  status: z.string(),
  payment_intent: idOf.nullable(),
});

const accountSchema = z.object({
  id: z.string(),
  payouts_enabled: z.boolean().nullable().optional(),
  capabilities: z.object({ transfers: z.string().nullable().optional() }).nullable().optional(),
});

/** Platform events: payments, refunds, disputes. Connect events: connected accounts. */
export function changeOf(event: Stripe.Event): EventChange {
  const object: unknown = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired":
      return { kind: "session", state: sessionState(object), failed: false };
    case "checkout.session.async_payment_failed":
      return { kind: "session", state: sessionState(object), failed: true };
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = refundState(object);
      if (refund === null) return { kind: "ignored" };
      // A failure is dated by its event: a refund made after it may be its redo.
      const failed = refund.status === "failed" || refund.status === "canceled";
      return {
        kind: "refund",
        refund: failed ? { ...refund, failedAt: event.created * 1000 } : refund,
      };
    }
    case "charge.refunded": {
      const intent = intentId(
        z.object({ payment_intent: idOf.nullable() }).parse(object).payment_intent,
      );
      return intent ? { kind: "charge_refunds", paymentIntentId: intent } : { kind: "ignored" };
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
    case "charge.dispute.funds_withdrawn":
    case "charge.dispute.funds_reinstated": {
      const dispute = disputeSchema.parse(object);
      const intent = intentId(dispute.payment_intent);
      if (!intent) return { kind: "ignored" };
      return {
        kind: "dispute",
        dispute: {
          disputeId: dispute.id,
          paymentIntentId: intent,
          amountCents: dispute.amount,
          status: dispute.status,
        },
      };
    }
    case "account.updated": {
      const account = accountSchema.parse(object);
      return { kind: "account", stripeAccountId: account.id, ready: accountReady(account) };
    }
    default:
      return { kind: "ignored" };
  }
}
