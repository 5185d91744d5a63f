// The submit form's draft, kept in sessionStorage while a visitor signs in (the sign-in round
// trip leaves the site, so router state alone would lose what they typed).
import {
  DURATIONS,
  IDEA_PLATFORMS,
  type Duration,
  type IdeaPlatform,
} from "../../../convex/model/validators";

export const IDEA_DRAFT_KEY = "bounties:idea-draft";

export interface IdeaDraft {
  oneLiner: string;
  platform: IdeaPlatform | null;
  durations: Duration[];
  /** The deadline input's value ("YYYY-MM-DDTHH:mm"). */
  deadline: string;
  links: string[];
  /** "What should the video show?" (absent in drafts kept before it existed). */
  brief: string;
}

export function saveIdeaDraft(draft: IdeaDraft): void {
  try {
    sessionStorage.setItem(IDEA_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft is simply not kept.
  }
}

export function clearIdeaDraft(): void {
  try {
    sessionStorage.removeItem(IDEA_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The saved draft, or null when there is none or it is not a draft. */
export function readIdeaDraft(): IdeaDraft | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(IDEA_DRAFT_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const draft = value as Record<string, unknown>;
  const strings = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
  return {
    oneLiner: typeof draft.oneLiner === "string" ? draft.oneLiner : "",
    platform: IDEA_PLATFORMS.find((p) => p === draft.platform) ?? null,
    durations: DURATIONS.filter((d) => strings(draft.durations).includes(d)),
    deadline: typeof draft.deadline === "string" ? draft.deadline : "",
    links: strings(draft.links),
    brief: typeof draft.brief === "string" ? draft.brief : "",
  };
}
