// Settlement, at the end of judging: every paid contribution is awarded to a submission or
// refunded (product rules "Money"). Bounded batches keep each transaction small.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { recordMoney } from "./contributions";
import { judgingEndsAt } from "./ideas";
import { winnerFor } from "./money";
import { submissionsOf } from "./submissions";

const BATCH = 50;

/** Settles up to one batch of an idea's paid contributions; returns true when all are done. */
export async function settleBatch(
  ctx: MutationCtx,
  proposalId: Id<"proposals">,
  now: number,
): Promise<boolean> {
  const proposal = await ctx.db.get("proposals", proposalId);
  if (proposal === null || proposal.status === "open" || judgingEndsAt(proposal.expiration) > now)
    return false;
  const candidates = (await submissionsOf(ctx, proposalId)).map((s) => ({
    id: s._id as string,
    votes: s.netVotes,
    createdAt: s._creationTime,
    submission: s,
  }));
  const batch = await ctx.db
    .query("contributions")
    .withIndex("by_proposal_status", (q) =>
      q.eq("proposalId", proposalId).eq("status", "paid").eq("settled", false),
    )
    .take(BATCH);
  const creatorsToPay = new Set<Id<"users">>();
  for (const contribution of batch) {
    const winner = winnerFor(
      {
        preference: contribution.payoutPreference,
        anonymous: contribution.contributorId === undefined,
        pickedId: contribution.pickedSubmissionId,
      },
      candidates,
    );
    const remaining = contribution.amountCents - contribution.refundedCents;
    if (winner) {
      await ctx.db.insert("earnings", {
        creatorId: winner.submission.authorId,
        submissionId: winner.submission._id,
        proposalId,
        contributionId: contribution._id,
        amountCents: remaining,
        status: "owed",
      });
      await recordMoney(ctx, proposalId, "awarded", remaining, {
        contributionId: contribution._id,
        submissionId: winner.submission._id,
      });
      await ctx.db.patch("contributions", contribution._id, {
        settled: true,
        outcome: "awarded",
        awardedSubmissionId: winner.submission._id,
      });
      creatorsToPay.add(winner.submission.authorId);
    } else {
      await ctx.db.patch("contributions", contribution._id, { settled: true, outcome: "refund" });
      await ctx.scheduler.runAfter(0, internal.settlement.refund, {
        contributionId: contribution._id,
        attempt: 0,
      });
    }
  }
  for (const creatorId of creatorsToPay)
    await ctx.scheduler.runAfter(0, internal.payouts.payCreator, { creatorId });
  if (batch.length === BATCH) {
    await ctx.scheduler.runAfter(0, internal.settlement.settleBatch, { proposalId });
    return false;
  }
  if (proposal.status !== "settled")
    await ctx.db.patch("proposals", proposalId, { status: "settled" });
  return true;
}
