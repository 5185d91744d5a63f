// Creators' platform accounts: connect YouTube or TikTok (OAuth), see and sync their videos,
// disconnect. Tokens stay on the server, sealed.
import { ConvexError, v } from "convex/values";
import { getAuthUserId } from "@convex-dev/auth/server";
import { action, internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import { connectedVideoFields, videoPlatformValidator } from "./model/validators";
import {
  connectAccount,
  connectionOf,
  mergeVideos,
  readVideos,
  removeConnection,
  startAuthorization,
} from "./model/platforms/connections";
import { sealToken } from "./model/platforms/secrets";
import { PlatformError } from "./model/platforms/http";
import { requireUserId } from "./model/users";
import { confirmOwnership } from "./model/submissions";

export const CALLBACK_MESSAGES = {
  noSession: "No user session found",
  noCode: "No authorization code received",
  invalid: "Invalid response from server",
  noData: "No data received from server",
};

/** Starts connecting a platform: returns the provider's authorization URL. */
export const startConnection = action({
  args: { platform: videoPlatformValidator, returnToSettings: v.boolean() },
  handler: async (ctx, { platform, returnToSettings }) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: CALLBACK_MESSAGES.noSession });
    return { url: await startAuthorization(ctx, userId, platform, returnToSettings) };
  },
});

/** Finishes the round trip: checks the state, exchanges the code, stores the account and videos. */
export const finishConnection = action({
  args: { platform: videoPlatformValidator, code: v.string(), state: v.string() },
  handler: async (
    ctx,
    { platform, code, state },
  ): Promise<{ returnToSettings: boolean; videoCount: number; accountName: string }> => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: CALLBACK_MESSAGES.noSession });
    if (code.trim() === "") throw new ConvexError({ message: CALLBACK_MESSAGES.noCode });
    const request = await ctx.runMutation(internal.platforms.consumeState, {
      state,
      userId,
      platform,
    });
    if (request === null)
      throw new ConvexError({
        message: "This authorization request is invalid or has expired. Please try again.",
      });
    let account;
    try {
      account = await connectAccount(platform, code, request.codeVerifier);
    } catch (e) {
      console.error(`${platform} connection failed`, e);
      throw new ConvexError({
        message: e instanceof PlatformError ? CALLBACK_MESSAGES.invalid : CALLBACK_MESSAGES.noData,
      });
    }
    await ctx.runMutation(internal.platforms.saveConnection, {
      userId,
      platform,
      accountId: account.accountId,
      accountName: account.accountName,
      username: account.username,
      accessToken: await sealToken(account.tokens.accessToken),
      refreshToken: account.tokens.refreshToken
        ? await sealToken(account.tokens.refreshToken)
        : undefined,
      expiresAt: account.tokens.expiresAt,
      videos: account.videos,
    });
    return {
      returnToSettings: request.returnToSettings,
      videoCount: account.videos.length,
      accountName: account.accountName,
    };
  },
});

/** Reads the connected account's videos again. */
export const sync = action({
  args: { platform: videoPlatformValidator },
  handler: async (ctx, { platform }) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: CALLBACK_MESSAGES.noSession });
    const connection = await ctx.runQuery(internal.platforms.connection, { userId, platform });
    if (connection === null)
      throw new ConvexError({ message: `Connect your ${platform} account first.` });
    const videos = await readVideos(ctx, connection);
    await ctx.runMutation(internal.platforms.storeVideos, { userId, platform, videos });
    return { videoCount: videos.length };
  },
});

export const disconnect = mutation({
  args: { platform: videoPlatformValidator },
  handler: async (ctx, { platform }) => {
    const userId = await requireUserId(ctx, "Please sign in first.");
    await removeConnection(ctx, userId, platform);
    return null;
  },
});

/** The caller's connections (never their tokens) and videos, newest first. */
export const mine = query({
  args: {},
  handler: async (ctx) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) return null;
    const status = async (platform: "YouTube" | "TikTok") => {
      const connection = await connectionOf(ctx, userId, platform);
      return connection
        ? { connected: true, lastSync: connection.lastSync, accountName: connection.accountName }
        : { connected: false, lastSync: null, accountName: null };
    };
    const videos = await ctx.db
      .query("platformVideos")
      .withIndex("by_user_platform_video", (q) => q.eq("userId", userId))
      .take(500);
    return {
      youtube: await status("YouTube"),
      tiktok: await status("TikTok"),
      videos: videos
        .sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0))
        .map(
          ({
            platform,
            videoId,
            title,
            description,
            url,
            thumbnailUrl,
            publishedAt,
            durationSeconds,
          }) => ({
            platform,
            videoId,
            title,
            description,
            url,
            thumbnailUrl: thumbnailUrl ?? null,
            publishedAt: publishedAt ?? null,
            durationSeconds: durationSeconds ?? null,
          }),
        ),
    };
  },
});

// Internal steps of the actions above.

export const saveState = internalMutation({
  args: {
    state: v.string(),
    userId: v.id("users"),
    platform: videoPlatformValidator,
    codeVerifier: v.optional(v.string()),
    returnToSettings: v.boolean(),
    expiresAt: v.number(),
  },
  handler: async (ctx, args) => {
    await ctx.db.insert("oauthStates", args);
  },
});

/** Uses up a state: only its owner, for its platform, before it expires. */
export const consumeState = internalMutation({
  args: { state: v.string(), userId: v.id("users"), platform: videoPlatformValidator },
  handler: async (ctx, { state, userId, platform }) => {
    const request = await ctx.db
      .query("oauthStates")
      .withIndex("by_state", (q) => q.eq("state", state))
      .unique();
    if (request === null) return null;
    await ctx.db.delete("oauthStates", request._id);
    if (
      request.userId !== userId ||
      request.platform !== platform ||
      request.expiresAt < Date.now()
    )
      return null;
    return { codeVerifier: request.codeVerifier, returnToSettings: request.returnToSettings };
  },
});

const videoValidator = v.object(connectedVideoFields);

export const saveConnection = internalMutation({
  args: {
    userId: v.id("users"),
    platform: videoPlatformValidator,
    accountId: v.string(),
    accountName: v.string(),
    username: v.optional(v.string()),
    accessToken: v.string(),
    refreshToken: v.optional(v.string()),
    expiresAt: v.number(),
    videos: v.array(videoValidator),
  },
  handler: async (ctx, { videos, ...connection }) => {
    const existing = await connectionOf(ctx, connection.userId, connection.platform);
    // Another account replaces the previous one; its videos are not this person's anymore.
    if (existing && existing.accountId !== connection.accountId)
      await removeConnection(ctx, connection.userId, connection.platform);
    const current = await connectionOf(ctx, connection.userId, connection.platform);
    const fields = { ...connection, lastSync: Date.now() };
    if (current)
      await ctx.db.replace("platformConnections", current._id, {
        ...fields,
        refreshToken: fields.refreshToken ?? current.refreshToken,
      });
    else await ctx.db.insert("platformConnections", fields);
    await mergeVideos(ctx, connection.userId, connection.platform, videos);
    await confirmOwnership(ctx, connection.userId, connection.platform, connection);
  },
});

export const storeVideos = internalMutation({
  args: {
    userId: v.id("users"),
    platform: videoPlatformValidator,
    videos: v.array(videoValidator),
  },
  handler: async (ctx, { userId, platform, videos }) => {
    const connection = await connectionOf(ctx, userId, platform);
    if (connection === null) return;
    await mergeVideos(ctx, userId, platform, videos);
    await ctx.db.patch("platformConnections", connection._id, { lastSync: Date.now() });
  },
});

export const storeTokens = internalMutation({
  args: {
    connectionId: v.id("platformConnections"),
    accessToken: v.string(),
    refreshToken: v.optional(v.string()),
    expiresAt: v.number(),
  },
  handler: async (ctx, { connectionId, ...tokens }) => {
    const connection = await ctx.db.get("platformConnections", connectionId);
    if (connection === null) return;
    await ctx.db.patch("platformConnections", connectionId, {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? connection.refreshToken,
      expiresAt: tokens.expiresAt,
    });
  },
});

export const connection = internalQuery({
  args: { userId: v.id("users"), platform: videoPlatformValidator },
  handler: async (ctx, { userId, platform }) => await connectionOf(ctx, userId, platform),
});
