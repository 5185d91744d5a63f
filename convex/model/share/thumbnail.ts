// The leading video's cover for the share image: fetched from the platforms' image hosts only
// (the hosts the app's CSP allows for thumbnails, vite.config.ts), small and quick or not at
// all, and decoded in plain JS (jpeg-js). A cover that cannot be had leaves the image without
// one; it never fails the preview.
import { decode } from "jpeg-js";
import { fetchWithin } from "../security/outbound";
import type { Picture } from "./canvas";

/** The platforms' thumbnail hosts (YouTube, TikTok). */
const THUMBNAIL_HOSTS = [/^i\.ytimg\.com$/, /\.ytimg\.com$/, /\.tiktokcdn(-us)?\.com$/];
const MAX_BYTES = 2_000_000;
const TIMEOUT_MS = 3_000;
/** Larger covers are not decoded (a YouTube "maxres" cover is 1280×720, under 1 MP). */
const MAX_MEGAPIXELS = 2.5;

/**
 * Whether the image may be fetched: https on a platform's image host, or an origin the
 * deployment names (the local stand-ins serve the platforms' covers on their own origin).
 */
export function thumbnailAllowed(url: string, extraOrigins: readonly string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (extraOrigins.includes(parsed.origin)) return true;
  return parsed.protocol === "https:" && THUMBNAIL_HOSTS.some((host) => host.test(parsed.hostname));
}

/** Decodes a JPEG into RGBA, or null when it is not one (or too large). */
export function decodeThumbnail(bytes: Uint8Array): Picture | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  try {
    const image = decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 64,
    });
    return { width: image.width, height: image.height, rgba: image.data };
  } catch {
    return null;
  }
}

/** The cover at `url` as a picture, or null. */
export async function fetchThumbnail(
  url: string | null,
  extraOrigins: readonly string[] = [],
): Promise<Picture | null> {
  if (url === null || !thumbnailAllowed(url, extraOrigins)) return null;
  try {
    const bytes = await fetchWithin(
      url,
      { redirect: "error" },
      async (response) => {
        if (!response.ok) return null;
        const length = Number(response.headers.get("Content-Length") ?? 0);
        if (length > MAX_BYTES) return null;
        const body = new Uint8Array(await response.arrayBuffer());
        return body.byteLength > MAX_BYTES ? null : body;
      },
      TIMEOUT_MS,
    );
    return bytes ? decodeThumbnail(bytes) : null;
  } catch {
    return null;
  }
}
