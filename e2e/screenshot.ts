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
for (const width of values.widths.split(",").map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: width > 800 ? 800 : 740 } });
  for (const route of positionals.length ? positionals : ["/"]) {
    await page.goto(values.base + route);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const name = `${route.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: path.join(values.out, name), fullPage: !values.viewport });
    console.log(path.join(values.out, name));
  }
  await page.close();
}
await browser.close();
