// Text search over the inverted indexes (see search.ts): a search query's documents ranked
// as on Convex (the running transaction's own writes included), its filter and limit from
// convex-test, and its pages, whose cursors are index keys (score, creation time, id).
import { jsonToConvex, type JSONValue } from "convex/values";
import { tableSchema } from "../convexTest/database.js";
import type {
  ConvexTestDatabase,
  Page,
  PageRequest,
  ResolvedSource,
  SerializedQuery,
} from "../convexTest/shapes.js";
import {
  compareKeys,
  compileSearch,
  decodeSearchCursor,
  encodeSearchCursor,
  rankSearch,
  type RankedResults,
  TOO_MANY_CANDIDATES,
  type SearchFilter,
} from "../search.js";
import { committedDocs, tableOf, type Doc, type StoredState } from "./state.js";
import { pendingLayers, type Tx } from "./transactions.js";

/** The search queries of one engine. */
export class SearchQueries {
  /** Whether the search convex-test is resolving ranked more than its 1,024 candidates. */
  lastSearchCapped = false;
  /** Search queries convex-test holds open, with the transaction that opened each. */
  readonly searchQueries = new Map<number, Tx>();

  constructor(
    private readonly state: StoredState,
    private readonly db: ConvexTestDatabase,
    private readonly currentTx: () => Tx,
    /** Resolves a query's source with convex-test (validation, filters, limit) reading nothing. */
    private readonly resolveWithoutDocs: (query: SerializedQuery) => ResolvedSource,
  ) {}

  /** The filter and limit operators of a query (its source aside). */
  queryOperators(query: SerializedQuery): Omit<ResolvedSource, "sortedDocs"> {
    const table = String(query.source.indexName).split(".")[0];
    const { filterFn, limit } = this.resolveWithoutDocs({
      ...query,
      source: { type: "FullTableScan", tableName: table, order: "asc" },
    });
    return { filterFn, limit, fieldPathsToSortBy: [], order: "asc" };
  }

  rankSearchQuery(query: SerializedQuery): RankedResults<Doc> {
    const indexName = String(query.source.indexName);
    const [table, name] = indexName.split(".") as [string, string?];
    const indexes = tableSchema(this.db, table)?.searchIndexes ?? [];
    const index = indexes.find((candidate) => candidate.indexDescriptor === name);
    if (!index) throw new Error(`Index ${indexName} not found.`);
    const { text, equalities } = compileSearch(
      indexName,
      index,
      query.source.filters as SearchFilter[],
    );
    const inverted = this.state.searchIndexes.get(table, index, () =>
      committedDocs(this.state, table),
    );
    // The running transaction's own writes to the table, the latest version of each.
    const pending = new Map<string, Doc | null>();
    for (const layer of pendingLayers(this.currentTx()))
      for (const [id, doc] of Object.entries(layer))
        if (tableOf(this.state, id) === table) pending.set(id, doc);
    return rankSearch(inverted, pending, index, text, equalities, (value) =>
      typeof value === "object" && value !== null && "$undefined" in value
        ? undefined
        : jsonToConvex(value as JSONValue),
    );
  }

  // Pages of search results: cursors are index keys (score, creation time, id), as on Convex.
  paginateSearch(opts: PageRequest): Page {
    const results = this.rankSearchQuery(opts.query);
    const { capped } = results;
    const { filterFn } = this.queryOperators(opts.query);
    const parse = (cursor: string) => {
      const key = decodeSearchCursor(cursor);
      if (!key)
        throw new Error(
          "InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query.",
        );
      return key;
    };
    const empty = { page: [], isDone: true, continueCursor: "_end_cursor" };
    if (opts.cursor === "_end_cursor") return { ...empty, splitCursor: null, pageStatus: null };
    const start = opts.cursor ? parse(opts.cursor) : null;
    const end = opts.endCursor && opts.endCursor !== "_end_cursor" ? parse(opts.endCursor) : null;
    if (!start && !end) return this.firstPage(results, opts.pageSize, filterFn);
    const ranked = results.all();
    // A write changes every score a little (the statistics are over the whole index), so a
    // cursor's document is found by id where it still matches; its key is the fallback.
    const position = (key: [number, number, string]) => {
      const at = ranked.findIndex((r) => r.doc._id === key[2]);
      if (at >= 0) return { at, exact: true };
      const after = ranked.findIndex((r) => compareKeys(r.key, key) > 0);
      return { at: after < 0 ? ranked.length : after, exact: false };
    };
    const from = start ? position(start) : null;
    const first = from ? (from.exact ? from.at + 1 : from.at) : 0;
    const until = end ? position(end) : null;
    // Index of the last document inside the end cursor's range (inclusive).
    const last = until ? (until.exact ? until.at : until.at - 1) : ranked.length - 1;
    const page: Doc[] = [];
    let continueCursor = "_end_cursor";
    let reachedEnd = true;
    if (end) {
      // A page pinned by its journal: everything up to its end cursor, inclusive.
      for (let i = first; i <= last; i++) if (filterFn(ranked[i]!.doc)) page.push(ranked[i]!.doc);
      continueCursor = opts.endCursor!;
      reachedEnd = false;
    } else {
      for (let i = first; i < ranked.length; i++) {
        const { doc, key } = ranked[i]!;
        if (filterFn(doc)) page.push(doc);
        if (page.length >= opts.pageSize && i < ranked.length - 1) {
          continueCursor = encodeSearchCursor(key);
          reachedEnd = false;
          break;
        }
      }
    }
    if (reachedEnd && capped) throw new Error(TOO_MANY_CANDIDATES);
    return {
      page,
      isDone: continueCursor === "_end_cursor",
      continueCursor,
      splitCursor: null,
      pageStatus: null,
    };
  }

  /** A first page: only its best documents are put in order (and one more, to know if it ends). */
  private firstPage(
    results: RankedResults<Doc>,
    pageSize: number,
    filterFn: (doc: Doc) => boolean,
  ): Page {
    const page: Doc[] = [];
    let continueCursor = "_end_cursor";
    let taken = 0;
    for (const { doc, key } of results.inOrder()) {
      taken += 1;
      if (filterFn(doc)) page.push(doc);
      if (page.length >= pageSize && taken < results.length) {
        continueCursor = encodeSearchCursor(key);
        break;
      }
    }
    if (continueCursor === "_end_cursor" && results.capped) throw new Error(TOO_MANY_CANDIDATES);
    return {
      page,
      isDone: continueCursor === "_end_cursor",
      continueCursor,
      splitCursor: null,
      pageStatus: null,
    };
  }
}
