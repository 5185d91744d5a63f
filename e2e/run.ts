// `npm run test:e2e`: starts throw-away local stacks (own ports and data, one per worker), runs
// the Playwright journeys in Debian's Chromium, and stops the stacks. Extra args go to Playwright.
// The journeys meet the production build, as people do (`vite build` + `vite preview`, with its
// code splitting and security headers; each stack builds its own, its addresses compiled in):
// less CPU than Vite's dev server, which serves every module apart (truth.spec.ts: 28 s with
// its build against 33 s). E2E_WEB=dev uses the dev server instead.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot, startStack } from "../local/stack/stack.js";
import type { E2eStack } from "./support/stack.js";

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

// One stack per Playwright worker (E2E_WORKERS, default 2): journeys move their stack's clock,
// so workers never share one. Playwright hands files to whichever worker is free; each worker
// finds its stack through e2e/support/stack.ts.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const firstOffset = Number(process.env.E2E_PORT_OFFSET ?? 100);
const dataDirs = Array.from({ length: workers }, () =>
  mkdtempSync(path.join(tmpdir(), "bounties-e2e-")),
);
const started = await Promise.allSettled(
  dataDirs.map((dataDir, i) =>
    startStack({
      dataDir,
      envFile: path.join(dataDir, "env"),
      // Each stack takes 11 ports from its offset (local/stack/ports.ts).
      portOffset: firstOffset + i * 30,
      web: process.env.E2E_WEB === "dev" ? "dev" : "preview",
      webOutDir: path.join(dataDir, "web"),
      quietFunctions: process.env.E2E_FUNCTION_LOGS !== "1",
      pidsFile: path.join(dataDir, "pids.json"),
    }),
  ),
);
const stacks = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
let code = 1;
try {
  const failedToStart = started.find((s) => s.status === "rejected");
  if (failedToStart) throw (failedToStart as PromiseRejectedResult).reason;
  const e2eStacks: E2eStack[] = stacks.map((stack, i) => ({
    webUrl: stack.webUrl,
    convexUrl: stack.convexUrl,
    siteUrl: stack.siteUrl,
    standInsUrl: stack.standInsUrl,
    adminKey: stack.env.CONVEX_LOCAL_ADMIN_KEY ?? "",
    pidsFile: path.join(dataDirs[i]!, "pids.json"),
  }));
  const playwright = spawn(
    path.join(repoRoot, "node_modules/.bin/playwright"),
    [
      "test",
      "--config",
      "e2e/playwright.config.ts",
      `--workers=${workers}`,
      ...process.argv.slice(2),
    ],
    {
      cwd: repoRoot,
      stdio: "inherit",
      env: { ...process.env, E2E_STACKS: JSON.stringify(e2eStacks), CHROMIUM_PATH: chromium },
    },
  );
  code = await new Promise<number>((resolve) => playwright.once("exit", (c) => resolve(c ?? 1)));
} finally {
  await Promise.all(stacks.map((stack) => stack.stop()));
  if (code !== 0)
    for (const [i, stack] of stacks.entries())
      console.log(
        `Stack ${i + 1} output (last 80 lines):\n${stack.output().split("\n").slice(-80).join("\n")}`,
      );
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
