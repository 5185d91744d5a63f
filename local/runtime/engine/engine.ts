// The execution engine: convex-test's in-memory backend, opened up just enough to serve as a
// long-lived server. convex-test's internals are not a public API, which is why `convex` and
// `convex-test` are pinned to exact versions, every internal is touched only through (and
// listed in) the convexTest/ folder, and `selfTest()` checks every hook at start-up.
//
// What the engine adds on top of convex-test (and where, in this folder):
// - committed writes are reported, for persistence, subscriptions and the scheduler
//   (databaseHooks.ts, over the documents and indexes of state.ts);
// - index ranges are served from ordered indexes (indexes.ts), so a query costs what it reads
//   (rangeQueries.ts; text search: searchQueries.ts);
// - what each query reads (index ranges, documents) is recorded as its read set, so a write
//   re-runs only the subscriptions it touches;
// - transactions run side by side with optimistic concurrency control, as on Convex
//   (transactions.ts);
// - ids have Convex's format (ids.ts);
// - the scheduler is replaced: timers longer than 24.8 days, restarts, exactly-once mutations
//   (scheduledJobs.ts), and so is file storage (files.ts);
// - paginated queries honour journals: the end cursor is pinned across re-runs (syscalls.ts);
// - console output of functions is captured as Convex log lines (execution.ts);
// - only public functions can be called by clients (runPublic, below).
import { convexTest } from "convex-test-engine";
import { makeFunctionReference } from "convex/server";
import {
  convexToJson,
  getConvexSize,
  jsonToConvex,
  type JSONValue,
  type Value,
} from "convex/values";
import type { BuiltApp, FunctionModules } from "../bundle.js";
import { freshQueries } from "../modules.js";
import { isError } from "../isolateScope.js";
import {
  componentDatabases,
  queryResultCount,
  restoreLastCommitTs,
  rootDatabase,
  transactionManager,
} from "../convexTest/database.js";
import {
  functionHandle,
  httpActionHandler,
  withClient,
  withIdentity,
  type RequestClient,
} from "../convexTest/functions.js";
import { captureConvexGlobal } from "../convexTest/inventory.js";
import type { ConvexTestDatabase, ConvexTestTransactions } from "../convexTest/shapes.js";
import { tableOfId } from "../ids.js";
import { ReadSet } from "../indexes.js";
import { logExecution, type ExecutionKind } from "../log.js";
import { BlobStore } from "../storage.js";
import { ConvexSystemError, isConvexSystemError } from "../validation.js";
import {
  installComponentDatabaseHooks,
  installDatabaseHooks,
  type CommitListener,
  type ComponentDatabase,
} from "./databaseHooks.js";
import {
  describeError,
  execStorage,
  installConsoleCapture,
  instrumentFunction,
  newExecContext,
  isConvexError,
  requestId,
  type ExecContext,
  type FunctionKind,
  type Identity,
  type Journal,
  type Outcome,
} from "./execution.js";
import { Files } from "./files.js";
import { localTableOfId, ROOT } from "./namespaces.js";
import type { RangeQueries } from "./rangeQueries.js";
import { ScheduledJobs } from "./scheduledJobs.js";
import type { StoredState } from "./state.js";
import { installSyscallHooks } from "./syscalls.js";
import { runOutside, Transactions, withOccRetries } from "./transactions.js";

const SYSTEM_TABLES = new Set(["_storage", "_scheduled_functions"]);

const MAX_ARGS_BYTES = 16 << 20;
const MAX_RESULT_BYTES = 16 << 20;
const TRANSACTION_SOFT_LIMIT_MS = 1000;

/** Options of an engine beyond its code and data. */
export interface EngineOptions {
  /** Where file storage keeps its bytes (in memory when absent). */
  blobs?: BlobStore;
  /** The deployment URL that upload and file URLs point at. */
  baseUrl?: () => string;
}

/** How a function is run, beyond its path, arguments and caller (see ExecContext). */
export interface RunOptions {
  journal?: Journal | null;
  commitTag?: ExecContext["commitTag"];
  /** The kind its log line shows (a scheduled action's is "scheduled"). */
  logKind?: ExecutionKind;
  /** The component whose function this is (the app's when absent). */
  componentPath?: string;
  client?: RequestClient;
}

export class Engine {
  readonly app: BuiltApp;
  private t!: ReturnType<typeof convexTest>;
  private db!: ConvexTestDatabase;
  private componentDbs = new Map<string, ConvexTestDatabase>();
  private tm!: ConvexTestTransactions;
  private accessors = new Map<string, any>();
  private running = 0;
  readonly blobs: BlobStore;
  private readonly baseUrl: () => string;
  private readonly txs: Transactions;
  private ranges!: RangeQueries;
  /** File storage: `_storage` documents and their bytes (set by `create`). */
  files!: Files;
  /** Scheduled functions: running due jobs (set by `create`). */
  jobs!: ScheduledJobs;

  private constructor(
    app: BuiltApp,
    private state: StoredState,
    options: EngineOptions,
  ) {
    this.app = app;
    this.txs = new Transactions(state);
    this.blobs = options.blobs ?? new BlobStore(null);
    this.baseUrl =
      options.baseUrl ?? (() => process.env.CONVEX_CLOUD_URL ?? "http://127.0.0.1:3210");
  }

  /**
   * Creates an engine over `state`. Pass the previous engine on a code reload so both share
   * one transaction lock while old in-flight actions finish.
   */
  static async create(
    app: BuiltApp,
    state: StoredState,
    onCommit: CommitListener,
    previous?: Engine,
    options: EngineOptions = {},
  ): Promise<Engine> {
    const engine = new Engine(app, state, options);
    const modules: Record<string, () => Promise<any>> = {
      "/convex/_generated/api.js": async () => ({}),
    };
    for (const rel of app.modules.paths)
      modules[`/convex/${rel}.js`] = () => engine.loadModule(rel);
    engine.t = convexTest({ schema: app.schema as any, modules, transactionLimits: true });
    // The installed components (convex.config.ts), each with its own database and modules.
    for (const component of app.components ?? []) {
      const componentModules: Record<string, () => Promise<any>> = {
        "/component/_generated/api.js": async () => ({}),
      };
      for (const rel of component.modules.paths)
        componentModules[`/component/${rel}.js`] = () =>
          engine.loadModule(rel, component.componentPath);
      engine.t.registerComponent(
        component.componentPath,
        component.schema as any,
        componentModules,
      );
    }
    const convexGlobal = await captureConvexGlobal(engine.t);
    installConsoleCapture();
    engine.db = rootDatabase(convexGlobal);
    engine.componentDbs = componentDatabases(convexGlobal);
    engine.tm = transactionManager(convexGlobal, previous?.tm);
    engine.files = new Files(
      state,
      engine.db,
      engine.t,
      engine.blobs,
      engine.baseUrl,
      engine.tableOfId,
    );
    engine.jobs = new ScheduledJobs(state, engine.databaseOf, engine.tm, engine.t, engine);
    if (!previous) restoreLastCommitTs(engine.tm, state.lastCommitTs);
    engine.txs.installTransactionHooks(engine.db, engine.tm, engine.componentDbs);
    const components = new Map<string, ComponentDatabase>();
    for (const [componentPath, db] of engine.componentDbs)
      components.set(
        componentPath,
        installComponentDatabaseHooks(
          db,
          { state, txs: engine.txs, tableOfId: engine.tableOfId },
          componentPath,
        ),
      );
    engine.ranges = installDatabaseHooks(
      engine.db,
      {
        state,
        txs: engine.txs,
        tableOfId: engine.tableOfId,
        blobs: engine.blobs,
        onCommit,
      },
      components,
    );
    installSyscallHooks(convexGlobal, state, engine.files, engine.jobs);
    return engine;
  }

  /** Queries open right now (index ranges and convex-test's own), for the cache-bound test. */
  get openQueryCount(): number {
    return this.ranges.openQueries.size + queryResultCount(this.db);
  }

  private accessor(identity: Identity | null, client?: RequestClient): any {
    let acc: any = this.t;
    if (identity) {
      const key = JSON.stringify(identity);
      acc = this.accessors.get(key);
      if (!acc) {
        if (this.accessors.size > 1000) this.accessors.clear();
        acc = withIdentity(this.t, identity);
        this.accessors.set(key, acc);
      }
    }
    // The client's address, for ctx.meta.getRequestMetadata() as on Convex (not cached: one per
    // request is cheap, and addresses are many).
    return client ? withClient(acc, client) : acc;
  }

  /** The database of the app (`""`) or of an installed component. */
  readonly databaseOf = (componentPath: string): ConvexTestDatabase => {
    if (componentPath === ROOT) return this.db;
    const db = this.componentDbs.get(componentPath);
    if (!db) throw new Error(`No component is installed at "${componentPath}".`);
    return db;
  };

  /** The modules of the app (`""`) or of an installed component. */
  private modulesOf(componentPath: string): FunctionModules {
    if (componentPath === ROOT) return this.app.modules;
    const component = this.app.components?.find((c) => c.componentPath === componentPath);
    if (!component) throw new Error(`No component is installed at "${componentPath}".`);
    return component.modules;
  }

  /** Every Convex function of a module instrumented; a component's `v.id()` name its tables. */
  private instrument(mod: Record<string, unknown>, componentPath: string) {
    const tableOfId =
      componentPath === ROOT
        ? this.tableOfId
        : (id: string) => localTableOfId(this.state.tables, componentPath, id);
    for (const value of Object.values(mod)) {
      const fn = value as any;
      if (fn && (fn.isQuery || fn.isMutation || fn.isAction))
        instrumentFunction(fn, tableOfId, (ctx: any) => this.txs.isolateActionCtx(ctx));
    }
    return mod;
  }

  private sharedModules = new Map<string, Promise<Record<string, unknown>>>();

  /**
   * A module in the instance queries share (modules.ts), instrumented: what analysis reads
   * (a function's kind and visibility, routes, crons) without running anything.
   */
  sharedModule(modulePath: string, componentPath = ROOT): Promise<Record<string, unknown>> {
    const key = `${componentPath}\0${modulePath}`;
    let mod = this.sharedModules.get(key);
    if (!mod) {
      const modules = this.modulesOf(componentPath);
      if (!modules.paths.includes(modulePath))
        return Promise.reject(new Error(`Could not find module for: "${modulePath}"`));
      mod = modules.shared(modulePath).then((loaded) => {
        // A module whose queries are in use will likely run its mutations soon: get a fresh
        // instance ready for them.
        if (
          Object.values(loaded).some((fn: any) => fn?.isMutation || fn?.isAction) &&
          loaded.experimental_reuseContext !== true
        ) {
          modules.want(modulePath);
          this.prepareSpares();
        }
        return this.instrument(loaded, componentPath);
      });
      mod.catch(() => this.sharedModules.delete(key));
      this.sharedModules.set(key, mod);
    }
    return mod;
  }

  /**
   * A module for one execution: convex-test loads the module once for each function call it
   * runs (nested calls included), then takes the function from it. A query is taken from the
   * shared instance; a mutation or an action from an instance of its own, so that it starts
   * with fresh module state as on Convex (modules.ts), unless the module opted into reuse.
   */
  async loadModule(modulePath: string, componentPath = ROOT): Promise<Record<string, unknown>> {
    const shared = await this.sharedModule(modulePath, componentPath);
    const modules = this.modulesOf(componentPath);
    const reuse = shared.experimental_reuseContext === true;
    let fresh: Record<string, unknown> | null = null;
    return new Proxy(shared, {
      get: (target, name, receiver) => {
        const value = Reflect.get(target, name, receiver) as any;
        if (
          typeof name !== "string" ||
          !value ||
          !(value.isMutation || value.isAction || value.isQuery)
        )
          return value;
        const shareable = value.isQuery ? !freshQueries() : reuse && !value.isAction;
        if (shareable) return value;
        if (!fresh) {
          const loaded = modules.fresh(modulePath);
          if (loaded === null) return value;
          fresh = this.instrument(loaded, componentPath);
        }
        return fresh[name];
      },
    });
  }

  /** The module of an HTTP action's request: fresh module state for each request. */
  private async httpModule(): Promise<Record<string, unknown> | null> {
    if (!this.app.modules.paths.includes("http")) return null;
    const fresh = this.app.modules.fresh("http");
    return fresh ? this.instrument(fresh, ROOT) : this.sharedModule("http");
  }

  private sparesTimer: NodeJS.Timeout | null = null;

  /** After work, while nothing runs: prepares fresh instances for the next executions. */
  private prepareSpares() {
    if (this.sparesTimer || this.running > 0) return;
    this.sparesTimer = runOutside(() =>
      setTimeout(() => {
        this.sparesTimer = null;
        if (this.running > 0) return;
        const sets = [this.app.modules, ...(this.app.components ?? []).map((c) => c.modules)];
        if (sets.some((modules) => modules.prepareSpare())) this.prepareSpares();
      }, 5).unref(),
    );
  }

  /** The table an id of this deployment belongs to; null for a malformed or unknown id. */
  readonly tableOfId = (id: string): string | null => {
    const table = tableOfId(this.state.tables, id);
    if (table === null) return null;
    const schemaTables = (this.app.schema as { tables?: Record<string, unknown> } | null)?.tables;
    if (SYSTEM_TABLES.has(table) || (schemaTables && table in schemaTables)) return table;
    return this.state.byTable.has(table) ? table : null;
  };

  /** Finds a registered function (of the app, or of a component); `null` when there is none. */
  async findFunction(udfPath: string, componentPath = ROOT): Promise<any | null> {
    const [modulePath, exportName = "default"] = udfPath.replace(/\.js(?=:|$)/, "").split(":");
    if (!this.modulesOf(componentPath).paths.includes(modulePath!)) return null;
    const mod = await this.sharedModule(modulePath!, componentPath);
    const fn = mod[exportName] as any;
    if (!fn || (!fn.isQuery && !fn.isMutation && !fn.isAction)) return null;
    return fn;
  }

  /** Runs a public function for a client. Internal functions are refused as if absent. */
  async runPublic(
    kind: FunctionKind,
    udfPath: string,
    args: JSONValue,
    identity: Identity | null,
    options: Omit<RunOptions, "logKind"> = {},
  ): Promise<Outcome> {
    const fn = await this.findFunction(udfPath);
    const [modulePath, exportName = "default"] = udfPath.replace(/\.js(?=:|$)/, "").split(":");
    let errorMessage: string | null = null;
    if (!fn || !fn.isPublic) {
      errorMessage = `Could not find public function for '${modulePath}:${exportName}'.`;
    } else {
      const defined = fn.isQuery ? "Query" : fn.isMutation ? "Mutation" : "Action";
      const wanted = kind === "query" ? "Query" : kind === "mutation" ? "Mutation" : "Action";
      if (defined !== wanted)
        errorMessage = `Trying to execute ${modulePath}.js:${exportName} as ${wanted}, but it is defined as ${defined}.`;
    }
    if (errorMessage !== null) {
      const shown = describeError(new ConvexSystemError(errorMessage), requestId()).errorMessage;
      logExecution({ kind, path: udfPath, durationMs: 0, error: errorMessage, logLines: [] });
      return { ok: false, errorMessage: shown, logLines: [], reads: new ReadSet(), journal: null };
    }
    return this.run(kind, udfPath, args, identity, options);
  }

  /** Runs any function (public or internal): for the scheduler, crons and tools. */
  async run(
    kind: FunctionKind,
    udfPath: string,
    args: JSONValue,
    identity: Identity | null,
    options: RunOptions = {},
  ): Promise<Outcome> {
    const ctx = newExecContext(kind, udfPath, options);
    const reqId = requestId();
    const started = performance.now();
    this.running += 1;
    try {
      const value = jsonToConvex(args);
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        throw new Error(
          `The arguments to a Convex function must be an object. Received: ${JSON.stringify(args)}`,
        );
      }
      const size = getConvexSize(value);
      if (size > MAX_ARGS_BYTES)
        throw new Error(`Arguments are too large (${size} bytes). This is a Convex limit.`);
      // A component's function is named by a function handle (convex-test's format).
      const ref: any = options.componentPath
        ? functionHandle(options.componentPath, udfPath)
        : makeFunctionReference(udfPath);
      const acc = this.accessor(identity, options.client);
      const attempt = (): Promise<Value> => {
        // A retried attempt reports only its own reads and logs.
        ctx.reads = new ReadSet();
        ctx.logLines.length = 0;
        ctx.journalOut = null;
        ctx.paginated = false;
        ctx.depth = 0;
        ctx.readAuth = false;
        return execStorage.run(ctx, () => acc[kind](ref, value));
      };
      const result: Value =
        kind === "mutation"
          ? await withOccRetries(attempt)
          : kind === "query"
            ? await this.txs.runQueryAtSnapshot(attempt)
            : await attempt();
      const json = convexToJson(result === undefined ? null : result);
      if (getConvexSize(result ?? null) > MAX_RESULT_BYTES) {
        throw new Error(`Function return value is too large. This is a Convex limit.`);
      }
      const durationMs = performance.now() - started;
      logExecution({
        kind: options.logKind ?? kind,
        path: udfPath,
        durationMs,
        logLines: ctx.logLines,
        note:
          kind !== "action" && durationMs > TRANSACTION_SOFT_LIMIT_MS
            ? "exceeds Convex's 1 s limit for queries and mutations"
            : undefined,
      });
      return {
        ok: true,
        value: json,
        logLines: ctx.logLines,
        reads: ctx.reads,
        journal: ctx.journalOut,
        readAuth: ctx.readAuth,
      };
    } catch (e) {
      const { errorMessage, errorData } = describeError(e, reqId);
      logExecution({
        kind: options.logKind ?? kind,
        path: udfPath,
        durationMs: performance.now() - started,
        error: isConvexSystemError(e)
          ? e.message.trimEnd()
          : isError(e) && !isConvexError(e)
            ? (e.stack ?? e.message)
            : errorMessage,
        logLines: ctx.logLines,
      });
      return {
        ok: false,
        errorMessage,
        errorData,
        logLines: ctx.logLines,
        reads: ctx.reads,
        journal: ctx.journalOut,
        readAuth: ctx.readAuth,
      };
    } finally {
      this.running -= 1;
      this.prepareSpares();
    }
  }

  /**
   * Serves an HTTP action of `http.ts` with the request exactly as received. As on Convex, a
   * bearer token that fails verification does not stop the request: `getUserIdentity` throws.
   */
  async runHttp(
    request: Request,
    auth: Identity | null | Error,
    client?: RequestClient,
  ): Promise<Response> {
    const identity = auth instanceof Error ? null : auth;
    const url = new URL(request.url);
    const started = performance.now();
    const path = `${request.method} ${url.pathname}`;
    const router = ((await this.httpModule())?.default ?? null) as any;
    const found = router?.lookup?.(url.pathname, request.method);
    if (!found) {
      logExecution({ kind: "http", path, durationMs: 0, logLines: [], note: "404 no route" });
      return new Response("No matching routes found", { status: 404 });
    }
    const handler = httpActionHandler(found[0]);
    const ctx = newExecContext("http", path);
    let response: Response | undefined;
    this.running += 1;
    try {
      await execStorage.run(ctx, () =>
        this.accessor(identity, client).action(async (rawCtx: any) => {
          const actionCtx = this.txs.isolateActionCtx(rawCtx);
          const ctx =
            auth instanceof Error
              ? { ...actionCtx, auth: { getUserIdentity: () => Promise.reject(auth) } }
              : actionCtx;
          response = await handler(ctx, request);
          return null;
        }),
      );
      if (!(response instanceof Response))
        throw new Error("The HTTP action did not return a Response.");
      logExecution({
        kind: "http",
        path,
        durationMs: performance.now() - started,
        logLines: ctx.logLines,
        note: String(response.status),
      });
      return response;
    } catch (e) {
      const { errorMessage } = describeError(e, requestId());
      logExecution({
        kind: "http",
        path,
        durationMs: performance.now() - started,
        error: isError(e) ? (e.stack ?? e.message) : String(e),
        logLines: ctx.logLines,
      });
      return new Response(JSON.stringify({ code: "Server Error", message: errorMessage }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    } finally {
      this.running -= 1;
      this.prepareSpares();
    }
  }

  /** True while any function of this engine is running. */
  get busy(): boolean {
    return this.running > 0;
  }
}
