// TikTok API v2 shapes: the { data, error } envelope and its errors, the OAuth error struct,
// user and video objects with only the requested fields, and oEmbed answers.
import { randomBytes } from "node:crypto";
import { escapeHtml, json, tokenJson } from "../framework.js";
import {
  canonicalUrl,
  openIdFor,
  pick,
  unionIdFor,
  type Person,
  type TikTokVideo,
} from "./data.js";

/** A log id like TikTok's: a UTC timestamp and 20 hex digits. */
export const logId = () =>
  `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(10).toString("hex").toUpperCase()}`;

export const ok = (data: unknown) =>
  json({ data, error: { code: "ok", message: "", log_id: logId() } });

/** API v2 errors (https://developers.tiktok.com/doc/tiktok-api-v2-error-handling). */
export const apiError = (
  code: "access_token_invalid" | "scope_not_authorized" | "invalid_params",
  message?: string,
) => {
  const defaults = {
    access_token_invalid: [401, "The access token is invalid or not found in the request."],
    scope_not_authorized: [
      401,
      "The user did not authorize the scope required for completing this request.",
    ],
    invalid_params: [400, "One or more fields in the request are invalid."],
  } as const;
  const [status, text] = defaults[code];
  return json({ error: { code, message: message ?? text, log_id: logId() } }, status);
};

/** OAuth errors (https://developers.tiktok.com/doc/oauth-error-handling). */
/** An OAuth endpoint's error (token, revoke): not cached, as the token responses. */
export const oauthError = (error: string, description: string, status = 400) =>
  tokenJson({ error, error_description: description, log_id: logId() }, status);

/** The fields of the user object and the scope each needs. */
export const USER_FIELD_SCOPES: Record<string, string> = {
  open_id: "user.info.basic",
  union_id: "user.info.basic",
  avatar_url: "user.info.basic",
  avatar_url_100: "user.info.basic",
  avatar_large_url: "user.info.basic",
  display_name: "user.info.basic",
  bio_description: "user.info.profile",
  profile_deep_link: "user.info.profile",
  is_verified: "user.info.profile",
  username: "user.info.profile",
  follower_count: "user.info.stats",
  following_count: "user.info.stats",
  likes_count: "user.info.stats",
  video_count: "user.info.stats",
};

export const VIDEO_FIELDS = [
  "id",
  "create_time",
  "cover_image_url",
  "share_url",
  "video_description",
  "duration",
  "height",
  "width",
  "title",
  "embed_html",
  "embed_link",
  "like_count",
  "comment_count",
  "share_count",
  "view_count",
];

/** `fields` as a list (TikTok ignores names it doesn't know). */
export const parseFields = (url: URL) =>
  (url.searchParams.get("fields") ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);

const only = (fields: string[], all: Record<string, unknown>) =>
  Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));

export function userObject(
  baseUrl: string,
  clientKey: string,
  person: Person,
  publicVideos: number,
  fields: string[],
) {
  const avatar = `${baseUrl}/tiktok/avatars/${person.username}.svg`;
  return only(fields, {
    open_id: openIdFor(clientKey, person.username),
    union_id: unionIdFor(person.username),
    avatar_url: avatar,
    avatar_url_100: `${avatar}?size=100`,
    avatar_large_url: `${avatar}?size=720`,
    display_name: person.displayName,
    bio_description: person.bio,
    profile_deep_link: `https://www.tiktok.com/@${person.username}`,
    is_verified: false,
    username: person.username,
    follower_count: pick(`${person.username}:followers`, 50000),
    following_count: pick(`${person.username}:following`, 900),
    likes_count: pick(`${person.username}:likes`, 400000),
    video_count: publicVideos,
  });
}

export const coverUrl = (baseUrl: string, video: TikTokVideo) =>
  `${baseUrl}/tiktok/covers/${video.id}.svg`;

/** The blockquote TikTok's embed script turns into a player. */
export const embedHtml = (video: TikTokVideo, person: Person) =>
  `<blockquote class="tiktok-embed" cite="${canonicalUrl(video)}" data-video-id="${video.id}" style="max-width: 605px;min-width: 325px;" > <section> <a target="_blank" title="@${person.username}" href="https://www.tiktok.com/@${person.username}?refer=embed">@${person.username}</a> <p>${escapeHtml(video.description)}</p> <a target="_blank" title="♬ original sound - ${escapeHtml(person.displayName)}" href="https://www.tiktok.com/music/original-sound-${video.id}?refer=embed">♬ original sound - ${escapeHtml(person.displayName)}</a> </section> </blockquote> <script async src="https://www.tiktok.com/embed.js"></script>`;

export function videoObject(baseUrl: string, video: TikTokVideo, person: Person, fields: string[]) {
  return only(fields, {
    id: video.id,
    create_time: Math.floor(video.createTimeMs / 1000),
    cover_image_url: coverUrl(baseUrl, video),
    share_url: canonicalUrl(video),
    video_description: video.description,
    duration: video.durationSeconds,
    height: 1920,
    width: 1080,
    title: video.title,
    embed_html: embedHtml(video, person),
    embed_link: `https://www.tiktok.com/player/v1/${video.id}`,
    like_count: pick(`${video.id}:likes`, 20000),
    comment_count: pick(`${video.id}:comments`, 800),
    share_count: pick(`${video.id}:shares`, 500),
    view_count: 200 + pick(`${video.id}:views`, 400000),
  });
}

export function oembed(baseUrl: string, video: TikTokVideo, person: Person) {
  return {
    version: "1.0",
    type: "video",
    title: video.description,
    author_url: `https://www.tiktok.com/@${person.username}`,
    author_name: person.displayName,
    width: "100%",
    height: "100%",
    html: embedHtml(video, person),
    thumbnail_width: 720,
    thumbnail_height: 1280,
    thumbnail_url: coverUrl(baseUrl, video),
    provider_url: "https://www.tiktok.com",
    provider_name: "TikTok",
    author_unique_id: person.username,
    embed_product_id: video.id,
    embed_type: "video",
  };
}

/**
 * oEmbed's answer for a link it cannot show (unknown, deleted or private). Observed answers carry
 * `status_msg`/`status_code`; `code`/`message` are kept beside them for callers that read those.
 */
export const oembedNotFound = () =>
  json(
    {
      code: 400,
      message: "Something went wrong",
      status_code: 10101,
      status_msg: "Something went wrong",
    },
    400,
  );

/** The video id a TikTok link names: canonical (any @name), or a short-link code. */
export function parseVideoLink(link: string): { id: string } | { code: string } | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (/^(www\.|m\.)?tiktok\.com$/.test(host)) {
    const canonical = /^\/@[^/]+\/video\/(\d{1,20})\/?$/.exec(url.pathname);
    if (canonical) return { id: canonical[1]! };
    const short = /^\/t\/([A-Za-z0-9]+)\/?$/.exec(url.pathname);
    if (short) return { code: short[1]! };
    return null;
  }
  if (host === "vm.tiktok.com" || host === "vt.tiktok.com") {
    const short = /^\/([A-Za-z0-9]+)\/?$/.exec(url.pathname);
    return short ? { code: short[1]! } : null;
  }
  return null;
}
