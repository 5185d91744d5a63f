// Settlement (product rules "Money"): at the end of judging — or at the deadline when no video
// can win — the people's choice is frozen and every paid contribution goes to its recipient by
// the rules (rules.ts recipientOf) or back to its contributor. Every decision that moves money
// plans its movement here, in the same transaction (movements.ts); the ledger and the people
// concerned follow from the rows it writes (model/triggers.ts).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import {
  claimDeadlineOf,
  heldCents,
  moveDeadlineOf,
  recipientOf,
  settlementDue,
  waitsToMove,
} from "./rules";
import { countsTowardBounty, currentBuckets } from "./ledger";
import { planMovement } from "./movements";
import { pickedSubmission } from "./stake";

// --- The people's order ----------------------------------------------------------------------

/**
 * Eligible submissions in the people's-choice order (most counted votes, earlier first among
 * equals), read lazily group by group so no cap hides a lower-ranked one.
 */
export async function* ranked(ctx: QueryCtx, ideaId: Id<"proposals">) {
  let below: number | null = null;
  for (;;) {
    const top: Doc<"submissions"> | null = await ctx.db
      .query("submissions")
      .withIndex("by_idea_eligible_qualified", (q) => {
        const eligible = q.eq("ideaId", ideaId).eq("eligible", true);
        return below === null ? eligible : eligible.lt("qualifiedVotes", below);
      })
      .order("desc")
      .first();
    if (top === null) return;
    const votes = top.qualifiedVotes ?? 0;
    const group = ctx.db
      .query("submissions")
      .withIndex("by_idea_eligible_qualified", (q) =>
        q.eq("ideaId", ideaId).eq("eligible", true).eq("qualifiedVotes", votes),
      )
      .order("asc");
    for await (const s of group) yield s;
    below = votes;
  }
}

/**
 * The order money follows when nobody picked: the people's choice frozen when judging ended
 * first, then the rest by counted votes (votes are closed by then, so the order holds).
 */
export async function* peoplesOrder(ctx: QueryCtx, idea: Doc<"proposals">) {
  const frozen = idea.peoplesChoiceId
    ? await ctx.db.get("submissions", idea.peoplesChoiceId)
    : null;
  if (frozen) yield frozen;
  for await (const s of ranked(ctx, idea._id)) if (s._id !== frozen?._id) yield s;
}

/** The people's choice now: the leader while judging, and what is frozen when it ends. */
export async function currentPeoplesChoice(ctx: QueryCtx, ideaId: Id<"proposals">) {
  for await (const s of ranked(ctx, ideaId)) return s;
  return null;
}

/** Freezes the people's choice when judging ends: later money follows the same winner. */
async function freezePeoplesChoice(ctx: MutationCtx, idea: Doc<"proposals">, now: number) {
  if (idea.judgedAt !== undefined) return;
  const winner = await currentPeoplesChoice(ctx, idea._id);
  await ctx.db.patch("proposals", idea._id, {
    peoplesChoiceId: winner?._id ?? null,
    judgedAt: now,
  });
}

/** Who receives a contribution now, by the rules (rules.ts recipientOf). */
export async function recipientFor(
  ctx: QueryCtx,
  contribution: Doc<"contributions">,
  idea: Doc<"proposals">,
): Promise<Doc<"submissions"> | null> {
  const pick = await pickedSubmission(ctx, contribution);
  return await recipientOf(contribution, pick, peoplesOrder(ctx, idea));
}

// --- Creators being payable ------------------------------------------------------------------

/** The Connect account a submission's creator can be paid on now, or null. */
export async function payableDestination(ctx: QueryCtx, s: Doc<"submissions">) {
  if (!s.checklist.ownedBySubmitter) return null;
  const account = await ctx.db
    .query("payoutAccounts")
    .withIndex("by_user", (q) => q.eq("userId", s.authorId))
    .unique();
  return account?.ready ? account.stripeAccountId : null;
}

// --- Decisions -------------------------------------------------------------------------------

export async function createAward(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  winner: Doc<"submissions">,
  amountCents: number,
  claimDeadline: number,
) {
  const destination = await payableDestination(ctx, winner);
  const awardId = await ctx.db.insert("awards", {
    ideaId: contribution.ideaId,
    contributionId: contribution._id,
    submissionId: winner._id,
    creatorId: winner.authorId,
    amountCents,
    status: destination ? "paying" : "waiting",
    claimDeadline,
  });
  await ctx.db.patch("contributions", contribution._id, {
    settled: true,
    outcome: "awarded",
    awardedSubmissionId: winner._id,
  });
  if (destination) {
    await planMovement(ctx, {
      kind: "transfer",
      contribution,
      amountCents,
      reason: "award",
      awardId,
      destination,
    });
  } else {
    await ctx.scheduler.runAt(claimDeadline, internal.settlement.expireClaim, { awardId });
  }
}

/** Why a hidden idea's money went back (model/money/moderation.ts). */
export const HIDDEN_IDEA_REFUND_REASON = "idea_hidden";

/** What no award holds goes back to its contributor. */
export async function refundHeld(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  reason: string,
) {
  const buckets = await currentBuckets(ctx, contribution._id);
  await ctx.db.patch("contributions", contribution._id, { settled: true, outcome: "refund" });
  await planMovement(ctx, {
    kind: "refund",
    contribution,
    amountCents: heldCents(buckets),
    reason,
  });
}

/**
 * Money nobody delivered for, whose backer chose "let me move it": it waits up to a week for
 * them to pick an open idea (model/money/moves.ts), then is refunded. Its held reason and
 * deadline follow from the row (ledger.ts); the backer is told (model/triggers.ts).
 */
async function waitToMove(ctx: MutationCtx, contribution: Doc<"contributions">) {
  const moveBy = moveDeadlineOf(Date.now());
  await ctx.db.patch("contributions", contribution._id, {
    settled: true,
    outcome: "move_waiting",
    moveBy,
  });
  await ctx.scheduler.runAt(moveBy, internal.moves.expire, { contributionId: contribution._id });
}

/** Settles one paid contribution by the rules (no-op when already settled or frozen). */
export async function settleContribution(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  idea: Doc<"proposals">,
) {
  if (contribution.settled || contribution.status !== "paid") return;
  const buckets = await currentBuckets(ctx, contribution._id);
  // Frozen by a dispute: settled when it closes (follow.ts).
  if (buckets.disputedCents > 0) return;
  const amount = heldCents(buckets);
  if (amount <= 0) {
    await ctx.db.patch("contributions", contribution._id, { settled: true });
    return;
  }
  if (contribution.unmatched || !countsTowardBounty(contribution))
    return await refundHeld(ctx, contribution, "not_counted");
  if (idea.removedAt !== undefined)
    return await refundHeld(ctx, contribution, HIDDEN_IDEA_REFUND_REASON);
  const winner = await recipientFor(ctx, contribution, idea);
  if (winner === null) {
    // Nobody to pay: its backer chose to move it to another idea, so it waits a week for them.
    if (waitsToMove(contribution, buckets)) return await waitToMove(ctx, contribution);
    return await refundHeld(ctx, contribution, "no_eligible_submission");
  }
  await createAward(ctx, contribution, winner, amount, claimDeadlineOf(idea.expiration));
}

const BATCH = 50;

/**
 * The one settlement entry point: when settlement is due (rules.ts settlementDue), freeze the
 * people's choice, then settle the idea's paid contributions in bounded batches. Returns the
 * cursor of the next batch (null when done) and whether this batch ended the idea (its outcome
 * is then announced by the caller: money does not call notifications).
 */
export async function settleIdea(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  now: number,
  cursor: string | null,
): Promise<{ next: string | null; settled: boolean }> {
  const done = { next: null, settled: false };
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.status === "open") return done;
  const anyEligible = (await currentPeoplesChoice(ctx, ideaId)) !== null;
  if (!settlementDue(idea.expiration, now, anyEligible)) return done;
  await freezePeoplesChoice(ctx, idea, now);
  const judged = (await ctx.db.get("proposals", ideaId))!;
  const page = await ctx.db
    .query("contributions")
    .withIndex("by_idea_status", (q) =>
      q.eq("ideaId", ideaId).eq("status", "paid").eq("settled", false),
    )
    .paginate({ numItems: BATCH, cursor });
  for (const contribution of page.page) await settleContribution(ctx, contribution, judged);
  if (!page.isDone) return { next: page.continueCursor, settled: false };
  if (judged.status === "settled") return done;
  await ctx.db.patch("proposals", ideaId, { status: "settled" });
  return { next: null, settled: true };
}
