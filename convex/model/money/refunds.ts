// Refunds as Stripe reports them: ours (made by the reconciler), and the Dashboard's. Kept with
// when each was made and when it failed, which is what tells a failure from its redo
// (rules.ts refundBuckets).
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { holderOf } from "./ledger";
import { refundFinished } from "./rules";
import type { RefundState } from "./states";

/** How far a refund has gone; Stripe never moves one back (pending → succeeded → failed). */
function refundStage(status: string): number {
  const end = refundFinished(status);
  return end === "failed" ? 2 : end === "succeeded" ? 1 : 0;
}

/**
 * A refund as Stripe reports it (our reconciler, a webhook, or a re-read of the payment's
 * refunds): stored, and its movement (if ours) brought to the same state. The ledger and the
 * contributor's notice follow from those rows (model/triggers.ts); the award follows the charge.
 */
export async function recordRefund(ctx: MutationCtx, refund: RefundState, now: number) {
  const known = await ctx.db
    .query("stripeRefunds")
    .withIndex("by_refund", (q) => q.eq("refundId", refund.refundId))
    .unique();
  // A failure is dated by its event when one told us, else by when we first saw it.
  const failedAt =
    refundFinished(refund.status) === "failed" ? (refund.failedAt ?? now) : undefined;
  let status = refund.status;
  const movementId = refund.movementId
    ? ctx.db.normalizeId("moneyMovements", refund.movementId)
    : null;
  const movement = movementId ? await ctx.db.get("moneyMovements", movementId) : null;
  let ownerId = known?.contributionId;
  if (known === null) {
    // Whose money it returned: our movement's contribution, else the one holding the payment's
    // money now (its money may have moved to another idea: ledger.ts ownsRecord).
    ownerId =
      movement?.contributionId ?? (await holderOf(ctx, refund.paymentIntentId))?._id ?? undefined;
    await ctx.db.insert("stripeRefunds", {
      ...refund,
      ...(failedAt !== undefined ? { failedAt } : {}),
      ...(ownerId !== undefined ? { contributionId: ownerId } : {}),
      updatedAt: now,
    });
  } else if (refundStage(refund.status) > refundStage(known.status)) {
    // Events come in any order: a refund only moves forward.
    await ctx.db.patch("stripeRefunds", known._id, {
      status: refund.status,
      amountCents: refund.amountCents,
      ...(failedAt !== undefined
        ? { failedAt: Math.min(failedAt, known.failedAt ?? failedAt) }
        : {}),
      ...(known.createdAt === undefined && refund.createdAt !== undefined
        ? { createdAt: refund.createdAt }
        : {}),
      updatedAt: now,
    });
  } else {
    status = known.status;
    // A later event may date a failure we first saw without one.
    if (failedAt !== undefined && known.failedAt !== undefined && failedAt < known.failedAt)
      await ctx.db.patch("stripeRefunds", known._id, { failedAt });
  }
  if (movement && movement.kind === "refund") {
    const end = refundFinished(status);
    const state =
      end === "succeeded"
        ? ("confirmed" as const)
        : end === "failed"
          ? ("failed" as const)
          : ("sent" as const);
    if (movement.state !== state && movement.state !== "cancelled")
      await ctx.db.patch("moneyMovements", movement._id, {
        state,
        stripeId: refund.refundId,
        leaseUntil: undefined,
        ...(state !== "sent" ? { settledAt: now } : {}),
      });
  }
  const contribution = await refundOwner(ctx, { ...refund, contributionId: ownerId });
  if (contribution)
    await ctx.scheduler.runAfter(0, internal.settlement.followCharge, {
      contributionId: contribution._id,
    });
}

/** The contribution whose money a refund returned (ledger.ts ownsRecord). */
export async function refundOwner(
  ctx: MutationCtx,
  refund: { paymentIntentId: string; contributionId?: Doc<"contributions">["_id"] },
): Promise<Doc<"contributions"> | null> {
  if (refund.contributionId !== undefined)
    return await ctx.db.get("contributions", refund.contributionId);
  const paidBy = await ctx.db
    .query("contributions")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", refund.paymentIntentId))
    .take(10);
  return paidBy.find((c) => c.movedFrom === undefined) ?? null;
}
