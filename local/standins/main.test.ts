// The stand-ins process as the local stack runs it (local/standins/main.ts): a clock moved
// through its control API stays moved across a restart, kill -9 included, so what it signs
// (ID tokens, webhooks) keeps agreeing with the runtime's moved clock.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeJwt } from "jose";
import { afterAll, expect, test } from "vitest";
import { freePort, waitFor } from "../runtime/test/harness.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "standins-main-"));
const DAY = 24 * 3600_000;
const env = {
  AUTH_GOOGLE_ID: "main-test.apps.googleusercontent.com",
  AUTH_GOOGLE_SECRET: "main-test-secret",
  CONVEX_SITE_URL: "http://127.0.0.1:5998",
  GOOGLE_REDIRECT_URIS: "http://127.0.0.1:5998/api/auth/callback/google",
};
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number) {
  let output = "";
  child = spawn(
    process.execPath,
    ["--import", "tsx", "local/standins/main.ts", "--port", String(port), "--data", dataDir],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(() => output.includes("stand-ins ready"), 30_000, `the stand-ins: ${output}`);
  return `http://127.0.0.1:${port}`;
}

async function kill9() {
  const exited = new Promise((resolve) => child!.once("exit", resolve));
  child!.kill("SIGKILL");
  await exited;
  child = null;
}

/** An ID token from Google's code flow, as Convex Auth gets one. */
async function idToken(base: string) {
  const authorize = new URL(`${base}/google/o/oauth2/v2/auth`);
  authorize.search = new URLSearchParams({
    client_id: env.AUTH_GOOGLE_ID,
    redirect_uri: env.GOOGLE_REDIRECT_URIS,
    response_type: "code",
    scope: "openid email profile",
    state: "s",
  }).toString();
  const decided = await fetch(authorize, {
    method: "POST",
    body: new URLSearchParams({
      query: authorize.search,
      name: "Ada Lovelace",
      email: "ada@example.com",
      action: "allow",
    }),
    redirect: "manual",
  });
  const code = new URL(decided.headers.get("location")!).searchParams.get("code")!;
  const token = await fetch(`${base}/google/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: env.GOOGLE_REDIRECT_URIS,
      client_id: env.AUTH_GOOGLE_ID,
      client_secret: env.AUTH_GOOGLE_SECRET,
    }),
  });
  expect(token.status).toBe(200);
  return decodeJwt(((await token.json()) as { id_token: string }).id_token);
}

test("a moved clock survives a restart (kill -9 too); bad clock requests get a 400", async () => {
  const port = await freePort();
  let base = await start(port);
  const moved = await fetch(`${base}/__control/clock`, {
    method: "POST",
    body: JSON.stringify({ offsetMs: 7 * DAY }),
  });
  expect(moved.status).toBe(200);
  expect(((await moved.json()) as { offsetMs: number }).offsetMs).toBe(7 * DAY);
  for (const body of ['{"offsetMs":"soon"}', "not json", '{"offsetMs":1e400}']) {
    const refused = await fetch(`${base}/__control/clock`, { method: "POST", body });
    expect(refused.status, body).toBe(400);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  await kill9();

  base = await start(port);
  const clock = (await (await fetch(`${base}/__control/clock`)).json()) as {
    now: number;
    offsetMs: number;
  };
  expect(clock.offsetMs).toBe(7 * DAY);
  expect(Math.abs(clock.now - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
  // What it signs is in the moved time, as the runtime's clock is.
  const claims = await idToken(base);
  expect(Math.abs(claims.iat! * 1000 - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
}, 90_000);
