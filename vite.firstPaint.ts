import type { Plugin } from "vite";

/**
 * The built index.html names the app's entry instead of loading it: index.html's first script
 * starts it once the first paint has shown the page (see the comment there). An entry that
 * downloads beside the stylesheet and the heading's request shares a slow phone connection with
 * them, and one that runs as soon as it arrives takes the phone's main thread for a while: either
 * way the first paint waits for the app. The dev server keeps the module script as written.
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
