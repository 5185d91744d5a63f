// The production security headers of docs/deploying.md, generated from the one definition that `vite
// preview` also sends (vite.config.ts `securityHeaders`), for a deployment named `<deployment>`.
// `npm run headers -- --write` rewrites that page's block; `npm run check:csp` fails when the
// page and the build disagree. The hashes come from the built index.html: build first.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../local/stack/stack.js";
import { securityHeaders } from "../../vite.config.js";

const START = "<!-- security-headers:start";
const END = "<!-- security-headers:end -->";
const DOC = path.join(repoRoot, "docs/deploying.md");

/** The headers of a production build served for `https://<deployment>.convex.cloud`. */
export function productionHeaders(): Record<string, string> {
  const headers = securityHeaders({
    VITE_CONVEX_URL: "https://deployment-placeholder.convex.cloud",
    VITE_CONVEX_SITE_URL: "https://deployment-placeholder.convex.site",
  });
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value.replaceAll("deployment-placeholder", "<deployment>"),
    ]),
  );
}

/** The documented block: the same headers for Netlify/Cloudflare Pages and for nginx. */
export function documentedBlock(headers = productionHeaders()): string {
  const entries = Object.entries(headers);
  return [
    `${START} (generated: npm run headers -- --write) -->`,
    "",
    "Netlify / Cloudflare Pages (a `_headers` file in `dist/`), with `<deployment>` your Convex",
    "deployment's name:",
    "",
    "```text",
    "/*",
    ...entries.map(([name, value]) => `  ${name}: ${value}`),
    "```",
    "",
    "nginx (in the `server` block that serves `dist/` over HTTPS):",
    "",
    "```nginx",
    ...entries.map(([name, value]) => `add_header ${name} "${value}" always;`),
    "location / { try_files $uri /index.html; }",
    "```",
    "",
    END,
  ].join("\n");
}

/** The page's current block, or null when its markers are missing. */
export function currentDocBlock(): string | null {
  const text = readFileSync(DOC, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  return start === -1 || end === -1 ? null : text.slice(start, end + END.length);
}

/** Rewrites the page's block with the generated one; true when something changed. */
export function writeDocBlock(): boolean {
  const text = readFileSync(DOC, "utf8");
  const current = currentDocBlock();
  if (current === null) throw new Error(`docs/deploying.md has no ${START} … ${END} block`);
  const next = text.replace(current, documentedBlock());
  if (next === text) return false;
  writeFileSync(DOC, next);
  return true;
}
