// The server's rules about days, dollars and durations, which the web app reads too.
import { DURATIONS, type Duration } from "./validators";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

/** Judging lasts a week after the deadline (product rules, "Ideas"). */
export const JUDGING_DAYS = 7;

export function judgingEndsAt(expiration: number): number {
  return expiration + JUDGING_DAYS * DAY_MS;
}

/** Whole days until a deadline, rounded up (a day and a minute is 2 days). */
export function daysLeft(expiration: number, now: number): number {
  return Math.ceil((expiration - now) / DAY_MS);
}

/**
 * Time left before a deadline, in the largest whole unit, always rounded up: an idea posted
 * with 14 days stays "14 days" until a full day has passed. The submit page's "Creators have
 * N days" and every "N days left" read this one function, so they never disagree.
 */
export function timeLeft(
  expiration: number,
  now: number,
): { count: number; unit: "day" | "hour" | "minute" } | null {
  const left = expiration - now;
  if (!(left > 0)) return null;
  if (left >= DAY_MS) return { count: daysLeft(expiration, now), unit: "day" };
  if (left >= HOUR_MS) return { count: Math.ceil(left / HOUR_MS), unit: "hour" };
  return { count: Math.max(1, Math.ceil(left / MINUTE_MS)), unit: "minute" };
}

const countOf = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * The spec's expiry label (spec §4): "N days left", else hours, else minutes, singular for 1,
 * rounded up; "Completed" once past. Cards, the idea page, My Bounties, the share page and its
 * image all read this one function, so they never count a different number of days.
 */
export function expiryLabel(expiration: number, now: number): string {
  const left = timeLeft(expiration, now);
  if (!left) return "Completed";
  return `${countOf(left.count, left.unit)} left`;
}

/** The duration tiers an idea may ask for: their names and the lengths they allow (spec §9). */
export const DURATION_TIERS: Record<
  Duration,
  { label: string; text: string; minSeconds: number; maxSeconds: number }
> = {
  SHORT: {
    label: "Short",
    text: "under 3 mins, best for Shorts, Reels or TikTok",
    minSeconds: 0,
    maxSeconds: 3 * 60 - 1,
  },
  MEDIUM: { label: "Medium", text: "5-25 mins", minSeconds: 5 * 60, maxSeconds: 25 * 60 },
  LONG: {
    label: "Long",
    text: "30+ mins",
    minSeconds: 30 * 60,
    maxSeconds: Number.POSITIVE_INFINITY,
  },
};

/**
 * Every length an idea allows, in tier order: the chips shown beside the spec's duration line
 * (which names only the last one) on the idea page, the cards and the video check. None chosen:
 * any length.
 */
export function allowedLengths(
  durations: readonly Duration[],
): { key: Duration; label: string; text: string }[] {
  return DURATIONS.filter((d) => durations.includes(d)).map((key) => ({
    key,
    label: DURATION_TIERS[key].label,
    text: DURATION_TIERS[key].text,
  }));
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

// UI formatting, kept here only while the money pages (src/components/money/*,
// ContributionPage) import it from this module; every other page reads src/lib/format.ts.

/** "$1,234.50": money shown with two decimals (spec §9). */
export function formatMoney(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/** US long date: "November 6, 2024" (spec §9). */
export function formatLongDate(ms: number): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(ms);
}
