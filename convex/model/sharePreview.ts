// An idea's share page: the HTML that link unfurlers (Slack, Discord, iMessage, X) read, with the
// idea's own title, description and image, which then takes a person to the idea page. Served
// by the HTTP action in rest/share.ts, so it needs no server of our own.
import type { Doc } from "../_generated/dataModel";
import { descriptionWithoutLinks } from "./ideaText";
import { DAY_MS, formatMoney } from "./labels";
import type { PreviewImageText } from "./share/previewImage";

export const SHARE_PATH_PREFIX = "/share/";
/** How long unfurlers and browsers may reuse the page and image before asking again. */
const CACHE_SECONDS = 300;
const DESCRIPTION_MAX = 200;
const HOUR_MS = 60 * 60 * 1000;

/** The share page of an idea, on the HTTP actions origin (CONVEX_SITE_URL). */
export function sharePath(proposalId: string): string {
  return `${SHARE_PATH_PREFIX}${proposalId}`;
}

export type ShareIdea = Pick<
  Doc<"proposals">,
  | "_id"
  | "title"
  | "description"
  | "brief"
  | "bountyCents"
  | "submissionCount"
  | "status"
  | "expiration"
>;

/** "5 days left" (whole days, hours, minutes, as the idea page) or the idea's outcome. */
export function statusLine(idea: ShareIdea, now: number): string {
  const left = idea.expiration - now;
  if (idea.status === "open" && left > 0) {
    const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} left`;
    if (left >= DAY_MS) return plural(Math.floor(left / DAY_MS), "day");
    if (left >= HOUR_MS) return plural(Math.floor(left / HOUR_MS), "hour");
    return plural(Math.max(1, Math.ceil(left / 60_000)), "minute");
  }
  if (idea.submissionCount === 0) return "Ended with no videos";
  return idea.status === "settled" ? "Winner chosen" : "Choosing the winner";
}

export function previewText(idea: ShareIdea, now: number): PreviewImageText {
  return {
    title: idea.title,
    bounty: formatMoney(idea.bountyCents),
    videos: `${idea.submissionCount} ${idea.submissionCount === 1 ? "video" : "videos"}`,
    status: statusLine(idea, now),
  };
}

/** A short hash of what the image shows: its URL's version and its ETag (FNV-1a, 32 bits). */
export function previewVersion(text: PreviewImageText): string {
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify(text)) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function shortDescription(idea: ShareIdea, text: PreviewImageText): string {
  const summary = `${text.bounty} bounty · ${text.videos} · ${text.status}.`;
  // The brief says what the video should show: the preview's own words, when there is one.
  const own = (idea.brief || descriptionWithoutLinks(idea.description)).replace(/\s+/g, " ").trim();
  const full = own ? `${summary} ${own}` : `${summary} Back it or make the video on Bounties.`;
  return full.length > DESCRIPTION_MAX ? `${full.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : full;
}

export interface ShareOrigins {
  /** Where the HTTP actions answer (the share page and its image). */
  shareOrigin: string;
  /** The web app (the idea page people are taken to). */
  siteUrl: string;
}

const HTML_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": `public, max-age=${CACHE_SECONDS}`,
};

/** The share page of one idea: its own tags, then on to the idea page. */
export function sharePageResponse(idea: ShareIdea, origins: ShareOrigins, now: number): Response {
  const text = previewText(idea, now);
  const shareUrl = `${origins.shareOrigin}${sharePath(idea._id)}`;
  const imageUrl = `${shareUrl}/image.png?v=${previewVersion(text)}`;
  const ideaUrl = `${origins.siteUrl}/expanded-proposal/${idea._id}`;
  const title = `${idea.title} · Bounties`;
  const description = shortDescription(idea, text);
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<meta name="description" content="${e(description)}">
<link rel="canonical" href="${e(shareUrl)}">
<meta property="og:site_name" content="Bounties">
<meta property="og:type" content="website">
<meta property="og:title" content="${e(idea.title)}">
<meta property="og:description" content="${e(description)}">
<meta property="og:url" content="${e(shareUrl)}">
<meta property="og:image" content="${e(imageUrl)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${e(`${idea.title}: ${text.bounty} bounty, ${text.videos}, ${text.status}`)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(idea.title)}">
<meta name="twitter:description" content="${e(description)}">
<meta name="twitter:image" content="${e(imageUrl)}">
<meta http-equiv="refresh" content="0; url=${e(ideaUrl)}">
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>${e(idea.title)}</h1>
<p>${e(description)}</p>
<p><a href="${e(ideaUrl)}">Open the idea on Bounties</a></p>
</body>
</html>`;
  return new Response(html, { status: 200, headers: HTML_HEADERS });
}

/** A missing idea or a malformed link: a real 404 page that points home, never a 5xx. */
export function shareNotFoundResponse(siteUrl: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Idea not found · Bounties</title>
<meta name="robots" content="noindex">
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Idea not found</h1>
<p>This idea does not exist or the link is incomplete.</p>
<p><a href="${escapeHtml(siteUrl)}/">Browse ideas on Bounties</a></p>
</body>
</html>`;
  return new Response(html, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export { CACHE_SECONDS as SHARE_CACHE_SECONDS };
