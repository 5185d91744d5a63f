// Validators for values that several tables and functions share.
import { v } from "convex/values";
import { literals } from "convex-helpers/validators";
import {
  AWARD_STATUSES,
  HELD_LINE_REASONS,
  HELD_REASONS,
  LEDGER_KINDS,
  MOVEMENT_KINDS,
  MOVEMENT_STATES,
} from "./money/states";

export const ACCOUNT_TYPES = ["Creator", "Viewer", "Business"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const accountTypeValidator = literals(...ACCOUNT_TYPES);

/** Onboarding offers "Both"; ideas use "Any" (spec §9). */
export const PREFERRED_PLATFORMS = ["YouTube", "TikTok", "Both"] as const;
export type PreferredPlatform = (typeof PREFERRED_PLATFORMS)[number];
export const preferredPlatformValidator = literals(...PREFERRED_PLATFORMS);

/** Where an idea's video must be posted (spec §9). */
export const IDEA_PLATFORMS = ["YouTube", "TikTok", "Any"] as const;
export type IdeaPlatform = (typeof IDEA_PLATFORMS)[number];
export const ideaPlatformValidator = literals(...IDEA_PLATFORMS);

export const DURATIONS = ["SHORT", "MEDIUM", "LONG"] as const;
export type Duration = (typeof DURATIONS)[number];
export const durationValidator = literals(...DURATIONS);

/** open → judging (at the deadline) → settled (7 days later); see product rules. */
export const IDEA_STATUSES = ["open", "judging", "settled"] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];
export const ideaStatusValidator = literals(...IDEA_STATUSES);
/** What the lists filter on: an idea is "completed" once its deadline has passed. */
export const IDEA_PHASES = ["open", "completed"] as const;
export type IdeaPhase = (typeof IDEA_PHASES)[number];
export const ideaPhaseValidator = literals(...IDEA_PHASES);

/** A person's vote on an idea or a video: up, down, or none. */
export const VOTES = [1, -1, 0] as const;
export type VoteValue = (typeof VOTES)[number];
export const voteValidator = literals(...VOTES);
/** A stored vote: clearing one deletes its row. */
export const CAST_VOTES = [1, -1] as const;
export const castVoteValidator = literals(...CAST_VOTES);

/** Where videos are posted and accounts connected. */
export const VIDEO_PLATFORMS = ["YouTube", "TikTok"] as const;
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];
export const videoPlatformValidator = literals(...VIDEO_PLATFORMS);

export const CONTRIBUTION_STATUSES = [
  "pending",
  "processing",
  "paid",
  "failed",
  "expired",
  "refunded",
] as const;
export const contributionStatusValidator = literals(...CONTRIBUTION_STATUSES);
/** The payer's details as Stripe Checkout collected them. */
export const customerDetailsValidator = v.object({
  name: v.optional(v.string()),
  email: v.optional(v.string()),
  country: v.optional(v.string()),
});
/** What settlement decided for a contribution's money. */
export const CONTRIBUTION_OUTCOMES = ["awarded", "refund"] as const;
export const contributionOutcomeValidator = literals(...CONTRIBUTION_OUTCOMES);
export const PAYOUT_PREFERENCES = ["customer_choice", "peoples_choice"] as const;
export type PayoutPreference = (typeof PAYOUT_PREFERENCES)[number];
export const payoutPreferenceValidator = literals(...PAYOUT_PREFERENCES);
/**
 * Where a paid contribution's money is, in cents (model/money/ledger.ts keeps it). They add up to what
 * Stripe collected: collected = refunded + refunding + refundFailed + transferred + disputed +
 * lost + held.
 */
export const moneyBucketsValidator = v.object({
  collectedCents: v.number(),
  refundedCents: v.number(),
  refundingCents: v.number(),
  refundFailedCents: v.number(),
  transferredCents: v.number(),
  disputedCents: v.number(),
  lostCents: v.number(),
});
export const ledgerDeltasValidator = v.object({
  collectedCents: v.optional(v.number()),
  refundedCents: v.optional(v.number()),
  refundingCents: v.optional(v.number()),
  refundFailedCents: v.optional(v.number()),
  transferredCents: v.optional(v.number()),
  disputedCents: v.optional(v.number()),
  lostCents: v.optional(v.number()),
});
/** An idea's totals: the sums of its contributions' buckets, and of its active awards. */
export const ledgerTotalsValidator = v.object({
  contributedCents: v.number(),
  refundedCents: v.number(),
  refundingCents: v.optional(v.number()),
  refundFailedCents: v.optional(v.number()),
  paidOutCents: v.number(),
  disputedCents: v.optional(v.number()),
  lostCents: v.optional(v.number()),
  awardedCents: v.number(),
  /** The held money by why it is held (model/money/rules.ts heldReasonOf); absent = none. */
  heldBy: v.optional(
    v.object({
      judging: v.optional(v.number()),
      waiting_for_creator: v.optional(v.number()),
      being_paid: v.optional(v.number()),
      returning: v.optional(v.number()),
      frozen: v.optional(v.number()),
      needs_attention: v.optional(v.number()),
    }),
  ),
});
export const heldReasonValidator = literals(...HELD_REASONS);
export const heldLineReasonValidator = literals(...HELD_LINE_REASONS);
export const ledgerKindValidator = literals(...LEDGER_KINDS);
export const awardStatusValidator = literals(...AWARD_STATUSES);
export const movementKindValidator = literals(...MOVEMENT_KINDS);
export const movementStateValidator = literals(...MOVEMENT_STATES);
/** How the last attempt at a movement ended, which decides the next idempotency key. */
export const movementOutcomeValidator = literals("network", "server", "rate_limited", "refused");

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

/** What a platform says about a submitted video (stored on the submission). */
export const submittedVideoFields = {
  platform: videoPlatformValidator,
  videoId: v.string(),
  url: v.string(),
  title: v.string(),
  channelId: v.string(),
  channelTitle: v.string(),
  durationSeconds: v.optional(v.number()),
  publishedAt: v.optional(v.number()),
  thumbnailUrl: v.optional(v.string()),
};

/** A video read from a creator's connected account (Creator Settings lists them). */
export const connectedVideoFields = {
  videoId: v.string(),
  title: v.string(),
  description: v.string(),
  url: v.string(),
  thumbnailUrl: v.optional(v.string()),
  publishedAt: v.optional(v.number()),
  durationSeconds: v.optional(v.number()),
  embedLink: v.optional(v.string()),
};

/** A refund as Stripe reports it (model/money/stripe.ts RefundState). */
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

/** A card dispute as Stripe reports it; `status` is Stripe's (needs_response, won, lost…). */
export const disputeStateValidator = v.object({
  disputeId: v.string(),
  paymentIntentId: v.string(),
  amountCents: v.number(),
  status: v.string(),
});

/** What a verified webhook event means for us (model/money/stripeEvents.ts EventChange). */
export const eventChangeValidator = v.union(
  v.object({ kind: v.literal("session"), state: sessionStateValidator, failed: v.boolean() }),
  v.object({ kind: v.literal("refund"), refund: refundStateValidator }),
  v.object({ kind: v.literal("charge_refunds"), paymentIntentId: v.string() }),
  v.object({ kind: v.literal("dispute"), dispute: disputeStateValidator }),
  v.object({ kind: v.literal("account"), stripeAccountId: v.string(), ready: v.boolean() }),
  v.object({ kind: v.literal("ignored") }),
);
