// `npm run test:e2e`: starts a throw-away local stack (own ports and data), runs the
// Playwright journeys in Debian's Chromium, and stops the stack. Extra args go to Playwright.
// E2E_WEB=preview runs them against the production build (`vite build` + `vite preview`, with its
// code splitting and security headers) instead of Vite's dev server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot, startStack } from "../local/stack/stack.js";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  console.log("Chromium is not installed; installing Debian's chromium package…");
  const sudo = isRoot ? [] : ["sudo"];
  const update = spawnSync(
    sudo[0] ?? "apt-get",
    [...sudo.slice(1), ...(isRoot ? ["update"] : ["apt-get", "update"])],
    { stdio: "inherit" },
  );
  const install = spawnSync(
    sudo[0] ?? "apt-get",
    [...(isRoot ? [] : ["apt-get"]), "install", "-y", "--no-install-recommends", "chromium"],
    {
      stdio: "inherit",
    },
  );
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
    console.error(
      "Could not install Chromium. Install it with `apt-get install -y chromium` and run again.",
    );
    process.exit(1);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bounties-e2e-"));
const stack = await startStack({
  dataDir,
  envFile: path.join(dataDir, "env"),
  portOffset: Number(process.env.E2E_PORT_OFFSET ?? 100),
  web: process.env.E2E_WEB === "preview" ? "preview" : undefined,
  quietFunctions: true,
  pidsFile: path.join(dataDir, "pids.json"),
});
let code = 1;
try {
  const playwright = spawn(
    path.join(repoRoot, "node_modules/.bin/playwright"),
    ["test", "--config", "e2e/playwright.config.ts", ...process.argv.slice(2)],
    {
      cwd: repoRoot,
      stdio: "inherit",
      env: {
        ...process.env,
        E2E_WEB_URL: stack.webUrl,
        E2E_CONVEX_URL: stack.convexUrl,
        E2E_SITE_URL: stack.siteUrl,
        E2E_STAND_INS_URL: stack.standInsUrl,
        E2E_ADMIN_KEY: stack.env.CONVEX_LOCAL_ADMIN_KEY ?? "",
        E2E_STACK_PIDS: path.join(dataDir, "pids.json"),
        CHROMIUM_PATH: chromium,
      },
    },
  );
  code = await new Promise<number>((resolve) => playwright.once("exit", (c) => resolve(c ?? 1)));
} finally {
  await stack.stop();
  if (code !== 0)
    console.log(
      `Stack output (last 80 lines):\n${stack.output().split("\n").slice(-80).join("\n")}`,
    );
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
