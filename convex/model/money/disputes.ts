// Card disputes (product rules "Awards follow the charge"): an open dispute freezes the
// payment's money (no award, no transfer; a made transfer is reversed); closed won, the money
// continues on its path; lost, it is recorded as lost to the chargeback.
import type { MutationCtx } from "../../_generated/server";
import type { DisputeState } from "./states";
import { disputeIsOpen } from "./rules";
import { followCharge } from "./follow";

export async function applyDispute(ctx: MutationCtx, dispute: DisputeState, now: number) {
  const known = await ctx.db
    .query("stripeDisputes")
    .withIndex("by_dispute", (q) => q.eq("disputeId", dispute.disputeId))
    .unique();
  // A closed dispute stays closed: a late "created" event must not reopen it.
  if (known && !disputeIsOpen(known.status)) return;
  if (known) await ctx.db.patch("stripeDisputes", known._id, { ...dispute, updatedAt: now });
  else await ctx.db.insert("stripeDisputes", { ...dispute, updatedAt: now });
  const contribution = await ctx.db
    .query("contributions")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", dispute.paymentIntentId))
    .first();
  if (contribution) await followCharge(ctx, contribution._id, now);
}
