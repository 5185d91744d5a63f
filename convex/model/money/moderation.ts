// What moderation does to money (product rules "Community and trust"): hiding an idea ends it
// and refunds all its money; a hidden video counts as a deleted one (videoChecks.ts videoGone:
// it cannot win, its awards not yet paid pass on). Every refund is a movement the reconciler
// drives; each backer's notice follows Stripe's confirmation (triggers.ts → notifyRefund).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { HIDDEN_IDEA_REFUND_REASON, refundHeld } from "./settlement";
import { videoGone } from "./videoChecks";
import { currentBuckets } from "./ledger";
import { heldCents } from "./rules";

const BATCH = 50;

/**
 * A hidden idea ends now: no more closing, judging or settling, and its money goes back
 * (refundHiddenIdeaPage, in bounded pages).
 */
export async function endHiddenIdea(ctx: MutationCtx, ideaId: Id<"proposals">) {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) return;
  for (const jobId of [idea.closeJobId, idea.settleJobId]) {
    if (jobId === undefined) continue;
    const job = await ctx.db.system.get("_scheduled_functions", jobId);
    if (job?.state.kind === "pending") await ctx.scheduler.cancel(jobId);
  }
  await ctx.db.patch("proposals", ideaId, {
    status: "settled",
    phase: "completed",
    closeJobId: undefined,
    settleJobId: undefined,
  });
  await ctx.scheduler.runAfter(0, internal.moderation.refundHiddenIdea, {
    ideaId,
    stage: "unsettled",
    cursor: null,
  });
}

/**
 * One page of a hidden idea's refunds. "unsettled": paid contributions not yet settled are
 * refunded whole. "awards": awards still waiting for their creator, or being paid (a transfer
 * not made yet), are cancelled, and what they held goes back to its payer (follow.ts,
 * award_cancelled; a planned transfer is called off by the reconciler, movements.ts). What was
 * already transferred stays paid: that money reached a creator before the idea was hidden.
 */
export async function refundHiddenIdeaPage(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  stage: "unsettled" | "awards",
  cursor: string | null,
): Promise<{ stage: "unsettled" | "awards"; cursor: string } | null> {
  if (stage === "unsettled") {
    const page = await ctx.db
      .query("contributions")
      .withIndex("by_idea_status", (q) =>
        q.eq("ideaId", ideaId).eq("status", "paid").eq("settled", false),
      )
      .paginate({ numItems: BATCH, cursor });
    for (const c of page.page) await refundHeld(ctx, c, HIDDEN_IDEA_REFUND_REASON);
    if (!page.isDone) return { stage, cursor: page.continueCursor };
    return { stage: "awards", cursor: "" };
  }
  let full = false;
  for (const status of ["waiting", "paying"] as const) {
    const due = await ctx.db
      .query("awards")
      .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId).eq("status", status))
      .take(BATCH);
    full ||= due.length === BATCH;
    for (const award of due) await endAward(ctx, award);
  }
  return full ? { stage, cursor: "" } : null;
}

/**
 * An award of a hidden idea pays no more: what its creator was already transferred stays theirs
 * (the award keeps that much, paid) and the rest goes back to its payer.
 */
async function endAward(ctx: MutationCtx, award: Doc<"awards">) {
  const buckets = await currentBuckets(ctx, award.contributionId);
  const paid = Math.min(award.amountCents, Math.max(0, buckets.transferredCents));
  if (paid === 0) {
    await ctx.db.patch("awards", award._id, { status: "cancelled" });
    await ctx.scheduler.runAfter(0, internal.settlement.followCharge, {
      contributionId: award.contributionId,
    });
    return;
  }
  await ctx.db.patch("awards", award._id, { amountCents: paid, status: "paid" });
  const contribution = await ctx.db.get("contributions", award.contributionId);
  if (contribution && heldCents(buckets) > 0)
    await refundHeld(ctx, contribution, HIDDEN_IDEA_REFUND_REASON);
}

/** A hidden video is a deleted video for money. */
export async function hiddenVideo(ctx: MutationCtx, submissionId: Id<"submissions">) {
  await videoGone(ctx, submissionId);
}
