// Provider HTTP APIs mocked at the HTTP level for convex-test suites: the code under test
// builds real requests (URLs, headers, bodies) and parses real-shaped responses.
import { vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, type Backend } from "./test.setup";

export const ENV = {
  SITE_URL: "https://app.test",
  YOUTUBE_API_URL: "https://youtube.test/youtube/v3",
  YOUTUBE_API_KEY: "yt-key",
  GOOGLE_OAUTH_AUTHORIZE_URL: "https://accounts.test/o/oauth2/v2/auth",
  GOOGLE_OAUTH_TOKEN_URL: "https://accounts.test/token",
  AUTH_GOOGLE_ID: "google-client",
  AUTH_GOOGLE_SECRET: "google-secret",
  TIKTOK_AUTH_URL: "https://tiktok.test/v2/auth/authorize/",
  TIKTOK_API_URL: "https://open.tiktok.test",
  TIKTOK_OEMBED_URL: "https://tiktok.test/oembed",
  TIKTOK_CLIENT_KEY: "tiktok-key",
  TIKTOK_CLIENT_SECRET: "tiktok-secret",
  PLATFORM_TOKEN_SECRET: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
};

export interface FakeYouTubeVideo {
  id: string;
  channelId: string;
  title: string;
  seconds: number;
  /** Ms; the fake API reports it to the second, as YouTube does. */
  publishedAt: number;
  privacy?: "public" | "unlisted" | "private";
}

export interface FakeTikTokVideo {
  id: string;
  username: string;
  openId: string;
  title: string;
  seconds: number;
  /** Ms; the fake API reports Unix seconds (`create_time`), as TikTok does. */
  createTime: number;
  private?: boolean;
}

export type FakeAccount = { channelId?: string; openId?: string; username?: string };
export type FakeGrant = FakeAccount & { challenge?: string };

export interface FakePlatforms {
  youtube: FakeYouTubeVideo[];
  tiktok: FakeTikTokVideo[];
  /** Google access token → channel id. */
  googleTokens: Map<string, string>;
  /** TikTok access token → open id. */
  tiktokTokens: Map<string, string>;
  /**
   * Authorization codes → the account they grant and the PKCE challenge of the request that
   * asked for them (see `grant`). Refresh tokens are kept here too, as `refresh:<token>`.
   */
  codes: Map<string, FakeGrant>;
  /**
   * The provider's consent step: the person behind `account` approves the authorization request
   * at `authorizeUrl`; returns the code the provider sends back, bound (like Google's and
   * TikTok's) to that request's PKCE challenge.
   */
  grant: (authorizeUrl: URL | string, account: FakeAccount, code?: string) => string;
  /** Makes every provider call fail with this status. */
  outage: number | null;
  requests: { url: string; init?: RequestInit }[];
}

/** A time as YouTube writes it: to the second, "2026-11-23T10:30:12Z". */
const youtubeTime = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
const isoDuration = (s: number) => `PT${Math.floor(s / 60)}M${s % 60}S`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Installs env vars and a fetch that answers like YouTube, Google OAuth and TikTok. */
export function mockPlatforms(): FakePlatforms {
  for (const [name, value] of Object.entries(ENV)) vi.stubEnv(name, value);
  const fake: FakePlatforms = {
    youtube: [],
    tiktok: [],
    googleTokens: new Map(),
    tiktokTokens: new Map(),
    codes: new Map(),
    outage: null,
    requests: [],
    grant: (authorizeUrl, account, code = `code-${Math.random().toString(36).slice(2)}`) => {
      const challenge = new URL(authorizeUrl).searchParams.get("code_challenge") ?? undefined;
      fake.codes.set(code, { ...account, challenge });
      return code;
    },
  };
  let issued = 0;
  /**
   * An authorization code exchange as Google and TikTok answer it (RFC 7636, RFC 9700 §2.1.1):
   * the verifier must match the request's challenge, a verifier for a code issued without one is
   * refused (no downgrade), and only a successful exchange uses the code up; a refused one
   * leaves it to the flow it belongs to.
   */
  const redeem = async (params: URLSearchParams): Promise<FakeGrant | null> => {
    const code = params.get("code") ?? "";
    const grant = fake.codes.get(code);
    if (!grant || code.startsWith("refresh:")) return null;
    const verifier = params.get("code_verifier");
    if (grant.challenge === undefined ? verifier !== null : verifier === null) return null;
    if (grant.challenge !== undefined) {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier!));
      const computed = btoa(String.fromCharCode(...new Uint8Array(digest)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      if (computed !== grant.challenge) return null;
    }
    fake.codes.delete(code);
    return grant;
  };
  const bearer = (init?: RequestInit) =>
    new Headers(init?.headers).get("authorization")?.replace(/^Bearer /, "") ?? "";
  const handler = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    );
    fake.requests.push({ url: url.href, init });
    if (fake.outage !== null) return json({ error: { message: "backend error" } }, fake.outage);
    const form = () => new URLSearchParams(String(init?.body ?? ""));
    const yt = ENV.YOUTUBE_API_URL;
    if (url.href.startsWith(`${yt}/videos`)) {
      if (url.searchParams.get("key") !== ENV.YOUTUBE_API_KEY)
        return json({ error: { code: 400, message: "API key not valid" } }, 400);
      const ids = (url.searchParams.get("id") ?? "").split(",");
      const items = fake.youtube
        .filter((v) => ids.includes(v.id) && v.privacy !== "private")
        .map((v) => ({
          id: v.id,
          snippet: {
            title: v.title,
            channelId: v.channelId,
            channelTitle: `${v.channelId} title`,
            publishedAt: youtubeTime(v.publishedAt),
            thumbnails: { high: { url: `https://img.test/${v.id}.jpg` } },
          },
          contentDetails: { duration: isoDuration(v.seconds) },
          status: { privacyStatus: v.privacy ?? "public" },
        }));
      return json({ kind: "youtube#videoListResponse", items });
    }
    if (url.href.startsWith(`${yt}/channels`)) {
      const channelId = fake.googleTokens.get(bearer(init));
      if (!channelId) return json({ error: { code: 401, message: "Invalid Credentials" } }, 401);
      return json({
        items: [
          {
            id: channelId,
            snippet: {
              title: `${channelId} title`,
              thumbnails: { default: { url: `https://yt3.ggpht.com/${channelId}=s88` } },
            },
            contentDetails: { relatedPlaylists: { uploads: `UU${channelId}` } },
          },
        ],
      });
    }
    if (url.href.startsWith(`${yt}/playlistItems`)) {
      const channelId = fake.googleTokens.get(bearer(init));
      if (!channelId) return json({ error: { code: 401 } }, 401);
      const items = fake.youtube
        .filter((v) => v.channelId === channelId)
        .map((v) => ({
          snippet: {
            title: v.title,
            description: "",
            publishedAt: youtubeTime(v.publishedAt),
            resourceId: { videoId: v.id },
          },
          contentDetails: { videoPublishedAt: youtubeTime(v.publishedAt) },
        }));
      return json({ items });
    }
    if (url.href === ENV.GOOGLE_OAUTH_TOKEN_URL) {
      const params = form();
      if (params.get("client_secret") !== ENV.AUTH_GOOGLE_SECRET)
        return json({ error: "invalid_client" }, 401);
      const grant =
        params.get("grant_type") === "refresh_token"
          ? fake.codes.get(`refresh:${params.get("refresh_token")}`)
          : await redeem(params);
      if (!grant?.channelId) return json({ error: "invalid_grant" }, 400);
      const token = `g-token-${++issued}`;
      fake.googleTokens.set(token, grant.channelId);
      fake.codes.set(`refresh:g-refresh-${issued}`, grant);
      return json({
        access_token: token,
        expires_in: 3600,
        refresh_token: `g-refresh-${issued}`,
        scope: "youtube.readonly",
      });
    }
    if (url.href === `${ENV.TIKTOK_API_URL}/v2/oauth/token/`) {
      const params = form();
      if (params.get("client_secret") !== ENV.TIKTOK_CLIENT_SECRET)
        return json({ error: "invalid_client" }, 401);
      const grant =
        params.get("grant_type") === "refresh_token"
          ? fake.codes.get(`refresh:${params.get("refresh_token")}`)
          : await redeem(params);
      if (!grant?.openId) return json({ error: "invalid_grant" }, 400);
      const token = `t-token-${++issued}`;
      fake.tiktokTokens.set(token, grant.openId);
      fake.codes.set(`refresh:t-refresh-${issued}`, grant);
      return json({
        access_token: token,
        expires_in: 86400,
        open_id: grant.openId,
        refresh_token: `t-refresh-${issued}`,
        scope: "user.info.basic,video.list",
        token_type: "Bearer",
      });
    }
    if (url.href.startsWith(`${ENV.TIKTOK_API_URL}/v2/`)) {
      const openId = fake.tiktokTokens.get(bearer(init));
      if (!openId)
        return json({ error: { code: "access_token_invalid", message: "bad token" } }, 401);
      const own = fake.tiktok.filter((v) => v.openId === openId);
      const shape = (v: FakeTikTokVideo) => ({
        id: v.id,
        title: v.title,
        video_description: "",
        duration: v.seconds,
        create_time: Math.floor(v.createTime / 1000),
        cover_image_url: `https://img.test/${v.id}.jpg`,
        share_url: `https://www.tiktok.com/@${v.username}/video/${v.id}`,
      });
      const ok = { code: "ok", message: "" };
      if (url.pathname === "/v2/user/info/") {
        const username =
          own[0]?.username ??
          [...fake.codes.values()].find((c) => c.openId === openId)?.username ??
          "someone";
        return json({
          data: { user: { open_id: openId, display_name: `${username} display`, username } },
          error: ok,
        });
      }
      if (url.pathname === "/v2/video/list/")
        return json({ data: { videos: own.map(shape), cursor: 0, has_more: false }, error: ok });
      if (url.pathname === "/v2/video/query/") {
        const ids = (JSON.parse(String(init?.body)) as { filters: { video_ids: string[] } }).filters
          .video_ids;
        return json({
          data: { videos: own.filter((v) => ids.includes(v.id)).map(shape) },
          error: ok,
        });
      }
    }
    if (url.href.startsWith(ENV.TIKTOK_OEMBED_URL)) {
      const target = url.searchParams.get("url") ?? "";
      const video = fake.tiktok.find((v) => target.includes(v.id) && !v.private);
      if (!video) return json({ code: 400, message: "Something went wrong" }, 400);
      return json({
        version: "1.0",
        type: "video",
        title: video.title,
        author_name: `${video.username} display`,
        author_unique_id: video.username,
        thumbnail_url: `https://img.test/${video.id}.jpg`,
        embed_product_id: video.id,
        embed_type: "video",
      });
    }
    return json({ error: `unexpected request ${url.href}` }, 404);
  };
  vi.stubGlobal("fetch", vi.fn(handler));
  return fake;
}

/**
 * Connects a creator's account through the real OAuth round trip against the mocked provider:
 * YouTube with `{ channelId }`, TikTok with `{ openId, username }`.
 */
export async function connectAccount(
  t: Backend,
  fake: FakePlatforms,
  userId: Id<"users">,
  account: { channelId: string } | { openId: string; username: string },
) {
  const platform = "channelId" in account ? "YouTube" : "TikTok";
  const { url } = await as(t, userId).action(api.platforms.startConnection, {
    platform,
    returnToSettings: true,
  });
  const code = fake.grant(url, account);
  await as(t, userId).action(api.platforms.finishConnection, {
    platform,
    code,
    state: new URL(url).searchParams.get("state")!,
  });
}
