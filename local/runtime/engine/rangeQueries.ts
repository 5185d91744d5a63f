// Index ranges, served from the ordered indexes (see indexes.ts): a query's rows are read
// lazily from its index interval, merged with the running transaction's own pending writes,
// and what it read (up to the last key) is recorded in its read set. Pages are found by
// binary search from their cursor.
import { convexToJson, getDocumentSize, jsonToConvex, type JSONValue } from "convex/values";
import type { Page, PageRequest, ResolvedSource, SerializedQuery } from "../convexTest/shapes.js";
import {
  compareKeyPrefix,
  intervalOf,
  keyInInterval,
  RangeRead,
  type IndexKey,
  type KeyInterval,
  type OrderedIndex,
  type RangeExpression,
} from "../indexes.js";
import { execStorage } from "./execution.js";
import { committedDocs, tableOf, type Doc, type StoredState } from "./state.js";
import { txStorage, type Tx, pendingLayers } from "./transactions.js";

/** Index-range queries left open at once (abandoned ones are dropped oldest first). */
const MAX_OPEN_QUERIES = 1000;

/** The index-range queries of one engine. */
export class RangeQueries {
  private nextRangeQueryId = 1;
  /** Index-range queries open right now (ids count down from -1). */
  readonly openQueries = new Map<
    number,
    {
      rows: Iterator<{ key: IndexKey; doc: Doc }>;
      filterFn: (doc: Doc) => boolean;
      limit: number | null;
      returned: number;
      read: RangeRead;
      tx: Tx;
    }
  >();

  constructor(
    private readonly state: StoredState,
    private readonly currentTx: () => Tx,
    /** Resolves a query's source with convex-test (validation, filters, limit) reading nothing. */
    private readonly resolveWithoutDocs: (query: SerializedQuery) => ResolvedSource,
  ) {}

  private resolveRange(query: SerializedQuery) {
    const source = query.source;
    const resolved = this.resolveWithoutDocs(query);
    const fullScan = source.type === "FullTableScan";
    const [table, indexName] = fullScan
      ? [String(source.tableName), "by_creation_time"]
      : String(source.indexName).split(".");
    const fields = fullScan ? ["_creationTime", "_id"] : resolved.fieldPathsToSortBy;
    const index = this.state.indexes.get(table!, indexName!, fields, () =>
      committedDocs(this.state, table!),
    );
    const interval: KeyInterval = fullScan
      ? { lower: null, upper: null }
      : intervalOf(
          fields,
          (source.range as any[]).map((expr): RangeExpression => ({
            type: expr.type,
            fieldPath: expr.fieldPath,
            value:
              typeof expr.value === "object" && expr.value !== null && "$undefined" in expr.value
                ? undefined
                : jsonToConvex(expr.value as JSONValue),
          })),
        );
    return {
      table: table!,
      index,
      interval,
      order: resolved.order ?? "asc",
      filterFn: resolved.filterFn,
      limit: resolved.limit,
    };
  }

  /**
   * The rows of an index interval in order: committed rows from the ordered index, merged
   * with the running transaction's own pending writes (a mutation reads what it wrote).
   */
  private *rangeRows(
    table: string,
    index: OrderedIndex,
    interval: KeyInterval,
    order: "asc" | "desc",
  ): Generator<{ key: IndexKey; doc: Doc }> {
    const pending = new Map<string, Doc | null>();
    for (const layer of pendingLayers(this.currentTx()))
      for (const [id, doc] of Object.entries(layer))
        if (tableOf(this.state, id) === table) pending.set(id, doc);
    const direction = order === "asc" ? 1 : -1;
    const own: { key: IndexKey; doc: Doc }[] = [];
    for (const doc of pending.values()) {
      if (!doc) continue;
      const key = index.keyOf(doc);
      if (keyInInterval(key, interval)) own.push({ key, doc });
    }
    own.sort((a, b) => direction * compareKeyPrefix(a.key, b.key));
    let next = 0;
    for (const entry of index.scan(interval, order)) {
      if (pending.has(entry.doc._id)) continue;
      while (next < own.length && direction * compareKeyPrefix(own[next]!.key, entry.key) < 0)
        yield own[next++]!;
      yield entry as { key: IndexKey; doc: Doc };
    }
    while (next < own.length) yield own[next++]!;
  }

  private recordRange(index: OrderedIndex, interval: KeyInterval, order: "asc" | "desc") {
    const read = new RangeRead(index, interval, order);
    execStorage.getStore()?.reads.ranges.push(read);
    txStorage.getStore()?.reads.ranges.push(read);
    return read;
  }

  startRangeQuery(query: SerializedQuery): number {
    const { table, index, interval, order, filterFn, limit } = this.resolveRange(query);
    const read = this.recordRange(index, interval, order);
    // Ids of convex-test's own (search) queries count up from 1; these count down.
    const id = -this.nextRangeQueryId++;
    const rows = this.rangeRows(table, index, interval, order);
    this.openQueries.set(id, { rows, filterFn, limit, returned: 0, read, tx: this.currentTx() });
    // A query abandoned before its end (`first()`, `take()` by hand) is never cleaned up by
    // convex-test's syscalls: keep only the most recent ones.
    if (this.openQueries.size > MAX_OPEN_QUERIES)
      this.openQueries.delete(this.openQueries.keys().next().value!);
    return id;
  }

  rangeQueryNext(queryId: number): { value: Doc | null; done: boolean } {
    const open = this.openQueries.get(queryId)!;
    for (;;) {
      if (open.limit !== null && open.returned >= open.limit) break;
      const next = open.rows.next();
      if (next.done) {
        open.read.done = true;
        break;
      }
      open.read.scannedTo = next.value.key;
      if (open.filterFn(next.value.doc)) {
        open.returned += 1;
        return { value: next.value.doc, done: false };
      }
    }
    this.openQueries.delete(queryId);
    return { value: null, done: true };
  }

  // A page of an index range, found by binary search from its cursor. Cursors are the
  // index key (as convex-test encodes them), so existing journals stay valid.
  paginateRange(opts: PageRequest): Page {
    const { table, index, interval, order, filterFn } = this.resolveRange(opts.query);
    if (opts.cursor === "_end_cursor")
      return {
        page: [],
        isDone: true,
        continueCursor: "_end_cursor",
        splitCursor: null,
        pageStatus: null,
      };
    const encode = (key: IndexKey) =>
      JSON.stringify(key.map((k) => (k === undefined ? null : JSON.stringify(convexToJson(k)))));
    const decode = (cursor: string): IndexKey =>
      (JSON.parse(cursor) as (string | null)[]).map((k) =>
        k === null ? undefined : jsonToConvex(JSON.parse(k) as JSONValue),
      );
    const start = opts.cursor ? decode(opts.cursor) : null;
    const hasEnd = !!opts.endCursor && opts.endCursor !== "_end_cursor";
    const end = hasEnd ? decode(opts.endCursor!) : null;
    const after = start ? { prefix: start, inclusive: false } : null;
    const until = end ? { prefix: end, inclusive: true } : null;
    const narrowed: KeyInterval =
      order === "asc"
        ? { lower: after ?? interval.lower, upper: until ?? interval.upper }
        : { lower: until ?? interval.lower, upper: after ?? interval.upper };
    const read = this.recordRange(index, narrowed, order);
    const rows = this.rangeRows(table, index, narrowed, order);
    const page: Doc[] = [];
    const readCursors: string[] = [];
    let rowsRead = 0;
    let bytesRead = 0;
    let continueCursor = "_end_cursor";
    let pageStatus: "SplitRequired" | "SplitRecommended" | null = null;
    let splitCursor: string | null = null;
    let row = rows.next();
    while (!row.done) {
      const { key, doc } = row.value;
      row = rows.next();
      if (!keyInInterval(key, interval)) continue;
      read.scannedTo = key;
      rowsRead += 1;
      bytesRead += getDocumentSize(doc);
      readCursors.push(encode(key));
      if (filterFn(doc)) page.push(doc);
      if (
        (opts.maximumRowsRead && rowsRead >= opts.maximumRowsRead) ||
        (opts.maximumBytesRead && bytesRead >= opts.maximumBytesRead)
      ) {
        pageStatus = "SplitRequired";
        continueCursor = encode(key);
        break;
      }
      if (!hasEnd && page.length >= opts.pageSize) {
        if (!row.done) {
          continueCursor = encode(key);
          // Whether another row follows decides `isDone`: it is part of what was read.
          read.scannedTo = row.value.key;
        }
        break;
      }
    }
    if (row.done) read.done = true;
    // A page pinned by its journal ends at its end cursor, whatever happened inside it.
    if (hasEnd && pageStatus === null) continueCursor = opts.endCursor!;
    if (pageStatus === "SplitRequired" && readCursors.length >= 2) {
      splitCursor = readCursors[Math.floor((readCursors.length - 1) / 2)]!;
    } else if (pageStatus === null && rowsRead > opts.pageSize + 1 && readCursors.length >= 2) {
      pageStatus = "SplitRecommended";
      splitCursor = readCursors[Math.floor((readCursors.length - 1) / 2)]!;
    }
    return {
      page,
      isDone: continueCursor === "_end_cursor",
      continueCursor,
      splitCursor,
      pageStatus,
    };
  }
}
