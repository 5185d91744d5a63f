// The server's rules about days, dollars and durations, which the web app reads too.
import type { Duration } from "./validators";

export const DAY_MS = 24 * 60 * 60 * 1000;

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
