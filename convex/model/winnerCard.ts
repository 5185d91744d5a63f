// The winner card (issue 37): a shareable page of its own, `/share/{id}/winner`, beside the idea's
// `/share/{id}`, whose image (`/share/{id}/winner.png`) shows the winning video, who made it, the
// idea it won, what it was awarded and when the winner was announced. Only an awarded idea has
// one; for any other the link goes on to the idea's own share page. Its words come from the same
// card and outcome the idea page reads (convex/share.ts), so it never says what the page denies.
import { formatMoney } from "./labels";
import { winnerAnnouncedText } from "./ideaStage";
import {
  previewVersion,
  sharePath,
  shareHtmlResponse,
  WINNER_IMAGE_SUFFIX,
  WINNER_SUFFIX,
  type ShareIdea,
  type ShareOrigins,
} from "./sharePreview";
import type { WinnerImageText } from "./share/winnerImage";

export { WINNER_IMAGE_SUFFIX, WINNER_SUFFIX };

/** The winner card's page of an idea (under SITE_URL, or on the HTTP actions). */
export function winnerCardPath(ideaId: string): string {
  return `${sharePath(ideaId)}${WINNER_SUFFIX}`;
}

export interface WinnerCardTexts {
  title: string;
  description: string;
  imageAlt: string;
  image: WinnerImageText;
}

/** What the card says, or null when the idea has no winner (not awarded). */
export function winnerCardTexts(idea: ShareIdea, now: number): WinnerCardTexts | null {
  const { card, winner } = idea;
  if (card.ending.kind !== "awarded" || !winner) return null;
  const amount = formatMoney(winner.amountCents);
  const announced = idea.announcedAt
    ? winnerAnnouncedText(idea.announcedAt, now)
    : "Winner announced";
  return {
    title: `“${winner.title}” won “${card.title}”`,
    description: `${amount} awarded to “${winner.title}” by ${winner.creatorName}, the winning video for “${card.title}” on Bounties. ${announced}.`,
    imageAlt: `Winner: “${winner.title}” by ${winner.creatorName}, for “${card.title}”, ${amount} awarded`,
    image: {
      videoTitle: winner.title,
      creatorName: winner.creatorName,
      ideaTitle: card.title,
      amount,
      announced,
      thumbnailUrl: winner.thumbnailUrl,
    },
  };
}

/** The image's version: its URL changes (and unfurlers refetch) when what it shows changes. */
export function winnerImageVersion(image: WinnerImageText): string {
  return previewVersion({
    title: image.videoTitle,
    amount: image.amount,
    amountLabel: image.ideaTitle,
    status: image.announced,
    detail: image.creatorName,
    tone: "awarded",
    thumbnailUrl: image.thumbnailUrl,
  });
}

/** The winner card's page: its own tags and image, then on to the idea page. */
export function winnerPageResponse(
  idea: ShareIdea,
  texts: WinnerCardTexts,
  origins: ShareOrigins,
): Response {
  const id = idea.card._id;
  const shareUrl = `${origins.shareOrigin}${winnerCardPath(id)}`;
  return shareHtmlResponse({
    title: texts.title,
    description: texts.description,
    imageAlt: texts.imageAlt,
    stage: "winner",
    shareUrl,
    imageUrl: `${origins.shareOrigin}${sharePath(id)}${WINNER_IMAGE_SUFFIX}?v=${winnerImageVersion(texts.image)}`,
    ideaUrl: `${origins.siteUrl}/expanded-proposal/${id}`,
  });
}
