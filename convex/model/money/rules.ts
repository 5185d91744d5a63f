// The money rules, written once (product rules "Votes" and "Money"). Pure: no database, no
// clock, no Stripe. Settlement, the claim-window pass, the payout figures, the money views, the
// operator page and the randomised money test all ask these functions, so no screen can say
// something settlement would not do. The web app imports them too (vote words, labels).
import type { Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { judgingEndsAt } from "../labels";
import { DAY_MS } from "../labels";
import type { IdeaStatus } from "../validators";
import type { AwardStatus, HeldReason, moneyBucketsValidator, PayoutPreference } from "./states";

// --- Where a contribution's money is ---------------------------------------------------------

/**
 * A paid contribution's money, in cents, by where it is (model/money/ledger.ts keeps them).
 * refundFailedCents: refunds that failed and were not refunded again since (the operator's).
 */
export type Buckets = Infer<typeof moneyBucketsValidator>;

export const EMPTY_BUCKETS: Buckets = {
  collectedCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  refundFailedCents: 0,
  transferredCents: 0,
  disputedCents: 0,
  lostCents: 0,
};

/** Money still on the platform for its contributor or a creator: nothing else explains it. */
export function heldCents(b: Buckets): number {
  return (
    b.collectedCents -
    b.refundedCents -
    b.refundingCents -
    b.refundFailedCents -
    b.transferredCents -
    b.disputedCents -
    b.lostCents
  );
}

/** What can still go to a creator: collected, less refunds (any state) and losses. */
export function awardableCents(b: Buckets): number {
  return b.collectedCents - b.refundedCents - b.refundingCents - b.refundFailedCents - b.lostCents;
}

/** What of the money counts toward the bounty: neither refunded (any state), disputed nor lost. */
export function countingCents(b: Buckets): number {
  return heldCents(b) + b.transferredCents;
}

/**
 * What of a contribution its award's creator should hold now: what the award may still pay
 * (lowered by refunds and chargebacks), and nothing while a dispute freezes the payment.
 */
export function wantedTransferCents(b: Buckets, award: { amountCents: number } | null): number {
  if (award === null || b.disputedCents > 0) return 0;
  return Math.min(award.amountCents, Math.max(0, awardableCents(b)));
}

/** A refund of a payment, as Stripe (or our own planned movement) tells it. */
export interface RefundRecord {
  amountCents: number;
  /** Stripe's status: pending, requires_action, succeeded, failed, canceled. */
  status: string;
  /** When it was made (Stripe's `created`). */
  createdAt: number;
  /** When it failed, as early as we know it (null while it has not). */
  failedAt: number | null;
  /**
   * Whether it may be the redo of an earlier failed refund: any refund we did not plan
   * ourselves for other money (the Dashboard's, the operator's).
   */
  mayRedo: boolean;
}

/** A dispute still open (its money is frozen); closed ones are won, lost or warning_closed. */
export function disputeIsOpen(status: string): boolean {
  return !["won", "lost", "warning_closed", "charge_refunded"].includes(status);
}

export function refundFinished(status: string): "succeeded" | "failed" | null {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return null;
}

/**
 * Refunded, refunding and refund-failed cents of one payment. A failed refund's money goes back
 * to the charge, so it can be refunded again: a later refund that we did not plan for other
 * money (the Dashboard's) covers earlier failures first, and a covered failure stops counting.
 * So a failure redone counts nowhere, and a refund that fails twice stands for its money once.
 */
export function refundBuckets(refunds: readonly RefundRecord[]) {
  type Step = { at: number; failure: boolean; refund: RefundRecord };
  const steps: Step[] = [];
  let refundedCents = 0;
  let refundingCents = 0;
  for (const refund of refunds) {
    const end = refundFinished(refund.status);
    if (end === "succeeded") refundedCents += refund.amountCents;
    if (end === null) refundingCents += refund.amountCents;
    steps.push({ at: refund.createdAt, failure: false, refund });
    if (end === "failed")
      steps.push({
        at: Math.max(refund.createdAt, refund.failedAt ?? refund.createdAt),
        failure: true,
        refund,
      });
  }
  // In time order; failures first among equals (Stripe's clock counts whole seconds).
  steps.sort((a, b) => a.at - b.at || Number(b.failure) - Number(a.failure));
  const failures: { refund: RefundRecord; left: number }[] = [];
  for (const { failure, refund } of steps) {
    if (failure) failures.push({ refund, left: refund.amountCents });
    else if (refund.mayRedo) {
      let cover = refund.amountCents;
      for (const f of failures) {
        if (f.refund === refund) continue; // never its own failure
        const part = Math.min(cover, f.left);
        f.left -= part;
        cover -= part;
      }
    }
  }
  const refundFailedCents = failures.reduce((sum, f) => sum + f.left, 0);
  return { refundedCents, refundingCents, refundFailedCents };
}

/**
 * A failed refund stands only for money still on the platform: money that left another way
 * since (a refund of ours planned before we heard of the failure, say) is owed to nobody.
 */
export function capFailures(b: Buckets): Buckets {
  const onPlatform =
    b.collectedCents -
    b.refundedCents -
    b.refundingCents -
    b.transferredCents -
    b.disputedCents -
    b.lostCents;
  return { ...b, refundFailedCents: Math.min(b.refundFailedCents, Math.max(0, onPlatform)) };
}

// --- Which videos can win --------------------------------------------------------------------

export interface Checklist {
  exists: boolean;
  ownedBySubmitter: boolean;
  publishedAfterIdea: boolean | null;
  durationAllowed: boolean | null;
}

/** Why a video cannot win (empty: it can). Ownership may still be proven later. */
export function ineligibleReasons(s: { checklist: Checklist }): string[] {
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

export function isEligible(s: { checklist: Checklist }): boolean {
  return ineligibleReasons(s).length === 0;
}

// --- Who receives a contribution -------------------------------------------------------------

export interface Candidate {
  _id: Id<"submissions">;
  ideaId: Id<"proposals">;
  authorId: Id<"users">;
  checklist: Checklist;
}

export interface Giver {
  ideaId: Id<"proposals">;
  contributorId?: Id<"users">;
  payoutPreference: PayoutPreference;
}

/** A contributor's own money never goes to their own video; only eligible videos of the idea win. */
export function mayReceive(c: Omit<Giver, "payoutPreference">, s: Candidate): boolean {
  return (
    s.ideaId === c.ideaId &&
    isEligible(s) &&
    (c.contributorId === undefined || s.authorId !== c.contributorId)
  );
}

/** A list of videos in order, read lazily (a database index) or at once (an array). */
export type Order<S> = AsyncIterable<S> | Iterable<S>;

/**
 * Who receives a contribution: the contributor's pick when they pick and it may receive; else
 * the first video of the people's order (the frozen people's choice first, then by counted
 * votes) that may receive it; null: nobody, the money is refunded.
 */
export async function recipientOf<S extends Candidate>(
  c: Giver,
  pick: S | null,
  peoplesOrder: Order<S>,
): Promise<S | null> {
  if (c.payoutPreference === "customer_choice" && pick !== null && mayReceive(c, pick)) return pick;
  return await nextRecipient(c, peoplesOrder, () => false);
}

/**
 * The first video of the people's order that may receive the contribution and is not skipped:
 * the claim window passes an award on this way, skipping videos already tried and creators not
 * payable yet.
 */
export async function nextRecipient<S extends Candidate>(
  c: Omit<Giver, "payoutPreference">,
  peoplesOrder: Order<S>,
  skip: (s: S) => boolean | Promise<boolean>,
): Promise<S | null> {
  for await (const s of peoplesOrder) if (mayReceive(c, s) && !(await skip(s))) return s;
  return null;
}

/**
 * A video's payout figures while they can change: expected (what it would receive if settlement
 * ran now) and max (what it would receive if it won everything it can win). `peoplesOrder` needs
 * to reach only as far as the video itself.
 */
export async function payoutFigures<S extends Candidate>(
  submission: S,
  contributions: readonly { giver: Giver; cents: number; frozen: boolean; pick: S | null }[],
  peoplesOrder: readonly S[],
) {
  let expectedCents = 0;
  let maxCents = 0;
  for (const { giver, cents, frozen, pick } of contributions) {
    if (!mayReceive(giver, submission)) continue;
    maxCents += cents;
    // Frozen by a dispute: settlement would award none of it now.
    if (!frozen && (await recipientOf(giver, pick, peoplesOrder))?._id === submission._id)
      expectedCents += cents;
  }
  return { expectedCents, maxCents };
}

// --- Awards and the claim window -------------------------------------------------------------

/** A winning creator's time to become payable, from the end of judging. */
export const CLAIM_WINDOW_DAYS = 30;

export function claimDeadlineOf(expiration: number): number {
  return judgingEndsAt(expiration) + CLAIM_WINDOW_DAYS * DAY_MS;
}

/** Awards still someone's: passed and cancelled ones are no longer anyone's. */
export const LIVE_AWARD_STATUSES = ["waiting", "paying", "paid"] as const;
export type LiveAwardStatus = (typeof LIVE_AWARD_STATUSES)[number];

export function isLiveAward<A extends { status: AwardStatus }>(
  a: A,
): a is A & { status: LiveAwardStatus } {
  return (LIVE_AWARD_STATUSES as readonly string[]).includes(a.status);
}

/**
 * When an idea is settled: at the end of judging; or at its deadline when no video can win,
 * since nothing can change any more then (submissions are closed).
 */
export function settlementDue(expiration: number, now: number, anyEligible: boolean): boolean {
  return now >= judgingEndsAt(expiration) || (now >= expiration && !anyEligible);
}

// --- Why money is still held -----------------------------------------------------------------

/**
 * Why a contribution's held money is still here. Frozen by a dispute and stuck on a movement
 * that needs attention come first: that money cannot move, so it is never said to.
 */
export function heldReasonOf(m: {
  disputed: boolean;
  needsAttention: boolean;
  settled: boolean;
  award: { status: AwardStatus } | null;
}): HeldReason {
  if (m.disputed) return "frozen";
  if (m.needsAttention) return "needs_attention";
  if (!m.settled) return "judging";
  if (m.award?.status === "waiting") return "waiting_for_creator";
  if (m.award !== null && isLiveAward(m.award)) return "being_paid";
  return "returning";
}

/** Until when money held for this reason waits (null: it is moving, or an operator is on it). */
export function heldUntil(reason: HeldReason, expiration: number): number | null {
  if (reason === "judging") return judgingEndsAt(expiration);
  if (reason === "waiting_for_creator") return claimDeadlineOf(expiration);
  return null;
}

/**
 * How several awards for one video show together: paid when all are; else the one that needs
 * saying first (frozen, held for the operator, being paid, waiting for the creator).
 */
export function combinedAwardStatus(statuses: readonly ShownAwardStatus[]): ShownAwardStatus {
  if (statuses.every((s) => s === "paid")) return "paid";
  for (const s of ["frozen", "on_hold", "paying", "waiting"] as const)
    if (statuses.includes(s)) return s;
  return "paid";
}

/** Held money the operator page lists (no deadline of ours will move it). */
export function operatorHolds(reason: HeldReason): boolean {
  return reason === "frozen" || reason === "needs_attention";
}

export const SHOWN_AWARD_STATUSES = [...LIVE_AWARD_STATUSES, "frozen", "on_hold"] as const;
export type ShownAwardStatus = (typeof SHOWN_AWARD_STATUSES)[number];

/** How an award shows: its own status, unless its money is frozen or stuck. */
export function shownAwardStatus(
  status: LiveAwardStatus,
  reason: HeldReason | null,
): ShownAwardStatus {
  if (status !== "paid" && reason === "frozen") return "frozen";
  if (status !== "paid" && reason === "needs_attention") return "on_hold";
  return status;
}

// --- Votes that decide money -----------------------------------------------------------------

/** An account younger than this when it votes does not decide money. */
export const QUALIFYING_ACCOUNT_AGE_DAYS = 7;

/** Submission votes close at the end of judging by the clock, whether settlement ran or not. */
export function submissionVotesOpen(expiration: number, now: number): boolean {
  return submissionVotesOpenAt(judgingEndsAt(expiration), now);
}

/**
 * Whether contributors may pick the winner of an idea: from its first submission until the end
 * of judging (the spec's winner-selection deadline), while the idea is not settled. `now` is
 * null in a query, which reads no clock: the idea's own state says it then (judging has ended
 * once settlement froze the people's choice). The one rule behind the pick itself, "pick your
 * winner by" and every "Pick your winner" on screen (stake.ts pickRight).
 */
export function picksOpen(
  idea: { status: IdeaStatus; expiration: number; judgedAt?: number },
  hasVideo: boolean,
  now: number | null,
): boolean {
  if (!hasVideo || idea.status === "settled" || idea.judgedAt !== undefined) return false;
  return now === null || submissionVotesOpen(idea.expiration, now);
}

/** The same, from the end of judging itself (what the idea page knows). */
export function submissionVotesOpenAt(judgingEnds: number, now: number): boolean {
  return now < judgingEnds;
}

/**
 * Whether a vote decides money (product rules "Votes"): the voter's account existed before the
 * idea was posted AND was at least 7 days old when the vote was cast. (With "or", accounts made
 * while the idea was open counted once they had aged 7 days during judging: five of them bought
 * a $10 award.)
 */
export function voteQualifies(voterCreatedAt: number, ideaCreatedAt: number, castAt: number) {
  return (
    voterCreatedAt < ideaCreatedAt &&
    castAt - voterCreatedAt >= QUALIFYING_ACCOUNT_AGE_DAYS * DAY_MS
  );
}

/**
 * The rule votes stored before each vote kept its own verdict were counted by (account 7 days
 * old at the end of judging): only to take such a vote back out of the counted total exactly.
 */
export function qualifiedUnderEarlierRule(
  voterCreatedAt: number,
  idea: { _creationTime: number; expiration: number },
) {
  return (
    voterCreatedAt < idea._creationTime ||
    voterCreatedAt <= judgingEndsAt(idea.expiration) - QUALIFYING_ACCOUNT_AGE_DAYS * DAY_MS
  );
}

/** What a stored vote adds to its video's counted total. */
export function countedValue(vote: { value: number; qualified: boolean }): number {
  return vote.qualified ? vote.value : 0;
}
