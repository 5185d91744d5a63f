// An idea's share link: its share page on the HTTP actions origin (convex/rest/share.ts), which
// unfurls with the idea's own title and image and then opens the idea page.
import { sharePath } from "../../convex/model/sharePreview";

/** Where the HTTP actions answer: VITE_CONVEX_SITE_URL, else Convex Cloud's .site twin of the URL. */
export function httpActionsOrigin(): string | null {
  const site = import.meta.env.VITE_CONVEX_SITE_URL as string | undefined;
  if (site) return site.replace(/\/$/, "");
  const cloud = import.meta.env.VITE_CONVEX_URL as string | undefined;
  if (cloud?.endsWith(".convex.cloud")) return cloud.replace(/\.convex\.cloud$/, ".convex.site");
  return null;
}

/** The link to share for an idea; without a known HTTP actions origin, the idea page itself. */
export function shareLinkFor(proposalId: string): string {
  const origin = httpActionsOrigin();
  if (origin) return `${origin}${sharePath(proposalId)}`;
  return `${window.location.origin}/expanded-proposal/${proposalId}`;
}

/** The share targets of browsers without the Web Share API, in the order they are shown. */
export function shareTargets(url: string, title: string) {
  const text = `${title} — help fund this video idea on Bounties`;
  const q = encodeURIComponent;
  return [
    { name: "X", href: `https://x.com/intent/post?text=${q(text)}&url=${q(url)}` },
    { name: "WhatsApp", href: `https://wa.me/?text=${q(`${text} ${url}`)}` },
    { name: "Reddit", href: `https://www.reddit.com/submit?url=${q(url)}&title=${q(title)}` },
    { name: "Email", href: `mailto:?subject=${q(title)}&body=${q(`${text}\n\n${url}`)}` },
  ] as const;
}
