// People: the caller's profile, onboarding, preferences.
import { ConvexError, v } from "convex/values";
import { internalQuery, mutation, query } from "./_generated/server";
import { accountTypeValidator, preferredPlatformValidator } from "./model/validators";
import { connectionOf } from "./model/platforms/connections";
import {
  currentUser,
  requireUserId,
  toProfile,
  toRestUser,
  validateDisplayName,
} from "./model/users";

/** The signed-in user's profile; null for a visitor. */
export const current = query({
  args: {},
  handler: async (ctx) => {
    const user = await currentUser(ctx);
    return user === null ? null : toProfile(user);
  },
});

/** Saves the onboarding choices; both are required. */
export const saveOnboarding = mutation({
  args: { accountType: accountTypeValidator, preferredPlatform: preferredPlatformValidator },
  handler: async (ctx, { accountType, preferredPlatform }) => {
    const userId = await requireUserId(ctx, "User data not available");
    const user = await ctx.db.get("users", userId);
    if (user === null) throw new ConvexError({ message: "User data not available" });
    await ctx.db.patch("users", userId, { accountType, preferredPlatform });
    return { hadAccountType: user.accountType !== undefined };
  },
});

export const updateDisplayName = mutation({
  args: { displayName: v.string() },
  handler: async (ctx, args) => {
    const userId = await requireUserId(ctx, "Please sign in to change your display name.");
    await ctx.db.patch("users", userId, { displayName: validateDisplayName(args.displayName) });
    return null;
  },
});

/** The caller's record in the REST API's shape (spec §3 "User record"). */
export const restUser = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) return null;
    const status = async (platform: "YouTube" | "TikTok") => {
      const connection = await connectionOf(ctx, userId, platform);
      return {
        connected: connection !== null,
        last_sync: connection ? new Date(connection.lastSync).toISOString() : null,
      };
    };
    return toRestUser(user, { youtube: await status("YouTube"), tiktok: await status("TikTok") });
  },
});

export const exists = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => (await ctx.db.get("users", userId)) !== null,
});
