// Validators for values that several tables and functions share. Money's own values are
// declared in model/money/states.ts.
import { v } from "convex/values";
import { literals } from "convex-helpers/validators";

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
