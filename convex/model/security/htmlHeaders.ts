// Security headers for the HTML pages HTTP actions serve (the share page, the unsubscribe page):
// they carry no script, so their policy allows none; styles are inline attributes; images only
// from the page's own origin (the share preview, served beside it) or data: URLs; links and the
// share page's refresh to the idea page are navigations, which the policy leaves alone. No site
// may frame them (clickjacking), and browsers must not guess another content type.
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": [
    "default-src 'none'",
    "img-src 'self' data:",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; "),
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** An HTML page's headers: its content type, the security headers, and any others. */
export function htmlHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { "Content-Type": "text/html; charset=utf-8", ...HTML_SECURITY_HEADERS, ...extra };
}
