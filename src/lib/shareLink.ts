// An idea's share link: its share page (convex/rest/share.ts), which unfurls with the idea's own
// title and image and then opens the idea page. On the product's own domain (SITE_URL, known to
// the build as VITE_SITE_URL), whose host rewrites /share/* to the HTTP actions (README "Share
// links"); without it, on the HTTP actions' origin.
import { sharePath, WINNER_IMAGE_SUFFIX, WINNER_SUFFIX } from "../../convex/model/sharePreview";
import { siteOrigin } from "./siteOrigin";

/** Where the HTTP actions answer: VITE_CONVEX_SITE_URL, else Convex Cloud's .site twin of the URL. */
export function httpActionsOrigin(): string | null {
  const site = import.meta.env.VITE_CONVEX_SITE_URL as string | undefined;
  if (site) return site.replace(/\/$/, "");
  const cloud = import.meta.env.VITE_CONVEX_URL as string | undefined;
  if (cloud?.endsWith(".convex.cloud")) return cloud.replace(/\.convex\.cloud$/, ".convex.site");
  return null;
}

/** The link to share for an idea; without any known origin, the idea page itself. */
export function shareLinkFor(ideaId: string): string {
  const origin = siteOrigin() ?? httpActionsOrigin();
  if (origin) return `${origin}${sharePath(ideaId)}`;
  return `${window.location.origin}/expanded-proposal/${ideaId}`;
}

/**
 * An awarded idea's winner card: its share page and its image (convex/model/winnerCard.ts), on
 * the same origin as the idea's share link; null without one (the app cannot link it then).
 */
export function winnerCardLinksFor(ideaId: string): { page: string; image: string } | null {
  const origin = siteOrigin() ?? httpActionsOrigin();
  if (!origin) return null;
  const base = `${origin}${sharePath(ideaId)}`;
  return { page: `${base}${WINNER_SUFFIX}`, image: `${base}${WINNER_IMAGE_SUFFIX}` };
}

/** The words sent with a link: an open idea asks for help; an ended one only says what it is. */
export function shareText(title: string, asking = true): string {
  return asking ? `${title} — help fund this video idea on Bounties` : `${title} — on Bounties`;
}

/** The share targets of browsers without the Web Share API, in the order they are shown. */
export function shareTargets(url: string, title: string, asking = true) {
  const text = shareText(title, asking);
  const q = encodeURIComponent;
  return [
    { name: "X", href: `https://x.com/intent/post?text=${q(text)}&url=${q(url)}` },
    { name: "WhatsApp", href: `https://wa.me/?text=${q(`${text} ${url}`)}` },
    { name: "Reddit", href: `https://www.reddit.com/submit?url=${q(url)}&title=${q(title)}` },
    { name: "Email", href: `mailto:?subject=${q(title)}&body=${q(`${text}\n\n${url}`)}` },
  ] as const;
}
