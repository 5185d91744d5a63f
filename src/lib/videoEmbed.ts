import type { VideoPlatform } from "../../convex/model/validators";
import { EMBED_ORIGINS } from "./embedOrigins";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TIKTOK_ID = /^\d{5,25}$/;

/** The YouTube video id of a watch, short, embed or youtu.be link; null for anything else. */
export function youTubeIdOf(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1);
  else if (host === "youtube.com") {
    const [, first, second] = url.pathname.split("/");
    id =
      first === "watch"
        ? url.searchParams.get("v")
        : first === "shorts" || first === "embed"
          ? (second ?? null)
          : null;
  }
  return id !== null && YOUTUBE_ID.test(id) ? id : null;
}

/** The TikTok video id of a tiktok.com/@user/video/<id> link; null for anything else. */
export function tikTokIdOf(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  if (host !== "tiktok.com") return null;
  const match = /^\/@[^/]+\/video\/([^/]+)\/?$/.exec(url.pathname);
  return match && TIKTOK_ID.test(match[1]!) ? match[1]! : null;
}

/**
 * The address of the platform's official embed player for a video link, started on load (it is
 * only loaded after the reader clicked play); null when the link is not a video we can embed.
 */
export function embedUrlOf(platform: VideoPlatform, link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (platform === "YouTube") {
    const id = youTubeIdOf(url);
    return id && `${EMBED_ORIGINS.YouTube}/embed/${id}?autoplay=1&rel=0`;
  }
  const id = tikTokIdOf(url);
  return id && `${EMBED_ORIGINS.TikTok}/player/v1/${id}?autoplay=1&rel=0`;
}

/** "4:05", "1:02:09": a video's length as players show it. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
