// Share pages (model/sharePreview.ts): GET /share/<ideaId> answers the idea's own Open Graph
// page, GET /share/<ideaId>/image.png its 1200×630 preview. The image is drawn on demand and
// cached by version: its URL carries a hash of what it shows (so unfurlers refetch when the
// bounty changes) and its ETag is that hash (so a repeat request costs a 304).
import type { HttpRouter } from "convex/server";
import { httpAction } from "../_generated/server";
import { internal } from "../_generated/api";
import {
  previewText,
  previewVersion,
  SHARE_CACHE_SECONDS,
  SHARE_PATH_PREFIX,
  sharePageResponse,
  shareNotFoundResponse,
} from "../model/sharePreview";
import { renderPreviewImage } from "../model/share/previewImage";

const IMAGE_SUFFIX = "/image.png";
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function siteUrl(): string {
  return (process.env.SITE_URL ?? "http://localhost:5173").replace(/\/$/, "");
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
        const shareOrigin = (process.env.CONVEX_SITE_URL ?? url.origin).replace(/\/$/, "");
        return sharePageResponse(idea, { shareOrigin, siteUrl: siteUrl() }, now);
      }
      const text = previewText(idea, now);
      const etag = `"${previewVersion(text)}"`;
      const headers = {
        ETag: etag,
        "Cache-Control": `public, max-age=${SHARE_CACHE_SECONDS}`,
      };
      if (request.headers.get("If-None-Match") === etag)
        return new Response(null, { status: 304, headers });
      return new Response(renderPreviewImage(text) as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { ...headers, "Content-Type": "image/png" },
      });
    }),
  });
}
