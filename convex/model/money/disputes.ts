// Card disputes (product rules "Awards follow the charge"): an open dispute freezes the
// payment's money (no award, no transfer; a made transfer is reversed); closed won, the money
// continues on its path; lost, it is recorded as lost to the chargeback.
import type { MutationCtx } from "../../_generated/server";
import type { DisputeState } from "./states";
import { disputeIsOpen } from "./rules";
import { followCharge } from "./follow";
import { holderOf } from "./ledger";

export async function applyDispute(ctx: MutationCtx, dispute: DisputeState, now: number) {
  const known = await ctx.db
    .query("stripeDisputes")
    .withIndex("by_dispute", (q) => q.eq("disputeId", dispute.disputeId))
    .unique();
  // A closed dispute stays closed: a late "created" event must not reopen it.
  if (known && !disputeIsOpen(known.status)) return;
  // It freezes the money of the contribution holding the payment's money when it opened (its
  // money may have moved to another idea: ledger.ts ownsRecord).
  const holder = known?.contributionId
    ? await ctx.db.get("contributions", known.contributionId)
    : await holderOf(ctx, dispute.paymentIntentId);
  if (known) await ctx.db.patch("stripeDisputes", known._id, { ...dispute, updatedAt: now });
  else
    await ctx.db.insert("stripeDisputes", {
      ...dispute,
      ...(holder ? { contributionId: holder._id } : {}),
      updatedAt: now,
    });
  if (holder) await followCharge(ctx, holder._id, now);
}
