// Money rules (product rules "Money"): amounts, contribution states, who wins each
// contribution at settlement, and the payout figures. The platform never keeps anyone's
// money: every paid cent ends up with a creator or back with its contributor.

export const MIN_CONTRIBUTION_CENTS = 100;
export const MAX_CONTRIBUTION_CENTS = 1_000_000;
/** The +$5 button on lists and 'Fund This Bounty' on the idea page (spec §9). */
export const QUICK_CONTRIBUTION_CENTS = 500;

export type ContributionStatus =
  "pending" | "processing" | "paid" | "failed" | "expired" | "refunded";
export type PayoutPreference = "customer_choice" | "peoples_choice";

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

export interface Candidate {
  id: string;
  votes: number;
  createdAt: number;
}

/** The people's choice: most net votes; among equals the earlier submission. */
export function peoplesChoice<T extends Candidate>(submissions: readonly T[]): T | null {
  let best: T | null = null;
  for (const s of submissions) {
    if (
      best === null ||
      s.votes > best.votes ||
      (s.votes === best.votes && s.createdAt < best.createdAt)
    )
      best = s;
  }
  return best;
}

/**
 * Who receives a contribution at settlement: nobody (refund) without submissions; the pick of a
 * customer_choice contributor when it is still one of the idea's submissions; otherwise — for
 * peoples_choice, anonymous contributions and missing picks — the people's choice.
 */
export function winnerFor<T extends Candidate>(
  contribution: { preference: PayoutPreference; anonymous: boolean; pickedId?: string | null },
  submissions: readonly T[],
): T | null {
  if (submissions.length === 0) return null;
  if (
    contribution.preference === "customer_choice" &&
    !contribution.anonymous &&
    contribution.pickedId
  ) {
    const picked = submissions.find((s) => s.id === contribution.pickedId);
    if (picked) return picked;
  }
  return peoplesChoice(submissions);
}

/**
 * The profile's payout figures for one submission: expected = what it would receive if
 * settlement ran now; max = what it would receive if it won every contribution.
 */
export function payoutFigures<T extends Candidate>(
  submissionId: string,
  contributions: readonly {
    amountCents: number;
    preference: PayoutPreference;
    anonymous: boolean;
    pickedId?: string | null;
  }[],
  submissions: readonly T[],
): { expectedCents: number; maxCents: number } {
  let expectedCents = 0;
  let maxCents = 0;
  for (const c of contributions) {
    maxCents += c.amountCents;
    if (winnerFor(c, submissions)?.id === submissionId) expectedCents += c.amountCents;
  }
  return { expectedCents, maxCents };
}
