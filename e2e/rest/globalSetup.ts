// Starts one throw-away local stack (`npm start`'s stack: the Convex runtime and the stand-ins,
// no web app) for the whole REST suite, on its own ports and data, and stops it afterwards
// (its output goes to e2e/.artifacts/rest-stack.log).
// REST_PORT_OFFSET picks the ports (default 200: e2e uses 100, `npm start` 0).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startStack } from "../../local/stack/stack.js";

const LOG_FILE = path.resolve(import.meta.dirname, "../.artifacts/rest-stack.log");

export interface StackInfo {
  /** HTTP actions (convex/http.ts): the REST API, webhooks, OAuth routes. */
  siteUrl: string;
  /** The Convex HTTP API and sync protocol (sign-in, sign-out). */
  convexUrl: string;
  standInsUrl: string;
  dataDir: string;
  /** The stack's environment (webhook secrets, the JWT key, the admin key). */
  env: Record<string, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bounties-rest-"));
  const stack = await startStack({
    dataDir,
    envFile: path.join(dataDir, "env"),
    portOffset: Number(process.env.REST_PORT_OFFSET ?? 200),
    web: "none",
    quietFunctions: true,
  });
  project.provide("stack", {
    siteUrl: stack.siteUrl,
    convexUrl: stack.convexUrl,
    standInsUrl: stack.standInsUrl,
    dataDir,
    env: stack.env,
  });
  return async () => {
    await stack.stop();
    // The stack's log, for reading after a failure.
    mkdirSync(path.dirname(LOG_FILE), { recursive: true });
    writeFileSync(LOG_FILE, stack.output());
    rmSync(dataDir, { recursive: true, force: true });
  };
}
