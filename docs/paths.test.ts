// Every path the README and the topic pages name exists, so the map never points at a file that
// moved. A path is a code span (`convex/model/money/rules.ts`, `src/features/`), a line of a
// folder tree in a fenced block, or a link target. Spans that are not paths (function names,
// routes, environment variables, commands) are told apart by their shape.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean);

/** The pages: the README, the topic pages, and any README beside the code. */
const pages = tracked.filter((f) => f === "README.md" || /(^docs\/|\/README)[^/]*\.md$/.test(f));

/** Top-level folders (and the shared folder beside the repository) paths start from. */
const ROOTS = ["convex", "src", "local", "e2e", "docs", "public", ".ci", "../shared"];
const EXTENSIONS = /\.(ts|tsx|css|md|json|js|mjs|sh|html)$/;

/** Whether a path (a file, or a folder when it ends with "/") exists from the repository root. */
function existsFromRoot(p: string): boolean {
  return existsSync(path.join(root, p));
}

/** A path written relative to a folder the page is about: some tracked file ends with it. */
function existsAsSuffix(p: string): boolean {
  const needle = `/${p}`;
  return tracked.some((f) =>
    p.endsWith("/") ? `/${f}`.includes(needle) : `/${f}`.endsWith(needle),
  );
}

/** What the stack and the build make at run time: named, but never in a checkout. */
const MADE_AT_RUN_TIME = ["dist/", ".data/", "node_modules/"];

/** The path a code span names, or null when it is not a path. */
function pathOf(span: string): string | null {
  const text = span.trim();
  if (/[\s<>{}[\]*:=@$?#|"'(),]/.test(text) || text.startsWith("/") || text.includes("://"))
    return null;
  if (MADE_AT_RUN_TIME.some((made) => text.startsWith(made))) return null;
  const first = text.split("/")[0]!;
  if (ROOTS.includes(first) || text.startsWith("../shared/")) return text;
  if (text.includes("/") && (EXTENSIONS.test(text) || text.endsWith("/"))) return text;
  if (!text.includes("/") && EXTENSIONS.test(text) && /^[\w.-]+$/.test(text)) return text;
  return null;
}

function check(p: string): boolean {
  const first = p.split("/")[0]!;
  if (ROOTS.includes(first) || p.startsWith("../shared/")) return existsFromRoot(p);
  if (!p.includes("/")) return tracked.some((f) => path.basename(f) === p);
  return existsAsSuffix(p);
}

/** The paths of a folder tree drawn in a fenced block (two spaces of indent per level). */
function treePaths(block: string): string[] {
  const paths: string[] = [];
  const stack: { depth: number; name: string }[] = [];
  for (const line of block.split("\n")) {
    const match = /^( *)(\S+)(\s{2,}.*)?$/.exec(line);
    if (!match || match[2]!.includes("<")) continue;
    const depth = match[1]!.length / 2;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const parent = stack.map((s) => s.name).join("");
    const name = match[2]!;
    paths.push(parent + name);
    if (name.endsWith("/")) stack.push({ depth, name });
  }
  return paths;
}

function pathsOf(markdown: string): string[] {
  const found: string[] = [];
  // Fenced blocks: a folder tree (no language) is read as paths; code in others is not.
  const withoutFences = markdown.replace(/```(\w*)\n([\s\S]*?)```/g, (_all, lang, body) => {
    if (lang === "" && /^\S+\/\s{2,}/m.test(body as string)) found.push(...treePaths(body));
    return "";
  });
  for (const [, span] of withoutFences.matchAll(/`([^`\n]+)`/g)) {
    const p = pathOf(span!);
    if (p) found.push(p);
  }
  for (const [, target] of withoutFences.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!/^(https?:|mailto:|#)/.test(target!)) found.push(target!.split("#")[0]!);
  }
  return [...new Set(found)];
}

describe.each(pages)("%s", (page) => {
  test("names only paths that exist", () => {
    const named = pathsOf(readFileSync(path.join(root, page), "utf8"));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !check(p))).toEqual([]);
  });
});

test("the README is short: at most about 250 lines", () => {
  expect(readFileSync(path.join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(
    260,
  );
});

test("a path that does not exist is caught", () => {
  const named = pathsOf(
    "See `convex/model/nowhere.ts` and\n```\nsrc/\n  gone/      nothing\n```\n",
  );
  expect(named).toEqual(["src/", "src/gone/", "convex/model/nowhere.ts"]);
  expect(named.filter((p) => !check(p))).toEqual(["src/gone/", "convex/model/nowhere.ts"]);
});
