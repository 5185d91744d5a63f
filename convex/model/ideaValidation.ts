// Validating an idea in the spec's order, with the content filter (the server's check; the
// submit page runs the same function as a pre-check). The text rules it applies are in
// model/ideaText.ts, which pages import without the filter.
import { checkIdeaContent, checkPublicText, INAPPROPRIATE_CONTENT_MESSAGE } from "./contentFilter";
import {
  BRIEF_MAX_LENGTH,
  describeLinks,
  isHttpUrl,
  LINK_MAX_LENGTH,
  MAX_DEADLINE_DAYS,
  MAX_LINKS,
  TITLE_MAX_LENGTH,
  visibleParagraphs,
  visibleText,
} from "./ideaText";
import { DAY_MS } from "./labels";
import { DURATIONS, IDEA_PLATFORMS, type Duration, type IdeaPlatform } from "./validators";

export {
  BRIEF_MAX_LENGTH,
  DEFAULT_DEADLINE_DAYS,
  describeLinks,
  isHttpUrl,
  LINK_MAX_LENGTH,
  MAX_DEADLINE_DAYS,
  MAX_LINKS,
  TITLE_MAX_LENGTH,
} from "./ideaText";

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
  // The brief is extra to the spec: checked after the spec's rules, with its own words.
  briefTooLong: `Please keep the brief to ${BRIEF_MAX_LENGTH.toLocaleString("en-US")} characters`,
  briefContent: "The brief contains inappropriate content or restricted URLs",
} as const;

export interface IdeaInput {
  oneLiner: string;
  platform: string | null;
  durations: string[];
  expiration: number;
  links: string[];
  /** "What should the video show?" (optional). */
  brief?: string;
}

export interface ValidIdea {
  title: string;
  platform: IdeaPlatform;
  durations: Duration[];
  expiration: number;
  links: string[];
  description: string;
  /** The brief, cleaned ("" when none). */
  brief: string;
}

export type IdeaValidation = { ok: true; idea: ValidIdea } | { ok: false; message: string };

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
  const title = visibleText(input.oneLiner);
  if (title === "") return fail(MESSAGES.idea);
  if (title.length > TITLE_MAX_LENGTH) return fail(MESSAGES.ideaTooLong);
  // Blank links are dropped (spec §5.7).
  const links = input.links.map((link) => link.trim()).filter((link) => link !== "");
  if (links.length > MAX_LINKS) return fail(MESSAGES.tooManyLinks);
  if (links.some((link) => link.length > LINK_MAX_LENGTH)) return fail(MESSAGES.linkTooLong);
  if (!links.every(isHttpUrl)) return fail(MESSAGES.linkScheme);
  if (!checkIdeaContent({ oneLiner: title, links })) return fail(MESSAGES.content);
  const brief = visibleParagraphs(input.brief ?? "");
  if (brief.length > BRIEF_MAX_LENGTH) return fail(MESSAGES.briefTooLong);
  if (!checkPublicText(brief)) return fail(MESSAGES.briefContent);
  return {
    ok: true,
    idea: {
      title,
      platform,
      durations,
      expiration: input.expiration,
      links,
      description: describeLinks(links),
      brief,
    },
  };
}
