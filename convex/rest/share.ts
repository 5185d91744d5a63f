// Share pages (model/sharePreview.ts): GET /share/<ideaId> answers the idea's own Open Graph
// page, GET /share/<ideaId>/image.png its 1200×630 preview. Links are built on SITE_URL, whose
// host rewrites /share/* to these HTTP actions (README "Share links"); without SITE_URL, on the
// HTTP actions' own origin. The image is drawn on demand and cached by version: its URL carries
// a hash of what it shows (so unfurlers refetch when the bounty or the state changes) and its
// ETag is that hash (so a repeat request costs a 304).
import type { HttpRouter } from "convex/server";
import { httpAction } from "../_generated/server";
import { internal } from "../_generated/api";
import {
  previewVersion,
  SHARE_CACHE_SECONDS,
  SHARE_PATH_PREFIX,
  sharePageResponse,
  shareNotFoundResponse,
  shareTextsOf,
} from "../model/sharePreview";
import { renderPreviewImage } from "../model/share/previewImage";
import { fetchThumbnail } from "../model/share/thumbnail";

const IMAGE_SUFFIX = "/image.png";
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const trimmed = (url: string) => url.replace(/\/$/, "");

function siteUrl(): string {
  return trimmed(process.env.SITE_URL ?? "http://localhost:5173");
}

/** Where share links point: the product's own domain when SITE_URL is set. */
function shareOrigin(requestOrigin: string): string {
  return trimmed(process.env.SITE_URL ?? process.env.CONVEX_SITE_URL ?? requestOrigin);
}

/** Origins besides the platforms' image hosts that covers may come from (the local stand-ins). */
function extraImageOrigins(): string[] {
  const local = process.env.LOCAL_STAND_INS_URL;
  if (!local) return [];
  try {
    return [new URL(local).origin];
  } catch {
    return [];
  }
}

export function registerSharePages(http: HttpRouter) {
  http.route({
    pathPrefix: SHARE_PATH_PREFIX,
    method: "GET",
    handler: httpAction(async (ctx, request) => {
      const url = new URL(request.url);
      const rest = url.pathname.slice(SHARE_PATH_PREFIX.length).replace(/\/$/, "");
      const wantsImage = rest.endsWith(IMAGE_SUFFIX);
      const id = wantsImage ? rest.slice(0, -IMAGE_SUFFIX.length) : rest;
      const idea = ID_PATTERN.test(id) ? await ctx.runQuery(internal.share.idea, { id }) : null;
      if (!idea) return shareNotFoundResponse(siteUrl());
      const now = Date.now();
      if (!wantsImage) {
        // A visit through the share link counts for the poster's stats (past the per-idea
        // limit it is simply not counted: the page is served all the same).
        await ctx
          .runMutation(internal.controlRoom.recordShareVisit, { ideaId: idea.card._id })
          .catch(() => null);
        return sharePageResponse(
          idea,
          { shareOrigin: shareOrigin(url.origin), siteUrl: siteUrl() },
          now,
        );
      }
      const text = shareTextsOf(idea, now).image;
      const etag = `"${previewVersion(text)}"`;
      const headers = {
        ETag: etag,
        "Cache-Control": `public, max-age=${SHARE_CACHE_SECONDS}`,
      };
      if (request.headers.get("If-None-Match") === etag)
        return new Response(null, { status: 304, headers });
      const thumbnail = await fetchThumbnail(text.thumbnailUrl, extraImageOrigins());
      return new Response(renderPreviewImage(text, thumbnail) as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { ...headers, "Content-Type": "image/png" },
      });
    }),
  });
}
