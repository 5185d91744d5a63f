// `npm run budget`: builds the web app for production, serves it against a local stack with the
// demo marketplace, and prints (1) the gzip size of the JavaScript the landing page loads
// (target ≤ 150 KB) and (2) Lighthouse's mobile scores for / and /ideas in Debian's Chromium
// (targets: performance ≥ 90, accessibility ≥ 95). Exits non-zero when a target is missed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { repoRoot, startStack } from "../local/stack/stack.js";
import { loadDemo } from "../local/stack/demo.js";

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
const TARGETS = { landingJsKb: 150, performance: 90, accessibility: 95 };

const dataDir = mkdtempSync(path.join(tmpdir(), "bounties-budget-"));
const stack = await startStack({
  dataDir,
  envFile: path.join(dataDir, "env"),
  portOffset: Number(process.env.BUDGET_PORT_OFFSET ?? 400),
  web: "preview",
  quietFunctions: true,
});
let failed = false;
try {
  await loadDemo({
    convexUrl: stack.convexUrl,
    standInsUrl: stack.standInsUrl,
    adminKey: stack.env.CONVEX_LOCAL_ADMIN_KEY!,
  });

  // 1. JavaScript the landing page loads, gzip-compressed as a server would send it.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.slice(1) });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(stack.webUrl).origin && url.pathname.endsWith(".js"))
      scripts.add(url.pathname);
  });
  await page.goto(stack.webUrl);
  await page.waitForLoadState("networkidle");
  await browser.close();
  let totalGzip = 0;
  const rows: string[] = [];
  for (const script of [...scripts].sort()) {
    const gz = gzipSync(readFileSync(path.join(repoRoot, "dist", script))).length;
    totalGzip += gz;
    rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${script}`);
  }
  const landingKb = totalGzip / 1024;
  console.log(
    `\nJavaScript loaded by / (gzip):\n${rows.join("\n")}\n  ${landingKb.toFixed(1).padStart(7)} KB  total (target ≤ ${TARGETS.landingJsKb} KB)`,
  );
  if (landingKb > TARGETS.landingJsKb) failed = true;

  // 2. Lighthouse, mobile profile (its default: emulated phone, simulated slow 4G and CPU).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    for (const route of ["/", "/ideas"]) {
      const result = await lighthouse(`${stack.webUrl}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      // The whole report, for finding what a figure comes from (e.g. the layout-shifts audit).
      const reportPath = path.join(ARTIFACTS, `lighthouse${route.replace(/\W+/g, "-")}.json`);
      writeFileSync(reportPath, JSON.stringify(result!.lhr, null, 1));
      const categories = result!.lhr.categories;
      const performance = Math.round((categories.performance?.score ?? 0) * 100);
      const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
      const audits = result!.lhr.audits;
      const metric = (id: string) => audits[id]?.displayValue ?? "?";
      console.log(
        `Lighthouse mobile ${route.padEnd(6)} performance ${performance} (target ≥ ${TARGETS.performance}), accessibility ${accessibility} (target ≥ ${TARGETS.accessibility}); ` +
          `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
      );
      if (performance < TARGETS.performance || accessibility < TARGETS.accessibility) failed = true;
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? "\nBudget: MISSED" : "\nBudget: met");
process.exit(failed ? 1 : 0);
