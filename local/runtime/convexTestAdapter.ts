// Every convex-test internal the runtime relies on, in one place: the versions it was built
// against, how its state object is reached, an inventory of the private fields and methods the
// runtime reads or replaces (with the members of Convex's registered functions that convex-test
// uses), and the functions that do the reading and replacing. engine.ts keeps its own logic
// (OCC, indexes, read sets) and reaches convex-test only through the named functions below, so
// this file is the only one that knows convex-test's shape.
// `checkInternals` runs at every start, before the self-test (selfTest.ts) probes what each
// hook does. An upgrade of `convex` or `convex-test` must update VERIFIED_VERSIONS after the
// runtime's tests pass with it.
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { convexTest } from "convex-test";
import { queryGeneric } from "convex/server";
import type { Value } from "convex/values";
import type { SearchIndex } from "./search.js";
import type { ValidatorJson } from "./validation.js";

/** The versions whose internals this adapter describes. */
export const VERIFIED_VERSIONS = { convex: "1.48.0", "convex-test": "0.0.60" } as const;

// ----- convex-test's shapes, as far as the runtime uses them -----

/** A document as convex-test stores it (the engine's Doc has the same shape). */
export type StoredDoc = Record<string, Value> & { _id: string; _creationTime: number };
/** Pending writes, one layer per level of transaction nesting (null for a deletion). */
export type PendingWrites = Record<string, StoredDoc | null>[];
/** A query as Convex's syscalls serialize it; the engine reads its source and operators. */
export type SerializedQuery = any;
/** The documents of a query's source, sorted, with its filter and limit. */
export interface ResolvedSource {
  sortedDocs: StoredDoc[];
  filterFn: (doc: StoredDoc) => boolean;
  limit: number | null;
  fieldPathsToSortBy: string[];
  order: "asc" | "desc";
}
export interface QueryStep {
  value: StoredDoc | null;
  done: boolean;
}
export interface PageRequest {
  query: SerializedQuery;
  cursor: string | null;
  endCursor?: string | null;
  pageSize: number;
  maximumRowsRead?: number;
  maximumBytesRead?: number;
}
export interface Page {
  page: StoredDoc[];
  isDone: boolean;
  continueCursor: string;
  splitCursor: string | null;
  pageStatus: "SplitRequired" | "SplitRecommended" | null;
}
/** What the schema says about one table. */
export interface TableSchema {
  documentType?: ValidatorJson;
  searchIndexes?: SearchIndex[];
}
/** The fields of TransactionManager that the engine makes per-transaction. */
export interface TransactionSlots {
  waitOnCurrentFunction: Promise<void> | null;
  markTransactionDone: (() => void) | null;
  metricsTracker: unknown;
}
type Handler = (ctx: any, args: Value) => Promise<Value>;
type Syscall = (op: string, jsonArgs: string) => string;
type AsyncSyscall = (op: string, jsonArgs: string) => Promise<string>;
type JsSyscall = (op: string, args: any) => Promise<unknown>;

// The private members the runtime touches. Each inventory below must name exactly the members
// of its interface (`satisfies` checks both ways), and the code below reaches convex-test
// objects only through these interfaces.
interface DatabaseFake {
  _documents: Record<string, StoredDoc>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: PendingWrites;
  _queryResults: Record<number, unknown[]>;
  _schema: { tables: Map<string, TableSchema> } | null;
  get(table: string | undefined, id: unknown): StoredDoc | null;
  insert(table: string, value: Record<string, Value>): string;
  patch(table: string | undefined, id: string, value: Record<string, Value>): void;
  replace(table: string | undefined, id: string, value: Record<string, Value>): void;
  commit(commitTs?: bigint | null): void;
  rollbackWrites(): void;
  startQuery(query: SerializedQuery): number;
  queryNext(queryId: number): QueryStep;
  paginate(request: PageRequest): Page;
  _resolveQuerySource(query: SerializedQuery): ResolvedSource;
  _iterateDocs(table: string, callback: (doc: StoredDoc) => void): void;
  _validate(table: string, doc: Record<string, Value>): void;
  _validateId(expectedTable: unknown, id: unknown): void;
  _generateId(table: string): string;
}
interface MetricsTracker {
  trackScheduledFunction(argsSizeBytes: number): void;
}
interface TransactionManager {
  _lastCommitTs: bigint;
  getMetricsTracker(): MetricsTracker | null;
  begin(isNested: boolean, transactionLimits: unknown): Promise<void>;
  _waitOnCurrentFunction: Promise<void> | null;
  _markTransactionDone: (() => void) | null;
  _metricsTracker: unknown;
}
interface ConvexGlobalState {
  syscall: Syscall;
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
  transactionManager: TransactionManager;
  components: Record<string, { db: DatabaseFake }>;
}
// Set by `convex/server` on every registered function; convex-test calls `_handler` and
// checks arguments and return values with the exported validators.
interface RegisteredFunction {
  _handler: Handler;
  exportArgs(): string;
  exportReturns(): string;
}

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

// The engine holds convex-test's objects only as these opaque handles.
declare const convexTestObject: unique symbol;
/** convex-test's state object (see captureConvexGlobal). */
export type ConvexTestGlobal = { readonly [convexTestObject]: "global" };
/** convex-test's DatabaseFake of the app (the root component). */
export type ConvexTestDatabase = { readonly [convexTestObject]: "DatabaseFake" };
/** convex-test's TransactionManager. */
export type ConvexTestTransactions = { readonly [convexTestObject]: "TransactionManager" };

const globalState = (g: ConvexTestGlobal) => g as unknown as ConvexGlobalState;
const databaseFake = (db: ConvexTestDatabase) => db as unknown as DatabaseFake;
const transactionManagerOf = (tm: ConvexTestTransactions) => tm as unknown as TransactionManager;
const registered = (fn: object) => fn as RegisteredFunction;

// ----- Versions and inventory, checked at start -----

function installedVersion(name: string): string {
  const require = createRequire(import.meta.url);
  // The package's main entry sits under its folder; walk up to its package.json.
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === name && pkg.version) return pkg.version;
    } catch {
      // not this folder
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the installed version of ${name}.`);
    dir = parent;
  }
}

/** Stops the runtime when the installed `convex` or `convex-test` is not the verified one. */
export function assertVersions(): void {
  const wrong = Object.entries(VERIFIED_VERSIONS)
    .map(([name, verified]) => ({ name, verified, installed: installedVersion(name) }))
    .filter(({ verified, installed }) => verified !== installed);
  if (wrong.length > 0)
    throw new Error(
      `The local Convex runtime relies on internals of specific versions: ${wrong
        .map((w) => `${w.name} ${w.installed} is installed, ${w.verified} is verified`)
        .join("; ")}. Install the verified versions, or check the runtime against the new ones ` +
        `(npm run test:runtime) and update VERIFIED_VERSIONS in local/runtime/convexTestAdapter.ts.`,
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
  check("registered function", queryGeneric({ handler: async () => null }), FUNCTION_INTERNALS);
  return problems;
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
      const problems = checkInternals(captured, metricsTracker);
      if (problems.length > 0)
        throw new Error(
          `convex-test internals changed (the local runtime cannot run on them):\n- ${problems.join("\n- ")}`,
        );
      return captured as ConvexTestGlobal;
    });
}

// ----- Reaching the parts -----

/** The app's database (the root component's). */
export function rootDatabase(g: ConvexTestGlobal): ConvexTestDatabase {
  return globalState(g).components[""]!.db as unknown as ConvexTestDatabase;
}

/**
 * The transaction manager `g` uses; with `shared`, `g` is made to use that one instead (after a
 * code reload both engines share one lock while old in-flight actions finish).
 */
export function transactionManager(
  g: ConvexTestGlobal,
  shared?: ConvexTestTransactions,
): ConvexTestTransactions {
  const state = globalState(g);
  if (shared) state.transactionManager = transactionManagerOf(shared);
  return state.transactionManager as unknown as ConvexTestTransactions;
}

/** Carries the persisted commit timestamp over to a fresh transaction manager. */
export function restoreLastCommitTs(tm: ConvexTestTransactions, lastCommitTs: bigint): void {
  transactionManagerOf(tm)._lastCommitTs = lastCommitTs;
}

/** Counts a scheduled function against the running transaction's limits. */
export function trackScheduledFunction(tm: ConvexTestTransactions, argsSizeBytes: number): void {
  transactionManagerOf(tm).getMetricsTracker()?.trackScheduledFunction(argsSizeBytes);
}

/** Makes `owner[field]` read and write `target()[key]`. */
function redirect<O extends object, T extends object>(
  owner: O,
  field: keyof O & string,
  target: () => T,
  key: keyof T,
) {
  Object.defineProperty(owner, field, {
    get: () => target()[key],
    set: (value) => {
      target()[key] = value;
    },
  });
}

// ----- Transactions -----

/**
 * Makes convex-test's pending writes those of `current()` (the running transaction's). Returns
 * the writes convex-test had until now.
 */
export function routePendingWrites(
  db: ConvexTestDatabase,
  current: () => { writes: PendingWrites },
): PendingWrites {
  const fake = databaseFake(db);
  const initial = fake._writes;
  redirect(fake, "_writes", current, "writes");
  return initial;
}

const hookedManagers = new WeakSet<TransactionManager>();

/**
 * Makes the transaction manager's lock and limits tracker per-transaction (those of
 * `current()`, else one shared set) and calls `afterTopLevelBegin` once a top-level
 * transaction has begun. A manager shared after a code reload keeps its first hooks.
 */
export function installTransactionHooks(
  tm: ConvexTestTransactions,
  hooks: { current: () => TransactionSlots | undefined; afterTopLevelBegin: () => void },
): void {
  const manager = transactionManagerOf(tm);
  if (hookedManagers.has(manager)) return;
  hookedManagers.add(manager);
  const shared: TransactionSlots = {
    waitOnCurrentFunction: manager._waitOnCurrentFunction,
    markTransactionDone: manager._markTransactionDone,
    metricsTracker: manager._metricsTracker,
  };
  const slots = () => hooks.current() ?? shared;
  redirect(manager, "_waitOnCurrentFunction", slots, "waitOnCurrentFunction");
  redirect(manager, "_markTransactionDone", slots, "markTransactionDone");
  redirect(manager, "_metricsTracker", slots, "metricsTracker");
  const originalBegin = manager.begin.bind(manager);
  manager.begin = async (isNested: boolean, limits: unknown) => {
    await originalBegin(isNested, limits);
    if (!isNested) hooks.afterTopLevelBegin();
  };
}

/** Wraps the end of each transaction level (`commit` also ends the top level). */
export function wrapTransactionEnds(
  db: ConvexTestDatabase,
  hooks: {
    commit: (commitTs: bigint | null, original: (commitTs: bigint | null) => void) => void;
    rollbackWrites: (original: () => void) => void;
  },
): void {
  const fake = databaseFake(db);
  const originalRollback = fake.rollbackWrites.bind(fake);
  fake.rollbackWrites = () => hooks.rollbackWrites(originalRollback);
  const originalCommit = fake.commit.bind(fake);
  fake.commit = (commitTs: bigint | null = null) => hooks.commit(commitTs, originalCommit);
}

// ----- Documents -----

/** The runtime's persisted documents and counters, which convex-test reads and writes. */
export interface DocumentStore {
  documents: Record<string, StoredDoc>;
  nextDocId: number;
  lastCreationTime: number;
}

/** Makes convex-test keep its documents and counters in `store`. */
export function installDocumentStore(db: ConvexTestDatabase, store: DocumentStore): void {
  const fake = databaseFake(db);
  for (const [field, key] of [
    ["_documents", "documents"],
    ["_nextDocId", "nextDocId"],
    ["_lastCreationTime", "lastCreationTime"],
  ] as const) {
    redirect(fake, field, () => store, key);
  }
}

/** Replaces how convex-test makes a new document's id and checks an id's table. */
export function replaceIdScheme(
  db: ConvexTestDatabase,
  ids: {
    generate: (table: string) => string;
    validate: (expectedTable: unknown, id: unknown) => void;
  },
): void {
  const fake = databaseFake(db);
  fake._generateId = ids.generate;
  fake._validateId = ids.validate;
}

/**
 * Calls `onRead` before every document read by id. Returns convex-test's own read (pending
 * writes first, then committed documents), which does not call `onRead`.
 */
export function trackDocumentReads(
  db: ConvexTestDatabase,
  onRead: (table: string | undefined, id: unknown) => void,
): (table: string, id: string) => StoredDoc | null {
  const fake = databaseFake(db);
  const originalGet = fake.get.bind(fake);
  fake.get = (table: string | undefined, id: unknown) => {
    onRead(table, id);
    return originalGet(table, id);
  };
  return originalGet;
}

/** Replaces how convex-test visits one table's documents (committed and pending). */
export function replaceTableScan(
  db: ConvexTestDatabase,
  scan: (table: string, callback: (doc: StoredDoc) => void) => void,
): void {
  databaseFake(db)._iterateDocs = scan;
}

/** A write by `db.insert`, `db.patch` or `db.replace` (as convex-test receives it). */
export type DocumentWrite =
  { method: "insert"; table: unknown } | { method: "patch" | "replace"; id: string };

/**
 * Runs `around` for every insert, patch and replace; `perform` does the write and returns what
 * convex-test returns (an insert's new id).
 */
export function wrapDocumentWrites(
  db: ConvexTestDatabase,
  around: (write: DocumentWrite, perform: () => unknown) => unknown,
): void {
  const fake = databaseFake(db) as unknown as Record<
    "insert" | "patch" | "replace",
    (...args: any[]) => unknown
  >;
  for (const method of ["insert", "patch", "replace"] as const) {
    const original = fake[method].bind(fake);
    fake[method] = (...args: any[]) =>
      around(
        method === "insert" ? { method, table: args[0] } : { method, id: args[1] as string },
        () => original(...args),
      );
  }
}

/** Wraps convex-test's schema check of a written document. */
export function wrapSchemaValidation(
  db: ConvexTestDatabase,
  validate: (
    table: string,
    doc: Record<string, Value>,
    original: (table: string, doc: Record<string, Value>) => void,
  ) => void,
): void {
  const fake = databaseFake(db);
  const originalValidate = fake._validate.bind(fake);
  fake._validate = (table: string, doc: Record<string, Value>) =>
    validate(table, doc, originalValidate);
}

/** The schema's description of a table; undefined without a schema or such a table. */
export function tableSchema(db: ConvexTestDatabase, table: string): TableSchema | undefined {
  return databaseFake(db)._schema?.tables.get(table);
}

/** Reads a document (through every hook, as a function's `db.get` does). */
export function readDocument(db: ConvexTestDatabase, table: string, id: string): StoredDoc | null {
  return databaseFake(db).get(table, id);
}

/** Inserts a document in the running transaction; returns its id. */
export function insertDocument(
  db: ConvexTestDatabase,
  table: string,
  value: Record<string, Value>,
): string {
  return databaseFake(db).insert(table, value);
}

/** Patches a document in the running transaction. */
export function patchDocument(
  db: ConvexTestDatabase,
  table: string,
  id: string,
  value: Record<string, Value>,
): void {
  databaseFake(db).patch(table, id, value);
}

// ----- Queries -----

/**
 * Wraps how convex-test resolves a query's source. Returns convex-test's own resolution
 * (which reads the source's documents through `_iterateDocs`).
 */
export function wrapQuerySource(
  db: ConvexTestDatabase,
  resolve: (
    query: SerializedQuery,
    original: (query: SerializedQuery) => ResolvedSource,
  ) => ResolvedSource,
): (query: SerializedQuery) => ResolvedSource {
  const fake = databaseFake(db);
  const originalResolve = fake._resolveQuerySource.bind(fake);
  fake._resolveQuerySource = (query: SerializedQuery) => resolve(query, originalResolve);
  return originalResolve;
}

/**
 * Wraps the query syscalls' entry points: opening a query, reading its next row, and a page
 * (which replaces convex-test's). convex-test numbers the queries it opens from 1 upward.
 */
export function wrapQueryIteration(
  db: ConvexTestDatabase,
  hooks: {
    startQuery: (query: SerializedQuery, original: (query: SerializedQuery) => number) => number;
    queryNext: (queryId: number, original: (queryId: number) => QueryStep) => QueryStep;
    paginate: (request: PageRequest) => Page;
  },
): void {
  const fake = databaseFake(db);
  const originalStartQuery = fake.startQuery.bind(fake);
  fake.startQuery = (query: SerializedQuery) => hooks.startQuery(query, originalStartQuery);
  const originalQueryNext = fake.queryNext.bind(fake);
  fake.queryNext = (queryId: number) => hooks.queryNext(queryId, originalQueryNext);
  fake.paginate = hooks.paginate;
}

/** The rows convex-test still holds for a query it opened (undefined once forgotten). */
export function queryResults(db: ConvexTestDatabase, queryId: number): unknown[] | undefined {
  return databaseFake(db)._queryResults[queryId];
}

/** Drops the rows convex-test holds for a query (convex-test itself never does). */
export function forgetQueryResults(db: ConvexTestDatabase, queryId: number): void {
  delete databaseFake(db)._queryResults[queryId];
}

/** How many queries convex-test holds rows for. */
export function queryResultCount(db: ConvexTestDatabase): number {
  return Object.keys(databaseFake(db)._queryResults).length;
}

// ----- Syscalls -----

/** Wraps the three syscall entry points; each hook is given convex-test's own. */
export function wrapSyscalls(
  g: ConvexTestGlobal,
  hooks: {
    syscall: (op: string, jsonArgs: string, original: Syscall) => string;
    asyncSyscall: (op: string, jsonArgs: string, original: AsyncSyscall) => Promise<string>;
    jsSyscall: (op: string, args: any, original: JsSyscall) => Promise<unknown>;
  },
): void {
  const state = globalState(g);
  // Called unbound, as convex-test's own callers do.
  const originalSync = state.syscall;
  state.syscall = (op: string, jsonArgs: string) => hooks.syscall(op, jsonArgs, originalSync);
  const originalAsync = state.asyncSyscall;
  state.asyncSyscall = (op: string, jsonArgs: string) =>
    hooks.asyncSyscall(op, jsonArgs, originalAsync);
  const originalJs = state.jsSyscall;
  state.jsSyscall = (op: string, args: any) => hooks.jsSyscall(op, args, originalJs);
}

// ----- Functions -----

/**
 * A registered function's argument and return validators; convex-test's own checks with them
 * are switched off, so the runtime can check with Convex's rules and wording.
 */
export function takeOverValidation(fn: object): {
  args: ValidatorJson;
  returns: ValidatorJson | null;
} {
  const registeredFn = registered(fn);
  const args = JSON.parse(registeredFn.exportArgs()) as ValidatorJson;
  const returns = JSON.parse(registeredFn.exportReturns()) as ValidatorJson | null;
  registeredFn.exportArgs = () => JSON.stringify({ type: "any" });
  registeredFn.exportReturns = () => "null";
  return { args, returns };
}

/** Replaces the handler convex-test runs for a registered function with `wrap(original)`. */
export function replaceHandler(fn: object, wrap: (original: Handler) => Handler): void {
  const registeredFn = registered(fn);
  registeredFn._handler = wrap(registeredFn._handler);
}

/** The function an HTTP route runs (a route may also be a bare function). */
export function httpActionHandler(
  action: object,
): (ctx: any, request: Request) => Promise<Response> {
  return (action as Partial<RegisteredFunction>)._handler ?? (action as any);
}

/**
 * An accessor that runs functions as `identity`. convex-test passes every claim on, though its
 * type names only the standard ones.
 */
export function withIdentity(t: ReturnType<typeof convexTest>, identity: Record<string, unknown>) {
  return t.withIdentity(identity as Parameters<typeof t.withIdentity>[0]);
}

/**
 * The same accessor with the request's client (`ctx.meta.getRequestMetadata()`'s `ip` and
 * `userAgent`), as Convex reports the address it saw. convex-test's public API.
 */
export function withClient<T extends { withRequestMetadata: (m: RequestClient) => T }>(
  accessor: T,
  client: RequestClient,
): T {
  return accessor.withRequestMetadata(client);
}

/** Who sent a request, as the runtime's servers saw it. */
export type RequestClient = { ip: string | null; userAgent: string | null };
