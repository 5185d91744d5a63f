// Rules about people: display names, profile completeness, the caller.
import { ConvexError, v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { accountTypeValidator, preferredPlatformValidator } from "./validators";
import { containsProfanity } from "./contentFilter";
import { visibleText } from "./ideaText";

export const DISPLAY_NAME_MAX_LENGTH = 50;

export const DISPLAY_NAME_MESSAGES = {
  empty: "Please enter a display name.",
  tooLong: `Display names are at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  inappropriate: "Please choose a display name without inappropriate words.",
};

/**
 * The public name of a person, from what the sign-in provider told us: full name, then name,
 * then the part of the email before the at-sign, then "Anonymous" (spec §3). Invisible
 * characters are dropped; a candidate with nothing visible, or a profane one, is skipped.
 */
export function displayNameFrom(profile: {
  fullName?: string | null;
  name?: string | null;
  email?: string | null;
}): string {
  const candidates = [profile.fullName, profile.name, profile.email?.split("@")[0]];
  for (const candidate of candidates) {
    const trimmed = visibleText(candidate ?? "")
      .slice(0, DISPLAY_NAME_MAX_LENGTH)
      .trim();
    if (trimmed && !containsProfanity(trimmed)) return trimmed;
  }
  return "Anonymous";
}

/** The name others see: chosen in settings, else derived from the sign-in profile. */
export function publicName(user: Pick<Doc<"users">, "displayName" | "name" | "email">): string {
  return user.displayName ?? displayNameFrom({ name: user.name, email: user.email });
}

/** Onboarding is done once both the account type and the preferred platform are set. */
export function isProfileComplete(
  user: Pick<Doc<"users">, "accountType" | "preferredPlatform">,
): boolean {
  return user.accountType !== undefined && user.preferredPlatform !== undefined;
}

/** What the app shows of its own user. */
export const profileValidator = v.object({
  _id: v.id("users"),
  displayName: v.string(),
  email: v.union(v.string(), v.null()),
  avatarUrl: v.union(v.string(), v.null()),
  accountType: v.union(accountTypeValidator, v.null()),
  preferredPlatform: v.union(preferredPlatformValidator, v.null()),
  needsOnboarding: v.boolean(),
  createdAt: v.number(),
  lastSignIn: v.union(v.number(), v.null()),
});
export type Profile = Infer<typeof profileValidator>;

export function toProfile(user: Doc<"users">): Profile {
  return {
    _id: user._id,
    displayName: publicName(user),
    email: user.email ?? null,
    avatarUrl: user.avatarUrl ?? user.image ?? null,
    accountType: user.accountType ?? null,
    preferredPlatform: user.preferredPlatform ?? null,
    needsOnboarding: !isProfileComplete(user),
    createdAt: user._creationTime,
    lastSignIn: user.lastSignIn ?? null,
  };
}

/** A chosen display name, cleaned: nothing invisible, not blank, not too long, not profane. */
export function validateDisplayName(raw: string): string {
  const displayName = visibleText(raw);
  if (displayName.length === 0) throw new ConvexError({ message: DISPLAY_NAME_MESSAGES.empty });
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH)
    throw new ConvexError({ message: DISPLAY_NAME_MESSAGES.tooLong });
  if (containsProfanity(displayName))
    throw new ConvexError({ message: DISPLAY_NAME_MESSAGES.inappropriate });
  return displayName;
}

const platformStatusValidator = v.object({
  connected: v.boolean(),
  last_sync: v.union(v.string(), v.null()),
});
type PlatformStatus = Infer<typeof platformStatusValidator>;

/** The REST API's user shape (snake_case, as spec §3). */
export const restUserValidator = v.object({
  id: v.id("users"),
  email: v.union(v.string(), v.null()),
  display_name: v.string(),
  avatar_url: v.union(v.string(), v.null()),
  created_at: v.union(v.string(), v.null()),
  last_sign_in: v.union(v.string(), v.null()),
  account_type: v.union(accountTypeValidator, v.null()),
  preferred_platform: v.union(preferredPlatformValidator, v.null()),
  platforms: v.object({ youtube: platformStatusValidator, tiktok: platformStatusValidator }),
});
export type RestUser = Infer<typeof restUserValidator>;

export function toRestUser(
  user: Doc<"users">,
  platforms: { youtube: PlatformStatus; tiktok: PlatformStatus },
): RestUser {
  const profile = toProfile(user);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: user._id,
    email: profile.email,
    display_name: profile.displayName,
    avatar_url: profile.avatarUrl,
    created_at: iso(profile.createdAt),
    last_sign_in: iso(profile.lastSignIn),
    account_type: profile.accountType,
    preferred_platform: profile.preferredPlatform,
    platforms,
  };
}

/**
 * Whether the person makes videos, so Settings shows them the creator's tools (connections,
 * payouts, their creator page) and creator-only notifications: a Creator account, or anyone
 * who already connected a channel, submitted a video or opened a payout account (account types
 * are self-chosen; what a person did wins over what they picked).
 */
export async function makesVideos(ctx: QueryCtx, user: Doc<"users">): Promise<boolean> {
  if (user.accountType === "Creator") return true;
  const [connection, submission, payouts] = await Promise.all([
    ctx.db
      .query("platformConnections")
      .withIndex("by_user_platform", (q) => q.eq("userId", user._id))
      .first(),
    ctx.db
      .query("submissions")
      .withIndex("by_author", (q) => q.eq("authorId", user._id))
      .first(),
    ctx.db
      .query("payoutAccounts")
      .withIndex("by_user", (q) => q.eq("userId", user._id))
      .first(),
  ]);
  return connection !== null || submission !== null || payouts !== null;
}
