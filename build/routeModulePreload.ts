// index.html starts fetching the current route's page code while the HTML is still parsing,
// in parallel with the entry chunk, instead of once the entry has run (src/main.tsx then only
// waits for what is already on its way). The build writes each page's chunks (and styles) into
// index.html's <script type="application/json" id="route-modules"> block as [path pattern,
// files] rows; index.html's inline script adds <link rel="modulepreload"> (or a style preload)
// for the first row matching the address. JSON is data, not script: the inline script, and so
// its CSP hash, stay the same from build to build.
import type { Plugin } from "vite";
import { LAZY_PAGE_PATHS } from "../src/pagePaths.js";

type Chunk = { fileName: string; imports: string[]; viteMetadata?: { importedCss: Set<string> } };

/** A React Router path ("/expanded-proposal/:id?", "*") as an anchored regular expression. */
export function pathPattern(path: string): string {
  if (path === "*") return "^/";
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":")
        ? segment.endsWith("?")
          ? "(?:/[^/]+)?"
          : "/[^/]+"
        : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    );
  return `^${segments.join("")}/*$`;
}

export function routeModulePreload(): Plugin {
  return {
    name: "route-module-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (
            output,
          ): output is typeof output &
            Chunk & { isEntry: boolean; facadeModuleId: string | null } => output.type === "chunk",
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What a chunk needs before it runs: itself, its static imports and their styles.
        const closure = (fileName: string, into = new Set<string>()): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          const chunk = byFile.get(fileName);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk?.imports ?? []) closure(imported, into);
          return into;
        };
        // The entry's own chunks are in index.html already.
        const entry = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entry);
        // The landing page is in the entry: nothing to fetch (and the catch-all must not match).
        const rows: [string, string[]][] = [["^/$", []]];
        for (const [path, page] of LAZY_PAGE_PATHS) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/pages/${page}.tsx`));
          const files = chunk ? [...closure(chunk.fileName)].filter((f) => !entry.has(f)) : [];
          rows.push([pathPattern(path), files.map((file) => `/${file}`)]);
        }
        return html.replace(
          /(<script type="application\/json" id="route-modules">)[\s\S]*?(<\/script>)/,
          (_, open: string, close: string) => `${open}${JSON.stringify(rows)}${close}`,
        );
      },
    },
  };
}
