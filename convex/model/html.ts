// Text placed in HTML we write ourselves (the share page, emails): escaped once, in one way.

/** The text with HTML's special characters escaped, safe in element content and attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
