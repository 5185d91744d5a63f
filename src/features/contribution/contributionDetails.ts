// The contribution confirmation's data and words (spec §2 "Contribution confirmation"), shared
// by the page and its parts under src/features/contribution/.
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import type { PayoutPreference } from "../../../convex/model/money/amounts";
import type { FatePart } from "../../../convex/model/money/states";

export const MISSING_SESSION_ID = "Missing session ID";
export const FETCH_ERROR = "Failed to fetch contribution details";
export const NOT_FOUND = "Contribution not found.";
export const PAYMENT_SUCCESSFUL = "Payment successful!";
export const PAYER_HIDDEN = "A signed-in contributor. Their details are shown only to them.";
export const SIGN_IN_TO_CHANGE_PAYOUT = "Please sign in to change payout method";
export const PAYOUT_UPDATED = "Payout method updated successfully";
export const PAYOUT_UPDATE_FAILED = "Failed to update payout method";

/**
 * What `api.contributions.bySession` returns for a known session, with the money contract's
 * `fate`: the contribution's money by state (empty while the payment is pending).
 */
export type ContributionDetails = NonNullable<
  FunctionReturnType<typeof api.contributions.bySession>
> & { fate: FatePart[] };
type Status = ContributionDetails["contribution"]["status"];

export const PAYOUT_OPTIONS: readonly {
  value: PayoutPreference;
  label: string;
  description: (deadline: string) => string;
}[] = [
  {
    value: "customer_choice",
    label: "I'll pick the winner",
    description: (deadline) =>
      `You choose the winning video yourself, any time until ${deadline}. If you don't pick one, the most-voted video wins.`,
  },
  {
    value: "peoples_choice",
    label: "The most-voted video wins",
    description: () =>
      "Your contribution goes to the video with the most votes when judging ends. Nothing for you to do.",
  },
];

/** A friendly word on every status but paid. */
export function statusExplanation(status: Status, details: ContributionDetails): string {
  const { contribution } = details;
  switch (status) {
    case "pending":
      return "We're waiting for Stripe to confirm your payment. If you've just paid, this takes a moment — this page updates by itself.";
    case "processing":
      return "Bank transfers take a moment to clear. Your contribution joins the bounty as soon as the payment goes through — this page updates by itself, so there's nothing else to do.";
    case "failed":
      return "The payment didn't go through, so nothing was charged.";
    case "expired":
      return "This checkout expired before it was paid, so nothing was charged.";
    case "refunded":
      return contribution.outcome === "refund"
        ? `No video won this idea by ${formatLongDate(details.winnerSelectionDeadline)}, so ${formatMoney(contribution.refundedCents)} went back to you, as promised.`
        : `${formatMoney(contribution.refundedCents)} went back to you. Refunds reach your card within 5–10 business days.`;
    default:
      return "This page updates by itself when the payment changes.";
  }
}

/** Why the payout method cannot be changed by this viewer, or null when it can. */
export function lockReason(details: ContributionDetails, signedIn: boolean): string | null {
  if (details.anonymous)
    return "You contributed without signing in, so this contribution follows the people's choice: the most-voted video wins.";
  if (details.idea.submissionCount > 0)
    return details.contribution.payoutPreference === "customer_choice"
      ? `This idea has received its first video, so the payout method is locked. Pick the winning video on the idea's page until ${formatLongDate(details.winnerSelectionDeadline)}.`
      : "This idea has received its first video, so the payout method is locked.";
  if (details.canChangePayout) return null;
  // Signed out: the choice stays usable and asks to sign in (spec §5).
  if (!signedIn) return null;
  if (!details.isContributor)
    return "Only the person who contributed can change this payout method.";
  return "This idea is no longer open, so the payout method is locked.";
}
