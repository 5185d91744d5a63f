// convex-test's database and transaction manager, opened up: reaching them, making pending
// writes, the lock and the limits tracker per-transaction, and wrapping or replacing how
// documents are stored, read, written and queried. Every function here names the private
// members it touches in inventory.ts's inventory.
import {
  databaseFake,
  globalState,
  transactionManagerOf,
  type ConvexTestDatabase,
  type ConvexTestGlobal,
  type ConvexTestTransactions,
  type Page,
  type PageRequest,
  type PendingWrites,
  type QueryStep,
  type ResolvedSource,
  type SerializedQuery,
  type StoredDoc,
  type TableSchema,
  type TransactionManager,
  type TransactionSlots,
} from "./shapes.js";
import type { Value } from "convex/values";

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
