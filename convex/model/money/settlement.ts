// The settlement rules (product rules "Money"): which videos can win, who wins each
// contribution, the claim window, and awards that follow Stripe's view of each charge. Every
// decision that moves money plans its movement here, in the same transaction (model/movements).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { judgingEndsAt } from "../ideas";
import { DAY_MS } from "../labels";
import { CLAIM_WINDOW_DAYS } from "./states";
import {
  awardableCents,
  countsTowardBounty,
  heldCents,
  recordAwardLine,
  syncMoney,
} from "./ledger";
import { planMovement } from "./movements";
import { QUALIFYING_ACCOUNT_AGE_DAYS } from "../voteRule";
import { notifyAwarded, notifyOutcome } from "../notify";

export function claimDeadlineOf(proposal: Doc<"proposals">): number {
  return judgingEndsAt(proposal.expiration) + CLAIM_WINDOW_DAYS * DAY_MS;
}

// --- Eligibility ----------------------------------------------------------------------------

/** Why a video cannot win (empty: it can). Ownership may still be proven later. */
export function ineligibleReasons(s: Pick<Doc<"submissions">, "checklist">): string[] {
  const reasons: string[] = [];
  if (!s.checklist.exists) reasons.push("The video could not be found on its platform.");
  if (s.checklist.publishedAfterIdea !== true)
    reasons.push(
      s.checklist.publishedAfterIdea === false
        ? "It was published before the idea was posted."
        : "Its platform did not say when it was published.",
    );
  if (s.checklist.durationAllowed !== true)
    reasons.push(
      s.checklist.durationAllowed === false
        ? "Its length is not one the idea allows."
        : "Its platform did not say how long it is.",
    );
  return reasons;
}

export function isEligible(s: Pick<Doc<"submissions">, "checklist">): boolean {
  return ineligibleReasons(s).length === 0;
}

// --- Qualified votes ------------------------------------------------------------------------

export { QUALIFYING_ACCOUNT_AGE_DAYS };

/**
 * Whether a person's votes decide money on an idea (product rules "Votes"): their account
 * existed before the idea was posted, or is at least 7 days old when judging ends.
 */
export function voteQualifies(voter: Doc<"users">, proposal: Doc<"proposals">): boolean {
  return (
    voter._creationTime < proposal._creationTime ||
    voter._creationTime <= judgingEndsAt(proposal.expiration) - QUALIFYING_ACCOUNT_AGE_DAYS * DAY_MS
  );
}

// --- Winners --------------------------------------------------------------------------------

/**
 * Eligible submissions in the people's-choice order (most counted votes, earlier first among
 * equals), read lazily group by group so no cap hides a lower-ranked one.
 */
async function* ranked(ctx: QueryCtx, proposalId: Id<"proposals">) {
  let below: number | null = null;
  for (;;) {
    const top: Doc<"submissions"> | null = await ctx.db
      .query("submissions")
      .withIndex("by_proposal_eligible_qualified", (q) => {
        const eligible = q.eq("proposalId", proposalId).eq("eligible", true);
        return below === null ? eligible : eligible.lt("qualifiedVotes", below);
      })
      .order("desc")
      .first();
    if (top === null) return;
    const votes = top.qualifiedVotes ?? 0;
    const group = ctx.db
      .query("submissions")
      .withIndex("by_proposal_eligible_qualified", (q) =>
        q.eq("proposalId", proposalId).eq("eligible", true).eq("qualifiedVotes", votes),
      )
      .order("asc");
    for await (const s of group) yield s;
    below = votes;
  }
}

/** The people's choice now (used once, when judging ends, and for the expected payout). */
export async function currentPeoplesChoice(ctx: QueryCtx, proposalId: Id<"proposals">) {
  for await (const s of ranked(ctx, proposalId)) if (isEligible(s)) return s;
  return null;
}

/** Freezes the people's choice when judging ends: later money follows the same winner. */
export async function freezePeoplesChoice(
  ctx: MutationCtx,
  proposal: Doc<"proposals">,
  now: number,
) {
  if (proposal.judgedAt !== undefined) return proposal.peoplesChoiceId ?? null;
  const winner = await currentPeoplesChoice(ctx, proposal._id);
  await ctx.db.patch("proposals", proposal._id, {
    peoplesChoiceId: winner?._id ?? null,
    judgedAt: now,
  });
  return winner?._id ?? null;
}

export async function pickOf(ctx: QueryCtx, userId: Id<"users">, proposalId: Id<"proposals">) {
  return await ctx.db
    .query("picks")
    .withIndex("by_user_proposal", (q) => q.eq("userId", userId).eq("proposalId", proposalId))
    .unique();
}

/** A pick counts if it is still an eligible video of this idea, not the contributor's own. */
function validPick(s: Doc<"submissions"> | null, proposalId: Id<"proposals">, userId: Id<"users">) {
  return s !== null && s.proposalId === proposalId && isEligible(s) && s.authorId !== userId;
}

/** Who receives a contribution: the contributor's pick, else the frozen people's choice. */
export async function winnerFor(
  ctx: QueryCtx,
  contribution: Doc<"contributions">,
  peoplesChoiceId: Id<"submissions"> | null,
): Promise<Doc<"submissions"> | null> {
  const contributor = contribution.contributorId;
  if (contribution.payoutPreference === "customer_choice" && contributor) {
    const pick = await pickOf(ctx, contributor, contribution.proposalId);
    const picked = pick ? await ctx.db.get("submissions", pick.submissionId) : null;
    if (validPick(picked, contribution.proposalId, contributor)) return picked;
  }
  return peoplesChoiceId ? await ctx.db.get("submissions", peoplesChoiceId) : null;
}

// --- Creators being payable -----------------------------------------------------------------

/** The Connect account a submission's creator can be paid on now, or null. */
export async function payableDestination(ctx: QueryCtx, s: Doc<"submissions">) {
  if (!s.checklist.ownedBySubmitter) return null;
  const account = await ctx.db
    .query("payoutAccounts")
    .withIndex("by_user", (q) => q.eq("userId", s.authorId))
    .unique();
  return account?.ready ? account.stripeAccountId : null;
}

async function activeAward(ctx: QueryCtx, contributionId: Id<"contributions">) {
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contributionId))
    .take(50);
  return awards.find((a) => a.status === "waiting" || a.status === "paying" || a.status === "paid");
}

async function movementsOf(ctx: QueryCtx, contributionId: Id<"contributions">) {
  return await ctx.db
    .query("moneyMovements")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contributionId))
    .take(200);
}

async function createAward(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  winner: Doc<"submissions">,
  amountCents: number,
  claimDeadline: number,
) {
  const destination = await payableDestination(ctx, winner);
  const awardId = await ctx.db.insert("awards", {
    proposalId: contribution.proposalId,
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
  await recordAwardLine(ctx, (await ctx.db.get("awards", awardId))!, "awarded", amountCents);
  await notifyAwarded(ctx, awardId);
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

async function refundHeld(ctx: MutationCtx, contribution: Doc<"contributions">, reason: string) {
  const buckets = await syncMoney(ctx, contribution._id);
  await ctx.db.patch("contributions", contribution._id, { settled: true, outcome: "refund" });
  await planMovement(ctx, {
    kind: "refund",
    contribution,
    amountCents: heldCents(buckets),
    reason,
  });
}

// --- Settlement -----------------------------------------------------------------------------

/** Settles one paid contribution by the rules (no-op when already settled or frozen). */
export async function settleContribution(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  proposal: Doc<"proposals">,
) {
  if (contribution.settled || contribution.status !== "paid") return;
  const buckets = await syncMoney(ctx, contribution._id);
  // Frozen by a dispute: settled when it closes (followCharge).
  if (buckets.disputedCents > 0) return;
  const amount = heldCents(buckets);
  if (amount <= 0) {
    await ctx.db.patch("contributions", contribution._id, { settled: true });
    return;
  }
  if (contribution.unmatched || !countsTowardBounty(contribution))
    return await refundHeld(ctx, contribution, "not_counted");
  const winner = await winnerFor(ctx, contribution, proposal.peoplesChoiceId ?? null);
  if (winner === null) return await refundHeld(ctx, contribution, "no_eligible_submission");
  await createAward(ctx, contribution, winner, amount, claimDeadlineOf(proposal));
}

const BATCH = 50;

/**
 * The one settlement entry point: at the end of judging, freeze the people's choice, then
 * settle the idea's paid contributions in bounded batches. Returns the cursor of the next batch
 * (null when done).
 */
export async function settleIdea(
  ctx: MutationCtx,
  proposalId: Id<"proposals">,
  now: number,
  cursor: string | null,
): Promise<string | null> {
  const proposal = await ctx.db.get("proposals", proposalId);
  if (proposal === null || proposal.status === "open") return null;
  if (judgingEndsAt(proposal.expiration) > now) return null;
  await freezePeoplesChoice(ctx, proposal, now);
  const judged = (await ctx.db.get("proposals", proposalId))!;
  const page = await ctx.db
    .query("contributions")
    .withIndex("by_proposal_status", (q) =>
      q.eq("proposalId", proposalId).eq("status", "paid").eq("settled", false),
    )
    .paginate({ numItems: BATCH, cursor });
  for (const contribution of page.page) await settleContribution(ctx, contribution, judged);
  if (!page.isDone) return page.continueCursor;
  if (judged.status !== "settled")
    await ctx.db.patch("proposals", proposalId, { status: "settled" });
  if (judged.status !== "settled") await notifyOutcome(ctx, proposalId);
  return null;
}

// --- Awards follow the charge ---------------------------------------------------------------

/**
 * After anything changed a contribution's money (a refund, a dispute, a movement made): lower
 * its award to what can still be paid, reverse transfers beyond that (all of them while a
 * dispute is open, or when no award wants them any more), transfer what is due once the
 * creator is payable, and send back money that no award holds (a dispute won after a refund
 * decision, a cancelled award), and settle money that is free again (late money).
 */
export async function followCharge(
  ctx: MutationCtx,
  contributionId: Id<"contributions">,
  now: number,
) {
  const contribution = await ctx.db.get("contributions", contributionId);
  if (
    contribution === null ||
    (contribution.status !== "paid" && contribution.status !== "refunded")
  )
    return;
  const buckets = await syncMoney(ctx, contributionId);
  const proposal = await ctx.db.get("proposals", contribution.proposalId);
  if (proposal === null) return;
  if (!contribution.settled) {
    if (proposal.judgedAt !== undefined) await settleContribution(ctx, contribution, proposal);
    return;
  }
  const award = await activeAward(ctx, contributionId);
  const movements = await movementsOf(ctx, contributionId);
  const inFlight = (kind: string) =>
    movements
      .filter((m) => m.kind === kind && (m.state === "planned" || m.state === "sent"))
      .reduce((sum, m) => sum + m.amountCents, 0);
  const frozen = buckets.disputedCents > 0;

  // What the award may still pay: lowered by refunds (any state) and chargebacks.
  let amount = 0;
  if (award) {
    amount = Math.min(award.amountCents, Math.max(0, awardableCents(buckets)));
    if (amount < award.amountCents) {
      await ctx.db.patch("awards", award._id, { amountCents: amount });
      await recordAwardLine(ctx, award, "award_reduced", award.amountCents - amount);
    }
  }

  // Transfers beyond what is wanted now are reversed, from the confirmed ones.
  const wanted = frozen || !award ? 0 : amount;
  const transferring = inFlight("transfer");
  const reversing = inFlight("reversal");
  const excess = buckets.transferredCents + transferring - reversing - wanted;
  let left = Math.min(excess, buckets.transferredCents - reversing);
  for (const t of movements.filter((m) => m.kind === "transfer" && m.state === "confirmed")) {
    if (left <= 0) break;
    const reversed = movements
      .filter(
        (m) =>
          m.kind === "reversal" &&
          m.transferId === t.stripeId &&
          (m.state === "planned" || m.state === "sent" || m.state === "confirmed"),
      )
      .reduce((sum, m) => sum + m.amountCents, 0);
    const part = Math.min(left, t.amountCents - reversed);
    if (part <= 0) continue;
    await planMovement(ctx, {
      kind: "reversal",
      contribution,
      amountCents: part,
      reason: frozen ? "dispute" : "refund_after_award",
      ...(t.awardId ? { awardId: t.awardId } : {}),
      transferId: t.stripeId!,
    });
    left -= part;
  }

  if (award === undefined) {
    // A refund outcome or a cancelled award: whatever is free again goes back to its payer.
    if (!frozen && heldCents(buckets) > 0 && transferring === 0 && reversing === 0)
      await refundHeld(
        ctx,
        contribution,
        contribution.outcome === "refund" ? "no_eligible_submission" : "award_cancelled",
      );
    return;
  }
  const submission = await ctx.db.get("submissions", award.submissionId);
  const destination = submission ? await payableDestination(ctx, submission) : null;
  if (excess < 0 && award.status !== "waiting" && destination && !frozen) {
    await planMovement(ctx, {
      kind: "transfer",
      contribution,
      amountCents: -excess,
      reason: "award",
      awardId: award._id,
      destination,
    });
  }
  const status =
    amount === 0
      ? ("cancelled" as const)
      : !frozen && buckets.transferredCents >= amount
        ? ("paid" as const)
        : award.status === "paid"
          ? ("paying" as const)
          : award.status;
  if (status !== award.status)
    await ctx.db.patch("awards", award._id, {
      status,
      ...(status === "paid" && award.paidAt === undefined ? { paidAt: now } : {}),
    });
  if (status === "cancelled" && !frozen && heldCents(buckets) > 0 && reversing === 0)
    await refundHeld(ctx, contribution, "award_cancelled");
  // A claim window that ended while the money was frozen is applied now.
  if (status === "waiting" && !frozen && now >= award.claimDeadline)
    await expireClaim(ctx, award._id, now);
}

// --- The claim window -----------------------------------------------------------------------

/**
 * At the claim deadline, an award whose creator is still not payable passes to the next
 * eligible video (people's-choice order) whose creator is already payable; else it is refunded.
 */
export async function expireClaim(ctx: MutationCtx, awardId: Id<"awards">, now: number) {
  const award = await ctx.db.get("awards", awardId);
  if (award === null || award.status !== "waiting" || now < award.claimDeadline) return;
  const contribution = await ctx.db.get("contributions", award.contributionId);
  if (contribution === null) return;
  const buckets = await syncMoney(ctx, contribution._id);
  if (buckets.disputedCents > 0) return; // frozen: decided when the dispute closes
  const submission = await ctx.db.get("submissions", award.submissionId);
  if (submission && (await payableDestination(ctx, submission)))
    return await becomePaying(ctx, award);
  await ctx.db.patch("awards", awardId, { status: "passed" });
  await recordAwardLine(ctx, award, "award_passed", award.amountCents);
  const tried = new Set(
    (
      await ctx.db
        .query("awards")
        .withIndex("by_contribution", (q) => q.eq("contributionId", contribution._id))
        .take(50)
    ).map((a) => a.submissionId),
  );
  for await (const next of ranked(ctx, award.proposalId)) {
    if (tried.has(next._id) || !isEligible(next)) continue;
    if (contribution.contributorId && next.authorId === contribution.contributorId) continue;
    if (!(await payableDestination(ctx, next))) continue;
    return await createAward(ctx, contribution, next, award.amountCents, award.claimDeadline);
  }
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
  const buckets = await syncMoney(ctx, contribution._id);
  if (buckets.disputedCents > 0) return; // transferred once the dispute closes won
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
