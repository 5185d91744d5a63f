// How the web app writes ideas' numbers, dates and texts (spec §4, §9). UI only: the server's
// rules (days, dollars at the REST edge, duration tiers) stay in convex/model/labels.ts.
import { DURATION_TIERS, daysLeft } from "../../convex/model/labels";
import type { Duration, IdeaPlatform } from "../../convex/model/validators";

// Declared beside the server's rules: the share page, the emails and the money pages say the same.
export { expiryLabel, formatLongDate, formatMoney } from "../../convex/model/labels";

const countOf = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * The submit page's deadline hint: 'Creators have N day(s) to make your idea.' Whole days,
 * rounded up like every "N days left" (same timeLeft), so the two always agree.
 */
export function deadlineHint(expiration: number, now: number): string {
  if (!Number.isFinite(expiration) || expiration <= now) return "Choose a valid date.";
  const days = daysLeft(expiration, now);
  return `Creators have ${countOf(days, "day")} to make your idea.`;
}

/** The bounty bar: the amount as a fraction of the next power of ten above it (spec §2). */
export function bountyBarFraction(amount: number): number {
  if (!(amount > 0)) return 0;
  const next = 10 ** (Math.floor(Math.log10(amount)) + 1);
  return amount / next;
}

/**
 * The idea page's duration line. As the spec says, with several durations only the last one
 * listed is shown; with none any length is fine.
 */
export function durationLine(durations: readonly Duration[]): string {
  const last = durations.at(-1);
  if (!last) return "Video can be any length";
  return `Video length: ${DURATION_TIERS[last].label} (${DURATION_TIERS[last].text})`;
}

/** Where the video must be posted (the spec's wording for Any). */
export function platformLine(platform: IdeaPlatform): string {
  return platform === "Any"
    ? "Video must be posted on YouTube or TikTok"
    : `Video must be posted on ${platform}`;
}

/** Shortens text for lists: video titles at 60, descriptions at 100 characters, with "..." (spec §9). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function videoTitle(title: string | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? truncate(trimmed, 60) : "Untitled Video";
}

/** "Mar 3, 10:24 AM": when a message or an update was written. */
export function formatShortDateTime(ms: number): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(ms);
}
