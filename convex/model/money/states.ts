// The states money can be in, shared by the server (which decides them) and the web app (which
// shows them). Declared once: validators and UI labels derive from these lists.

/** Where a contribution's money is. Several parts can coexist (a partial refund, say). */
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
] as const;
export type FateState = (typeof FATE_STATES)[number];

/** One part of a contribution's fate; its shape is its validator's (model/money/viewShapes.ts). */
export type { FatePart } from "./viewShapes";

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
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Why a contribution's held money is still on the platform (model/money/rules.ts heldReasonOf).
 * Every reason has a deadline (judging, the claim window), is moving (being paid, returning)
 * or is listed on the operator page (frozen by a dispute, a movement that needs attention).
 */
export const HELD_REASONS = [
  "judging",
  "waiting_for_creator",
  "being_paid",
  "returning",
  "frozen",
  "needs_attention",
] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
/** How many held lines of each reason the operator page lists (it says when there are more). */
export const HELD_LINES_PER_REASON = 200;
/** What the money box and the operator page list: held money by reason, and failed refunds. */
export const HELD_LINE_REASONS = [...HELD_REASONS, "refund_failed"] as const;
export type HeldLineReason = (typeof HELD_LINE_REASONS)[number];

export const AWARD_STATUSES = ["waiting", "paying", "paid", "passed", "cancelled"] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];

export const MOVEMENT_KINDS = ["refund", "transfer", "reversal"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_STATES = [
  "planned",
  "sent",
  "confirmed",
  "failed",
  "cancelled",
  "needs_attention",
] as const;
export type MovementState = (typeof MOVEMENT_STATES)[number];
