// `npm run budget`: builds the web app for production, serves it against a local stack with the
// demo marketplace, and prints (1) the gzip size of the JavaScript the landing page loads
// (target ≤ 120 KB) and (2) Lighthouse's mobile scores (its default profile: emulated phone,
// simulated slow 4G, 4× CPU slowdown) in Debian's Chromium for every route of the app — the
// signed-out ones, then /profile, /onboard, /inbox and /operator signed in through the sign-in
// stand-in: each route BUDGET_RUNS times (2 by default), every run and the medians printed.
// Targets on the medians: performance ≥ 98, LCP ≤ 2.0 s, accessibility ≥ 95. Exits non-zero
// when a target is missed. Measure on a quiet machine: Lighthouse's simulated throttling
// multiplies whatever else the CPU is doing.
//
// `npm run budget -- --size-only` (what CI runs): only (1), in well under a minute of checks.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { repoRoot, startStack } from "../local/stack/stack.js";
import { loadDemo } from "../local/stack/demo.js";

const { values: options } = parseArgs({
  options: { "size-only": { type: "boolean", default: false } },
});

const ARTIFACTS = path.join(repoRoot, "e2e/.artifacts");
mkdirSync(ARTIFACTS, { recursive: true });

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-dev-shm-usage",
];
const TARGETS = { landingJsKb: 120, performance: 98, lcpMs: 2000, accessibility: 95 };
const RUNS = Number(process.env.BUDGET_RUNS ?? 2);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Signs a new person in through the sign-in stand-in and onboards them, in this browser. */
async function signIn(page: Page, webUrl: string) {
  await page.goto(`${webUrl}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("Name").fill("Budget Person");
  await page.getByLabel("Email").fill(`budget.${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForURL(/\/(onboard|ideas)/);
  if (page.url().includes("/onboard")) {
    await page.getByRole("radio", { name: "Viewer" }).check();
    await page.getByRole("radio", { name: "Both" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/ideas/);
  }
}

/** The built files' static imports (`import"./x.js"`, `from"./x.js"`; not `import("./x.js")`). */
function staticImports(dir: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(path.join(dir, file), "utf8");
    imports.set(
      file,
      [...code.matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!),
    );
  }
  return imports;
}

/** `entry` and every file it imports, directly or not: all of it arrives before the app runs. */
function withImports(entry: string, imports: Map<string, string[]>): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of imports.get(file) ?? []) visit(next);
  };
  visit(entry);
  return files;
}

/** A cycle of static imports between the built JavaScript files, or null. */
function chunkCycle(imports: Map<string, string[]>): string | null {
  const done = new Set<string>();
  const path_: string[] = [];
  const visit = (file: string): string | null => {
    const at = path_.indexOf(file);
    if (at >= 0) return [...path_.slice(at), file].join(" → ");
    if (done.has(file)) return null;
    path_.push(file);
    for (const next of imports.get(file) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path_.pop();
    done.add(file);
    return null;
  };
  for (const file of imports.keys()) {
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

/** Ends a --size-only run after the size check, through the same clean-up as a full run. */
class SizeOnlyDone extends Error {}

const dataDir = mkdtempSync(path.join(tmpdir(), "bounties-budget-"));
const stack = await startStack({
  dataDir,
  envFile: path.join(dataDir, "env"),
  portOffset: Number(process.env.BUDGET_PORT_OFFSET ?? 400),
  web: "preview",
  reuseBuild: process.env.STACK_REUSE_BUILD === "1",
  quietFunctions: true,
});
let failed = false;
try {
  await loadDemo({
    convexUrl: stack.convexUrl,
    standInsUrl: stack.standInsUrl,
    adminKey: stack.env.CONVEX_LOCAL_ADMIN_KEY!,
  });

  // 1. JavaScript the landing page loads, gzip-compressed as a server would send it: the app's
  // entry and every file it imports (the target: all of it arrives before the page can run; the
  // first paint starts it, index.html), and what the page fetches lazily afterwards (the
  // below-the-fold tabs, the typing and count-up animations), printed apart.
  const assets = path.join(repoRoot, "dist/assets");
  const imports = staticImports(assets);
  const entry = /<meta name="app-entry" content="\/assets\/([^"]+)">/.exec(
    readFileSync(path.join(repoRoot, "dist/index.html"), "utf8"),
  )?.[1];
  if (!entry) throw new Error("dist/index.html names no app entry.");
  const needed = withImports(entry, imports);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.slice(1) });
  const page = await browser.newPage();
  const requested = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(stack.webUrl).origin && url.pathname.startsWith("/assets/"))
      if (url.pathname.endsWith(".js")) requested.add(url.pathname.slice("/assets/".length));
  });
  await page.goto(stack.webUrl);
  // The app has replaced the first paint, and fetched what it fetches lazily.
  await page.locator("#root > :not(.boot)").first().waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  await browser.close();
  const missing = [...needed].filter((file) => !requested.has(file));
  if (missing.length > 0)
    throw new Error(`The landing page never asked for ${missing.join(", ")}.`);
  const totals = { needed: 0, lazy: 0 };
  const rows: string[] = [];
  for (const script of [...requested].sort()) {
    const gz = gzipSync(readFileSync(path.join(assets, script))).length;
    const lazy = !needed.has(script);
    totals[lazy ? "lazy" : "needed"] += gz;
    rows.push(
      `  ${(gz / 1024).toFixed(1).padStart(7)} KB  /assets/${script}${lazy ? "  (lazily)" : ""}`,
    );
  }
  const landingKb = totals.needed / 1024;
  console.log(
    `\nJavaScript loaded by / (gzip):\n${rows.join("\n")}\n` +
      `  ${landingKb.toFixed(1).padStart(7)} KB  before the app runs (target ≤ ${TARGETS.landingJsKb} KB)\n` +
      `  ${(totals.lazy / 1024).toFixed(1).padStart(7)} KB  lazily after it\n` +
      `  ${((totals.needed + totals.lazy) / 1024).toFixed(1).padStart(7)} KB  in all`,
  );
  // The build's files must not import each other in a circle: grouping shared code into files
  // can put two modules that depend on each other in two files that import each other, and
  // then one of them runs before the other is ready (an idea page once crashed at load so).
  const cycle = chunkCycle(imports);
  console.log(`  Imports between the build's files: ${cycle ? `a cycle: ${cycle}` : "no cycle"}`);
  if (cycle) failed = true;
  if (options["size-only"]) {
    // CI guards against growth: 117.2 KB today plus a little headroom, inside the 120 KB target
    // (raised from 117 for the home's live covers, loaded lazily, and the /leaderboard route).
    const ceiling = Number(process.env.BUDGET_LANDING_CEILING_KB ?? 118);
    console.log(`  CI ceiling: ${ceiling} KB (${landingKb <= ceiling ? "ok" : "EXCEEDED"})`);
    if (landingKb > ceiling) failed = true;
    throw new SizeOnlyDone();
  }
  if (landingKb > TARGETS.landingJsKb) failed = true;

  // 2. Lighthouse, mobile profile (its default: emulated phone, simulated slow 4G and CPU).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  // The same browser, driven by Playwright to sign in and to find an idea's address.
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await driver.contexts()[0]!.newPage();
    await page.goto(`${stack.webUrl}/ideas`);
    const ideaPath = await page
      .locator('a[href^="/expanded-proposal/"]')
      .first()
      .getAttribute("href");
    if (!ideaPath) throw new Error("The demo has no idea to measure.");
    await page.goto(`${stack.webUrl}${ideaPath}`);
    const creatorPath = await page
      .locator('a[href^="/creators/"]')
      .first()
      .getAttribute("href", { timeout: 15_000 });
    if (!creatorPath) throw new Error("The demo's idea page names no poster to measure.");
    const ideaId = ideaPath.split("/").pop()!;
    const cdp = await page.context().newCDPSession(page);
    // Every route of App.tsx that shows a page of its own (the platform callbacks only pass
    // through to /profile). Signed in last, so the signed-out ones see a visitor's page.
    const routes: { path: string; name: string; signedIn: boolean }[] = [
      { path: "/", name: "/", signedIn: false },
      { path: "/ideas", name: "/ideas", signedIn: false },
      { path: "/discover", name: "/discover", signedIn: false },
      { path: "/search?q=video", name: "/search", signedIn: false },
      { path: "/completed", name: "/completed", signedIn: false },
      { path: "/leaderboard", name: "/leaderboard", signedIn: false },
      { path: ideaPath, name: "idea", signedIn: false },
      { path: creatorPath, name: "creator", signedIn: false },
      { path: "/submit", name: "/submit", signedIn: false },
      { path: `/submit-content/${ideaId}`, name: "/submit-content", signedIn: false },
      { path: "/contribution/cs_test_unknown", name: "/contribution", signedIn: false },
      { path: "/login", name: "/login", signedIn: false },
      { path: "/privacy-policy", name: "/privacy-policy", signedIn: false },
      { path: "/terms-of-service", name: "/terms-of-service", signedIn: false },
      { path: "/no-such-page", name: "not found", signedIn: false },
      { path: "/profile", name: "/profile", signedIn: true },
      { path: "/onboard", name: "/onboard", signedIn: true },
      { path: "/inbox", name: "/inbox", signedIn: true },
      { path: "/operator", name: "/operator", signedIn: true },
    ];
    const summary: string[] = [];
    let signedIn = false;
    // BUDGET_ROUTES=/,/ideas measures only those (by name: "idea", "creator", "not found"…).
    const only = process.env.BUDGET_ROUTES?.split(",").map((name) => name.trim());
    for (const route of routes.filter((r) => !only || only.includes(r.name))) {
      if (route.signedIn && !signedIn) {
        await signIn(page, stack.webUrl);
        signedIn = true;
      }
      const runs: {
        performance: number;
        accessibility: number;
        lcp: number;
        fcp: number;
        tbt: number;
        cls: number;
      }[] = [];
      for (let run = 1; run <= RUNS; run++) {
        // A cold cache every run; a signed-in run keeps its storage (the session) but not the cache.
        await cdp.send("Network.clearBrowserCache");
        const result = await lighthouse(`${stack.webUrl}${route.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          disableStorageReset: route.signedIn,
        });
        const lhr = result!.lhr;
        const name = route.name;
        // The whole report, for finding what a figure comes from (e.g. the layout-shifts audit).
        const reportPath = path.join(
          ARTIFACTS,
          `lighthouse${name.replace(/\W+/g, "-")}-${run}.json`,
        );
        writeFileSync(reportPath, JSON.stringify(lhr, null, 1));
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const figures = {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcp: numeric("largest-contentful-paint"),
          fcp: numeric("first-contentful-paint"),
          tbt: numeric("total-blocking-time"),
          cls: numeric("cumulative-layout-shift"),
        };
        runs.push(figures);
        if (
          lhr.finalDisplayedUrl &&
          new URL(lhr.finalDisplayedUrl).pathname !== route.path.split("?")[0]
        )
          console.log(`  (run ${run} of ${route.path} ended on ${lhr.finalDisplayedUrl})`);
        console.log(
          `  run ${run} ${name.padEnd(17)} performance ${figures.performance}, accessibility ${figures.accessibility}; ` +
            `FCP ${(figures.fcp / 1000).toFixed(2)} s, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}`,
        );
      }
      const m = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
      };
      const met =
        m.performance >= TARGETS.performance &&
        m.lcp <= TARGETS.lcpMs &&
        m.accessibility >= TARGETS.accessibility;
      if (!met) failed = true;
      summary.push(
        `${route.name.padEnd(17)} performance ${m.performance} (≥ ${TARGETS.performance}), ` +
          `LCP ${(m.lcp / 1000).toFixed(2)} s (≤ ${TARGETS.lcpMs / 1000} s), accessibility ${m.accessibility} (≥ ${TARGETS.accessibility}); ` +
          `FCP ${(m.fcp / 1000).toFixed(2)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}${met ? "" : "  MISSED"}`,
      );
    }
    console.log(`\nLighthouse mobile, medians of ${RUNS} runs:\n  ${summary.join("\n  ")}`);
  } finally {
    await driver.close().catch(() => {});
    await chrome.kill();
  }
} catch (error) {
  if (!(error instanceof SizeOnlyDone)) throw error;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? "\nBudget: MISSED" : "\nBudget: met");
process.exit(failed ? 1 : 0);
