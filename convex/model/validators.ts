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
