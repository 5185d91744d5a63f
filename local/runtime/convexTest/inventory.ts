// The convex-test internals the runtime relies on, checked at every start: the versions it was
// built against, an inventory of the private fields and methods the runtime reads or replaces
// (with the members of Convex's registered functions that convex-test uses), and how its state
// object is reached. The shapes are in shapes.ts; the functions that do the reading and
// replacing are in database.ts and functions.ts. This folder is the only one that knows
// convex-test's shape: the engine (engine/) keeps its own logic (OCC, indexes, read sets) and
// reaches convex-test only through those functions.
// `checkInternals` runs at every start, before the self-test (selfTest.ts) probes what each
// hook does. An upgrade of `convex` or `convex-test` must update VERIFIED_VERSIONS after the
// runtime's tests pass with it.
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { convexTest } from "convex-test-engine";
import { queryGeneric } from "convex/server";
import type {
  ConvexGlobalState,
  ConvexTestGlobal,
  DatabaseFake,
  MetricsTracker,
  RegisteredFunction,
  TransactionManager,
} from "./shapes.js";

/** The versions whose internals this adapter describes. */
// The runtime's convex-test is its own pinned copy (package.json: "convex-test-engine", an alias
// of convex-test 0.0.60), so that the unit tests' convex-test can move on without it.
export const VERIFIED_VERSIONS = { convex: "1.48.0", "convex-test-engine": "0.0.60" } as const;

type Kind = "object" | "number" | "bigint" | "function" | "null" | "object or null";

/** Private members of convex-test's DatabaseFake that the runtime reads or replaces. */
export const DATABASE_INTERNALS = {
  // Replaced by the runtime's persisted state (getter/setter pairs).
  _documents: "object",
  _nextDocId: "number",
  _lastCreationTime: "number",
  // Made per-transaction (getter/setter pair).
  _writes: "object",
  // Read: open query results, the schema (null for an app without one).
  _queryResults: "object",
  _schema: "object or null",
  // Called, wrapped or replaced.
  get: "function",
  insert: "function",
  patch: "function",
  replace: "function",
  delete: "function",
  commit: "function",
  rollbackWrites: "function",
  startQuery: "function",
  queryNext: "function",
  paginate: "function",
  _resolveQuerySource: "function",
  _iterateDocs: "function",
  _validate: "function",
  _validateId: "function",
  _generateId: "function",
} as const satisfies Record<keyof DatabaseFake, Kind>;

/** Private members of convex-test's TransactionManager that the runtime reads or replaces. */
export const TRANSACTION_INTERNALS = {
  _lastCommitTs: "bigint",
  getMetricsTracker: "function",
  begin: "function",
  // Made per-transaction (installTransactionHooks); null between transactions.
  _waitOnCurrentFunction: "null",
  _markTransactionDone: "null",
  _metricsTracker: "null",
} as const satisfies Record<keyof TransactionManager, Kind>;
/** Of the limits tracker of a running transaction (checked on the capture's own transaction). */
export const METRICS_TRACKER_INTERNALS = {
  trackScheduledFunction: "function",
} as const satisfies Record<keyof MetricsTracker, Kind>;
/** Members of convex-test's global state object that the runtime reads or replaces. */
export const GLOBAL_INTERNALS = {
  syscall: "function",
  asyncSyscall: "function",
  jsSyscall: "function",
  transactionManager: "object",
  components: "object",
} as const satisfies Record<keyof ConvexGlobalState, Kind>;
/** Of every registered function: `convex/server` sets them, convex-test reads them. */
export const FUNCTION_INTERNALS = {
  _handler: "function",
  exportArgs: "function",
  exportReturns: "function",
} as const satisfies Record<keyof RegisteredFunction, Kind>;

// ----- Versions and inventory, checked at start -----

function installedVersion(name: string): string {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as {
    version?: string;
  };
  if (!pkg.version) throw new Error(`Cannot find the installed version of ${name}.`);
  return pkg.version;
}

/**
 * Stops the runtime when the installed `convex` or the runtime's convex-test
 * (`convex-test-engine`) is not the verified one.
 */
export function assertVersions(): void {
  const wrong = Object.entries(VERIFIED_VERSIONS)
    .map(([name, verified]) => ({ name, verified, installed: installedVersion(name) }))
    .filter(({ verified, installed }) => verified !== installed);
  if (wrong.length > 0)
    throw new Error(
      `The local Convex runtime relies on internals of specific versions: ${wrong
        .map((w) => `${w.name} ${w.installed} is installed, ${w.verified} is verified`)
        .join("; ")}. Install the verified versions, or check the runtime against the new ones ` +
        `(npm run test:runtime) and update VERIFIED_VERSIONS in local/runtime/convexTest/inventory.ts.`,
    );
}

function typeOf(value: unknown): string {
  return value === null ? "null" : typeof value;
}

/**
 * Lists every inventoried internal that is missing or has changed kind. `metricsTracker` is
 * the limits tracker seen inside a transaction.
 */
export function checkInternals(convexGlobal: any, metricsTracker: unknown): string[] {
  const problems: string[] = [];
  const check = (owner: string, object: any, inventory: Record<string, string>) => {
    for (const [name, kind] of Object.entries(inventory)) {
      const actual = typeOf(object?.[name]);
      const fits =
        kind === "object or null" ? actual === "object" || actual === "null" : actual === kind;
      if (!fits) problems.push(`${owner}.${name} is ${actual}, expected ${kind}`);
    }
  };
  check("convex-test global", convexGlobal, GLOBAL_INTERNALS);
  check("TransactionManager", convexGlobal?.transactionManager, TRANSACTION_INTERNALS);
  check("TransactionMetricsTracker", metricsTracker, METRICS_TRACKER_INTERNALS);
  check("DatabaseFake", convexGlobal?.components?.[""]?.db, DATABASE_INTERNALS);
  for (const [componentPath, component] of Object.entries<any>(convexGlobal?.components ?? {}))
    if (componentPath !== "")
      check(`DatabaseFake of "${componentPath}"`, component?.db, DATABASE_INTERNALS);
  check("registered function", queryGeneric({ handler: async () => null }), FUNCTION_INTERNALS);
  return problems;
}

let executionContext: AsyncLocalStorage<{ componentPath?: string }> | null = null;

/** The component whose function is running (`""`: the app's, or none). */
export function currentComponentPath(): string {
  return executionContext?.getStore()?.componentPath ?? "";
}

// Every convex-test instance keeps its state in an object that it enters with
// AsyncLocalStorage.run. Watching `run` during one call is the only way to reach it.
export function captureConvexGlobal(t: ReturnType<typeof convexTest>): Promise<ConvexTestGlobal> {
  const originalRun = AsyncLocalStorage.prototype.run;
  let captured: any = null;
  let metricsTracker: unknown = undefined;
  AsyncLocalStorage.prototype.run = function (
    this: AsyncLocalStorage<unknown>,
    store: any,
    fn: any,
    ...rest: any[]
  ) {
    if (
      store &&
      typeof store === "object" &&
      "transactionManager" in store &&
      "components" in store
    ) {
      captured = store;
    }
    // convex-test's execution context (which component's function is running).
    if (store && typeof store === "object" && "componentPath" in store && "udfType" in store)
      executionContext = this as AsyncLocalStorage<{ componentPath?: string }>;
    return originalRun.call(this, store, fn, ...rest);
  } as typeof originalRun;
  return t
    .run(async () => {
      // A transaction is open here, so its limits tracker exists.
      metricsTracker = captured?.transactionManager?.getMetricsTracker?.();
      return null;
    })
    .finally(() => {
      AsyncLocalStorage.prototype.run = originalRun;
    })
    .then(() => {
      if (!captured) throw new Error("convex-test internals changed: state object not found");
      if (!executionContext)
        throw new Error("convex-test internals changed: execution context not found");
      const problems = checkInternals(captured, metricsTracker);
      if (problems.length > 0)
        throw new Error(
          `convex-test internals changed (the local runtime cannot run on them):\n- ${problems.join("\n- ")}`,
        );
      return captured as ConvexTestGlobal;
    });
}
