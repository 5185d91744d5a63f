// Rules about ideas that both the server and the web app apply (never copied): validation in
// the spec's order, deadline and expiry texts, the bounty bar, money and durations.
import { checkIdeaContent, INAPPROPRIATE_CONTENT_MESSAGE } from "./contentFilter";
import { DURATIONS, IDEA_PLATFORMS, type Duration, type IdeaPlatform } from "./validators";

export const DEFAULT_DEADLINE_DAYS = 14;
export const MAX_DEADLINE_DAYS = 365;
export const JUDGING_DAYS = 7;
export const TITLE_MAX_LENGTH = 200;
export const MAX_LINKS = 10;
export const LINK_MAX_LENGTH = 2048;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export const MESSAGES = {
  signIn: "Please sign in to submit an idea",
  date: "Please choose a valid date",
  dateTooFar: `Please choose a deadline within ${MAX_DEADLINE_DAYS} days`,
  duration: "Please select at least one video duration",
  platform: "Please select a platform",
  idea: "Please enter your idea",
  ideaTooLong: `Please keep your idea to ${TITLE_MAX_LENGTH} characters`,
  tooManyLinks: `Please add at most ${MAX_LINKS} supporting links`,
  linkScheme: "Supporting links must be web addresses starting with http:// or https://",
  linkTooLong: `Each supporting link must be at most ${LINK_MAX_LENGTH.toLocaleString("en-US")} characters`,
  content: INAPPROPRIATE_CONTENT_MESSAGE,
} as const;

export const DURATION_TIERS: Record<
  Duration,
  { label: string; text: string; minSeconds: number; maxSeconds: number }
> = {
  SHORT: {
    label: "Short",
    text: "under 3 mins, best for Shorts, Reels or TikTok",
    minSeconds: 0,
    maxSeconds: 3 * 60,
  },
  MEDIUM: { label: "Medium", text: "5-25 mins", minSeconds: 5 * 60, maxSeconds: 25 * 60 },
  LONG: {
    label: "Long",
    text: "30+ mins",
    minSeconds: 30 * 60,
    maxSeconds: Number.POSITIVE_INFINITY,
  },
};

export interface IdeaInput {
  oneLiner: string;
  platform: string | null;
  durations: string[];
  expiration: number;
  links: string[];
}

export interface ValidIdea {
  title: string;
  platform: IdeaPlatform;
  durations: Duration[];
  expiration: number;
  links: string[];
  description: string;
}

export type IdeaValidation = { ok: true; idea: ValidIdea } | { ok: false; message: string };

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Checks an idea in the spec's order (§5) and returns the first problem's exact message.
 * Sign-in is checked by the caller first ("Please sign in to submit an idea").
 */
export function validateIdea(input: IdeaInput, now: number): IdeaValidation {
  const fail = (message: string): IdeaValidation => ({ ok: false, message });
  if (!Number.isFinite(input.expiration) || input.expiration <= now) return fail(MESSAGES.date);
  if (input.expiration > now + MAX_DEADLINE_DAYS * DAY_MS) return fail(MESSAGES.dateTooFar);
  const durations = DURATIONS.filter((d) => input.durations.includes(d));
  if (durations.length === 0) return fail(MESSAGES.duration);
  const platform = IDEA_PLATFORMS.find((p) => p === input.platform);
  if (!platform) return fail(MESSAGES.platform);
  const title = input.oneLiner.trim().replace(/\s+/g, " ");
  if (title === "") return fail(MESSAGES.idea);
  if (title.length > TITLE_MAX_LENGTH) return fail(MESSAGES.ideaTooLong);
  // Blank links are dropped (spec §5.7).
  const links = input.links.map((link) => link.trim()).filter((link) => link !== "");
  if (links.length > MAX_LINKS) return fail(MESSAGES.tooManyLinks);
  if (links.some((link) => link.length > LINK_MAX_LENGTH)) return fail(MESSAGES.linkTooLong);
  if (!links.every(isHttpUrl)) return fail(MESSAGES.linkScheme);
  if (!checkIdeaContent({ oneLiner: title, links })) return fail(MESSAGES.content);
  return {
    ok: true,
    idea: {
      title,
      platform,
      durations,
      expiration: input.expiration,
      links,
      description: describeLinks(links),
    },
  };
}

/** The idea's description: its supporting links as a "Supporting Links:" list (spec §5.7). */
export function describeLinks(links: string[]): string {
  return links.length === 0
    ? ""
    : ["Supporting Links:", ...links.map((link) => `- ${link}`)].join("\n");
}

/** The submit page's deadline hint: 'Creators have N day(s) to make your idea.' (rounded up). */
export function deadlineHint(expiration: number, now: number): string {
  if (!Number.isFinite(expiration) || expiration <= now) return "Choose a valid date.";
  const days = Math.ceil((expiration - now) / DAY_MS);
  return `Creators have ${days} ${days === 1 ? "day" : "days"} to make your idea.`;
}

/** 'N days left', else hours, else minutes, singular for 1; 'Completed' once past (spec §4). */
export function expiryLabel(expiration: number, now: number): string {
  const left = expiration - now;
  if (left <= 0) return "Completed";
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} left`;
  if (left >= DAY_MS) return plural(Math.floor(left / DAY_MS), "day");
  if (left >= HOUR_MS) return plural(Math.floor(left / HOUR_MS), "hour");
  return plural(Math.max(1, Math.ceil(left / MINUTE_MS)), "minute");
}

/** The bounty bar: the amount as a fraction of the next power of ten above it (spec §2). */
export function bountyBarFraction(amount: number): number {
  if (!(amount > 0)) return 0;
  const next = 10 ** (Math.floor(Math.log10(amount)) + 1);
  return amount / next;
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

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

export function judgingEndsAt(expiration: number): number {
  return expiration + JUDGING_DAYS * DAY_MS;
}

export { DAY_MS };
