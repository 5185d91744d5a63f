/// <reference types="vitest/config" />
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, loadEnv, type Connect, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { EMBED_ORIGINS } from "./src/lib/embedOrigins.js";
import { LongestFirstSequencer } from "./vitest.sequencer.js";
import { appEntryAfterFirstPaint } from "./vite.firstPaint.js";

// Security headers for the built web app: `vite preview` sends them, and docs/deploying.md's production
// headers are generated from this same function (`npm run headers -- --write`; `npm run
// check:csp` fails when they drift). The Content-Security-Policy allows only our own origins:
// the Convex deployment (its sync WebSocket and HTTP API) and its HTTP actions, the platforms'
// image hosts (thumbnails, avatars) and Stripe Checkout (a redirect; listed for form posts).

/** Image hosts the app shows: YouTube/TikTok thumbnails, Google/Discord avatars. */
const IMAGE_HOSTS = [
  "https://i.ytimg.com",
  "https://*.ytimg.com",
  "https://*.tiktokcdn.com",
  "https://*.tiktokcdn-us.com",
  "https://*.googleusercontent.com",
  // YouTube channels' pictures (the creator page).
  "https://yt3.ggpht.com",
  "https://cdn.discordapp.com",
];
const STRIPE_CHECKOUT = "https://checkout.stripe.com";

/** An origin and its WebSocket twin (the Convex client syncs over ws(s):// on the same host). */
function withWebSocket(url: string | undefined): string[] {
  if (!url) return [];
  const origin = new URL(url).origin;
  return [origin, origin.replace(/^http/, "ws")];
}

/**
 * Hashes of the <style> blocks two libraries insert at run time (sonner's toasts, the typing
 * animation's cursor), read from the installed packages: 'self' then suffices for styles, with
 * no 'unsafe-inline'. Falls back to 'unsafe-inline' if a library's code ever changes shape.
 */
function injectedStyleHashes(): string[] {
  const require = createRequire(import.meta.url);
  const literalAfter = (file: string, marker: string): string | null => {
    const code = readFileSync(require.resolve(file), "utf8");
    const start = code.indexOf(marker);
    if (start === -1) return null;
    const match = /^"((?:[^"\\]|\\.)*)"/.exec(code.slice(start + marker.indexOf(`"`)));
    return match ? (JSON.parse(`"${match[1]}"`) as string) : null;
  };
  const blocks = [
    literalAfter("sonner", '__insertCSS("'),
    literalAfter("react-type-animation", '}(".index-module_type'),
  ];
  if (blocks.some((css) => css === null)) return ["'unsafe-inline'"];
  // Both append an empty <style> first and fill it next: the empty text is checked too.
  return ["", ...blocks, ...firstPaintStyles()].map(
    (css) => `'sha256-${createHash("sha256").update(css!).digest("base64")}'`,
  );
}

/**
 * Where `vite build` writes and `vite preview` serves from: dist/, or a local stack's own folder
 * (local/stack/stack.ts), so that stacks with different addresses each serve their own build.
 */
const WEB_OUT_DIR = process.env.WEB_OUT_DIR ?? "dist";

/**
 * index.html (the first-paint shell) as served: the build in dist/ when there is one (what
 * `vite preview` sends), else the source.
 */
function servedIndexHtml(): string {
  const built = path.resolve(process.cwd(), WEB_OUT_DIR, "index.html");
  return readFileSync(existsSync(built) ? built : "index.html", "utf8");
}

/** The <style> blocks of index.html. */
function firstPaintStyles(): string[] {
  return [...servedIndexHtml().matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
}

/** Hashes of index.html's inline <script>s (the one that picks the pre-rendered route heading). */
function firstPaintScriptHashes(): string[] {
  return [...servedIndexHtml().matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
  );
}

export function securityHeaders(env: Record<string, string | undefined>): Record<string, string> {
  const convex = withWebSocket(env.VITE_CONVEX_URL);
  const site = env.VITE_CONVEX_SITE_URL ? [new URL(env.VITE_CONVEX_SITE_URL).origin] : [];
  // The local stack serves its stand-ins' images (thumbnails, avatars) from loopback ports.
  const local = [...convex, ...site].some((o) => /\/\/(127\.0\.0\.1|localhost)[:/]/.test(o))
    ? ["http://127.0.0.1:*", "http://localhost:*"]
    : [];
  const extra = (env.CSP_EXTRA_IMG_SRC ?? "").split(/\s+/).filter(Boolean);
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${firstPaintScriptHashes().join(" ")}`.trim(),
    `style-src 'self' ${injectedStyleHashes().join(" ")}`,
    `img-src 'self' data: blob: ${[...IMAGE_HOSTS, ...local, ...extra].join(" ")}`,
    "font-src 'self'",
    `connect-src 'self' ${[...convex, ...site].join(" ")}`.trim(),
    // Only the platforms' official players, loaded when a reader plays a video in the page.
    `frame-src ${Object.values(EMBED_ORIGINS).join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${STRIPE_CHECKOUT}`,
    "frame-ancestors 'none'",
  ];
  return {
    "Content-Security-Policy": policy.join("; "),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    // Browsers keep to HTTPS for two years once they have seen this over HTTPS (and ignore it
    // over plain HTTP, as `vite preview` serves locally). docs/deploying.md: "HSTS".
    "Strict-Transport-Security": HSTS,
  };
}

/** HSTS for the web app's origin (docs/deploying.md, "HSTS", says how to roll it out). */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The dev server and `vite preview` answer only on SITE_URL's origin: a request for any other
 * host name of the app (127.0.0.1, the machine's name) is sent there first. Sign-in keeps its
 * verifier in the origin where it starts and the provider returns to SITE_URL, so a flow
 * started elsewhere could never finish.
 */
export function canonicalOrigin(siteUrl: string | undefined): Plugin {
  const site = siteUrl ? new URL(siteUrl) : null;
  const redirect: Connect.NextHandleFunction = (req, res, next) => {
    if (!site || req.headers.host === site.host) return next();
    res.statusCode = 307;
    res.setHeader("Location", `${site.origin}${req.url ?? "/"}`);
    res.end();
  };
  return {
    name: "canonical-origin",
    // Registered directly (not returned), so it runs before Vite's own middlewares.
    configureServer: (server) => void server.middlewares.use(redirect),
    configurePreviewServer: (server) => void server.middlewares.use(redirect),
  };
}

/**
 * Share links live under SITE_URL (`/share/<id>`): in production the host rewrites them to the
 * HTTP actions (docs/deploying.md, "Share links"); the dev server and `vite preview` do the same here.
 */
function shareRewrite(convexSiteUrl: string | undefined) {
  if (!convexSiteUrl) return undefined;
  return { "/share/": { target: convexSiteUrl, changeOrigin: true } };
}

// The web app, and the three test projects: Convex functions (convex-test in the edge
// runtime, as Convex recommends), web components (jsdom) and the local runtime (Node).
export default defineConfig(({ mode }) => ({
  plugins: [react(), canonicalOrigin(process.env.SITE_URL), appEntryAfterFirstPaint()],
  // Each component's styles are a CSS Module beside it (src/styles/global.css holds the tokens,
  // the reset and the first paint): its classes keep their kebab-case names in the sheet and are
  // read in camelCase (`styles.ideaCardTitle`), or by name where a part is computed
  // (`styles[`fate--${tone}`]`).
  css: {
    modules: {
      localsConvention: "camelCaseOnly",
      // Short names in the build (the landing page's JavaScript carries its modules' class maps).
      generateScopedName: mode === "production" ? "_[hash:base64:5]" : "_[local]_[hash:base64:5]",
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    host: "localhost",
    proxy: shareRewrite(process.env.VITE_CONVEX_SITE_URL),
    // Only the web app's sources matter to the dev server; test artifacts and local data must
    // not trigger reloads while tests run.
    watch: {
      ignored: ["**/e2e/**", "**/.data/**", "**/local/**", "**/.ci/**", "**/test-results/**"],
    },
  },
  preview: {
    port: 4173,
    strictPort: true,
    proxy: shareRewrite(process.env.VITE_CONVEX_SITE_URL),
    // VITE_* from the environment or the .env files, as the build read them.
    headers: securityHeaders({ ...loadEnv(mode, process.cwd(), ["VITE_", "CSP_"]) }),
  },
  build: {
    outDir: WEB_OUT_DIR,
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // One stylesheet for every page (~22 KB gzip), loaded with the HTML: a page that loads later
    // needs no stylesheet requests of its own before it can paint. Measured against a stylesheet
    // per page: no route's first paint got slower, and every computed style stayed the same.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // A phone on a slow network pays a round trip for each file a page needs before it can
        // render, so code comes in a few files rather than a few dozen tiny ones. Grouping never
        // copies a module into two files: modules that hold state (the toast facade, the Convex
        // client) stay single.
        codeSplitting: {
          groups: [
            // Everything the first screen needs, in the entry's one file.
            { name: "app", tags: ["$initial"], priority: 3 },
            // The form libraries, only for the pages with forms.
            {
              name: "forms",
              test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/,
              priority: 2,
            },
            // The idea cards and the lists that show them, in one file for the pages that share
            // them: split by the set of pages using each, then merged, a card and a list ended
            // up in two files importing each other.
            {
              name: "ideaCards",
              test: /[\\/]src[\\/](features[\\/]ideas|features[\\/]money[\\/]QuickContributeButton|lib[\\/]useFlipReorder)/,
              minShareCount: 2,
              priority: 1,
            },
            // The rules shared with the backend (convex/model/) in a file of their own: they import
            // nothing of the web app, so the files of the web app's shared code can import them
            // and never the other way round (two merged groups importing each other once ran a
            // module before its dependency was ready).
            // (The content filter, with its word lists, stays with the forms that use it.)
            {
              name: "model",
              test: /[\\/]convex[\\/]model[\\/](?!contentFilter|ideaValidation)/,
              minShareCount: 2,
              priority: 1,
            },
            // Modules that lazily loaded pages share, grouped by the set of pages that use them;
            // groups under ~60 KB (before minifying) merge into their nearest neighbour. A page
            // then loads its own file and two or three shared ones.
            {
              name: "shared",
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 60_000,
            },
          ],
        },
        // The shared groups are named after every page that uses them; a short name is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("shared~") ? "assets/shared-[hash].js" : "assets/[name]-[hash].js",
      },
    },
  },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: "convex",
          environment: "edge-runtime",
          include: ["convex/**/*.test.ts"],
          setupFiles: ["convex/test.timers.ts"],
          server: { deps: { inline: ["convex-test"] } },
          // Money journeys run many functions each; a busy 2-core machine needs headroom.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["src/test/setup.ts"],
          // A page's code is transformed on its first import: slow on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        // The README and the topic pages name only paths that exist.
        test: {
          name: "docs",
          environment: "node",
          include: ["docs/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "runtime",
          environment: "node",
          include: ["local/**/*.test.{ts,tsx}"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // The REST API of spec §7, webhooks and OAuth routes on a running local stack
        // (e2e/rest/globalSetup.ts starts one for the whole project).
        test: {
          name: "rest",
          environment: "node",
          include: ["e2e/rest/**/*.test.ts"],
          globalSetup: ["e2e/rest/globalSetup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
