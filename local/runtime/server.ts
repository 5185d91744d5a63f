// The local Convex runtime: sync protocol and HTTP API on one port, HTTP actions on another,
// data persisted in a folder, scheduled functions and crons in real time, reload on change.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { JSONValue } from "convex/values";
import { buildApp } from "./bundle.js";
import { Engine } from "./engine/engine.js";
import { runOutside } from "./engine/transactions.js";
import type { ExecContext } from "./engine/execution.js";
import type { CommittedWrite } from "./engine/state.js";
import { Persistence } from "./persistence.js";
import { cronKey, Scheduler, type CronPersisted, type CronState } from "./scheduler.js";
import { BlobStore } from "./storage.js";
import { TokenVerifier } from "./auth.js";
import type { MutationRecord } from "./sync/protocol.js";
import { SyncServer } from "./sync/syncServer.js";
import { clientOf, handleApi, identityFromHeader, readBody } from "./httpApi.js";
import { installOutbound, type HostRule, type OutboundMode } from "./outbound.js";
import { selfTest } from "./selfTest.js";
import {
  clockOffset,
  furthestClockOffset,
  installShiftableClock,
  onClockChange,
  restoreFurthestClockOffset,
  setClockOffset,
} from "./clock.js";
import * as log from "./log.js";
import { installIsolateGlobals } from "./isolateGlobals.js";
import { schemaMismatch } from "./schemaCheck.js";
import {
  checkRequestTarget,
  hardenServer,
  RequestRefused,
  SERVER_OPTIONS,
  WorkGate,
} from "./overload.js";

// Queries and mutations over the HTTP API that run at once, and that may wait.
const MAX_ACTIVE_CALLS = 64;
const MAX_WAITING_CALLS = 1_000;
// Actions and HTTP actions that run at once (as many as over sockets), and that may wait. They
// mostly wait on other services, so they are admitted apart: a slow service holds up only them.
const MAX_ACTIVE_ACTIONS = 256;

export interface RuntimeOptions {
  /** The app's Convex functions folder. */
  convexDir: string;
  /** Where the database, the log and the build cache live. */
  dataDir: string;
  host?: string;
  port?: number;
  sitePort?: number;
  /** Environment variables for the functions (as in the Convex dashboard). */
  env?: Record<string, string>;
  /** Rebuild and reload when files in `convexDir` change. */
  watch?: boolean;
  /** Enables admin calls (`Authorization: Convex <key>`): internal functions and the clock. */
  adminKey?: string;
  /** Where functions' requests to real services go instead (see outbound.ts). */
  hostMap?: HostRule[];
  /** "loopback-only": functions' requests may not leave the machine. */
  outbound?: OutboundMode;
}

export interface Runtime {
  url: string;
  siteUrl: string;
  sync: SyncServer;
  engine(): Engine;
  /** Waits for queued sync work (tests). */
  idle(): Promise<void>;
  reload(): Promise<void>;
  close(): Promise<void>;
}

// A cron's persisted schedule: `next` is its next run time (null: the cron was removed).
// Records of older runtimes hold only the last run (`at`) and are re-armed from their schedule.
interface CronTag {
  kind: "cron";
  name: string;
  /** A component's cron (absent: the app's). */
  component?: string;
  spec?: string;
  next?: number | null;
  at?: number;
}
const isMutationRecord = (tag: unknown): tag is MutationRecord =>
  (tag as { kind?: string })?.kind === "mutation";
const isCronTag = (tag: unknown): tag is CronTag => (tag as { kind?: string })?.kind === "cron";
const isClockTag = (
  tag: unknown,
): tag is { kind: "clock"; offsetMs: number; furthestOffsetMs?: number } =>
  (tag as { kind?: string })?.kind === "clock";
const KEEP_MUTATION_RECORDS = 1000;

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 3210;
  const sitePort = options.sitePort ?? 3211;
  const url = `http://${host}:${port}`;
  const siteUrl = `http://${host}:${sitePort}`;
  installShiftableClock();
  installIsolateGlobals();
  process.env.CONVEX_CLOUD_URL = url;
  process.env.CONVEX_SITE_URL = siteUrl;
  Object.assign(process.env, options.env ?? {});
  installOutbound(options.hostMap ?? [], options.outbound ?? "any");
  for (const rule of options.hostMap ?? []) log.info(`requests to ${rule.from} go to ${rule.to}`);
  if (options.outbound === "loopback-only")
    log.info("functions' requests may not leave this machine (loopback-only)");

  log.setSilent(true);
  try {
    await selfTest();
  } finally {
    log.setSilent(false);
  }

  const persistence = new Persistence(options.dataDir);
  const { state, tags } = persistence.load();
  const mutationRecords: MutationRecord[] = (tags as unknown[])
    .filter(isMutationRecord)
    .slice(-KEEP_MUTATION_RECORDS);
  // A moved clock stays moved across restarts: times already written (creation times, job
  // and cron times) must not run backwards.
  for (const tag of tags as unknown[])
    if (isClockTag(tag)) {
      setClockOffset(tag.offsetMs);
      // Components' time never goes back, across restarts too (clock.ts).
      restoreFurthestClockOffset(tag.furthestOffsetMs ?? tag.offsetMs);
    }
  const crons = new Map<string, CronState>();
  for (const tag of tags as unknown[]) {
    if (!isCronTag(tag)) continue;
    const key = cronKey(tag.component, tag.name);
    if (typeof tag.next === "number" && typeof tag.spec === "string")
      crons.set(key, {
        name: tag.name,
        ...(tag.component ? { component: tag.component } : {}),
        spec: tag.spec,
        next: tag.next,
      });
    else crons.delete(key);
  }
  const keptTags = (): JSONValue[] => [
    ...(mutationRecords.slice(-KEEP_MUTATION_RECORDS) as unknown as JSONValue[]),
    ...[...crons.values()].map((cron) => ({ kind: "cron", ...cron })),
    ...(clockOffset() !== 0 || furthestClockOffset() !== 0
      ? [{ kind: "clock", offsetMs: clockOffset(), furthestOffsetMs: furthestClockOffset() }]
      : []),
  ];
  persistence.compact(state, keptTags());

  let engine!: Engine;
  let verifier!: TokenVerifier;
  const scheduler = new Scheduler(() => engine);
  const sync = new SyncServer({ engine: () => engine, verifier: () => verifier });
  sync.rememberMutations(mutationRecords);

  let compactPending = false;
  const onCommit = (writes: CommittedWrite[], ctx: ExecContext | undefined) => {
    const tag = ctx?.commitTag ? ({ kind: "mutation", ...ctx.commitTag } as JSONValue) : undefined;
    if (tag) {
      mutationRecords.push(tag as unknown as MutationRecord);
      if (mutationRecords.length > 2 * KEEP_MUTATION_RECORDS)
        mutationRecords.splice(0, KEEP_MUTATION_RECORDS);
    }
    const compact = persistence.append(state.lastCommitTs, writes, tag);
    scheduler.onCommit(writes);
    runOutside(() => {
      sync.changed(writes, ctx?.commitTag);
      if (compact && !compactPending) {
        compactPending = true;
        setImmediate(() => {
          compactPending = false;
          persistence.compact(state, keptTags());
        });
      }
    });
  };

  const blobs = new BlobStore(options.dataDir);
  const load = async (previous?: Engine) => {
    const app = await buildApp(options.convexDir, buildCacheDir(options.convexDir));
    // As a push to Convex: refused when stored documents do not match the new schema.
    const mismatch = schemaMismatch(app, state);
    if (mismatch !== null) throw new Error(mismatch);
    const next = await Engine.create(app, state, onCommit, previous, {
      blobs,
      baseUrl: () => url,
    });
    verifier = TokenVerifier.fromAuthConfig(app.authConfig);
    return next;
  };
  engine = await load();
  const orphans = blobs.collectGarbage(engine.files.storedHashes());
  if (orphans > 0) log.info(`removed ${orphans} stored file(s) that no document references`);
  const interrupted = await engine.jobs.failInterruptedJobs();
  if (interrupted > 0)
    log.warn(`${interrupted} scheduled action(s) were interrupted by the last stop`);
  scheduler.restore(state);
  let lastOffset = clockOffset();
  onClockChange(() => {
    persistence.append(state.lastCommitTs, [], {
      kind: "clock",
      offsetMs: clockOffset(),
      furthestOffsetMs: furthestClockOffset(),
    });
    if (clockOffset() < lastOffset) scheduler.pullCronsBack();
    lastOffset = clockOffset();
    scheduler.rearm();
    scheduler.armCrons();
    log.info(`clock moved: now ${new Date().toISOString()}`);
  });
  const persistCron = (cron: CronPersisted) => {
    persistence.append(state.lastCommitTs, [], { kind: "cron", ...cron });
  };
  await scheduler.startCrons(crons, persistCron);

  // Sync protocol and HTTP API.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 << 20 });
  const gate = new WorkGate(MAX_ACTIVE_CALLS, MAX_WAITING_CALLS);
  const actionGate = new WorkGate(MAX_ACTIVE_ACTIONS, MAX_WAITING_CALLS);
  const apiServer = createServer(SERVER_OPTIONS, (req, res) => {
    (async () => {
      checkRequestTarget(req.url);
      await handleApi(req, res, {
        engine: () => engine,
        verifier: () => verifier,
        currentTs: () => sync.currentTs(),
        adminKey: options.adminKey ?? null,
        gate,
        actionGate,
      });
    })().catch((e: unknown) => fail(res, e));
  });
  hardenServer(apiServer);
  apiServer.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? "/", url).pathname;
    if (!/^\/api\/[^/]+\/sync$/.test(pathname)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => sync.accept(ws, clientOf(req)));
  });

  // HTTP actions.
  const siteServer = createServer(SERVER_OPTIONS, (req, res) => {
    serveHttpAction(req, res).catch((e: unknown) => fail(res, e));
  });
  hardenServer(siteServer);
  const serveHttpAction = async (req: IncomingMessage, res: ServerResponse) => {
    checkRequestTarget(req.url);
    // Held against the body budget until the response is done (overload.ts).
    const body = await readBody(req, undefined, res);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method ?? "GET";
    let request: Request;
    try {
      request = new Request(`${siteUrl}${req.url ?? "/"}`, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" ? undefined : (body as Uint8Array<ArrayBuffer>),
        redirect: "manual",
      });
    } catch (e) {
      // Methods `fetch` forbids (CONNECT, TRACE, TRACK) and unparsable targets.
      throw new RequestRefused(400, "BadRequest", (e as Error).message);
    }
    let auth: Awaited<ReturnType<typeof identityFromHeader>> | Error;
    try {
      auth = await identityFromHeader(req.headers.authorization, verifier);
    } catch (e) {
      auth = e as Error;
    }
    const response = await actionGate.run(() => engine.runHttp(request, auth, clientOf(req)));
    const outHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie") outHeaders[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) outHeaders["set-cookie"] = cookies;
    const payload = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, outHeaders);
    res.end(method === "HEAD" ? undefined : payload);
  };

  await Promise.all([listen(apiServer, port, host), listen(siteServer, sitePort, host)]);

  let reloading: Promise<void> | null = null;
  const reload = async () => {
    const started = performance.now();
    try {
      const next = await load(engine);
      // Let in-flight work of the old code finish before switching (bounded wait).
      const deadline = Date.now() + 10_000;
      while (engine.busy && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      engine = next;
      await scheduler.startCrons(crons, persistCron);
      sync.rerunAll();
      log.info(log.green(`reloaded functions in ${Math.round(performance.now() - started)}ms`));
    } catch (e) {
      log.error("reload failed; still running the previous code:", (e as Error).message);
    }
  };

  let watcher: FSWatcher | null = null;
  if (options.watch) {
    let timer: NodeJS.Timeout | null = null;
    watcher = watch(options.convexDir, { recursive: true }, (_event, file) => {
      if (!file || file.includes("_generated") || /\.test\.[tj]sx?$/.test(file)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        reloading = (reloading ?? Promise.resolve()).then(reload);
      }, 150);
    });
  }

  log.notice(
    `Convex local runtime ready: ${url} (sync + API), ${siteUrl} (HTTP actions); data in ${options.dataDir}`,
  );

  return {
    url,
    siteUrl,
    sync,
    engine: () => engine,
    idle: () => sync.idle(),
    reload: () => (reloading = (reloading ?? Promise.resolve()).then(reload)),
    close: async () => {
      watcher?.close();
      sync.close();
      await scheduler.stop();
      await Promise.all([close(apiServer), close(siteServer)]);
      persistence.close();
    },
  };
}

// Compiled modules import npm packages, so they must live where Node resolves the app's
// node_modules: the nearest node_modules/.cache above the functions folder.
function buildCacheDir(convexDir: string): string {
  let dir = path.resolve(convexDir);
  while (!existsSync(path.join(dir, "node_modules"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No node_modules folder above ${convexDir}`);
    dir = parent;
  }
  return path.join(dir, "node_modules", ".cache", "convex-local-runtime");
}

function fail(res: ServerResponse, e: unknown) {
  if (e instanceof RequestRefused) {
    if (!res.headersSent)
      res.writeHead(e.status, { ...e.headers, "Content-Type": "application/json" });
    res.end(JSON.stringify({ code: e.code, message: e.message }));
    return;
  }
  log.error("request failed", e);
  if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
  res.end(
    JSON.stringify({ code: "InternalServerError", message: (e as Error)?.message ?? String(e) }),
  );
}

function listen(server: Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}

function close(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
