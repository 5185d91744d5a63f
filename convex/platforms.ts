// Creators' platform accounts: connect YouTube or TikTok (OAuth), see and sync their videos,
// disconnect. Tokens stay on the server, sealed.
import { ConvexError, v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { publicQuery, userAction, userMutation, internalMutation } from "./functions";
import { internal } from "./_generated/api";
import { connectedVideoFields, videoPlatformValidator } from "./model/validators";
import {
  assertChannelFree,
  CALLBACK_MESSAGES,
  connectionOf,
  finishConnecting,
  mergeVideos,
  myPlatformsValidator,
  platformsOf,
  readVideos,
  removeConnection,
  startAuthorization,
} from "./model/platforms/connections";
import { confirmOwnership } from "./model/submissions";

export { CALLBACK_MESSAGES };

/** Starts connecting a platform: returns the provider's authorization URL. */
export const startConnection = userAction({
  args: { platform: videoPlatformValidator, returnToSettings: v.boolean() },
  returns: v.object({ url: v.string() }),
  signInMessage: CALLBACK_MESSAGES.noSession,
  handler: async (ctx, { platform, returnToSettings }) => ({
    url: await startAuthorization(ctx, ctx.userId, platform, returnToSettings),
  }),
});

/** Finishes the round trip: checks the state, exchanges the code, stores the account and videos. */
export const finishConnection = userAction({
  args: { platform: videoPlatformValidator, code: v.string(), state: v.string() },
  returns: v.object({
    returnToSettings: v.boolean(),
    videoCount: v.number(),
    accountName: v.string(),
  }),
  signInMessage: CALLBACK_MESSAGES.noSession,
  handler: async (ctx, args) => await finishConnecting(ctx, ctx.userId, args),
});

/** Reads the connected account's videos again. */
export const sync = userAction({
  args: { platform: videoPlatformValidator },
  returns: v.object({ videoCount: v.number() }),
  signInMessage: CALLBACK_MESSAGES.noSession,
  handler: async (ctx, { platform }): Promise<{ videoCount: number }> => {
    const userId = ctx.userId;
    const connection = await ctx.runQuery(internal.platforms.connection, { userId, platform });
    if (connection === null)
      throw new ConvexError({ message: `Connect your ${platform} account first.` });
    const videos = await readVideos(ctx, connection);
    await ctx.runMutation(internal.platforms.storeVideos, { userId, platform, videos });
    return { videoCount: videos.length };
  },
});

export const disconnect = userMutation({
  args: { platform: videoPlatformValidator },
  returns: v.null(),
  signInMessage: "Please sign in first.",
  handler: async (ctx, { platform }) => {
    await removeConnection(ctx, ctx.userId, platform);
    return null;
  },
});

/** The caller's connections (never their tokens) and videos, newest first; null for a visitor. */
export const mine = publicQuery({
  args: {},
  returns: v.union(myPlatformsValidator, v.null()),
  handler: async (ctx) => (ctx.viewerId === null ? null : await platformsOf(ctx, ctx.viewerId)),
});

/** The REST edge's twin of `mine`. */
export const mineOf = internalQuery({
  args: { userId: v.id("users") },
  returns: myPlatformsValidator,
  handler: async (ctx, { userId }) => await platformsOf(ctx, userId),
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

/**
 * Uses up a state: only its owner, for its platform, before it expires. Someone else presenting
 * it (a stolen or guessed state) is refused without touching it, so the owner's own round trip
 * still works.
 */
export const consumeState = internalMutation({
  args: { state: v.string(), userId: v.id("users"), platform: videoPlatformValidator },
  handler: async (ctx, { state, userId, platform }) => {
    const request = await ctx.db
      .query("oauthStates")
      .withIndex("by_state", (q) => q.eq("state", state))
      .unique();
    if (request === null || request.userId !== userId) return null;
    await ctx.db.delete("oauthStates", request._id);
    if (request.platform !== platform || request.expiresAt < Date.now()) return null;
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
    avatarUrl: v.optional(v.string()),
    accessToken: v.string(),
    refreshToken: v.optional(v.string()),
    expiresAt: v.number(),
    videos: v.array(videoValidator),
  },
  handler: async (ctx, { videos, ...connection }) => {
    await assertChannelFree(ctx, connection.userId, connection.platform, connection.accountId);
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
