// The states and values of money, declared once: each list of states and the validator made
// from it, shared by the tables (tables.ts), the functions' arguments and returns, the rules and
// the web app (which shows them). Imports nothing of the app: every other money module, the
// schema and src/ can read it without an import loop.
import { v, type Infer } from "convex/values";
import { literals } from "convex-helpers/validators";

// --- Contributions ---------------------------------------------------------------------------

/** Where a contribution's payment is (README.md, "A contribution"). Moves only forward. */
export const CONTRIBUTION_STATUSES = [
  "pending",
  "processing",
  "paid",
  "failed",
  "expired",
  "refunded",
] as const;
export type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];
export const contributionStatusValidator = literals(...CONTRIBUTION_STATUSES);

/**
 * What settlement decided for a contribution's money: awarded, refunded, or (nobody delivered
 * and its backer chose so) waiting for its backer to move it to another idea, then moved.
 */
export const CONTRIBUTION_OUTCOMES = ["awarded", "refund", "move_waiting", "moved"] as const;
export type ContributionOutcome = (typeof CONTRIBUTION_OUTCOMES)[number];
export const contributionOutcomeValidator = literals(...CONTRIBUTION_OUTCOMES);

/**
 * A backer's choice for "if nobody delivers" (product rules "Moving money to another idea"):
 * refund me (the default), or let me move it to another idea.
 */
export const IF_NOBODY_DELIVERS = ["refund", "move"] as const;
export type IfNobodyDelivers = (typeof IF_NOBODY_DELIVERS)[number];
export const ifNobodyDeliversValidator = literals(...IF_NOBODY_DELIVERS);

/** Where moved money came from (on the contribution it became at its destination). */
export const movedFromValidator = v.object({
  contributionId: v.id("contributions"),
  ideaId: v.id("proposals"),
  /** When the original payment was made (the 120-day rule counts from it). */
  paidAt: v.number(),
});

/** How a contribution's money is awarded: the contributor's pick, or the people's choice. */
export const PAYOUT_PREFERENCES = ["customer_choice", "peoples_choice"] as const;
export type PayoutPreference = (typeof PAYOUT_PREFERENCES)[number];
export const payoutPreferenceValidator = literals(...PAYOUT_PREFERENCES);

/** The payer's details as Stripe Checkout collected them. */
export const customerDetailsValidator = v.object({
  name: v.optional(v.string()),
  email: v.optional(v.string()),
  country: v.optional(v.string()),
});

// --- Where the money is ----------------------------------------------------------------------

/**
 * Where a paid contribution's money is, in cents (ledger.ts keeps it). They add up to what
 * Stripe collected: collected = refunded + refunding + refundFailed + transferred + disputed +
 * lost + moved + held. `movedCents`: moved by its backer to another idea, where it is a
 * contribution of its own (absent on rows written before money could move: 0).
 */
export const moneyBucketsValidator = v.object({
  collectedCents: v.number(),
  refundedCents: v.number(),
  refundingCents: v.number(),
  refundFailedCents: v.number(),
  transferredCents: v.number(),
  disputedCents: v.number(),
  lostCents: v.number(),
  movedCents: v.optional(v.number()),
});
export const ledgerDeltasValidator = v.object({
  collectedCents: v.optional(v.number()),
  refundedCents: v.optional(v.number()),
  refundingCents: v.optional(v.number()),
  refundFailedCents: v.optional(v.number()),
  transferredCents: v.optional(v.number()),
  disputedCents: v.optional(v.number()),
  lostCents: v.optional(v.number()),
  movedCents: v.optional(v.number()),
});

/**
 * Why a contribution's held money is still on the platform (rules.ts heldReasonOf). Every reason
 * has a deadline (judging, the claim window, the week its backer has to move it), is moving
 * (being paid, returning) or is listed on the operator page (frozen by a dispute, a movement
 * that needs attention).
 */
export const HELD_REASONS = [
  "judging",
  "waiting_for_creator",
  "being_paid",
  "returning",
  "frozen",
  "needs_attention",
  "waiting_to_move",
] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
export const heldReasonValidator = literals(...HELD_REASONS);
/** How many held lines of each reason the operator page lists (it says when there are more). */
export const HELD_LINES_PER_REASON = 200;
/** What the money box and the operator page list: held money by reason, and failed refunds. */
export const HELD_LINE_REASONS = [...HELD_REASONS, "refund_failed"] as const;
export type HeldLineReason = (typeof HELD_LINE_REASONS)[number];
export const heldLineReasonValidator = literals(...HELD_LINE_REASONS);

/** An idea's totals: the sums of its contributions' buckets, and of its live awards. */
export const ledgerTotalsValidator = v.object({
  contributedCents: v.number(),
  refundedCents: v.number(),
  refundingCents: v.optional(v.number()),
  refundFailedCents: v.optional(v.number()),
  paidOutCents: v.number(),
  disputedCents: v.optional(v.number()),
  lostCents: v.optional(v.number()),
  awardedCents: v.number(),
  /** Moved by backers to other ideas (out of this one), and moved into this one from others. */
  movedOutCents: v.optional(v.number()),
  movedInCents: v.optional(v.number()),
  /** The held money by why it is held (rules.ts heldReasonOf); absent = none. */
  heldBy: v.optional(
    v.object({
      judging: v.optional(v.number()),
      waiting_for_creator: v.optional(v.number()),
      being_paid: v.optional(v.number()),
      returning: v.optional(v.number()),
      frozen: v.optional(v.number()),
      needs_attention: v.optional(v.number()),
      waiting_to_move: v.optional(v.number()),
    }),
  ),
});

/** One line of an idea's ledger: every change of where money is. */
export const LEDGER_KINDS = [
  "contributed",
  "refund_started",
  "refund_cancelled",
  "refunded",
  "refund_failed",
  "refund_redone",
  "awarded",
  "award_passed",
  "award_video_gone",
  "award_reduced",
  "paid_out",
  "reversed",
  "disputed",
  "dispute_won",
  "lost",
  "moved_out",
  "moved_in",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const ledgerKindValidator = literals(...LEDGER_KINDS);

/** Where a contribution's money is, as its contributor sees it. Several parts can coexist. */
export const FATE_STATES = [
  "not_finished", // checkout started, never completed: nothing was charged (an abandoned checkout)
  "processing", // paid at checkout, not yet confirmed by Stripe (a bank transfer in flight)
  "counting", // paid; counts toward the bounty; the winner is not decided yet (until: end of judging)
  "awarded_waiting", // awarded to a video whose creator is not payable yet (until: claim deadline)
  "awarded_paying", // awarded; the creator is payable and the transfer is being made
  "on_hold", // held: a transfer or reversal of it needs the operator's attention
  "returning", // no video receives it any more; refunded once the movements under way end
  "paid", // transferred to the creator (at: paid on)
  "refunding", // refund asked of Stripe, not confirmed yet
  "refunded", // Stripe confirmed the refund (at: refunded on)
  "refund_failed", // Stripe reported that the refund failed (listed for the operator)
  "disputed", // frozen by a card dispute (with the rest of the payment's held money)
  "lost", // lost to a chargeback
  "waiting_to_move", // nobody delivered; its backer may move it to another idea (until: then refunded)
  "moved", // moved by its backer to another idea (at: moved on; idea: where)
] as const;
export type FateState = (typeof FATE_STATES)[number];
export const fateStateValidator = literals(...FATE_STATES);

/** A video money goes to, with its creator's public name. */
export const submissionRefValidator = v.object({
  _id: v.id("submissions"),
  title: v.string(),
  creatorName: v.string(),
});
export type SubmissionRef = Infer<typeof submissionRefValidator>;

/** One part of where a contribution's money is. Several parts can coexist. */
export const fatePartValidator = v.object({
  state: fateStateValidator,
  amountCents: v.number(),
  /** When it reached this state (paid on, refunded on, failed on, disputed on). */
  at: v.nullable(v.number()),
  /** Deadline: end of judging for "counting", the claim deadline for "awarded_waiting". */
  until: v.nullable(v.number()),
  /** The video it goes to (awarded_* and paid). */
  submission: v.nullable(submissionRefValidator),
  /** The idea it moved to ("moved"); absent elsewhere. */
  idea: v.optional(v.object({ _id: v.id("proposals"), title: v.string() })),
});
export type FatePart = Infer<typeof fatePartValidator>;

// --- Awards ----------------------------------------------------------------------------------

/** README.md, "An award": waiting or paying → paid; passed on or cancelled. */
export const AWARD_STATUSES = ["waiting", "paying", "paid", "passed", "cancelled"] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];
export const awardStatusValidator = literals(...AWARD_STATUSES);
/** Why an award passed to the next video (its ledger line says which). */
export const AWARD_PASSED_BECAUSE = ["unclaimed", "video_gone"] as const;
export type AwardPassedBecause = (typeof AWARD_PASSED_BECAUSE)[number];
export const awardPassedBecauseValidator = literals(...AWARD_PASSED_BECAUSE);

// --- Movements -------------------------------------------------------------------------------

export const MOVEMENT_KINDS = ["refund", "transfer", "reversal"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const movementKindValidator = literals(...MOVEMENT_KINDS);
/** README.md, "A movement". */
export const MOVEMENT_STATES = [
  "planned",
  "sent",
  "confirmed",
  "failed",
  "cancelled",
  "needs_attention",
] as const;
export type MovementState = (typeof MOVEMENT_STATES)[number];
export const movementStateValidator = literals(...MOVEMENT_STATES);

/**
 * How a failed Stripe call ended, which decides the next idempotency key (product rules "Durable
 * movements", movements.ts nextKey): no answer at all (network: the request may have been
 * made), a 5xx (Stripe keeps its answer under the key for 24 h), a 429 or lock conflict (409:
 * nothing kept, nothing done), or a refusal.
 */
export const CALL_FAILURES = ["network", "server", "rate_limited", "refused"] as const;
export type CallFailure = (typeof CALL_FAILURES)[number];
export const callFailureValidator = literals(...CALL_FAILURES);

// --- What Stripe tells us --------------------------------------------------------------------

/** A Checkout Session as the app keeps it (webhooks and reconciliation both report it). */
export const sessionStateValidator = v.object({
  sessionId: v.string(),
  status: v.union(v.string(), v.null()),
  paymentStatus: v.union(v.string(), v.null()),
  paymentIntentId: v.optional(v.string()),
  amountTotal: v.union(v.number(), v.null()),
  currency: v.optional(v.string()),
  contributionId: v.optional(v.string()),
  customerDetails: v.optional(customerDetailsValidator),
});
export type SessionState = Infer<typeof sessionStateValidator>;

/** A refund as Stripe reports it (API answers and webhook events alike). */
export const refundStateValidator = v.object({
  refundId: v.string(),
  paymentIntentId: v.string(),
  amountCents: v.number(),
  status: v.string(),
  /** Stripe's `created`, in ms. */
  createdAt: v.optional(v.number()),
  /** When it failed, from the failure event's time (absent: not known from an event). */
  failedAt: v.optional(v.number()),
  movementId: v.optional(v.string()),
});
export type RefundState = Infer<typeof refundStateValidator>;

/** A card dispute as Stripe reports it; `status` is Stripe's (needs_response, won, lost…). */
export const disputeStateValidator = v.object({
  disputeId: v.string(),
  paymentIntentId: v.string(),
  amountCents: v.number(),
  status: v.string(),
});
export type DisputeState = Infer<typeof disputeStateValidator>;

/** What a verified webhook event means for us (stripeEvents.ts changeOf). */
export const eventChangeValidator = v.union(
  v.object({ kind: v.literal("session"), state: sessionStateValidator, failed: v.boolean() }),
  v.object({ kind: v.literal("refund"), refund: refundStateValidator }),
  v.object({ kind: v.literal("charge_refunds"), paymentIntentId: v.string() }),
  v.object({ kind: v.literal("dispute"), dispute: disputeStateValidator }),
  v.object({ kind: v.literal("account"), stripeAccountId: v.string(), ready: v.boolean() }),
  v.object({ kind: v.literal("ignored") }),
);
export type EventChange = Infer<typeof eventChangeValidator>;
