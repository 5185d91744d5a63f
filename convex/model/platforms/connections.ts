// Connected YouTube channels and TikTok accounts: OAuth round trips, tokens (sealed, refreshed
// when expired) and the creator's video list, merged by id.
import { ConvexError, v, type Infer } from "convex/values";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import type { Doc, Id } from "../../_generated/dataModel";
import { internal } from "../../_generated/api";
import { baseUrl, PlatformError, type Tokens } from "./http";
import { openToken, pkceChallenge, randomToken, sealToken } from "./secrets";
import {
  exchangeYouTubeCode,
  myYouTubeChannel,
  refreshYouTubeToken,
  youTubeUploads,
  youtubeAuthorizeUrl,
  type ChannelVideo,
} from "./youtube";
import {
  exchangeTikTokCode,
  refreshTikTokToken,
  tiktokAuthorizeUrl,
  tiktokUser,
  tiktokVideos,
  type TikTokVideo,
} from "./tiktok";
import type { VideoPlatform } from "../videoLinks";
import { videoPlatformValidator } from "../validators";
import { limitAction } from "../rateLimits";

/** The platform callback pages' messages (spec §2). */
export const CALLBACK_MESSAGES = {
  noSession: "No user session found",
  noCode: "No authorization code received",
  invalid: "Invalid response from server",
  noData: "No data received from server",
};

const STATE_TTL_MS = 15 * 60 * 1000;
const REFRESH_MARGIN_MS = 60 * 1000;

/** Where each platform's authorization comes back to: the web app's callback pages (spec §2). */
export function callbackUrl(platform: VideoPlatform): string {
  const site = baseUrl("SITE_URL");
  return platform === "YouTube" ? `${site}/auth/callback/youtube/` : `${site}/auth/callback/`;
}

/**
 * Creates the state for a new authorization and returns the provider's URL. Both platforms use
 * PKCE (S256): the verifier stays in the state row, which only the person who started the
 * round trip can use (consumeState), so a code is exchanged only by the flow that asked for it.
 */
export async function startAuthorization(
  ctx: ActionCtx,
  userId: Id<"users">,
  platform: VideoPlatform,
  returnToSettings: boolean,
): Promise<string> {
  await limitAction(ctx, "oauthStart", userId);
  const state = randomToken();
  const codeVerifier = randomToken(48);
  await ctx.runMutation(internal.platforms.saveState, {
    state,
    userId,
    platform,
    codeVerifier,
    returnToSettings,
    expiresAt: Date.now() + STATE_TTL_MS,
  });
  const challenge = await pkceChallenge(codeVerifier);
  return platform === "YouTube"
    ? youtubeAuthorizeUrl(state, callbackUrl(platform), challenge)
    : tiktokAuthorizeUrl(state, callbackUrl(platform), challenge);
}

export interface StoredVideo {
  videoId: string;
  title: string;
  description: string;
  url: string;
  thumbnailUrl?: string;
  publishedAt?: number;
  durationSeconds?: number;
  embedLink?: string;
}

export interface AccountSnapshot {
  accountId: string;
  accountName: string;
  username?: string;
  /** The channel's or account's picture (the creator page shows it). */
  avatarUrl?: string;
  tokens: Tokens;
  videos: StoredVideo[];
}

function fromYouTube({
  id,
  title,
  description,
  thumbnailUrl,
  publishedAt,
}: ChannelVideo): StoredVideo {
  return {
    videoId: id,
    title,
    description,
    thumbnailUrl,
    publishedAt,
    url: `https://www.youtube.com/watch?v=${id}`,
  };
}

function fromTikTok(video: TikTokVideo, username?: string): StoredVideo {
  return {
    videoId: video.id,
    title: video.title,
    description: video.description,
    url: video.url ?? `https://www.tiktok.com/@${username ?? ""}/video/${video.id}`,
    thumbnailUrl: video.thumbnailUrl,
    publishedAt: video.publishedAt,
    durationSeconds: video.durationSeconds,
    embedLink: video.embedLink,
  };
}

/** Exchanges the authorization code and reads the account and its videos. */
export async function connectAccount(
  platform: VideoPlatform,
  code: string,
  codeVerifier?: string,
): Promise<AccountSnapshot> {
  // A state saved before PKCE covered YouTube has no verifier: its round trip starts again.
  if (!codeVerifier) throw new PlatformError(`Missing PKCE verifier for ${platform}`);
  if (platform === "YouTube") {
    const tokens = await exchangeYouTubeCode(code, callbackUrl(platform), codeVerifier);
    const channel = await myYouTubeChannel(tokens.accessToken);
    if (!channel) throw new PlatformError("This Google account has no YouTube channel");
    const videos = (await youTubeUploads(tokens.accessToken, channel.uploadsPlaylistId)).map(
      fromYouTube,
    );
    return {
      accountId: channel.id,
      accountName: channel.title,
      ...(channel.avatarUrl ? { avatarUrl: channel.avatarUrl } : {}),
      tokens,
      videos,
    };
  }
  const tokens = await exchangeTikTokCode(code, callbackUrl(platform), codeVerifier);
  const user = await tiktokUser(tokens.accessToken);
  const videos = (await tiktokVideos(tokens.accessToken)).map((v) => fromTikTok(v, user.username));
  return {
    accountId: user.openId,
    accountName: user.displayName,
    username: user.username,
    ...(user.avatarUrl ? { avatarUrl: user.avatarUrl } : {}),
    tokens,
    videos,
  };
}

/** Re-reads the videos of a connected account (refreshing its token when needed). */
export async function readVideos(
  ctx: ActionCtx,
  connection: Doc<"platformConnections">,
): Promise<StoredVideo[]> {
  const accessToken = await usableAccessToken(ctx, connection);
  if (connection.platform === "YouTube") {
    const channel = await myYouTubeChannel(accessToken);
    return channel
      ? (await youTubeUploads(accessToken, channel.uploadsPlaylistId)).map(fromYouTube)
      : [];
  }
  return (await tiktokVideos(accessToken)).map((v) => fromTikTok(v, connection.username));
}

/** A valid access token for a connection, refreshing (and storing) it when it has expired. */
export async function usableAccessToken(
  ctx: ActionCtx,
  connection: Doc<"platformConnections">,
): Promise<string> {
  if (connection.expiresAt - REFRESH_MARGIN_MS > Date.now())
    return await openToken(connection.accessToken);
  if (!connection.refreshToken)
    throw new PlatformError(`The ${connection.platform} connection has expired; connect it again`);
  const refreshToken = await openToken(connection.refreshToken);
  const tokens =
    connection.platform === "YouTube"
      ? await refreshYouTubeToken(refreshToken)
      : await refreshTikTokToken(refreshToken);
  await ctx.runMutation(internal.platforms.storeTokens, {
    connectionId: connection._id,
    accessToken: await sealToken(tokens.accessToken),
    refreshToken: tokens.refreshToken ? await sealToken(tokens.refreshToken) : undefined,
    expiresAt: tokens.expiresAt,
  });
  return tokens.accessToken;
}

/** What a person sees when the channel they connect is already another account's. */
export function channelTakenMessage(platform: VideoPlatform): string {
  return platform === "YouTube"
    ? "This YouTube channel is already connected to another Bounties account. Disconnect it there first, or connect a different channel."
    : "This TikTok account is already connected to another Bounties account. Disconnect it there first, or connect a different TikTok account.";
}

/**
 * One channel belongs to one account: refuses (a ConvexError with channelTakenMessage) when the
 * channel is connected to a person other than `userId`, so its videos and awards follow one
 * creator only.
 */
export async function assertChannelFree(
  ctx: QueryCtx,
  userId: Id<"users">,
  platform: VideoPlatform,
  accountId: string,
) {
  const holders = await ctx.db
    .query("platformConnections")
    .withIndex("by_platform_account", (q) => q.eq("platform", platform).eq("accountId", accountId))
    .take(10);
  if (holders.some((holder) => holder.userId !== userId))
    throw new ConvexError({ message: channelTakenMessage(platform) });
}

export async function connectionOf(ctx: QueryCtx, userId: Id<"users">, platform: VideoPlatform) {
  return await ctx.db
    .query("platformConnections")
    .withIndex("by_user_platform", (q) => q.eq("userId", userId).eq("platform", platform))
    .unique();
}

/** Adds new videos and updates known ones: one row per video id, never duplicates. */
export async function mergeVideos(
  ctx: MutationCtx,
  userId: Id<"users">,
  platform: VideoPlatform,
  videos: StoredVideo[],
) {
  const seen = new Set<string>();
  for (const video of videos) {
    if (seen.has(video.videoId)) continue;
    seen.add(video.videoId);
    const existing = await ctx.db
      .query("platformVideos")
      .withIndex("by_user_platform_video", (q) =>
        q.eq("userId", userId).eq("platform", platform).eq("videoId", video.videoId),
      )
      .unique();
    if (existing) await ctx.db.patch("platformVideos", existing._id, video);
    else await ctx.db.insert("platformVideos", { userId, platform, ...video });
  }
}

export async function removeConnection(
  ctx: MutationCtx,
  userId: Id<"users">,
  platform: VideoPlatform,
) {
  const connection = await connectionOf(ctx, userId, platform);
  if (connection) await ctx.db.delete("platformConnections", connection._id);
  const videos = await ctx.db
    .query("platformVideos")
    .withIndex("by_user_platform_video", (q) => q.eq("userId", userId).eq("platform", platform))
    .take(1000);
  for (const video of videos) await ctx.db.delete("platformVideos", video._id);
}

/**
 * Finishes an OAuth round trip: checks the state, exchanges the code, stores the account and its
 * videos (platforms.finishConnection and the REST token exchanges).
 */
export async function finishConnecting(
  ctx: ActionCtx,
  userId: Id<"users">,
  { platform, code, state }: { platform: VideoPlatform; code: string; state: string },
): Promise<{ returnToSettings: boolean; videoCount: number; accountName: string }> {
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
    avatarUrl: account.avatarUrl,
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
}

const connectionStatusValidator = v.object({
  connected: v.boolean(),
  lastSync: v.union(v.number(), v.null()),
  accountName: v.union(v.string(), v.null()),
});

/** What Creator Settings shows: each connection (never its tokens) and the videos. */
export const myPlatformsValidator = v.object({
  youtube: connectionStatusValidator,
  tiktok: connectionStatusValidator,
  videos: v.array(
    v.object({
      platform: videoPlatformValidator,
      videoId: v.string(),
      title: v.string(),
      description: v.string(),
      url: v.string(),
      thumbnailUrl: v.union(v.string(), v.null()),
      publishedAt: v.union(v.number(), v.null()),
      durationSeconds: v.union(v.number(), v.null()),
    }),
  ),
});
export type MyPlatforms = Infer<typeof myPlatformsValidator>;

/** A person's connections and videos, newest first. */
export async function platformsOf(ctx: QueryCtx, userId: Id<"users">): Promise<MyPlatforms> {
  const status = async (platform: VideoPlatform) => {
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
}
