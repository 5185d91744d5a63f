// Ordered indexes, as Convex keeps them: one sorted array per index, keyed by the index's
// fields then `_creationTime` then `_id` (Convex's order of values), kept up to date on every
// commit. An index range is found by binary search and read lazily, so a query costs what it
// reads, not the size of its table. The ranges a query actually read are its read set: a
// commit re-runs only the subscriptions whose ranges (or documents) it touches.
import { compareValues, type Value } from "convex/values";

export type IndexKey = (Value | undefined)[];
export interface IndexedDoc {
  _id: string;
  _creationTime: number;
  [field: string]: Value;
}

interface Entry {
  key: IndexKey;
  doc: IndexedDoc;
}

/** A field path's value in a document (`a.b` reads nested objects); undefined when absent. */
export function fieldValue(doc: Record<string, unknown>, path: string): Value | undefined {
  let value: unknown = doc;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value as Value | undefined;
}

/** Compares the first `length` components of two keys in Convex's order of values. */
export function compareKeyPrefix(a: IndexKey, b: IndexKey, length = b.length): number {
  for (let i = 0; i < length; i++) {
    const cmp = compareValues(a[i] as Value, b[i] as Value);
    if (cmp !== 0) return cmp;
  }
  return 0;
}

/** One bound of an index range: a key prefix, and whether keys equal to it are inside. */
export interface Bound {
  prefix: IndexKey;
  inclusive: boolean;
}

/** An interval of one index's keys (both ends optional: an open end is the index's end). */
export interface KeyInterval {
  lower: Bound | null;
  upper: Bound | null;
}

export function keyInInterval(key: IndexKey, interval: KeyInterval): boolean {
  const { lower, upper } = interval;
  if (lower) {
    const cmp = compareKeyPrefix(key, lower.prefix);
    if (cmp < 0 || (cmp === 0 && !lower.inclusive)) return false;
  }
  if (upper) {
    const cmp = compareKeyPrefix(key, upper.prefix);
    if (cmp > 0 || (cmp === 0 && !upper.inclusive)) return false;
  }
  return true;
}

export type RangeExpression = {
  type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte";
  fieldPath: string;
  value: Value | undefined;
};

/**
 * The key interval of a `withIndex` range: equalities on a prefix of the fields, then at most
 * one lower and one upper bound on the next field (convex-test has already validated the shape).
 */
export function intervalOf(fields: string[], range: RangeExpression[]): KeyInterval {
  const prefix: IndexKey = [];
  let lower: Bound | null = null;
  let upper: Bound | null = null;
  for (const field of fields) {
    const exprs = range.filter((expr) => expr.fieldPath === field);
    const eq = exprs.find((expr) => expr.type === "Eq");
    if (eq) {
      prefix.push(eq.value);
      continue;
    }
    for (const expr of exprs) {
      if (expr.type === "Gt" || expr.type === "Gte")
        lower = { prefix: [...prefix, expr.value], inclusive: expr.type === "Gte" };
      else upper = { prefix: [...prefix, expr.value], inclusive: expr.type === "Lte" };
    }
    break;
  }
  if (prefix.length > 0) {
    lower ??= { prefix, inclusive: true };
    upper ??= { prefix, inclusive: true };
  }
  return { lower, upper };
}

export class OrderedIndex {
  private entries: Entry[] = [];

  constructor(
    readonly table: string,
    readonly name: string,
    /** The key's fields: the index's own, then `_creationTime` and `_id`. */
    readonly fields: string[],
  ) {}

  keyOf(doc: Record<string, unknown>): IndexKey {
    return this.fields.map((field) => fieldValue(doc, field));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Position of the first entry not before `key` (full keys are unique thanks to `_id`). */
  private position(key: IndexKey): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeyPrefix(this.entries[mid]!.key, key, key.length) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first entry that is not below the interval's lower end. */
  private start(interval: KeyInterval): number {
    const { lower } = interval;
    if (!lower) return 0;
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const cmp = compareKeyPrefix(this.entries[mid]!.key, lower.prefix);
      if (cmp < 0 || (cmp === 0 && !lower.inclusive)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index one past the last entry that is not above the interval's upper end. */
  private end(interval: KeyInterval): number {
    const { upper } = interval;
    if (!upper) return this.entries.length;
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const cmp = compareKeyPrefix(this.entries[mid]!.key, upper.prefix);
      if (cmp < 0 || (cmp === 0 && upper.inclusive)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The committed documents in an interval, in index order (or reversed), read lazily. */
  *scan(interval: KeyInterval, order: "asc" | "desc"): Generator<Entry> {
    // Positions are found again after each step, so a commit between two reads of a long
    // scan (an action's query does not hold a lock across awaits) cannot skip or repeat rows.
    const from = this.start(interval);
    const to = this.end(interval);
    if (from >= to) return;
    if (order === "asc") {
      let last: IndexKey | null = null;
      for (let i = from; ;) {
        if (last) i = this.startAfter(last);
        const entry = this.entries[i];
        if (!entry || !keyInInterval(entry.key, interval)) return;
        last = entry.key;
        yield entry;
      }
    } else {
      let last: IndexKey | null = null;
      for (let i = to - 1; ;) {
        if (last) i = this.position(last) - 1;
        const entry = this.entries[i];
        if (!entry || !keyInInterval(entry.key, interval)) return;
        last = entry.key;
        yield entry;
      }
    }
  }

  private startAfter(key: IndexKey): number {
    const at = this.position(key);
    const entry = this.entries[at];
    return entry && compareKeyPrefix(entry.key, key) === 0 ? at + 1 : at;
  }

  /** Applies one committed write (previous version out, new version in). */
  apply(previous: IndexedDoc | null, next: IndexedDoc | null) {
    if (previous) {
      const key = this.keyOf(previous);
      const at = this.position(key);
      const entry = this.entries[at];
      if (entry && compareKeyPrefix(entry.key, key) === 0) this.entries.splice(at, 1);
    }
    if (next) {
      const key = this.keyOf(next);
      const at = this.position(key);
      const entry = this.entries[at];
      if (entry && compareKeyPrefix(entry.key, key) === 0) entry.doc = next;
      else this.entries.splice(at, 0, { key, doc: next });
    }
  }

  /** Builds the index over a table's documents. */
  load(docs: Iterable<IndexedDoc>) {
    this.entries = [...docs].map((doc) => ({ key: this.keyOf(doc), doc }));
    this.entries.sort((a, b) => compareKeyPrefix(a.key, b.key));
  }
}

/** The fields of a table's index key (`by_creation_time` and `by_id` included). */
export function indexKeyFields(indexName: string, declared: string[] | undefined): string[] | null {
  if (indexName === "by_creation_time") return ["_creationTime", "_id"];
  if (indexName === "by_id") return ["_id"];
  return declared ? [...declared, "_creationTime", "_id"] : null;
}

/** Every ordered index of a database, built on first use and updated on each commit. */
export class IndexStore {
  private byTable = new Map<string, Map<string, OrderedIndex>>();

  /**
   * The index of `table` with these key fields. Built from `docs` the first time; indexes
   * are keyed by their fields, so a code reload that changes an index gets a fresh one.
   */
  get(
    table: string,
    name: string,
    fields: string[],
    docs: () => Iterable<IndexedDoc>,
  ): OrderedIndex {
    let indexes = this.byTable.get(table);
    if (!indexes) this.byTable.set(table, (indexes = new Map()));
    const id = `${name}:${fields.join(",")}`;
    let index = indexes.get(id);
    if (!index) {
      index = new OrderedIndex(table, name, fields);
      index.load(docs());
      indexes.set(id, index);
    }
    return index;
  }

  apply(table: string, previous: IndexedDoc | null, next: IndexedDoc | null) {
    const indexes = this.byTable.get(table);
    if (!indexes) return;
    for (const index of indexes.values()) index.apply(previous, next);
  }
}

/** One index range a function read: the interval, cut at the last key read if it stopped. */
export class RangeRead {
  /** The last key read; null while nothing was read. */
  scannedTo: IndexKey | null = null;
  /** True when the read reached the end of its interval (every key of it mattered). */
  done = false;

  constructor(
    readonly index: OrderedIndex,
    readonly interval: KeyInterval,
    readonly order: "asc" | "desc",
  ) {}

  /** The keys whose change could change what this read returned. */
  effective(): KeyInterval | null {
    if (this.done) return this.interval;
    if (!this.scannedTo) return null;
    const at: Bound = { prefix: this.scannedTo, inclusive: true };
    return this.order === "asc"
      ? { lower: this.interval.lower, upper: at }
      : { lower: at, upper: this.interval.upper };
  }
}

/** A committed write, with the version it replaced. */
export interface WriteForReads {
  id: string;
  table: string;
  previous: IndexedDoc | null;
  doc: IndexedDoc | null;
}

/** What a function read: index ranges, single documents, and whole tables (text search). */
export class ReadSet {
  readonly tables = new Set<string>();
  readonly ranges: RangeRead[] = [];
  /** Documents read by id, with their table. */
  readonly ids = new Map<string, string>();

  /** True when the function read anything of `table`. */
  has(table: string): boolean {
    if (this.tables.has(table)) return true;
    if (this.ranges.some((range) => range.index.table === table)) return true;
    for (const owner of this.ids.values()) if (owner === table) return true;
    return false;
  }

  /** True when a commit's write changes something this read set covers. */
  touchedBy(write: WriteForReads): boolean {
    if (this.tables.has(write.table) || this.ids.has(write.id)) return true;
    for (const range of this.ranges) {
      if (range.index.table !== write.table) continue;
      const interval = range.effective();
      if (!interval) continue;
      for (const version of [write.previous, write.doc]) {
        if (version && keyInInterval(range.index.keyOf(version), interval)) return true;
      }
    }
    return false;
  }
}
