// Starts the whole product locally: the Convex runtime, the stand-ins and the web app.
// Used by `npm start` and by the end-to-end tests (on other ports, with their own data).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
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
  /** Resolves (with the name) if any child stops on its own. */
  exited: Promise<string>;
}

interface Child {
  name: string;
  process: ChildProcess;
  exit: Promise<number | null>;
}

const COLORS: Record<string, number> = { convex: 35, "stand-ins": 33, web: 36 };

export async function startStack(options: StackOptions): Promise<Stack> {
  const ports = stackPorts(options.portOffset ?? 0);
  mkdirSync(options.dataDir, { recursive: true });
  const env = await loadStackEnv(options.envFile, ports);
  const convexUrl = `http://127.0.0.1:${ports.convex}`;
  const siteUrl = `http://127.0.0.1:${ports.convexSite}`;
  let output = "";
  const children: Child[] = [];

  const run = (
    name: string,
    command: string,
    args: string[],
    extraEnv: Record<string, string>,
    ready: RegExp,
  ) => {
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
    const exit = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );
    children.push({ name, process: child, exit });
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
    return new Promise<void>((resolve, reject) => {
      let seen = "";
      const check = (chunk: Buffer) => {
        seen += chunk.toString();
        // Strip colour codes before matching.
        if (ready.test(seen.replace(/\x1b\[[0-9;]*m/g, ""))) {
          child.stdout!.off("data", check);
          resolve();
        }
      };
      child.stdout!.on("data", check);
      void exit.then((code) =>
        reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`)),
      );
    });
  };

  const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
  const vite = path.join(repoRoot, "node_modules/.bin/vite");
  const webEnv = { VITE_CONVEX_URL: convexUrl, VITE_CONVEX_SITE_URL: siteUrl };
  const web = options.web ?? "dev";
  const startWeb = async () => {
    if (web === "none") return;
    if (web === "preview") {
      const build = spawn(vite, ["build", "--logLevel", "warn"], {
        cwd: repoRoot,
        env: { ...process.env, ...webEnv },
        stdio: "inherit",
      });
      const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
      if (code !== 0) throw new Error("vite build failed");
    }
    await run(
      "web",
      vite,
      web === "preview"
        ? ["preview", "--port", String(ports.web), "--strictPort"]
        : ["--port", String(ports.web), "--strictPort", "--clearScreen", "false"],
      webEnv,
      /Local:/,
    );
  };
  try {
    await Promise.all([
      run(
        "convex",
        tsx,
        [
          "local/runtime/cli.ts",
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
        tsx,
        [
          "local/standins/main.ts",
          "--port",
          String(ports.standIns),
          "--data",
          path.join(options.dataDir, "stand-ins"),
        ],
        {},
        /stand-ins ready/,
      ),
      startWeb(),
    ]);
  } catch (e) {
    await stopAll(children);
    throw e;
  }

  let stopping = false;
  const exited = Promise.race(children.map((child) => child.exit.then(() => child.name))).then(
    async (name) => {
      if (!stopping) await stopAll(children);
      return name;
    },
  );
  return {
    ports,
    env,
    webUrl: `http://localhost:${ports.web}`,
    convexUrl,
    siteUrl,
    standInsUrl: `http://127.0.0.1:${ports.standIns}`,
    output: () => output,
    exited: exited.then((name) => (stopping ? new Promise<string>(() => undefined) : name)),
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
