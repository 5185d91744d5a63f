// Screenshots of pages of a running stack, for looking at what we build:
//   npx tsx e2e/screenshot.ts --base http://localhost:5173 --out /tmp/shots / /ideas ...
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://localhost:5173" },
    out: { type: "string", default: "e2e/.artifacts/screens" },
    widths: { type: "string", default: "1280,360" },
    viewport: { type: "boolean", default: false },
    // Also save the full page cut into screen-high slices (narrow pages are too tall to read).
    slices: { type: "boolean", default: false },
    // "Name <email>": sign in through the sign-in stand-in first (and onboard if asked).
    "sign-in": { type: "string" },
    // "dark" or "light": the system colour scheme the pages see (prefers-color-scheme).
    "color-scheme": { type: "string", default: "light" },
  },
});
mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
const colorScheme = values["color-scheme"] === "dark" ? "dark" : "light";
const context = await browser.newContext({ colorScheme });
if (values["sign-in"]) {
  const [, name, email] = /^(.*)<(.*)>$/.exec(values["sign-in"]) ?? [];
  const page = await context.newPage();
  await page.goto(`${values.base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("Name").fill((name ?? "Screenshot Person").trim());
  await page.getByLabel("Email").fill((email ?? "screens@example.com").trim());
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForURL(/\/(onboard|ideas)/);
  await page.close();
}
for (const width of values.widths.split(",").map(Number)) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
  for (const route of positionals.length ? positionals : ["/"]) {
    await page.goto(values.base + route);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const name = `${route.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: path.join(values.out, name), fullPage: !values.viewport });
    console.log(path.join(values.out, name));
    if (values.slices) {
      const { height } = page.viewportSize()!;
      const total = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 1; y < total; y += height, i++) {
        const slice = name.replace(/\.png$/, `.part${i}.png`);
        const clip = { x: 0, y, width, height: Math.min(height, total - y) };
        await page.screenshot({ path: path.join(values.out, slice), fullPage: true, clip });
      }
    }
  }
  await page.close();
}
await browser.close();
