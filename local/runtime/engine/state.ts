// The database contents: documents by id and by table, the numbers of the tables, and the
// ordered and search indexes over them. One StoredState outlives every engine generation (code
// reloads keep the data); persistence.ts writes it to disk and reads it back.
import type { Value } from "convex/values";
import { TableNumbers, tableOfId } from "../ids.js";
import { IndexStore } from "../indexes.js";
import { SearchIndexStore } from "../search.js";

export type Doc = Record<string, Value> & { _id: string; _creationTime: number };

export interface CommittedWrite {
  id: string;
  table: string;
  doc: Doc | null;
  /** The version this write replaced (null for an insert). */
  previous: Doc | null;
}

/** The database contents, shared by every engine generation across code reloads. */
export interface StoredState {
  documents: Record<string, Doc>;
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: bigint;
  byTable: Map<string, Set<string>>;
  /** The number of each table, encoded in its documents' ids (see ids.ts). */
  tables: TableNumbers;
  /** Ordered indexes over the documents, built on first use (see indexes.ts). */
  indexes: IndexStore;
  /** Inverted indexes for text search, built on first use (see search.ts). */
  searchIndexes: SearchIndexStore<Doc>;
  /** Commits counted since start, and the most recent ones (for conflict checks). */
  commitSeq: number;
  recentCommits: { seq: number; path: string | null; writes: CommittedWrite[] }[];
}

export function emptyState(): StoredState {
  return {
    documents: {},
    nextDocId: 10000,
    lastCreationTime: 0,
    lastCommitTs: 0n,
    byTable: new Map(),
    indexes: new IndexStore(),
    searchIndexes: new SearchIndexStore<Doc>(),
    tables: new TableNumbers(),
    commitSeq: 0,
    recentCommits: [],
  };
}

/** The table of a stored document's id ("" for an id of no known table). */
export function tableOf(state: StoredState, id: string): string {
  return tableOfId(state.tables, id) ?? "";
}

export function indexDocument(
  state: StoredState,
  id: string,
  doc: Doc | null,
  previous: Doc | null = state.documents[id] ?? null,
) {
  const table = tableOf(state, id);
  state.indexes.apply(table, previous, doc);
  state.searchIndexes.apply(table, previous, doc);
  if (doc === null) {
    delete state.documents[id];
    state.byTable.get(table)?.delete(id);
    return;
  }
  state.documents[id] = doc;
  let ids = state.byTable.get(table);
  if (!ids) state.byTable.set(table, (ids = new Set()));
  ids.add(id);
}

/** A table's committed documents (an index is built from them on first use). */
export function* committedDocs(state: StoredState, table: string): Generator<Doc> {
  for (const id of state.byTable.get(table) ?? []) yield state.documents[id]!;
}
