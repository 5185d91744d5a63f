// Rules about people: display names, profile completeness, the caller.
import { getAuthUserId } from "@convex-dev/auth/server";
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

export const DISPLAY_NAME_MAX_LENGTH = 50;

/**
 * The public name of a person, from what the sign-in provider told us: full name, then name,
 * then the part of the email before the at-sign, then "Anonymous" (spec §3).
 */
export function displayNameFrom(profile: {
  fullName?: string | null;
  name?: string | null;
  email?: string | null;
}): string {
  const candidates = [profile.fullName, profile.name, profile.email?.split("@")[0]];
  for (const candidate of candidates) {
    const trimmed = candidate?.trim();
    if (trimmed) return trimmed.slice(0, DISPLAY_NAME_MAX_LENGTH);
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

/** The signed-in user's document, or null for a visitor. */
export async function currentUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const userId = await getAuthUserId(ctx);
  return userId === null ? null : await ctx.db.get("users", userId);
}

/** The signed-in user's id; throws a user-facing error for visitors. */
export async function requireUserId(
  ctx: QueryCtx,
  message = "Please sign in first.",
): Promise<Id<"users">> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) throw new ConvexError({ message });
  return userId;
}

/** What the app shows of its own user. */
export function toProfile(user: Doc<"users">) {
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

export function validateDisplayName(raw: string): string {
  const displayName = raw.trim().replace(/\s+/g, " ");
  if (displayName.length === 0) throw new ConvexError({ message: "Please enter a display name." });
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH) {
    throw new ConvexError({
      message: `Display names are at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
    });
  }
  return displayName;
}

type PlatformStatus = { connected: boolean; last_sync: string | null };

/** The REST API's user shape (snake_case, as spec §3). */
export function toRestUser(
  user: Doc<"users">,
  platforms: { youtube: PlatformStatus; tiktok: PlatformStatus },
) {
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
