// Starts the runtime as a child process on free ports over a temporary copy of the fixture
// app, the way `npm start` does, so tests can restart it, kill -9 it and read its logs.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { anyApi } from "convex/server";

/** The fixture app's functions (untyped: the fixture has no generated API). */
export const api = anyApi as any;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const fixture = path.join(here, "fixture", "convex");
const scratch = path.join(here, ".tmp");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A copy of the fixture functions in a scratch folder inside the repo (so npm packages resolve). */
export function fixtureCopy(): { convexDir: string; dataDir: string; cleanup: () => void } {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(path.join(scratch, "run-"));
  const convexDir = path.join(dir, "convex");
  cpSync(fixture, convexDir, { recursive: true });
  return {
    convexDir,
    dataDir: path.join(dir, "data"),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const apps = path.join(here, "apps");

/**
 * A copy of one of the small apps under `apps/` (each written to exercise one kind of Convex
 * app): its `convex/` folder, and its `packages/*` installed as npm packages beside it.
 */
export function appCopy(name: string): { convexDir: string; dataDir: string; cleanup: () => void } {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(path.join(scratch, `${name}-`));
  const convexDir = path.join(dir, "convex");
  cpSync(path.join(apps, name, "convex"), convexDir, { recursive: true });
  const packages = path.join(apps, name, "packages");
  if (existsSync(packages))
    for (const pkg of readdirSync(packages))
      cpSync(path.join(packages, pkg), path.join(dir, "node_modules", pkg), { recursive: true });
  return {
    convexDir,
    dataDir: path.join(dir, "data"),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface RuntimeProcess {
  url: string;
  siteUrl: string;
  port: number;
  sitePort: number;
  pid: number;
  output: () => string;
  /** Lines logged for one function path since `from` (an index into output()). */
  executions: (udfPath: string, from?: number) => number;
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
}

export async function startRuntime(options: {
  convexDir: string;
  dataDir: string;
  port?: number;
  sitePort?: number;
  env?: Record<string, string>;
  watch?: boolean;
}): Promise<RuntimeProcess> {
  const port = options.port ?? (await freePort());
  const sitePort = options.sitePort ?? (await freePort());
  const args = [
    "--import",
    "tsx",
    path.join(root, "local/runtime/cli.ts"),
    "--convex",
    options.convexDir,
    "--data",
    options.dataDir,
    "--port",
    String(port),
    "--site-port",
    String(sitePort),
    ...(options.watch ? ["--watch"] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`runtime did not start:\n${output}`)), 30_000);
    const check = () => {
      if (output.includes("Convex local runtime ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`runtime exited:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    siteUrl: `http://127.0.0.1:${sitePort}`,
    port,
    sitePort,
    pid: child.pid!,
    output: () => output,
    executions: (udfPath, from = 0) =>
      output
        .slice(from)
        .split("\n")
        .filter((line) => new RegExp(`^\\S+ Q ${udfPath.replace(":", "\\:")} `).test(line)).length,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
    kill9: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** A minimal OpenID provider: discovery document, JWKS and a token signer. */
export async function startIssuer(): Promise<{
  url: string;
  sign: (
    claims: Record<string, unknown>,
    options?: { expiresIn?: string; audience?: string },
  ) => Promise<string>;
  signWithOtherKey: (claims: Record<string, unknown>) => Promise<string>;
  close: () => Promise<void>;
}> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const other = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "test", alg: "RS256", use: "sig" };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: Server = createServer((req, res) => {
    res.setHeader("Content-Type", "application/json");
    if (req.url === "/.well-known/openid-configuration") {
      res.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/jwks` }));
    } else if (req.url === "/jwks") {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const signer =
    (key: CryptoKey) =>
    async (
      claims: Record<string, unknown>,
      options: { expiresIn?: string; audience?: string } = {},
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "test" })
        .setIssuer(url)
        .setAudience(options.audience ?? "convex")
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "1h")
        .sign(key);
  return {
    url,
    sign: signer(privateKey),
    signWithOtherKey: signer(other.privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 5000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
