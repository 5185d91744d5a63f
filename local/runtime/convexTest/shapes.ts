// convex-test's shapes, as far as the runtime uses them: the public ones the engine passes
// around, and the private fields and methods it touches (read by inventory.ts, used by
// database.ts and functions.ts). This folder is the only place that knows convex-test's shape:
// the engine reaches convex-test only through the functions of database.ts and functions.ts,
// and holds its objects only as the opaque handles below.
import type { Value } from "convex/values";
import type { SearchIndex } from "../search.js";
import type { ValidatorJson } from "../validation.js";

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
export type Handler = (ctx: any, args: Value) => Promise<Value>;
export type Syscall = (op: string, jsonArgs: string) => string;
export type AsyncSyscall = (op: string, jsonArgs: string) => Promise<string>;
export type JsSyscall = (op: string, args: any) => Promise<unknown>;

// The private members the runtime touches. Each inventory of inventory.ts must name exactly the
// members of its interface (`satisfies` checks both ways), and the code of this folder reaches
// convex-test objects only through these interfaces.
export interface DatabaseFake {
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
  delete(table: string | undefined, id: string): void;
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
export interface MetricsTracker {
  trackScheduledFunction(argsSizeBytes: number): void;
}
export interface TransactionManager {
  _lastCommitTs: bigint;
  getMetricsTracker(): MetricsTracker | null;
  begin(isNested: boolean, transactionLimits: unknown): Promise<void>;
  _waitOnCurrentFunction: Promise<void> | null;
  _markTransactionDone: (() => void) | null;
  _metricsTracker: unknown;
}
export interface ConvexGlobalState {
  syscall: Syscall;
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
  transactionManager: TransactionManager;
  components: Record<string, { db: DatabaseFake }>;
}
// Set by `convex/server` on every registered function; convex-test calls `_handler` and
// checks arguments and return values with the exported validators.
export interface RegisteredFunction {
  _handler: Handler;
  exportArgs(): string;
  exportReturns(): string;
}

// The engine holds convex-test's objects only as these opaque handles.
declare const convexTestObject: unique symbol;
/** convex-test's state object (see captureConvexGlobal in inventory.ts). */
export type ConvexTestGlobal = { readonly [convexTestObject]: "global" };
/** A convex-test DatabaseFake: the app's (the root component's) or an installed component's. */
export type ConvexTestDatabase = { readonly [convexTestObject]: "DatabaseFake" };
/** convex-test's TransactionManager. */
export type ConvexTestTransactions = { readonly [convexTestObject]: "TransactionManager" };

export const globalState = (g: ConvexTestGlobal) => g as unknown as ConvexGlobalState;
export const databaseFake = (db: ConvexTestDatabase) => db as unknown as DatabaseFake;
export const transactionManagerOf = (tm: ConvexTestTransactions) =>
  tm as unknown as TransactionManager;
export const registered = (fn: object) => fn as RegisteredFunction;
