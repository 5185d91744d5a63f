// People: the caller's profile, onboarding, preferences.
import { ConvexError, v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { publicQuery, userMutation } from "./functions";
import {
  accountTypeValidator,
  preferredPlatformValidator,
  type VideoPlatform,
} from "./model/validators";
import { connectionOf } from "./model/platforms/connections";
import {
  makesVideos as makesVideosRule,
  profileValidator,
  restUserValidator,
  toProfile,
  toRestUser,
  validateDisplayName,
} from "./model/users";
import { userOfSubject } from "./model/sessions";

/** The signed-in user's profile; null for a visitor. */
export const current = publicQuery({
  args: {},
  returns: v.union(profileValidator, v.null()),
  handler: async (ctx) => {
    const user = ctx.viewerId === null ? null : await ctx.db.get("users", ctx.viewerId);
    return user === null ? null : toProfile(user);
  },
});

/** Whether Settings shows the creator's tools and creator-only notifications (false signed out). */
export const makesVideos = publicQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const user = ctx.viewerId === null ? null : await ctx.db.get("users", ctx.viewerId);
    return user !== null && (await makesVideosRule(ctx, user));
  },
});

/** Saves the onboarding choices; both are required. */
export const saveOnboarding = userMutation({
  args: { accountType: accountTypeValidator, preferredPlatform: preferredPlatformValidator },
  returns: v.object({ hadAccountType: v.boolean() }),
  signInMessage: "User data not available",
  handler: async (ctx, { accountType, preferredPlatform }) => {
    const user = await ctx.db.get("users", ctx.userId);
    if (user === null) throw new ConvexError({ message: "User data not available" });
    await ctx.db.patch("users", ctx.userId, { accountType, preferredPlatform });
    return { hadAccountType: user.accountType !== undefined };
  },
});

export const updateDisplayName = userMutation({
  args: { displayName: v.string() },
  returns: v.null(),
  signInMessage: "Please sign in to change your display name.",
  handler: async (ctx, args) => {
    await ctx.db.patch("users", ctx.userId, {
      displayName: validateDisplayName(args.displayName),
    });
    return null;
  },
});

/** The caller's record in the REST API's shape (spec §3 "User record"). */
export const restUser = internalQuery({
  args: { userId: v.id("users") },
  returns: v.union(restUserValidator, v.null()),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) return null;
    const status = async (platform: VideoPlatform) => {
      const connection = await connectionOf(ctx, userId, platform);
      return {
        connected: connection !== null,
        last_sync: connection ? new Date(connection.lastSync).toISOString() : null,
      };
    };
    return toRestUser(user, { youtube: await status("YouTube"), tiktok: await status("TikTok") });
  },
});

/**
 * The person a token's subject (`userId|sessionId`, as Convex Auth writes it) names, or null when
 * it names nobody: not a user's id, a user that no longer exists, or a session that ended
 * (model/sessions.ts userOfSubject). The check of actions' builders and of the REST edge.
 */
export const callerOf = internalQuery({
  args: { subject: v.string() },
  returns: v.union(v.id("users"), v.null()),
  handler: async (ctx, { subject }) => await userOfSubject(ctx, subject),
});
