// The money rules, written once (product rules "Votes" and "Money"). Pure: no database, no
// clock, no Stripe. Settlement, the claim-window pass, the payout figures, the money views, the
// operator page and the randomised money test all ask these functions, so no screen can say
// something settlement would not do. The web app imports them too (vote words, labels).
import type { Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { judgingEndsAt } from "../labels";
import { DAY_MS } from "../labels";
import type { IdeaStatus } from "../validators";
import type {
  AwardStatus,
  ContributionOutcome,
  HeldReason,
  IfNobodyDelivers,
  moneyBucketsValidator,
  PayoutPreference,
} from "./states";

// --- Where a contribution's money is ---------------------------------------------------------

/**
 * A paid contribution's money, in cents, by where it is (model/money/ledger.ts keeps them).
 * refundFailedCents: refunds that failed and were not refunded again since (the operator's).
 */
export type Buckets = Infer<typeof moneyBucketsValidator>;

export const EMPTY_BUCKETS: Required<Buckets> = {
  collectedCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  refundFailedCents: 0,
  transferredCents: 0,
  disputedCents: 0,
  lostCents: 0,
  movedCents: 0,
};

/** Stored buckets with every bucket present (rows kept before money could move have no `movedCents`). */
export function fullBuckets(b: Buckets | undefined): Required<Buckets> {
  return { ...EMPTY_BUCKETS, ...b, movedCents: b?.movedCents ?? 0 };
}

/** Money still on the platform for its contributor or a creator: nothing else explains it. */
export function heldCents(b: Buckets): number {
  return (
    b.collectedCents -
    b.refundedCents -
    b.refundingCents -
    b.refundFailedCents -
    b.transferredCents -
    b.disputedCents -
    b.lostCents -
    (b.movedCents ?? 0)
  );
}

/** What can still go to a creator: collected, less refunds (any state), losses and moves. */
export function awardableCents(b: Buckets): number {
  return (
    b.collectedCents -
    b.refundedCents -
    b.refundingCents -
    b.refundFailedCents -
    b.lostCents -
    (b.movedCents ?? 0)
  );
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
export function capFailures<B extends Buckets>(b: B): B {
  const onPlatform =
    b.collectedCents -
    b.refundedCents -
    b.refundingCents -
    b.transferredCents -
    b.disputedCents -
    b.lostCents -
    (b.movedCents ?? 0);
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

/**
 * A payment is settled as soon as it is paid once judging ended (it follows the frozen winner) —
 * or once an operator hid the idea, which ends it (it goes back at once, never to a video).
 */
export const settlesOnArrival = (idea: { judgedAt?: number; removedAt?: number }) =>
  idea.judgedAt !== undefined || idea.removedAt !== undefined;

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
  /** Settlement's word for it (absent: not settled, or settled before outcomes could wait). */
  outcome?: ContributionOutcome;
}): HeldReason {
  if (m.disputed) return "frozen";
  if (m.needsAttention) return "needs_attention";
  if (!m.settled) return "judging";
  if (m.award?.status === "waiting") return "waiting_for_creator";
  if (m.award !== null && isLiveAward(m.award)) return "being_paid";
  if (m.outcome === "move_waiting") return "waiting_to_move";
  return "returning";
}

/**
 * Until when money held for this reason waits (null: it is moving, or an operator is on it).
 * `moveBy`: the end of the week its backer has to move it (waiting_to_move).
 */
export function heldUntil(
  reason: HeldReason,
  expiration: number,
  moveBy?: number | null,
): number | null {
  if (reason === "judging") return judgingEndsAt(expiration);
  if (reason === "waiting_for_creator") return claimDeadlineOf(expiration);
  if (reason === "waiting_to_move") return moveBy ?? null;
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

// --- Moving money to another idea (product rules "Moving money to another idea") -------------

/** How long money nobody delivered for waits for its backer to pick another idea. */
export const MOVE_WAIT_DAYS = 7;
/** The destination's judging must end within this many days of the original payment. */
export const MOVE_WINDOW_DAYS = 120;

export function moveDeadlineOf(endedAt: number): number {
  return endedAt + MOVE_WAIT_DAYS * DAY_MS;
}

/** The last moment a destination's judging may end for money paid at `paidAt`. */
export function moveWindowEndOf(paidAt: number): number {
  return paidAt + MOVE_WINDOW_DAYS * DAY_MS;
}

/** A contribution as the move rules read it. */
export interface MovableContribution {
  ideaId: Id<"proposals">;
  contributorId?: Id<"users">;
  paidAt?: number;
  ifNobodyDelivers?: IfNobodyDelivers;
  outcome?: ContributionOutcome;
  moveBy?: number;
  movedToId?: Id<"contributions">;
  movedFrom?: { paidAt: number };
}

/** When the original payment was made: a move's own row keeps the first payment's time. */
export function originalPaidAt(c: MovableContribution): number | null {
  return c.movedFrom?.paidAt ?? c.paidAt ?? null;
}

/**
 * Whether money nobody delivered for waits for its backer to move it (rather than going back at
 * once): they chose so, it never moved before (one move per contribution), a signed-in backer
 * can pick, and the money is clean — no dispute, no failed refund (their money is the
 * operator's to sort out first).
 */
export function waitsToMove(c: MovableContribution, b: Buckets): boolean {
  return (
    c.ifNobodyDelivers === "move" &&
    c.movedFrom === undefined &&
    c.movedToId === undefined &&
    c.contributorId !== undefined &&
    b.disputedCents === 0 &&
    b.refundFailedCents === 0 &&
    heldCents(b) > 0
  );
}

/** Whether the backer may still change "if nobody delivers": until the idea ends for this money. */
export function nobodyDeliversChoiceOpen(
  c: { settled: boolean; movedFrom?: unknown; status: string },
  idea: { status: IdeaStatus },
): boolean {
  return (
    !c.settled && c.movedFrom === undefined && idea.status !== "settled" && c.status === "paid"
  );
}

export const MOVE_MESSAGES = {
  notYours: "Only the person who contributed can move this money.",
  notWaiting: "This money is not waiting to be moved.",
  movedAlready: "This money has already moved once: it can't move again.",
  timeUp: "The week to move this money has ended: it is being refunded to your card.",
  sameIdea: "Choose another idea: this money comes from this one.",
  ownIdea: "You can't move money to your own idea.",
  notOpen: "That idea is no longer open for funding.",
  tooLate:
    "That idea's judging ends more than 120 days after your payment, so a refund could no longer reach your card. Choose an idea that ends sooner.",
  frozen: "This money is frozen by a card dispute and can't move now.",
} as const;

/** Why money can't move to this destination now (null: it can). */
export function moveProblem(args: {
  moverId: Id<"users">;
  contribution: MovableContribution;
  held: number;
  disputed: boolean;
  destination: {
    _id: Id<"proposals">;
    authorId: Id<"users">;
    status: IdeaStatus;
    expiration: number;
  };
  now: number;
}): string | null {
  const { contribution: c, destination: d, now } = args;
  if (c.contributorId !== args.moverId) return MOVE_MESSAGES.notYours;
  if (c.movedToId !== undefined || c.movedFrom !== undefined) return MOVE_MESSAGES.movedAlready;
  if (c.outcome !== "move_waiting" || args.held <= 0) return MOVE_MESSAGES.notWaiting;
  if (args.disputed) return MOVE_MESSAGES.frozen;
  if (c.moveBy === undefined || now >= c.moveBy) return MOVE_MESSAGES.timeUp;
  return destinationProblem(args.moverId, c, d, now);
}

/**
 * Why an idea can't receive this money (null: it can). Also what the idea picker shows; `now`
 * is null in a query (which reads no clock: the idea's own status says whether it is open).
 */
export function destinationProblem(
  moverId: Id<"users">,
  c: MovableContribution,
  d: { _id: Id<"proposals">; authorId: Id<"users">; status: IdeaStatus; expiration: number },
  now: number | null,
): string | null {
  if (d._id === c.ideaId) return MOVE_MESSAGES.sameIdea;
  if (d.authorId === moverId) return MOVE_MESSAGES.ownIdea;
  if (d.status !== "open" || (now !== null && d.expiration <= now)) return MOVE_MESSAGES.notOpen;
  const paidAt = originalPaidAt(c);
  if (paidAt === null || judgingEndsAt(d.expiration) > moveWindowEndOf(paidAt))
    return MOVE_MESSAGES.tooLate;
  return null;
}

// --- Extending the deadline, and backers taking their money back ------------------------------

export const EXTEND_MIN_DAYS = 1;
export const EXTEND_MAX_DAYS = 30;
/** An extension must come at least this long before the deadline. */
export const EXTEND_NOTICE_MS = 24 * 60 * 60 * 1000;

export const EXTEND_MESSAGES = {
  notPoster: "Only the idea's poster can extend its deadline.",
  once: "This idea's deadline was already extended once.",
  notOpen: "Only an open idea's deadline can be extended.",
  tooLate: "The deadline can be extended only until 24 hours before it.",
  days: `Extend by ${EXTEND_MIN_DAYS} to ${EXTEND_MAX_DAYS} days.`,
} as const;

/** Why this poster can't extend this idea by `days` now (null: they can). */
export function extensionProblem(args: {
  userId: Id<"users">;
  idea: { authorId: Id<"users">; status: IdeaStatus; expiration: number; extension?: unknown };
  days: number;
  now: number;
}): string | null {
  const { idea, days, now } = args;
  if (idea.authorId !== args.userId) return EXTEND_MESSAGES.notPoster;
  if (idea.extension !== undefined) return EXTEND_MESSAGES.once;
  if (idea.status !== "open" || idea.expiration <= now) return EXTEND_MESSAGES.notOpen;
  if (!Number.isInteger(days) || days < EXTEND_MIN_DAYS || days > EXTEND_MAX_DAYS)
    return EXTEND_MESSAGES.days;
  if (idea.expiration - now < EXTEND_NOTICE_MS) return EXTEND_MESSAGES.tooLate;
  return null;
}

export const WITHDRAW_MESSAGES = {
  notYours: "Only the person who contributed can take this money back.",
  notExtended: "Money can be taken back only after the poster extends the deadline.",
  afterExtension: "You funded this idea after its deadline was extended, so this money stays in.",
  tooLate: "The time to take this money back ended at the original deadline.",
  nothing: "There is no money of this contribution left to take back.",
  frozen: "This money is frozen by a card dispute and can't be taken back now.",
} as const;

/**
 * Why this contribution can't be taken back now (null: it can). After an extension, every
 * backer who paid before it may take their money back until the original deadline.
 */
export function withdrawProblem(args: {
  contribution: { settled: boolean; paidAt?: number; status: string };
  extension: { from: number; at: number } | undefined;
  held: number;
  disputed: boolean;
  now: number;
}): string | null {
  const { contribution: c, extension, now } = args;
  if (extension === undefined) return WITHDRAW_MESSAGES.notExtended;
  if (now >= extension.from) return WITHDRAW_MESSAGES.tooLate;
  if (c.paidAt === undefined || c.paidAt >= extension.at) return WITHDRAW_MESSAGES.afterExtension;
  if (args.disputed) return WITHDRAW_MESSAGES.frozen;
  if (c.status !== "paid" || c.settled || args.held <= 0) return WITHDRAW_MESSAGES.nothing;
  return null;
}
