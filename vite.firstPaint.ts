import type { Plugin } from "vite";

/**
 * The built index.html preloads the app's entry instead of running it: index.html's first script
 * starts it once the first paint has shown the page's heading (see the comment there). An entry
 * that runs as soon as it arrives takes a phone's main thread for a while, and the heading the
 * first paint fetched would wait behind it. The dev server keeps the module script as written.
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
        return html.replace(
          entry,
          (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}" data-app-entry>`,
        );
      },
    },
  };
}
