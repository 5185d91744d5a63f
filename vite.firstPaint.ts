import type { Plugin } from "vite";

/**
 * The built index.html names the app's entry instead of loading it: index.html's first script
 * loads it (see the comment there), at once on most pages, after the heading on the few whose
 * first paint asks for one, and runs it after the first paint: an entry that runs as soon as it
 * arrives takes a phone's main thread for a while, and one that downloads beside the heading's
 * request shares a slow connection with it. The dev server keeps the module script as written.
 */
export function appEntryAfterFirstPaint(): Plugin {
  return {
    name: "app-entry-after-first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
        const found = [...html.matchAll(entry)];
        if (found.length !== 1)
          throw new Error(`index.html: expected one module script, found ${found.length}`);
        return html.replace(entry, (_, src: string) => `<meta name="app-entry" content="${src}">`);
      },
    },
  };
}
