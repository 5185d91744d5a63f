// An idea's share page: the HTML that link unfurlers (Slack, Discord, iMessage, X) read, with the
// idea's own title, description and image, which then takes a person to the idea page. Served
// by the HTTP action in rest/share.ts, so it needs no server of our own. What it says about the
// idea's state comes from ideaStatusOf (model/ideaStage.ts), read from the same card the lists
// and the idea page show, so a preview never contradicts the page.
import type { IdeaCard } from "./ideas";
import { descriptionWithoutLinks } from "./ideaText";
import { figureAmount, ideaStatusOf, type IdeaStatus } from "./ideaStage";
import type { PreviewImageText } from "./share/previewImage";
import { escapeHtml } from "./html";
import { htmlHeaders } from "./security/htmlHeaders";

export const SHARE_PATH_PREFIX = "/share/";
/** An awarded idea's winner card: its page and image beside the idea's (model/winnerCard.ts). */
export const WINNER_SUFFIX = "/winner";
export const WINNER_IMAGE_SUFFIX = "/winner.png";
/** How long unfurlers and browsers may reuse the page and image before asking again. */
const CACHE_SECONDS = 300;
const DESCRIPTION_MAX = 200;

/** The share page of an idea: under SITE_URL (rewritten to the HTTP actions), or on them. */
export function sharePath(ideaId: string): string {
  return `${SHARE_PATH_PREFIX}${ideaId}`;
}

/** The video a preview leads with: the winner once awarded, else the most voted one. */
export interface ShareVideo {
  title: string;
  creatorName: string | null;
  thumbnailUrl: string | null;
}

/** What a share page reads: the idea's card (as every list shows it) and its leading video. */
export interface ShareIdea {
  card: IdeaCard;
  lead: ShareVideo | null;
  /** Once awarded: the video awarded the most and what it won (the winner card). */
  winner?: (ShareVideo & { creatorName: string; amountCents: number }) | null;
  /** When judging ended and the winner was known (null: not yet). */
  announcedAt?: number | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Everything the page and the image say, per state. */
export interface ShareTexts {
  status: IdeaStatus;
  /** og:title and twitter:title. */
  title: string;
  description: string;
  imageAlt: string;
  image: PreviewImageText;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The idea's own words (its brief, else its description), on one line. */
function ownWords(card: IdeaCard): string {
  return (card.brief || descriptionWithoutLinks(card.description)).replace(/\s+/g, " ").trim();
}

export function shareTextsOf(idea: ShareIdea, now: number): ShareTexts {
  const { card, lead } = idea;
  const status = ideaStatusOf(card, now);
  const amount = figureAmount(status.figure);
  const videos = plural(card.submissionCount, "video");
  const backers = plural(card.backerCount, "backer");
  const video = lead ? `“${lead.title}”${lead.creatorName ? ` by ${lead.creatorName}` : ""}` : "";
  const own = ownWords(card);
  let title: string;
  let summary: string;
  let detail: string;
  switch (status.stage) {
    case "open":
      title = card.title;
      summary = `${amount} bounty from ${backers} · ${videos} · ${status.expiry}.`;
      detail = `${backers} · ${videos}`;
      break;
    case "judging":
      title = `${card.title} · ${status.now}`;
      // The same note as the card's bounty box ("Winner to be announced {date}").
      summary = `Submissions are closed. ${status.figure.note} from ${videos} · ${amount} bounty from ${backers}.`;
      detail = `${backers} · ${videos}`;
      break;
    case "awarded":
      title = `${card.title} · Awarded`;
      summary = [`${amount} awarded${video ? ` to ${video}` : ""}.`, status.figure.note]
        .filter(Boolean)
        .join(" ");
      if (status.figure.note) summary += ".";
      detail = video || videos;
      break;
    case "refunding":
      title = `${card.title} · Refunding`;
      summary = `No eligible video arrived: ${amount} is being returned to ${backers}.`;
      detail = `Returning to ${backers}`;
      break;
    case "refunded":
      title = `${card.title} · Refunded`;
      summary = `No eligible video arrived: ${amount} was returned to ${backers}.`;
      detail = `Returned to ${backers}`;
      break;
    case "ended":
      title = `${card.title} · Ended`;
      summary = "This idea ended without a bounty.";
      detail = videos;
      break;
  }
  // Only an open idea asks for anything: the others say what happened.
  const tail = own || (status.stage === "open" ? "Back it or make the video on Bounties." : "");
  const description = clip(tail ? `${summary} ${tail}` : summary, DESCRIPTION_MAX);
  const statusLine = status.now ?? status.expiry;
  const figureLabel = status.stage === "open" ? "bounty" : status.figure.label.toLowerCase();
  return {
    status,
    title,
    description,
    imageAlt: `${card.title}: ${amount} ${figureLabel}, ${detail}, ${statusLine}`,
    image: {
      title: card.title,
      amount,
      amountLabel: status.figure.cents === null ? "" : figureLabel,
      status: statusLine,
      detail,
      tone: status.stage,
      thumbnailUrl: lead?.thumbnailUrl ?? null,
    },
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

export interface ShareOrigins {
  /** Where the share page and its image are linked from: SITE_URL, or the HTTP actions. */
  shareOrigin: string;
  /** The web app (the idea page people are taken to). */
  siteUrl: string;
}

const HTML_HEADERS = htmlHeaders({ "Cache-Control": `public, max-age=${CACHE_SECONDS}` });

/** The share page of one idea: its own tags, then on to the idea page. */
export function sharePageResponse(idea: ShareIdea, origins: ShareOrigins, now: number): Response {
  const texts = shareTextsOf(idea, now);
  const id = idea.card._id;
  const shareUrl = `${origins.shareOrigin}${sharePath(id)}`;
  return shareHtmlResponse({
    title: texts.title,
    description: texts.description,
    imageAlt: texts.imageAlt,
    stage: texts.status.stage,
    shareUrl,
    imageUrl: `${shareUrl}/image.png?v=${previewVersion(texts.image)}`,
    ideaUrl: `${origins.siteUrl}/expanded-proposal/${id}`,
  });
}

/** What a share page says and where it points (the idea's, or its winner card's). */
export interface SharePageMeta {
  title: string;
  description: string;
  imageAlt: string;
  /** bounties:stage, for tests and tools (the idea's stage, or "winner"). */
  stage: string;
  shareUrl: string;
  imageUrl: string;
  /** Where a person is taken: the idea page. */
  ideaUrl: string;
}

/** A share page: its Open Graph and X tags, then on to the idea page. */
export function shareHtmlResponse(m: SharePageMeta): Response {
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`${m.title} · Bounties`)}</title>
<meta name="description" content="${e(m.description)}">
<link rel="canonical" href="${e(m.shareUrl)}">
<meta property="og:site_name" content="Bounties">
<meta property="og:type" content="website">
<meta property="og:title" content="${e(m.title)}">
<meta property="og:description" content="${e(m.description)}">
<meta property="og:url" content="${e(m.shareUrl)}">
<meta property="og:image" content="${e(m.imageUrl)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${e(m.imageAlt)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(m.title)}">
<meta name="twitter:description" content="${e(m.description)}">
<meta name="twitter:image" content="${e(m.imageUrl)}">
<meta name="bounties:stage" content="${e(m.stage)}">
<meta http-equiv="refresh" content="0; url=${e(m.ideaUrl)}">
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>${e(m.title)}</h1>
<p>${e(m.description)}</p>
<p><img src="${e(m.imageUrl)}" alt="${e(m.imageAlt)}" width="600" height="315" style="max-width:100%;height:auto"></p>
<p><a href="${e(m.ideaUrl)}">Open the idea on Bounties</a></p>
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
    headers: htmlHeaders({ "Cache-Control": "no-store" }),
  });
}

export { CACHE_SECONDS as SHARE_CACHE_SECONDS };
