// Which subscribed queries a write touches, found without looking at every query: the read
// sets of all shared queries, indexed by what they read. A write is looked up by its document
// id, by its table (text searches read whole tables), and in each index of its table by the
// first field of its key: a range whose two ends agree on that field (every `eq` lookup, a
// person's vote on an idea, the open ideas newest first) sits in that value's bucket, the few
// others in a list checked one by one. So a commit costs what it touches, not the number of
// subscriptions (1,000 signed-in viewers of a page of 20 ideas hold 22,000 of them).
import type { Value } from "convex/values";
import {
  keyInInterval,
  type IndexKey,
  type KeyInterval,
  type OrderedIndex,
  type ReadSet,
  type WriteForReads,
} from "../indexes.js";

interface Entry<Q> {
  query: Q;
  interval: KeyInterval;
}

interface IndexEntries<Q> {
  /** Ranges whose ends share their first key value, by that value. */
  byFirst: Map<string, Set<Entry<Q>>>;
  /** The other ranges. */
  wide: Set<Entry<Q>>;
}

/** A value as a map key: equal Convex values give equal strings. */
function valueKey(value: Value | undefined): string {
  if (value === undefined) return "u";
  if (value === null) return "0";
  switch (typeof value) {
    case "string":
      return `s${value}`;
    case "number":
      return Object.is(value, -0) ? "n-0" : `n${value}`;
    case "bigint":
      return `b${value}`;
    case "boolean":
      return value ? "t" : "f";
    default:
      return value instanceof ArrayBuffer
        ? `a${Buffer.from(value).toString("base64")}`
        : `j${JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))}`;
  }
}

/** The bucket of a range: its ends' shared first value, or null for a wide range. */
function bucketOf(interval: KeyInterval): string | null {
  const { lower, upper } = interval;
  if (!lower || !upper || lower.prefix.length === 0 || upper.prefix.length === 0) return null;
  const first = valueKey(lower.prefix[0]);
  return first === valueKey(upper.prefix[0]) ? first : null;
}

export class ReadIndex<Q> {
  private byId = new Map<string, Set<Q>>();
  private byTable = new Map<string, Set<Q>>();
  private byIndex = new Map<OrderedIndex, IndexEntries<Q>>();
  /** Indexes with ranges read, by table. */
  private indexesOf = new Map<string, Set<OrderedIndex>>();
  /** What each query is filed under, to take it out again. */
  private filed = new Map<Q, () => void>();

  /** Files a query's read set (replacing the one it had). */
  set(query: Q, reads: ReadSet) {
    this.delete(query);
    const undo: (() => void)[] = [];
    const addTo = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(value);
      undo.push(() => {
        set!.delete(value);
        if (set!.size === 0 && map.get(key) === set) map.delete(key);
      });
    };
    for (const id of reads.ids.keys()) addTo(this.byId, id, query);
    for (const table of reads.tables) addTo(this.byTable, table, query);
    for (const range of reads.ranges) {
      const interval = range.effective();
      if (!interval) continue;
      const index = range.index;
      let entries = this.byIndex.get(index);
      if (!entries) {
        // An index stays listed once read (there are few; an empty one costs a lookup).
        this.byIndex.set(index, (entries = { byFirst: new Map(), wide: new Set() }));
        let indexes = this.indexesOf.get(index.table);
        if (!indexes) this.indexesOf.set(index.table, (indexes = new Set()));
        indexes.add(index);
      }
      const entry = { query, interval };
      const bucket = bucketOf(interval);
      if (bucket === null) {
        const wide = entries.wide;
        wide.add(entry);
        undo.push(() => wide.delete(entry));
      } else addTo(entries.byFirst, bucket, entry);
    }
    this.filed.set(query, () => {
      for (const step of undo) step();
    });
  }

  /** Takes a query out. */
  delete(query: Q) {
    this.filed.get(query)?.();
    this.filed.delete(query);
  }

  /** Adds to `into` every filed query whose read set the write touches. */
  touchedBy(write: WriteForReads, into: Set<Q>) {
    for (const query of this.byId.get(write.id) ?? []) into.add(query);
    for (const query of this.byTable.get(write.table) ?? []) into.add(query);
    for (const index of this.indexesOf.get(write.table) ?? []) {
      const entries = this.byIndex.get(index);
      if (!entries) continue;
      for (const version of [write.previous, write.doc]) {
        if (!version) continue;
        const key: IndexKey = index.keyOf(version);
        const check = (entry: Entry<Q>) => {
          if (!into.has(entry.query) && keyInInterval(key, entry.interval)) into.add(entry.query);
        };
        for (const entry of entries.byFirst.get(valueKey(key[0])) ?? []) check(entry);
        for (const entry of entries.wide) check(entry);
      }
    }
  }
}
