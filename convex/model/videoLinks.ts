// Video links: which platform a link belongs to and which video it names. Shared by the submit
// page (instant feedback) and the server (which never fetches the link itself: it looks the
// video up through the platform's API by id).
import { isHttpUrl } from "./ideaText";
import type { IdeaPlatform, VideoPlatform } from "./validators";

export type { VideoPlatform };

export interface VideoLink {
  platform: VideoPlatform;
  /** The platform's id of the video; absent for TikTok short links until resolved. */
  videoId?: string;
  /** Canonical URL (or the normalised short link). */
  url: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TIKTOK_ID = /^\d{15,21}$/;
const TIKTOK_SHORT_CODE = /^[A-Za-z0-9]{5,16}$/;
const MAX_LINK_LENGTH = 2048;

/** True when `host` is `domain` or one of its subdomains (so look-alikes never match). */
function isHost(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function parseUrl(raw: string): URL | null {
  const text = raw.trim();
  if (text === "" || text.length > MAX_LINK_LENGTH) return null;
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
    if (!isHttpUrl(withScheme)) return null;
    const url = new URL(withScheme);
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

function youtubeLink(url: URL): VideoLink | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (isHost(host, "youtu.be")) {
    id = segments[0];
  } else if (isHost(host, "youtube.com") || isHost(host, "youtube-nocookie.com")) {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["shorts", "embed", "live", "v"].includes(segments[0] ?? "")) id = segments[1];
  } else {
    return null;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { platform: "YouTube", videoId: id, url: `https://www.youtube.com/watch?v=${id}` };
}

function tiktokLink(url: URL): VideoLink | null {
  const host = url.hostname.toLowerCase();
  if (!isHost(host, "tiktok.com")) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  // https://www.tiktok.com/@user/video/1234567890123456789
  if (segments.length >= 3 && segments[0]!.startsWith("@") && segments[1] === "video") {
    const user = segments[0]!.slice(1);
    const id = segments[2]!;
    if (!TIKTOK_ID.test(id) || !/^[\w.]{1,64}$/.test(user)) return null;
    return { platform: "TikTok", videoId: id, url: `https://www.tiktok.com/@${user}/video/${id}` };
  }
  // Short links from the share sheet: vm.tiktok.com/CODE, vt.tiktok.com/CODE, tiktok.com/t/CODE.
  const code =
    host === "vm.tiktok.com" || host === "vt.tiktok.com"
      ? segments[0]
      : segments[0] === "t"
        ? segments[1]
        : undefined;
  if (code && TIKTOK_SHORT_CODE.test(code)) {
    return {
      platform: "TikTok",
      url:
        host === "vm.tiktok.com" || host === "vt.tiktok.com"
          ? `https://${host}/${code}/`
          : `https://www.tiktok.com/t/${code}/`,
    };
  }
  return null;
}

/** The video a link names, or null when it is not a YouTube or TikTok video link. */
export function parseVideoLink(raw: string): VideoLink | null {
  const url = parseUrl(raw);
  if (!url) return null;
  return youtubeLink(url) ?? tiktokLink(url);
}

/** Whether a video on `platform` may be submitted to an idea wanting `ideaPlatform`. */
export function platformAccepts(ideaPlatform: IdeaPlatform, platform: VideoPlatform): boolean {
  return ideaPlatform === "Any" || ideaPlatform === platform;
}

export const VIDEO_LINK_MESSAGES = {
  signIn: "Please sign in to submit your video",
  missing: "Please provide a video link",
  format: "Invalid video link format",
  verify: "Failed to verify video",
  submit: "Failed to submit video",
  closed: "This proposal is no longer accepting submissions.",
  duplicate: "This video has already been submitted to this idea.",
  success: "Video submitted successfully!",
  heldByOwner: "This video is on a channel another creator has connected: only they can submit it.",
} as const;

const PLATFORM_ACCOUNT: Record<VideoPlatform, string> = {
  YouTube: "YouTube channel",
  TikTok: "TikTok account",
};

/**
 * The specific reasons shown under the spec's 'Invalid video link format' and 'Failed to verify
 * video' (shared by the server's errors and the submit page's own checks).
 */
export const VIDEO_LINK_REASONS = {
  /** A link to the other platform's video. */
  wrongPlatform: (ideaPlatform: VideoPlatform) => `This idea needs a ${ideaPlatform} video`,
  /** Not a video link of either platform. */
  notAVideo: "Paste the link of a YouTube or TikTok video (for example its Share link).",
  /** The platform does not know the video (deleted, private, or a mistyped id). */
  notFound: (platform: VideoPlatform) => `We couldn't find that video on ${platform}`,
  /** The platform's API failed (an outage, quota): nothing is known about the video. */
  unavailable: (platform: VideoPlatform) =>
    `${platform} did not answer. Please try again in a moment.`,
  /** The creator's connected account did not post it. */
  notOnChannel: (platform: VideoPlatform, accountName: string) =>
    `This video is not on your connected ${PLATFORM_ACCOUNT[platform]} (${accountName}).`,
} as const;

/** Why a link failed the format check: the other platform's video, or not a video link. */
export function formatReason(raw: string, ideaPlatform: IdeaPlatform): string | null {
  if (raw.trim() === "") return null;
  const link = parseVideoLink(raw);
  if (link === null) return VIDEO_LINK_REASONS.notAVideo;
  if (!platformAccepts(ideaPlatform, link.platform) && ideaPlatform !== "Any")
    return VIDEO_LINK_REASONS.wrongPlatform(ideaPlatform);
  return null;
}

/**
 * The checks the submit page can make before asking the server (spec §5): a link is given
 * and it is a video on a platform the idea accepts. Returns the message of the first failure.
 */
export function checkVideoLink(
  raw: string,
  ideaPlatform: IdeaPlatform,
): { ok: true; link: VideoLink } | { ok: false; message: string } {
  if (raw.trim() === "") return { ok: false, message: VIDEO_LINK_MESSAGES.missing };
  const link = parseVideoLink(raw);
  if (!link || !platformAccepts(ideaPlatform, link.platform))
    return { ok: false, message: VIDEO_LINK_MESSAGES.format };
  return { ok: true, link };
}
