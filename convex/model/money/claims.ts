// The claim window (product rules "Claim window"): a winning creator has until the claim
// deadline to become payable. Then, or when the winning video is found gone from its platform
// before its transfer (videoChecks.ts videoGone), the award passes to the next video by the same
// rule (rules.ts nextRecipient) whose creator is payable; with none, the money goes back to its
// contributor.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { heldCents, nextRecipient } from "./rules";
import type { AwardPassedBecause } from "./states";
import { awardsOf, currentBuckets } from "./ledger";
import { planMovement } from "./movements";
import { createAward, payableDestination, peoplesOrder, refundHeld } from "./settlement";

/**
 * At the claim deadline, an award whose creator is still not payable passes on (frozen money
 * waits for its dispute to close: follow.ts applies the deadline then).
 */
export async function expireClaim(ctx: MutationCtx, awardId: Id<"awards">, now: number) {
  const award = await ctx.db.get("awards", awardId);
  if (award === null || award.status !== "waiting" || now < award.claimDeadline) return;
  const buckets = await currentBuckets(ctx, award.contributionId);
  if (buckets.disputedCents > 0) return;
  const submission = await ctx.db.get("submissions", award.submissionId);
  if (submission && (await payableDestination(ctx, submission)))
    return await becomePaying(ctx, award);
  await passOn(ctx, award);
}

/**
 * The award goes to the next video whose creator is payable, for what is still held of it;
 * what its creator was already paid stays theirs. (Its ledger line, "award_passed" or
 * "award_video_gone" by `why`, follows from the award's row: triggers.ts.)
 */
export async function passOn(
  ctx: MutationCtx,
  award: Doc<"awards">,
  why: AwardPassedBecause = "unclaimed",
) {
  const contribution = await ctx.db.get("contributions", award.contributionId);
  const idea = await ctx.db.get("proposals", award.ideaId);
  if (contribution === null || idea === null) return;
  const buckets = await currentBuckets(ctx, contribution._id);
  const paid = Math.min(award.amountCents, Math.max(0, buckets.transferredCents));
  await ctx.db.patch(
    "awards",
    award._id,
    paid > 0
      ? { amountCents: paid, status: "paid", passedBecause: why }
      : { status: "passed", passedBecause: why },
  );
  const tried = new Set((await awardsOf(ctx, contribution._id)).map((a) => a.submissionId));
  const next = await nextRecipient(
    contribution,
    peoplesOrder(ctx, idea),
    async (s) => tried.has(s._id) || (await payableDestination(ctx, s)) === null,
  );
  const amount = heldCents(buckets);
  if (next !== null && amount > 0)
    return await createAward(ctx, contribution, next, amount, award.claimDeadline);
  await ctx.db.patch("contributions", contribution._id, { awardedSubmissionId: undefined });
  await refundHeld(ctx, contribution, "claim_window_expired");
}

async function becomePaying(ctx: MutationCtx, award: Doc<"awards">) {
  const contribution = await ctx.db.get("contributions", award.contributionId);
  const submission = await ctx.db.get("submissions", award.submissionId);
  if (contribution === null || submission === null) return;
  const destination = await payableDestination(ctx, submission);
  if (!destination) return;
  await ctx.db.patch("awards", award._id, { status: "paying" });
  const buckets = await currentBuckets(ctx, contribution._id);
  // Frozen: transferred once the dispute closes won.
  if (buckets.disputedCents === 0)
    await planMovement(ctx, {
      kind: "transfer",
      contribution,
      amountCents: award.amountCents - buckets.transferredCents,
      reason: "award",
      awardId: award._id,
      destination,
    });
}

/** A creator proved ownership or their payout account became ready: pay what waits for them. */
export async function creatorBecamePayable(ctx: MutationCtx, creatorId: Id<"users">) {
  const waiting = await ctx.db
    .query("awards")
    .withIndex("by_creator_status", (q) => q.eq("creatorId", creatorId).eq("status", "waiting"))
    .take(200);
  for (const award of waiting) await becomePaying(ctx, award);
}

const CLAIM_PAGE = 50;

/**
 * The claim-window pass (a cron's safety net for missed deadlines): every overdue waiting award,
 * page after page, so awards frozen by a dispute (which stay overdue) never hide the others.
 * Returns the cursor of the next page, null when done.
 */
export async function expireClaimsPage(ctx: MutationCtx, now: number, cursor: string | null) {
  const page = await ctx.db
    .query("awards")
    .withIndex("by_status_deadline", (q) => q.eq("status", "waiting").lte("claimDeadline", now))
    .paginate({ numItems: CLAIM_PAGE, cursor });
  for (const award of page.page) await expireClaim(ctx, award._id, now);
  return page.isDone ? null : page.continueCursor;
}
