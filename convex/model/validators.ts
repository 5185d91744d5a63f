// Validators for values that several tables and functions share.
import { v } from "convex/values";

export const ACCOUNT_TYPES = ["Creator", "Viewer", "Business"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const accountTypeValidator = v.union(
  v.literal("Creator"),
  v.literal("Viewer"),
  v.literal("Business"),
);

/** Onboarding offers "Both"; ideas use "Any" (spec §9). */
export const PREFERRED_PLATFORMS = ["YouTube", "TikTok", "Both"] as const;
export type PreferredPlatform = (typeof PREFERRED_PLATFORMS)[number];
export const preferredPlatformValidator = v.union(
  v.literal("YouTube"),
  v.literal("TikTok"),
  v.literal("Both"),
);

/** Where an idea's video must be posted (spec §9). */
export const IDEA_PLATFORMS = ["YouTube", "TikTok", "Any"] as const;
export type IdeaPlatform = (typeof IDEA_PLATFORMS)[number];
export const ideaPlatformValidator = v.union(
  v.literal("YouTube"),
  v.literal("TikTok"),
  v.literal("Any"),
);

export const DURATIONS = ["SHORT", "MEDIUM", "LONG"] as const;
export type Duration = (typeof DURATIONS)[number];
export const durationValidator = v.union(
  v.literal("SHORT"),
  v.literal("MEDIUM"),
  v.literal("LONG"),
);

/** open → judging (at the deadline) → settled (7 days later); see product rules. */
export const proposalStatusValidator = v.union(
  v.literal("open"),
  v.literal("judging"),
  v.literal("settled"),
);
export type ProposalStatus = "open" | "judging" | "settled";
/** What the lists filter on: an idea is "completed" once its deadline has passed. */
export const proposalPhaseValidator = v.union(v.literal("open"), v.literal("completed"));
export type ProposalPhase = "open" | "completed";

export const voteValidator = v.union(v.literal(1), v.literal(-1), v.literal(0));
export type VoteValue = 1 | -1 | 0;

export const videoPlatformValidator = v.union(v.literal("YouTube"), v.literal("TikTok"));

export const contributionStatusValidator = v.union(
  v.literal("pending"),
  v.literal("processing"),
  v.literal("paid"),
  v.literal("failed"),
  v.literal("expired"),
  v.literal("refunded"),
);
export const payoutPreferenceValidator = v.union(
  v.literal("customer_choice"),
  v.literal("peoples_choice"),
);
export const ledgerTotalsValidator = v.object({
  contributedCents: v.number(),
  refundedCents: v.number(),
  awardedCents: v.number(),
  paidOutCents: v.number(),
});

/** A Checkout Session as the app keeps it (webhooks and reconciliation both report it). */
export const sessionStateValidator = v.object({
  sessionId: v.string(),
  status: v.union(v.string(), v.null()),
  paymentStatus: v.union(v.string(), v.null()),
  paymentIntentId: v.optional(v.string()),
  amountTotal: v.union(v.number(), v.null()),
  contributionId: v.optional(v.string()),
  customerDetails: v.optional(
    v.object({
      name: v.optional(v.string()),
      email: v.optional(v.string()),
      country: v.optional(v.string()),
    }),
  ),
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
