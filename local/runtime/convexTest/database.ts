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

/** The databases of the installed components, by component path (the app's is not one). */
export function componentDatabases(g: ConvexTestGlobal): Map<string, ConvexTestDatabase> {
  const components = globalState(g).components;
  return new Map(
    Object.entries(components)
      .filter(([componentPath]) => componentPath !== "")
      .map(([componentPath, component]) => [
        componentPath,
        component.db as unknown as ConvexTestDatabase,
      ]),
  );
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

/**
 * Lets the app's commit apply a component database's top-level writes first (so one commit
 * holds a transaction's writes in every component); the transaction manager's own call to
 * that database's `commit`, which follows, is then skipped. Returns the early commit.
 */
export function deferComponentCommit(db: ConvexTestDatabase): (commitTs: bigint | null) => void {
  const fake = databaseFake(db);
  const originalCommit = fake.commit.bind(fake);
  let committedAhead = false;
  fake.commit = (commitTs: bigint | null = null) => {
    if (committedAhead) {
      committedAhead = false;
      return;
    }
    originalCommit(commitTs);
  };
  return (commitTs) => {
    originalCommit(commitTs);
    committedAhead = true;
  };
}

/**
 * Makes a component's database take its own table names and store them qualified
 * (`counters` → `shardedCounter/counters`, see engine/namespaces.ts), so every hook below
 * sees stored names only. Installed last, around every other hook; convex-test's calls
 * between its own methods pass through unchanged. `owns` tells whether an id is of this
 * component's tables: another component's document reads as missing.
 */
export function qualifyTableNames(
  db: ConvexTestDatabase,
  names: { qualify: (table: string) => string; owns: (id: string) => boolean },
): void {
  // The schema was checked under its own names (convex-test refuses a `/` in a table name).
  const schema = databaseFake(db)._schema;
  if (schema)
    schema.tables = new Map(
      [...schema.tables].map(([table, tableSchema]) => [names.qualify(table), tableSchema]),
    );
  const fake = databaseFake(db) as unknown as Record<string, (...args: any[]) => any>;
  let depth = 0;
  const outermost =
    <A extends unknown[], R>(original: (...args: A) => R, translate: (...args: A) => A) =>
    (...args: A): R => {
      if (depth > 0) return original(...args);
      depth += 1;
      try {
        return original(...translate(...args));
      } finally {
        depth -= 1;
      }
    };
  const table = (name: unknown) => (typeof name === "string" ? names.qualify(name) : name);
  const query = (q: SerializedQuery): SerializedQuery => {
    const source = { ...q.source };
    if (typeof source.tableName === "string") source.tableName = names.qualify(source.tableName);
    if (typeof source.indexName === "string") {
      const dot = source.indexName.indexOf(".");
      source.indexName =
        names.qualify(source.indexName.slice(0, dot)) + source.indexName.slice(dot);
    }
    return { ...q, source };
  };
  const get = fake.get!.bind(fake);
  fake.get = outermost(
    (name: unknown, id: unknown) =>
      typeof id === "string" && name === undefined && !names.owns(id) ? null : get(name, id),
    (name: unknown, id: unknown): [unknown, unknown] => [table(name), id],
  );
  for (const method of ["insert", "patch", "replace", "delete"] as const) {
    const original = fake[method]!.bind(fake);
    fake[method] = outermost(original, (...args: unknown[]) => {
      const [name, ...rest] = args;
      const id = rest[0];
      if (method !== "insert" && name === undefined && typeof id === "string" && !names.owns(id))
        throw new Error(`Invalid argument \`id\`: "${id}" is not an id of this component.`);
      return [table(name), ...rest];
    });
  }
  const startQuery = fake.startQuery!.bind(fake);
  fake.startQuery = outermost(startQuery, (q: SerializedQuery) => [query(q)]);
  const paginate = fake.paginate!.bind(fake);
  fake.paginate = outermost(paginate, (request: PageRequest) => [
    { ...request, query: query(request.query) },
  ]);
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
