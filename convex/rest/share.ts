// Share pages (model/sharePreview.ts): GET /share/<ideaId> answers the idea's own Open Graph
// page, GET /share/<ideaId>/image.png its 1200×630 preview; once awarded, GET
// /share/<ideaId>/winner is its winner card's page and /share/<ideaId>/winner.png its image
// (model/winnerCard.ts). Links are built on SITE_URL, whose
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
  sharePath,
  shareNotFoundResponse,
  shareTextsOf,
} from "../model/sharePreview";
import { renderPreviewImage, type Picture } from "../model/share/previewImage";
import { renderWinnerImage } from "../model/share/winnerImage";
import { fetchThumbnail } from "../model/share/thumbnail";
import {
  WINNER_IMAGE_SUFFIX,
  WINNER_SUFFIX,
  winnerCardTexts,
  winnerImageVersion,
  winnerPageResponse,
} from "../model/winnerCard";

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

/** What a path under /share/ asks for: an idea's page or image, or its winner card's. */
function routeOf(rest: string): { id: string; what: "page" | "image" | "winner" | "winnerImage" } {
  for (const [suffix, what] of [
    [IMAGE_SUFFIX, "image"],
    [WINNER_IMAGE_SUFFIX, "winnerImage"],
    [WINNER_SUFFIX, "winner"],
  ] as const)
    if (rest.endsWith(suffix)) return { id: rest.slice(0, -suffix.length), what };
  return { id: rest, what: "page" };
}

/** A PNG with its version as ETag: a repeat request for the same picture costs a 304. */
async function pngResponse(
  request: Request,
  version: string,
  thumbnailUrl: string | null,
  draw: (thumbnail: Picture | null) => Uint8Array,
): Promise<Response> {
  const etag = `"${version}"`;
  const headers = { ETag: etag, "Cache-Control": `public, max-age=${SHARE_CACHE_SECONDS}` };
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers });
  const thumbnail = await fetchThumbnail(thumbnailUrl, extraImageOrigins());
  return new Response(draw(thumbnail) as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...headers, "Content-Type": "image/png" },
  });
}

export function registerSharePages(http: HttpRouter) {
  http.route({
    pathPrefix: SHARE_PATH_PREFIX,
    method: "GET",
    handler: httpAction(async (ctx, request) => {
      const url = new URL(request.url);
      const rest = url.pathname.slice(SHARE_PATH_PREFIX.length).replace(/\/$/, "");
      const { id, what } = routeOf(rest);
      const idea = ID_PATTERN.test(id) ? await ctx.runQuery(internal.share.idea, { id }) : null;
      if (!idea) return shareNotFoundResponse(siteUrl());
      const now = Date.now();
      const origins = { shareOrigin: shareOrigin(url.origin), siteUrl: siteUrl() };
      if (what === "page") {
        // A visit through the share link counts for the poster's stats (past the per-idea
        // limit it is simply not counted: the page is served all the same).
        await ctx
          .runMutation(internal.controlRoom.recordShareVisit, { ideaId: idea.card._id })
          .catch(() => null);
        return sharePageResponse(idea, origins, now);
      }
      if (what === "image") {
        const text = shareTextsOf(idea, now).image;
        return await pngResponse(request, previewVersion(text), text.thumbnailUrl, (thumb) =>
          renderPreviewImage(text, thumb),
        );
      }
      // The winner card: only an awarded idea has one; otherwise on to the idea's own page.
      const winner = winnerCardTexts(idea, now);
      if (winner === null)
        return new Response(null, {
          status: 302,
          headers: { Location: `${origins.shareOrigin}${sharePath(idea.card._id)}` },
        });
      if (what === "winner") return winnerPageResponse(idea, winner, origins);
      return await pngResponse(
        request,
        winnerImageVersion(winner.image),
        winner.image.thumbnailUrl,
        (thumb) => renderWinnerImage(winner.image, thumb),
      );
    }),
  });
}
