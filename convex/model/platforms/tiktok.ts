// TikTok: Login Kit (OAuth 2 with PKCE), the Display API (user info, video list and query) and
// oEmbed. Base URLs come from the environment so the local stack can use its stand-ins.
import { z } from "zod";
import { baseUrl, env, fetchJson, PlatformError, type Tokens } from "./http";
import type { ChannelVideo, PlatformVideo } from "./youtube";

const apiUrl = () => baseUrl("TIKTOK_API_URL", "https://open.tiktokapis.com");
// user.info.profile is what TikTok requires for `username` (used to recognise own videos).
export const TIKTOK_SCOPES = "user.info.basic,user.info.profile,video.list";
const VIDEO_FIELDS =
  "id,title,video_description,duration,cover_image_url,embed_link,create_time,share_url";

export function tiktokAuthorizeUrl(
  state: string,
  redirectUri: string,
  codeChallenge: string,
): string {
  const url = new URL(env("TIKTOK_AUTH_URL", "https://www.tiktok.com/v2/auth/authorize/"));
  url.searchParams.set("client_key", env("TIKTOK_CLIENT_KEY"));
  url.searchParams.set("scope", TIKTOK_SCOPES);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  open_id: z.string(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

async function tiktokToken(params: Record<string, string>): Promise<Tokens & { openId: string }> {
  const body = await fetchJson(
    "TikTok token request",
    `${apiUrl()}/v2/oauth/token/`,
    tokenResponse,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_key: env("TIKTOK_CLIENT_KEY"),
        client_secret: env("TIKTOK_CLIENT_SECRET"),
        ...params,
      }),
    },
  );
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: Date.now() + body.expires_in * 1000,
    scope: body.scope,
    openId: body.open_id,
  };
}

export const exchangeTikTokCode = (code: string, redirectUri: string, codeVerifier: string) =>
  tiktokToken({
    code,
    redirect_uri: redirectUri,
    grant_type: "authorization_code",
    code_verifier: codeVerifier,
  });

export const refreshTikTokToken = (refreshToken: string) =>
  tiktokToken({ refresh_token: refreshToken, grant_type: "refresh_token" });

const apiError = z.object({ code: z.string(), message: z.string().optional() }).passthrough();
function checkOk(what: string, error: z.infer<typeof apiError>) {
  if (error.code !== "ok") throw new PlatformError(`${what}: ${error.code} ${error.message ?? ""}`);
}

const userInfo = z.object({
  data: z.object({
    user: z
      .object({
        open_id: z.string(),
        display_name: z.string().optional(),
        username: z.string().optional(),
        avatar_url: z.string().optional(),
      })
      .passthrough(),
  }),
  error: apiError,
});

export async function tiktokUser(accessToken: string) {
  const body = await fetchJson(
    "TikTok user info",
    `${apiUrl()}/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username`,
    userInfo,
    {
      headers: { Authorization: `Bearer ${accessToken}` },
    },
  );
  checkOk("TikTok user info", body.error);
  const user = body.data.user;
  return {
    openId: user.open_id,
    username: user.username,
    displayName: user.display_name ?? user.username ?? "TikTok account",
    avatarUrl: user.avatar_url,
  };
}

const tiktokVideo = z
  .object({
    id: z.string(),
    title: z.string().optional(),
    video_description: z.string().optional(),
    duration: z.number().optional(),
    cover_image_url: z.string().optional(),
    embed_link: z.string().optional(),
    create_time: z.number().optional(),
    share_url: z.string().optional(),
  })
  .passthrough();
const videoPage = z.object({
  data: z.object({
    videos: z.array(tiktokVideo).default([]),
    cursor: z.number().optional(),
    has_more: z.boolean().optional(),
  }),
  error: apiError,
});

export interface TikTokVideo extends ChannelVideo {
  durationSeconds?: number;
  embedLink?: string;
  url?: string;
}

function toVideo(video: z.infer<typeof tiktokVideo>): TikTokVideo {
  return {
    id: video.id,
    title: video.title ?? "",
    description: video.video_description ?? "",
    thumbnailUrl: video.cover_image_url,
    publishedAt: video.create_time !== undefined ? video.create_time * 1000 : undefined,
    durationSeconds: video.duration,
    embedLink: video.embed_link,
    url: video.share_url,
  };
}

/** The account's videos, newest first (at most `limit`). */
export async function tiktokVideos(accessToken: string, limit = 100): Promise<TikTokVideo[]> {
  const videos: TikTokVideo[] = [];
  let cursor: number | undefined;
  for (;;) {
    const body = await fetchJson(
      "TikTok video list",
      `${apiUrl()}/v2/video/list/?fields=${VIDEO_FIELDS}`,
      videoPage,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ max_count: 20, ...(cursor !== undefined ? { cursor } : {}) }),
      },
    );
    checkOk("TikTok video list", body.error);
    videos.push(...body.data.videos.map(toVideo));
    if (!body.data.has_more || body.data.cursor === undefined || videos.length >= limit) break;
    cursor = body.data.cursor;
  }
  return videos.slice(0, limit);
}

/** The caller's own video with this id (TikTok answers only for the token's owner), or null. */
export async function tiktokOwnVideo(
  accessToken: string,
  videoId: string,
): Promise<TikTokVideo | null> {
  const body = await fetchJson(
    "TikTok video query",
    `${apiUrl()}/v2/video/query/?fields=${VIDEO_FIELDS}`,
    videoPage,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ filters: { video_ids: [videoId] } }),
    },
  );
  checkOk("TikTok video query", body.error);
  const video = body.data.videos.find((v) => v.id === videoId);
  return video ? toVideo(video) : null;
}

const oembed = z
  .object({
    title: z.string().default(""),
    author_name: z.string().default(""),
    author_unique_id: z.string().optional(),
    thumbnail_url: z.string().optional(),
    embed_product_id: z.string().optional(),
  })
  .passthrough();

/**
 * Public metadata of a TikTok video through oEmbed (the link is passed to TikTok's endpoint as
 * a parameter, never fetched by us). Null when TikTok does not know the video.
 */
export async function tiktokOEmbed(
  videoUrl: string,
): Promise<(PlatformVideo & { username?: string }) | null> {
  const url = `${env("TIKTOK_OEMBED_URL", "https://www.tiktok.com/oembed")}?url=${encodeURIComponent(videoUrl)}`;
  let body: z.infer<typeof oembed>;
  try {
    body = await fetchJson("TikTok oEmbed", url, oembed);
  } catch (e) {
    if (e instanceof PlatformError && e.status !== undefined && e.status >= 400 && e.status < 500)
      return null;
    throw e;
  }
  if (!body.embed_product_id) return null;
  return {
    videoId: body.embed_product_id,
    title: body.title,
    authorId: body.author_unique_id ?? body.author_name,
    authorName: body.author_name,
    thumbnailUrl: body.thumbnail_url,
    username: body.author_unique_id,
  };
}
