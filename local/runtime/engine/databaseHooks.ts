// The hooks the engine installs into convex-test's database (the app's DatabaseFake): ids of
// Convex's format, read sets, queries served from the runtime's indexes, Convex's checks on
// every write, and commits that are checked for conflicts, indexed and reported. Each hook
// reaches convex-test through the convexTest/ folder.
import { getConvexSize } from "convex/values";
import {
  deferComponentCommit,
  type DocumentStore,
  forgetQueryResults,
  installDocumentStore,
  qualifyTableNames,
  queryResults,
  replaceIdScheme,
  replaceTableScan,
  tableSchema,
  trackDocumentReads,
  wrapDocumentWrites,
  wrapQueryIteration,
  wrapQuerySource,
  wrapSchemaValidation,
  wrapTransactionEnds,
} from "../convexTest/database.js";
import type { ConvexTestDatabase, ResolvedSource, SerializedQuery } from "../convexTest/shapes.js";
import { encodeId, tableOfId } from "../ids.js";
import { TOO_MANY_CANDIDATES } from "../search.js";
import type { BlobStore } from "../storage.js";
import { checkValue, type ValidatorJson } from "../validation.js";
import { execStorage, type ExecContext } from "./execution.js";
import { RangeQueries } from "./rangeQueries.js";
import { SearchQueries } from "./searchQueries.js";
import {
  indexDocument,
  tableOf,
  type CommittedWrite,
  type Doc,
  type StoredState,
} from "./state.js";
import { localTableOfId, qualify, ROOT, splitStored } from "./namespaces.js";
import {
  componentWritesOf,
  pendingLayers,
  txStorage,
  type Transactions,
  type Tx,
} from "./transactions.js";

export type CommitListener = (writes: CommittedWrite[], ctx: ExecContext | undefined) => void;

const MAX_DOCUMENT_BYTES = 1 << 20;

/** What an installed component's database needs from the app's commit. */
export interface ComponentDatabase {
  /** Applies the component's top-level writes (ahead of the transaction manager). */
  commitAhead: (commitTs: bigint | null) => void;
  /** Forgets the queries a finished transaction left open in it. */
  forgetOpenQueries: () => void;
}

/**
 * Installs every hook, in order, into the app's database. Returns the index-range queries
 * (the engine counts the open ones). `components` are the installed components' databases,
 * hooked first (installComponentDatabaseHooks): the app's commit commits theirs too.
 */
export function installDatabaseHooks(
  db: ConvexTestDatabase,
  engine: {
    state: StoredState;
    txs: Transactions;
    /** The table of an id of this deployment; null for a malformed or unknown id. */
    tableOfId: (id: string) => string | null;
    blobs: BlobStore;
    onCommit: CommitListener;
  },
  components: Map<string, ComponentDatabase> = new Map(),
): RangeQueries {
  const { state, txs, blobs, onCommit, tableOfId: knownTable } = engine;
  installDocumentStore(db, state);
  installIdScheme(db, state);
  const getUntracked = installReadTracking(db, knownTable);
  const { ranges, forgetOpenQueries } = installQueryHooks(db, state, txs.current, getUntracked);
  installWriteChecks(db, state, txs.current, knownTable);
  installCommitHook(db, state, txs, forgetOpenQueries, blobs, onCommit, components);
  return ranges;
}

/**
 * The same hooks in an installed component's database, over the same documents and indexes:
 * its tables are stored under qualified names (namespaces.ts), `v.id()` fields and arguments
 * are checked against its own tables, and its writes are committed by the app's commit, in
 * the same commit as the rest of the transaction.
 */
export function installComponentDatabaseHooks(
  db: ConvexTestDatabase,
  engine: {
    state: StoredState;
    txs: Transactions;
    tableOfId: (id: string) => string | null;
  },
  componentPath: string,
): ComponentDatabase {
  const { state, txs, tableOfId: knownTable } = engine;
  const localTable = (id: string) => localTableOfId(state.tables, componentPath, id);
  installDocumentStore(db, componentDocumentStore(state));
  installIdScheme(db, state);
  const getUntracked = installReadTracking(db, knownTable);
  const { forgetOpenQueries } = installQueryHooks(db, state, txs.current, getUntracked);
  installWriteChecks(db, state, txs.current, localTable, componentPath);
  qualifyTableNames(db, {
    qualify: (table) => qualify(componentPath, table),
    owns: (id) => localTable(id) !== null,
  });
  return { commitAhead: deferComponentCommit(db), forgetOpenQueries };
}

const reads = () => execStorage.getStore()?.reads;

/** Ids of Convex's format (see ids.ts), from the persisted document counter. */
function installIdScheme(db: ConvexTestDatabase, state: StoredState) {
  replaceIdScheme(db, {
    generate: (table) => {
      const counter = state.nextDocId;
      state.nextDocId += 1;
      return encodeId(state.tables, table, counter);
    },
    validate: (expectedTable, id) => {
      if (typeof id !== "string")
        throw new Error(
          `Invalid argument \`id\`, expected string but got '${typeof id}': ${String(id)}`,
        );
      if (expectedTable === undefined) return;
      const actual = tableOfId(state.tables, id);
      if (actual === null)
        throw new Error(`Invalid argument \`id\`, expected ID value but got '${id}'`);
      if (actual !== expectedTable)
        throw new Error(
          `Invalid argument \`id\`, expected ID in table '${String(expectedTable)}' but got ID in table '${actual}'`,
        );
    },
  });
}

/**
 * Records every document read by id in the read sets of the running execution and transaction.
 * Returns convex-test's own read, which records nothing.
 */
function installReadTracking(db: ConvexTestDatabase, knownTable: (id: string) => string | null) {
  return trackDocumentReads(db, (table, id) => {
    const owner = table ?? (typeof id === "string" ? knownTable(id) : null);
    if (owner && typeof id === "string") {
      reads()?.ids.set(id, owner);
      txStorage.getStore()?.reads.ids.set(id, owner);
    }
  });
}

/**
 * Routes convex-test's queries: index ranges are read from the ordered indexes (RangeQueries),
 * searches are ranked over the inverted indexes (SearchQueries) and iterated by convex-test,
 * and a table is scanned by its own documents. Returns both, and how to forget the queries a
 * transaction left open.
 */
function installQueryHooks(
  db: ConvexTestDatabase,
  state: StoredState,
  currentTx: () => Tx,
  getUntracked: (table: string, id: string) => Doc | null,
) {
  const ranges = new RangeQueries(state, currentTx, (query) => resolveWithoutDocs(query));
  const search = new SearchQueries(state, db, currentTx, (query) => resolveWithoutDocs(query));
  // Text search with Convex's tokenizing, matching and BM25 ranking (see search.ts). It
  // reads the whole index's statistics, so it depends on the whole table.
  const resolveByConvexTest = wrapQuerySource(db, (query, original) => {
    if (query?.source?.type !== "Search") return original(query);
    const results = search.rankSearchQuery(query);
    const { capped } = results;
    const ranked = results.all();
    search.lastSearchCapped = capped;
    return { ...search.queryOperators(query), sortedDocs: ranked.map((r) => r.doc) };
  });
  let suppressIterate = false;
  /** Resolves a query's source with convex-test (validation, filters, limit) reading nothing. */
  const resolveWithoutDocs = (query: SerializedQuery): ResolvedSource => {
    suppressIterate = true;
    try {
      return resolveByConvexTest(query);
    } finally {
      suppressIterate = false;
    }
  };
  const searchOverflow = new Set<number>();
  wrapQueryIteration(db, {
    startQuery: (query, original) => {
      if (query?.source?.type !== "Search") return ranges.startRangeQuery(query);
      const searched = String(query.source.indexName).split(".")[0]!;
      reads()?.tables.add(searched);
      txStorage.getStore()?.reads.tables.add(searched);
      search.lastSearchCapped = false;
      const id = original(query);
      search.searchQueries.set(id, currentTx());
      if (search.lastSearchCapped) {
        // Reading past the 1,024 candidates fails, unless a limit stops the read first.
        const limit = query.operators?.find((op: any) => "limit" in op)?.limit ?? null;
        const results = queryResults(db, id) ?? [];
        if (limit === null || results.length < limit) searchOverflow.add(id);
      }
      return id;
    },
    queryNext: (queryId, original) => {
      if (ranges.openQueries.has(queryId)) return ranges.rangeQueryNext(queryId);
      const result = original(queryId);
      if (result.done) {
        // convex-test never forgets a finished query's results; the runtime must.
        forgetQueryResults(db, queryId);
        search.searchQueries.delete(queryId);
        if (searchOverflow.delete(queryId)) throw new Error(TOO_MANY_CANDIDATES);
      }
      return result;
    },
    paginate: (opts) => {
      if (opts.query?.source?.type !== "Search") return ranges.paginateRange(opts);
      const searched = String(opts.query.source.indexName).split(".")[0]!;
      reads()?.tables.add(searched);
      txStorage.getStore()?.reads.tables.add(searched);
      return search.paginateSearch(opts);
    },
  });
  // Iterate one table's documents (the running transaction's pending writes included)
  // instead of scanning every document in the database.
  const scanTable = (tableName: string, callback: (doc: Doc) => void) => {
    if (suppressIterate) return;
    const ids = new Set(state.byTable.get(tableName) ?? []);
    for (const layer of pendingLayers(currentTx())) {
      for (const id of Object.keys(layer)) if (tableOf(state, id) === tableName) ids.add(id);
    }
    for (const id of ids) {
      const doc = getUntracked(tableName, id);
      if (doc !== null) callback(doc);
    }
  };
  replaceTableScan(db, scanTable);
  // Queries left open when a transaction ends (`first()`, an early `break`) are never
  // cleaned up by convex-test's syscalls: forget them when the outermost transaction ends.
  const forgetOpenQueries = () => {
    const tx = currentTx();
    if (tx.writes.length > 0) return;
    for (const [id, open] of ranges.openQueries) if (open.tx === tx) ranges.openQueries.delete(id);
    for (const [id, owner] of search.searchQueries) {
      if (owner !== tx) continue;
      search.searchQueries.delete(id);
      forgetQueryResults(db, id);
    }
  };
  return { ranges, search, forgetOpenQueries };
}

/**
 * Every write: the schema check with Convex's wording (and the table of a Convex-shaped id),
 * and Convex's limit on a document's size.
 */
function installWriteChecks(
  db: ConvexTestDatabase,
  state: StoredState,
  currentTx: () => Tx,
  /** The table of an id, as the schema's `v.id()` name it. */
  knownTable: (id: string) => string | null,
  componentPath = ROOT,
) {
  const pending = () =>
    componentPath === ROOT
      ? currentTx().writes
      : componentWritesOf(currentTx(), componentPath).writes;
  let writingTable: string | null = null;
  wrapDocumentWrites(db, (write, perform) => {
    // convex-test names the table of a patched document from its id, which it cannot
    // read in Convex's format: the schema check is told the table here.
    writingTable =
      write.method === "insert"
        ? String(write.table)
        : (tableOfId(state.tables, String(write.id)) ?? null);
    let result;
    try {
      result = perform();
    } finally {
      writingTable = null;
    }
    const id = write.method === "insert" ? (result as string) : write.id;
    const layers = pending();
    const written = layers[layers.length - 1]?.[id];
    if (written && getConvexSize(written) > MAX_DOCUMENT_BYTES) {
      throw new Error(
        `Document is too large (${getConvexSize(written)} bytes; the limit is ${MAX_DOCUMENT_BYTES}). This is a Convex limit.`,
      );
    }
    return result;
  });
  // Schema enforcement with Convex's wording (convex-test decides; the text is Convex's).
  wrapSchemaValidation(db, (tableName, doc, original) => {
    tableName = writingTable ?? tableName;
    try {
      original(tableName, doc);
    } catch (e) {
      const documentType = tableSchema(db, tableName)?.documentType;
      if (!documentType) throw e;
      const { _id: _omitId, _creationTime: _omitTime, ...fields } = doc;
      const schema: ValidatorJson =
        documentType.type === "union" ? documentType : { type: "union", value: [documentType] };
      const problem = checkValue(schema, fields, knownTable);
      // convex-test cannot read the table of a Convex-shaped id in a `v.id()` field; the
      // runtime's own check (Convex's rules) has the last word.
      if (problem === null) return;
      throw new Error(
        `Failed to insert or update a document in table "${splitStored(tableName).table}" because it does not match the schema: ${problem}`,
      );
    }
  });
}

/**
 * The end of a transaction: a commit is checked for conflicts (transactions.ts), indexed,
 * recorded and reported; files whose document it deletes are freed; and the queries the
 * transaction left open are forgotten.
 */
function installCommitHook(
  db: ConvexTestDatabase,
  state: StoredState,
  txs: Transactions,
  forgetAppQueries: () => void,
  blobs: BlobStore,
  onCommit: CommitListener,
  components: Map<string, ComponentDatabase>,
) {
  const currentTx = txs.current;
  const forgetOpenQueries = () => {
    forgetAppQueries();
    for (const component of components.values()) component.forgetOpenQueries();
  };
  wrapTransactionEnds(db, {
    rollbackWrites: (original) => {
      original();
      forgetOpenQueries();
    },
    commit: (commitTs, original) => {
      const tx = currentTx();
      const pending = tx.writes;
      const topLevel = pending.length === 1;
      // The transaction's writes in every database: the app's and each component's, committed
      // together (the components' ahead of the transaction manager's own calls).
      const ahead = topLevel
        ? [...components].filter(([path]) => componentWritesOf(tx, path).writes.length === 1)
        : [];
      const layer = topLevel
        ? Object.assign(
            {},
            pending[0],
            ...ahead.map(([path]) => componentWritesOf(tx, path).writes[0]),
          )
        : null;
      // Files whose `_storage` document this commit deletes: their bytes are freed once the
      // deletion is durable.
      const freed: string[] = [];
      if (layer) {
        for (const [id, value] of Object.entries(layer)) {
          if (value !== null || splitStored(tableOf(state, id)).table !== "_storage") continue;
          const doc = state.documents[id] as { sha256?: string } | undefined;
          if (doc?.sha256) freed.push(doc.sha256);
        }
      }
      const ids = layer ? Object.keys(layer) : [];
      const running = txStorage.getStore();
      // Optimistic concurrency: commit only if nothing this transaction read has changed.
      if (running && ids.length > 0) txs.validate(running, execStorage.getStore()?.path ?? null);
      const previous = ids.map((id) => (state.documents[id] as Doc | undefined) ?? null);
      original(commitTs);
      for (const [, component] of ahead) component.commitAhead(commitTs);
      forgetOpenQueries();
      if (!layer) return;
      if (ids.length === 0) return;
      if (commitTs !== null) state.lastCommitTs = commitTs;
      const writes: CommittedWrite[] = ids.map((id, i) => {
        const doc = (state.documents[id] as Doc | undefined) ?? null;
        indexDocument(state, id, doc, previous[i]!);
        return { id, table: tableOf(state, id), doc, previous: previous[i]! };
      });
      txs.recordCommit(execStorage.getStore()?.path ?? null, writes);
      onCommit(writes, execStorage.getStore());
      for (const sha256 of freed) {
        blobs.release(sha256, (hash) =>
          storageTables(state).some(
            (id) => (state.documents[id] as { sha256?: string } | undefined)?.sha256 === hash,
          ),
        );
      }
    },
  });
}

const componentStores = new WeakMap<StoredState, DocumentStore>();

/**
 * The documents and id counter of `state`, with the components' own latest creation time:
 * components read a clock that may be ahead of the app's (clock.ts), and creation times only
 * go forward, so sharing the app's would drag the app's new documents ahead too.
 */
function componentDocumentStore(state: StoredState): DocumentStore {
  let store = componentStores.get(state);
  if (store) return store;
  let latest = 0;
  for (const [table, ids] of state.byTable)
    if (table.includes("/"))
      for (const id of ids) latest = Math.max(latest, state.documents[id]?._creationTime ?? 0);
  store = {
    get documents() {
      return state.documents;
    },
    set documents(documents) {
      state.documents = documents as StoredState["documents"];
    },
    get nextDocId() {
      return state.nextDocId;
    },
    set nextDocId(next) {
      state.nextDocId = next;
    },
    lastCreationTime: latest,
  };
  componentStores.set(state, store);
  return store;
}

/** The ids of every `_storage` document, the app's and the components'. */
function storageTables(state: StoredState): string[] {
  const ids: string[] = [];
  for (const [table, tableIds] of state.byTable)
    if (splitStored(table).table === "_storage") ids.push(...tableIds);
  return ids;
}
