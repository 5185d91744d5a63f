// Starts the whole product locally: the Convex runtime, the stand-ins and the web app.
// Used by `npm start` and by the end-to-end tests (on other ports, with their own data).
// Each part is supervised: one that dies is started again, with back-off, and the web app's
// Convex client reconnects by itself (the runtime's write-ahead log loses nothing).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadStackEnv } from "./env.js";
import { stackPorts, type StackPorts } from "./ports.js";
import { RETURN_LARGE_BUFFERS_ENV } from "../runtime/overload.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface StackOptions {
  /** Data folder (database, stand-in state). */
  dataDir: string;
  /** The env file with generated secrets (created on first start). */
  envFile: string;
  portOffset?: number;
  /** Rebuild functions on change (the runtime's watch mode). */
  dev?: boolean;
  /** The web app: Vite's dev server (default), a production build served by `vite preview`, or none. */
  web?: "dev" | "preview" | "none";
  /** Print the children's output (prefixed) instead of keeping it. */
  echo?: boolean;
  quietFunctions?: boolean;
  /** Where to keep the current process id of each part (`{"convex": 123, …}`), for tests. */
  pidsFile?: string;
  /**
   * With `web: "preview"`: serve the build already in dist/ when it was made for this stack's
   * addresses (CI builds once for its checks; nothing else changes the sources meanwhile).
   */
  reuseBuild?: boolean;
  /** With `web: "preview"`: where to build (default dist/; never reused elsewhere). */
  webOutDir?: string;
}

export interface Stack {
  ports: StackPorts;
  env: Record<string, string>;
  webUrl: string;
  convexUrl: string;
  siteUrl: string;
  standInsUrl: string;
  output(): string;
  stop(): Promise<void>;
  /** The current process id of each part. */
  pids(): Record<string, number>;
  /**
   * Resolves (with the name) if a part keeps dying: more than `MAX_CRASHES` times within
   * `CRASH_WINDOW_MS`, when restarting it is no longer worth it.
   */
  failed: Promise<string>;
}

interface Child {
  name: string;
  process: ChildProcess;
  exit: Promise<number | null>;
}

/** Back-off before restarting a part that died: doubling from 0.5 s up to 10 s. */
const RESTART_DELAY_MS = { first: 500, max: 10_000 };
/** A part that ran this long is healthy again: its next restart starts from the first delay. */
const HEALTHY_AFTER_MS = 30_000;
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;

const COLORS: Record<string, number> = { convex: 35, "stand-ins": 33, web: 36 };

/**
 * The redirect URIs registered for the app's OAuth clients, as a provider's console holds them
 * (the stand-ins accept exactly these): Convex Auth's callbacks for sign-in, and the web app's
 * callback pages for the YouTube and TikTok connections (convex/model/platforms/connections.ts).
 */
export function registeredRedirectUris(env: Record<string, string>): Record<string, string> {
  const site = (env.SITE_URL ?? "").replace(/\/$/, "");
  const convexSite = (env.CONVEX_SITE_URL ?? "").replace(/\/$/, "");
  return {
    GOOGLE_REDIRECT_URIS: `${convexSite}/api/auth/callback/google ${site}/auth/callback/youtube/`,
    DISCORD_REDIRECT_URIS: `${convexSite}/api/auth/callback/discord`,
    TIKTOK_REDIRECT_URIS: `${site}/auth/callback/`,
  };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const ports = stackPorts(options.portOffset ?? 0);
  mkdirSync(options.dataDir, { recursive: true });
  const env = await loadStackEnv(options.envFile, ports);
  const convexUrl = `http://127.0.0.1:${ports.convex}`;
  const siteUrl = `http://127.0.0.1:${ports.convexSite}`;
  let output = "";
  const children: Child[] = [];

  let stopping = false;
  let reportFailure: (name: string) => void = () => undefined;
  const failed = new Promise<string>((resolve) => (reportFailure = resolve));
  const pids = () =>
    Object.fromEntries(children.map((child) => [child.name, child.process.pid ?? 0]));
  const recordPids = () => {
    if (options.pidsFile) writeFileSync(options.pidsFile, JSON.stringify(pids()));
  };
  const log = (line: string) => {
    output += `[stack] ${line}\n`;
    if (options.echo) process.stdout.write(`${"stack".padEnd(9)} ${line}\n`);
  };

  /** Starts a part; resolves once it printed `ready`. Restarts it whenever it dies. */
  const run = (
    name: string,
    command: string,
    args: string[],
    extraEnv: Record<string, string>,
    ready: RegExp,
  ) => {
    const crashes: number[] = [];
    let delay = RESTART_DELAY_MS.first;
    const launch = (): Promise<void> => {
      const child = spawn(command, args, {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          ...extraEnv,
          FORCE_COLOR: options.echo ? "1" : "0",
          // Large request bodies' memory goes back to the system once collected.
          ...RETURN_LARGE_BUFFERS_ENV,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const startedAt = Date.now();
      const exit = new Promise<number | null>((resolve) =>
        child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))),
      );
      const entry = { name, process: child, exit };
      const at = children.findIndex((existing) => existing.name === name);
      if (at >= 0) children[at] = entry;
      else children.push(entry);
      recordPids();
      let buffered = "";
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        output += text.replace(/^/gm, `[${name}] `);
        if (options.echo) {
          buffered += text;
          const lines = buffered.split("\n");
          buffered = lines.pop()!;
          const tag = process.stdout.isTTY
            ? `\x1b[${COLORS[name] ?? 0}m${name.padEnd(9)}\x1b[0m`
            : name.padEnd(9);
          for (const line of lines) process.stdout.write(`${tag} ${line}\n`);
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      let isReady = false;
      void exit.then((code) => {
        // The first start failing fails startStack; a part that ran, or a restart, is retried.
        if (stopping || (!isReady && crashes.length === 0)) return;
        const now = Date.now();
        if (now - startedAt > HEALTHY_AFTER_MS) delay = RESTART_DELAY_MS.first;
        crashes.push(now);
        while (crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
        if (crashes.length > MAX_CRASHES) {
          log(`${name} died ${crashes.length} times within a minute; giving up on it.`);
          reportFailure(name);
          return;
        }
        log(`${name} stopped (${code}); starting it again in ${delay} ms`);
        const wait = delay;
        delay = Math.min(delay * 2, RESTART_DELAY_MS.max);
        setTimeout(() => {
          if (stopping) return;
          launch().then(
            () => log(`${name} is back`),
            (e: Error) => log(`${name} did not start again: ${e.message.split("\n")[0]}`),
          );
        }, wait);
      });
      return new Promise<void>((resolve, reject) => {
        let seen = "";
        const check = (chunk: Buffer) => {
          seen += chunk.toString();
          // Strip colour codes before matching.
          if (ready.test(seen.replace(/\x1b\[[0-9;]*m/g, ""))) {
            child.stdout!.off("data", check);
            isReady = true;
            resolve();
          }
        };
        child.stdout!.on("data", check);
        void exit.then((code) => {
          if (!isReady)
            reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`));
        });
      });
    };
    return launch();
  };

  // Node itself with tsx's loader (not the tsx command, which runs the script in a child of
  // its own): the process the stack supervises is the part itself.
  const node = process.execPath;
  const tsx = (script: string) => ["--import", "tsx", script];
  const vite = path.join(repoRoot, "node_modules/.bin/vite");
  const webEnv = {
    VITE_CONVEX_URL: convexUrl,
    VITE_CONVEX_SITE_URL: siteUrl,
    VITE_SITE_URL: env.SITE_URL ?? "",
  };
  const web = options.web ?? "dev";
  const startWeb = async () => {
    if (web === "none") return;
    // The addresses are compiled into the build: stacks started side by side each build into
    // their own folder (webOutDir); dist/ records what it was made for, so CI's checks share it.
    const outDir = options.webOutDir ?? "dist";
    const buildEnv = { ...webEnv, WEB_OUT_DIR: outDir };
    const builtFor = path.join(repoRoot, "dist/.built-for.json");
    const reusable = () =>
      options.reuseBuild === true &&
      outDir === "dist" &&
      existsSync(builtFor) &&
      readFileSync(builtFor, "utf8") === JSON.stringify(webEnv);
    if (web === "preview" && !reusable()) {
      const build = spawn(vite, ["build", "--logLevel", "warn"], {
        cwd: repoRoot,
        env: { ...process.env, ...buildEnv },
        stdio: "inherit",
      });
      const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
      if (code !== 0) throw new Error("vite build failed");
      if (outDir === "dist") writeFileSync(builtFor, JSON.stringify(webEnv));
    }
    await run(
      "web",
      vite,
      web === "preview"
        ? ["preview", "--port", String(ports.web), "--strictPort"]
        : ["--port", String(ports.web), "--strictPort", "--clearScreen", "false"],
      web === "preview" ? buildEnv : webEnv,
      /Local:/,
    );
  };
  try {
    await Promise.all([
      run(
        "convex",
        node,
        [
          ...tsx("local/runtime/cli.ts"),
          "--convex",
          "convex",
          "--data",
          path.join(options.dataDir, "convex"),
          "--port",
          String(ports.convex),
          "--site-port",
          String(ports.convexSite),
          ...(options.dev ? ["--watch"] : []),
        ],
        options.quietFunctions ? { CONVEX_LOCAL_QUIET: "1" } : {},
        /Convex local runtime ready/,
      ),
      run(
        "stand-ins",
        node,
        [
          ...tsx("local/standins/main.ts"),
          "--port",
          String(ports.standIns),
          "--data",
          path.join(options.dataDir, "stand-ins"),
        ],
        registeredRedirectUris(env),
        /stand-ins ready/,
      ),
      startWeb(),
    ]);
  } catch (e) {
    await stopAll(children);
    throw e;
  }

  return {
    ports,
    env,
    webUrl: `http://localhost:${ports.web}`,
    convexUrl,
    siteUrl,
    standInsUrl: `http://127.0.0.1:${ports.standIns}`,
    output: () => output,
    pids,
    failed,
    stop: async () => {
      stopping = true;
      await stopAll(children);
    },
  };
}

async function stopAll(children: Child[]) {
  for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGTERM");
  const timeout = setTimeout(() => {
    for (const child of children)
      if (child.process.exitCode === null) child.process.kill("SIGKILL");
  }, 5000);
  await Promise.all(children.map((child) => child.exit));
  clearTimeout(timeout);
}

/**
 * Moves the clocks of the runtime and the stand-ins together (admin only), e.g. to drive an
 * idea past its judging week in a test.
 */
export async function moveStackClock(
  stack: Pick<Stack, "convexUrl" | "standInsUrl" | "env">,
  offsetMs: number,
) {
  const runtime = await fetch(`${stack.convexUrl}/api/local/clock`, {
    method: "POST",
    headers: {
      Authorization: `Convex ${stack.env.CONVEX_LOCAL_ADMIN_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ offsetMs }),
  });
  if (!runtime.ok) throw new Error(`Could not move the runtime's clock: ${runtime.status}`);
  const standIns = await fetch(`${stack.standInsUrl}/__control/clock`, {
    method: "POST",
    body: JSON.stringify({ offsetMs }),
  });
  if (!standIns.ok) throw new Error(`Could not move the stand-ins' clock: ${standIns.status}`);
}
