// End-to-end journeys in Debian's Chromium against a local stack that `e2e/run.ts` starts.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "./tests",
  outputDir: "./.artifacts/results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's journeys run in order in one worker; e2e/run.ts picks the number of workers and
  // gives each its own stack (support/fixtures.ts sets baseURL from it).
  fullyParallel: false,
  retries: 0,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "./.artifacts/report.json" }],
  ],
  use: {
    screenshot: "only-on-failure",
    // A trace is recorded for every journey and kept for the failed ones (about 8% of the
    // journeys' CPU); CI, which keeps only its log, turns it off (E2E_TRACE=off in .ci/run).
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
  ],
});
