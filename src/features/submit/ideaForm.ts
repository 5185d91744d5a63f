// The submit-idea form's values and its zod schema. The rules themselves are the server's
// (`validateIdea` in convex/model/ideas.ts, in the spec's order); this file only says which
// field each rule is about, so the form can mark and focus that field.
import { z } from "zod";
// The content filter comes with validateIdea: the form pre-checks with the server's own rules.
import { MESSAGES, validateIdea } from "../../../convex/model/ideaValidation";
import { DEFAULT_DEADLINE_DAYS } from "../../../convex/model/ideaText";
import { DAY_MS } from "../../../convex/model/labels";
import {
  DURATIONS,
  IDEA_PLATFORMS,
  type Duration,
  type IdeaPlatform,
} from "../../../convex/model/validators";
import { readIdeaDraft, type IdeaDraft } from "./ideaDraft";
import { fromLocalDateTimeValue, toLocalDateTimeValue } from "../../lib/localDateTime";
import { newLinkItem, type LinkItem } from "./supportingLinks";

export interface IdeaFormValues {
  oneLiner: string;
  platform: IdeaPlatform | null;
  durations: Duration[];
  /** The deadline input's value ("YYYY-MM-DDTHH:mm", local time). */
  deadline: string;
  links: LinkItem[];
  /** "What should the video show?" (optional). */
  brief: string;
}

export type IdeaField = keyof IdeaFormValues;

/**
 * The field each of validateIdea's rules is about. Keyed by the rule, so a rule added on the
 * server without a field here fails to compile instead of focusing the wrong input.
 */
const RULE_FIELD: Record<keyof typeof MESSAGES, IdeaField | null> = {
  signIn: null,
  date: "deadline",
  dateTooFar: "deadline",
  duration: "durations",
  platform: "platform",
  idea: "oneLiner",
  ideaTooLong: "oneLiner",
  tooManyLinks: "links",
  linkScheme: "links",
  linkTooLong: "links",
  content: "oneLiner",
  briefTooLong: "brief",
  briefContent: "brief",
};

/** The field a rule's message (from validateIdea or the server) is about, if any. */
export function ideaFieldFor(message: string): IdeaField | null {
  const rule = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find(
    (key) => MESSAGES[key] === message,
  );
  return rule ? RULE_FIELD[rule] : null;
}

/** Durations in the spec's order (SHORT, MEDIUM, LONG), whatever order they were ticked in. */
export function orderedDurations(durations: readonly string[]): Duration[] {
  return DURATIONS.filter((d) => durations.includes(d));
}

/**
 * The form's schema: the values' shapes, then validateIdea as one refinement that reports its
 * first problem (and only that one, so the spec's order of toasts holds) on its field. Its
 * output is the idea as the server wants it.
 */
export const ideaFormSchema = z
  .object({
    oneLiner: z.string(),
    platform: z.enum(IDEA_PLATFORMS).nullable(),
    durations: z.array(z.enum(DURATIONS)),
    deadline: z.string(),
    links: z.array(z.object({ id: z.string(), url: z.string() })),
    brief: z.string(),
  })
  .transform((values, ctx) => {
    const result = validateIdea(
      {
        oneLiner: values.oneLiner,
        platform: values.platform,
        durations: orderedDurations(values.durations),
        expiration: fromLocalDateTimeValue(values.deadline),
        links: values.links.map((link) => link.url),
        brief: values.brief,
      },
      Date.now(),
    );
    if (!result.ok) {
      ctx.addIssue({
        code: "custom",
        message: result.message,
        path: [ideaFieldFor(result.message) ?? "oneLiner"],
      });
      return z.NEVER;
    }
    return result.idea;
  });

export function draftFromValues(values: IdeaFormValues): IdeaDraft {
  return {
    oneLiner: values.oneLiner,
    platform: values.platform,
    durations: orderedDurations(values.durations),
    deadline: values.deadline,
    links: values.links.map((link) => link.url),
    brief: values.brief,
  };
}

function ideaFromState(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("idea" in state)) return null;
  const idea = (state as { idea?: unknown }).idea;
  return typeof idea === "string" ? idea : null;
}

/**
 * The form's first values: a draft kept while signing in, with the idea passed from the
 * landing page (navigation state `idea`) taking the one-liner's place.
 */
export function initialIdeaForm(state: unknown): { values: IdeaFormValues; restored: boolean } {
  const saved = readIdeaDraft();
  const fromState = ideaFromState(state);
  const draft: IdeaDraft = saved ?? {
    oneLiner: "",
    platform: null,
    durations: [],
    deadline: toLocalDateTimeValue(Date.now() + DEFAULT_DEADLINE_DAYS * DAY_MS),
    links: [],
    brief: "",
  };
  return {
    values: {
      oneLiner: fromState ?? draft.oneLiner,
      platform: draft.platform,
      durations: draft.durations,
      deadline: draft.deadline,
      links: draft.links.map(newLinkItem),
      brief: draft.brief,
    },
    restored: saved !== null,
  };
}
