// What a contribution may be (product rules "Money"): its amount, and how its payment status
// may move. Pure, and read by the web app (the fund buttons, the confirmation page).
import type { ContributionStatus } from "./states";

export type { ContributionStatus, PayoutPreference } from "./states";

export const MIN_CONTRIBUTION_CENTS = 100;
export const MAX_CONTRIBUTION_CENTS = 1_000_000;
/** The +$5 button on lists and 'Fund This Bounty' on the idea page (spec §9). */
export const QUICK_CONTRIBUTION_CENTS = 500;

export function amountProblem(amountCents: number): string | null {
  if (!Number.isInteger(amountCents)) return "Contributions are whole cents.";
  if (amountCents < MIN_CONTRIBUTION_CENTS) return "The smallest contribution is $1.00.";
  if (amountCents > MAX_CONTRIBUTION_CENTS) return "The largest contribution is $10,000.00.";
  return null;
}

/**
 * Where a contribution may go from its current state. Events can arrive in any order and more
 * than once: a state never moves backwards, so a late "completed, not yet paid" cannot undo
 * "paid", and "expired" cannot undo a payment.
 */
const NEXT: Record<ContributionStatus, ContributionStatus[]> = {
  pending: ["processing", "paid", "failed", "expired"],
  processing: ["paid", "failed"],
  paid: ["refunded"],
  failed: [],
  expired: [],
  refunded: [],
};

export function canMove(from: ContributionStatus, to: ContributionStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

/** The status a Checkout Session's state implies for its contribution. */
export function statusFromSession(session: {
  status: string | null;
  paymentStatus: string | null;
}): ContributionStatus {
  if (session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required")
    return "paid";
  if (session.status === "expired") return "expired";
  if (session.status === "complete") return "processing";
  return "pending";
}

/** Spec §4: "complete or paid is successful". */
export function isSuccessfulPayment(status: string): boolean {
  return status === "paid" || status === "complete";
}
