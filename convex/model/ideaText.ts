// The text rules of an idea, shared by the server and the web app: its limits, which links are
// web addresses, and the "Supporting Links:" block of its description (spec §5.7). Kept free of
// the content filter (model/contentFilter.ts) and of any other dependency, so every page can
// import it.

export const DEFAULT_DEADLINE_DAYS = 14;

// Characters that show nothing: controls (other than whitespace, which becomes a space), format
// characters (zero-width spaces and joiners, bidi overrides, soft hyphens, tags), variation
// selectors outside emoji, private-use and unassigned code points, and the "blank" letters
// (Hangul fillers, the braille blank) that pass for text while showing nothing. The zero-width
// joiner stays inside emoji sequences (👩‍💻), and U+FE0F after an emoji.
const INVISIBLE =
  /[\p{Co}\p{Cn}\p{Cs}\u{FE00}-\u{FE0E}\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0\u2800\u034F]|(?!\u200D)\p{Cf}|(?<!\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)[\u200D\u{FE0F}]/gu;
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/**
 * The text as people see it: invisible characters removed, controls and runs of whitespace
 * turned into one space, trimmed. Empty when nothing visible is left (a title or name of only
 * zero-width or control characters, or of combining marks alone, is no title or name).
 */
export function visibleText(raw: string): string {
  const text = raw.replace(INVISIBLE, "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  return /[\p{L}\p{N}\p{S}\p{P}]/u.test(text) ? text : "";
}
/**
 * Longer text people write (an idea's brief, a question, an update): each line as visibleText
 * makes it, blank lines between paragraphs kept (at most one in a row), trimmed. Empty when
 * nothing visible is left.
 */
export function visibleParagraphs(raw: string): string {
  const lines = raw.replace(/\r\n?|[\u2028\u2029]/g, "\n").split("\n");
  const kept: string[] = [];
  for (const line of lines) {
    const text = visibleText(line);
    if (text !== "" || (kept.length > 0 && kept.at(-1) !== "")) kept.push(text);
  }
  while (kept.at(-1) === "") kept.pop();
  return kept.join("\n");
}

export const MAX_DEADLINE_DAYS = 365;
export const TITLE_MAX_LENGTH = 200;
export const MAX_LINKS = 10;
export const LINK_MAX_LENGTH = 2048;
/** The brief: "What should the video show?" (optional). */
export const BRIEF_MAX_LENGTH = 2000;

/** Whether a value is a web address: http:// or https://. */
export function isHttpUrl(value: string): boolean {
  return safeHref(value) !== null;
}

/** The value as a link target when it is a web address (http or https), else null. */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export const LINKS_HEADING = "Supporting Links:";

/** The idea's description: its supporting links as a "Supporting Links:" list (spec §5.7). */
export function describeLinks(links: readonly string[]): string {
  return links.length === 0 ? "" : [LINKS_HEADING, ...links.map((link) => `- ${link}`)].join("\n");
}

/** The description without its "Supporting Links:" block (pages show the links themselves). */
export function descriptionWithoutLinks(description: string): string {
  const index = description.indexOf(LINKS_HEADING);
  return (index === -1 ? description : description.slice(0, index)).trim();
}

/** The web addresses written in a text (the REST submit route's description, spec §7). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s]+/g) ?? [];
}
