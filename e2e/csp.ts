// `npm run check:csp`: builds the web app, serves it with `vite preview` (which sends the
// security headers of vite.config.ts) beside a throw-away local stack, opens the landing page,
// Discover and Login in Debian's Chromium, and fails on any CSP violation or console error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startStack } from "../local/stack/stack.js";

const dataDir = mkdtempSync(path.join(tmpdir(), "bounties-csp-"));
const stack = await startStack({
  dataDir,
  envFile: path.join(dataDir, "env"),
  portOffset: Number(process.env.CSP_PORT_OFFSET ?? 777),
  web: "preview",
  quietFunctions: true,
});
const problems: string[] = [];
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  const page = await browser.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || /Content.Security.Policy/i.test(m.text()))
      problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto(`${stack.webUrl}/`, { waitUntil: "networkidle" });
  const headers = response!.headers();
  for (const name of [
    "content-security-policy",
    "referrer-policy",
    "x-content-type-options",
    "x-frame-options",
  ]) {
    console.log(`${name}: ${headers[name] ?? "(missing)"}`);
    if (!headers[name]) problems.push(`missing header ${name}`);
  }
  await page.getByRole("heading", { level: 1 }).waitFor();
  for (const route of ["/discover", "/login"]) {
    await page.goto(`${stack.webUrl}${route}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
  }
  await browser.close();
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("No CSP violations or console errors.");
