// The text rules of an idea, shared by the server and the web app: its limits, which links are
// web addresses, and the "Supporting Links:" block of its description (spec §5.7). Kept free of
// the content filter (model/contentFilter.ts) and of any other dependency, so every page can
// import it.

export const DEFAULT_DEADLINE_DAYS = 14;
export const MAX_DEADLINE_DAYS = 365;
export const TITLE_MAX_LENGTH = 200;
export const MAX_LINKS = 10;
export const LINK_MAX_LENGTH = 2048;

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
