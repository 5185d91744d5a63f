// YouTube: Google OAuth (youtube.readonly) and the YouTube Data API v3. Base URLs come from the
// environment so the local stack can use its stand-ins.
import { z } from "zod";
import { baseUrl, env, fetchJson, type Tokens } from "./http";

const apiUrl = () => baseUrl("YOUTUBE_API_URL", "https://www.googleapis.com/youtube/v3");
export const YOUTUBE_SCOPE = "https://www.googleapis.com/auth/youtube.readonly";

/**
 * Google's authorization page for the YouTube connection, with PKCE (S256, RFC 7636): a code
 * Google issues for this request is exchanged only with this request's verifier, so a code
 * that leaks (browser history, a referrer, a log) is useless to anyone else.
 */
export function youtubeAuthorizeUrl(
  state: string,
  redirectUri: string,
  codeChallenge: string,
): string {
  const url = new URL(
    env("GOOGLE_OAUTH_AUTHORIZE_URL", "https://accounts.google.com/o/oauth2/v2/auth"),
  );
  url.searchParams.set("client_id", env("AUTH_GOOGLE_ID"));
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", YOUTUBE_SCOPE);
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("include_granted_scopes", "true");
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

async function googleToken(params: Record<string, string>): Promise<Tokens> {
  const body = await fetchJson(
    "Google token request",
    env("GOOGLE_OAUTH_TOKEN_URL", "https://oauth2.googleapis.com/token"),
    tokenResponse,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: env("AUTH_GOOGLE_ID"),
        client_secret: env("AUTH_GOOGLE_SECRET"),
        ...params,
      }),
    },
  );
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: Date.now() + body.expires_in * 1000,
    scope: body.scope,
  };
}

export const exchangeYouTubeCode = (code: string, redirectUri: string, codeVerifier: string) =>
  googleToken({
    code,
    redirect_uri: redirectUri,
    grant_type: "authorization_code",
    code_verifier: codeVerifier,
  });

export const refreshYouTubeToken = (refreshToken: string) =>
  googleToken({ refresh_token: refreshToken, grant_type: "refresh_token" });

const thumbnails = z
  .record(z.string(), z.object({ url: z.string() }).passthrough())
  .optional()
  .transform((t) => t?.high?.url ?? t?.medium?.url ?? t?.default?.url);

const channelList = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({ title: z.string(), thumbnails }).passthrough(),
        contentDetails: z
          .object({ relatedPlaylists: z.object({ uploads: z.string() }).passthrough() })
          .passthrough(),
      }),
    )
    .default([]),
});

export interface YouTubeChannel {
  id: string;
  title: string;
  uploadsPlaylistId: string;
  /** The channel's picture (its largest thumbnail). */
  avatarUrl?: string;
}

export async function myYouTubeChannel(accessToken: string): Promise<YouTubeChannel | null> {
  const body = await fetchJson(
    "YouTube channels.list",
    `${apiUrl()}/channels?part=snippet,contentDetails&mine=true`,
    channelList,
    {
      headers: { Authorization: `Bearer ${accessToken}` },
    },
  );
  const channel = body.items[0];
  return channel
    ? {
        id: channel.id,
        title: channel.snippet.title,
        uploadsPlaylistId: channel.contentDetails.relatedPlaylists.uploads,
        ...(channel.snippet.thumbnails ? { avatarUrl: channel.snippet.thumbnails } : {}),
      }
    : null;
}

const playlistItems = z.object({
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z.object({
        snippet: z
          .object({
            title: z.string().default(""),
            description: z.string().default(""),
            publishedAt: z.string().optional(),
            thumbnails,
            resourceId: z.object({ videoId: z.string() }).passthrough(),
          })
          .passthrough(),
        contentDetails: z
          .object({ videoPublishedAt: z.string().optional() })
          .passthrough()
          .optional(),
      }),
    )
    .default([]),
});

export interface ChannelVideo {
  id: string;
  title: string;
  description: string;
  thumbnailUrl?: string;
  publishedAt?: number;
}

/** The channel's uploads, newest first (at most `limit`). */
export async function youTubeUploads(
  accessToken: string,
  playlistId: string,
  limit = 100,
): Promise<ChannelVideo[]> {
  const videos: ChannelVideo[] = [];
  let pageToken: string | undefined;
  do {
    const url = `${apiUrl()}/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=${encodeURIComponent(playlistId)}${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ""}`;
    const page = await fetchJson("YouTube playlistItems.list", url, playlistItems, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    for (const item of page.items) {
      const published = item.contentDetails?.videoPublishedAt ?? item.snippet.publishedAt;
      videos.push({
        id: item.snippet.resourceId.videoId,
        title: item.snippet.title,
        description: item.snippet.description,
        thumbnailUrl: item.snippet.thumbnails,
        publishedAt: published ? Date.parse(published) : undefined,
      });
    }
    pageToken = page.nextPageToken;
  } while (pageToken && videos.length < limit);
  return videos.slice(0, limit);
}

const videoList = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z
          .object({
            title: z.string().default(""),
            channelId: z.string(),
            channelTitle: z.string().default(""),
            publishedAt: z.string(),
            thumbnails,
          })
          .passthrough(),
        contentDetails: z.object({ duration: z.string() }).passthrough(),
        status: z.object({ privacyStatus: z.string() }).passthrough().optional(),
      }),
    )
    .default([]),
});

export interface PlatformVideo {
  videoId: string;
  title: string;
  authorId: string;
  authorName: string;
  durationSeconds?: number;
  publishedAt?: number;
  thumbnailUrl?: string;
}

/** ISO 8601 durations as YouTube writes them ("PT1H2M3S", "P1DT2H") in seconds. */
export function parseIsoDuration(value: string): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!match || value === "P" || value === "PT") return undefined;
  const [, d, h, m, s] = match;
  return (
    Number(d ?? 0) * 86400 +
    Number(h ?? 0) * 3600 +
    Number(m ?? 0) * 60 +
    Math.round(Number(s ?? 0))
  );
}

/** Looks a public (or unlisted) video up by id; null when YouTube has no such viewable video. */
export async function lookUpYouTubeVideo(videoId: string): Promise<PlatformVideo | null> {
  const url = `${apiUrl()}/videos?part=snippet,contentDetails,status&id=${encodeURIComponent(videoId)}&key=${encodeURIComponent(env("YOUTUBE_API_KEY"))}`;
  const body = await fetchJson("YouTube videos.list", url, videoList);
  const video = body.items.find((item) => item.id === videoId);
  if (!video || video.status?.privacyStatus === "private") return null;
  return {
    videoId: video.id,
    title: video.snippet.title,
    authorId: video.snippet.channelId,
    authorName: video.snippet.channelTitle,
    durationSeconds: parseIsoDuration(video.contentDetails.duration),
    publishedAt: Date.parse(video.snippet.publishedAt),
    thumbnailUrl: video.snippet.thumbnails,
  };
}
