// Leaderboard weeks (product rules "Community and trust"): Monday 00:00 UTC to the next Monday.
// A week is named by its start, in ms since the epoch; the web app reads the same functions.
import { DAY_MS } from "../labels";

export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: the first Monday 00:00 UTC after the epoch is 4 days later. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/** The start (Monday 00:00 UTC) of the week holding `ms`. */
export function weekStartOf(ms: number): number {
  return Math.floor((ms - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
}

/** Whether `ms` names a week (a Monday 00:00 UTC): the boards' argument is checked with it. */
export function isWeekStart(ms: number): boolean {
  return Number.isSafeInteger(ms) && weekStartOf(ms) === ms;
}

/** "November 23 – 30, 2026" style range of a week, for headings (UTC, US long format). */
export function weekRangeText(weekStart: number): string {
  const day = (ms: number, withYear: boolean) =>
    new Date(ms).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "UTC",
    });
  // The week ends at the next Monday 00:00: its last day is the Sunday. Within one month the
  // month is named once ("November 23 – 29, 2026"); across a year both years are given.
  const last = weekStart + WEEK_MS - DAY_MS;
  const [a, b] = [new Date(weekStart), new Date(last)];
  if (a.getUTCFullYear() !== b.getUTCFullYear())
    return `${day(weekStart, true)} – ${day(last, true)}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${day(weekStart, false)} – ${day(last, true)}`;
  return `${day(weekStart, false)} – ${b.getUTCDate()}, ${b.getUTCFullYear()}`;
}
