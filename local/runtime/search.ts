// Text search with Convex's semantics (convex-test matches every term as a prefix, ORs them and
// returns the oldest documents first). As on Convex (Tantivy's SimpleTokenizer, its limits in
// `crates/search/src/constants.rs`):
// - text is split on every character that is not a letter or digit, lower-cased, and terms of
//   32 bytes or more are dropped; a query uses at most its first 16 terms;
// - every term but the last must match a whole word; the last also matches words it begins
//   (at most 16 of them, each at half weight);
// - documents are ranked by BM25 (k1 = 1.2, b = 0.75, statistics over the whole index), ties
//   newest first; `filterFields` are equality filters;
// - at most 1,024 documents are read from the index: reading past them fails.
// The index is inverted (term → documents) and updated on every commit, so a search costs what
// its terms match, not the size of the table.
import { convexToJson, type Value } from "convex/values";

export const MAX_QUERY_TERMS = 16;
export const MAX_TERM_BYTES = 32;
export const MAX_CANDIDATES = 1024;
export const MAX_PREFIX_MATCHES = 16;
const MAX_UNIQUE_TERMS = 64;
const K1 = 1.2;
const B = 0.75;
// Taken once: inside a function's run convex-test serves the global `Math` through a getter
// that looks up the running execution, which a loop over a thousand documents would pay each
// time.
const { log, min } = Math;

const WORD = /[\p{L}\p{N}]+/gu;

/** Splits text into Convex's search terms. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (Buffer.byteLength(word) >= MAX_TERM_BYTES) continue;
    terms.push(word.toLowerCase());
  }
  return terms;
}

export interface SearchDoc {
  _id: string;
  _creationTime: number;
}

export interface SearchFilter {
  type: "Search" | "Eq";
  fieldPath: string;
  value: unknown;
}

export interface SearchIndex {
  indexDescriptor: string;
  searchField: string;
  filterFields: string[];
}

export interface Ranked<D> {
  doc: D;
  score: number;
  /** The document's position in the index: [-score, -creation time, id], ascending. */
  readonly key: [number, number, string];
}

/** A candidate; its key is made only when asked for (a cursor, a full sort). */
class Candidate<D extends SearchDoc> implements Ranked<D> {
  constructor(
    readonly doc: D,
    readonly score: number,
  ) {}
  get key(): [number, number, string] {
    return [-this.score, -this.doc._creationTime, this.doc._id];
  }
}

function fieldValue(doc: Record<string, unknown>, path: string): unknown {
  return valueAt(doc, path.split("."));
}

function valueAt(doc: Record<string, unknown>, parts: string[]): unknown {
  let value: unknown = doc;
  for (const part of parts) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const encoded = (value: unknown) =>
  value === undefined ? "undefined" : JSON.stringify(convexToJson(value as Value));

/**
 * Validates a search against its index the way Convex does; returns the search text and the
 * equality filters.
 */
export function compileSearch(
  printableIndex: string,
  index: SearchIndex,
  filters: SearchFilter[],
): { text: string; equalities: SearchFilter[] } {
  let text: string | null = null;
  const equalities: SearchFilter[] = [];
  for (const filter of filters) {
    if (filter.type === "Search") {
      if (filter.fieldPath !== index.searchField)
        throw new Error(
          `Search query against ${printableIndex} contains a search filter against ${JSON.stringify(filter.fieldPath)}, which doesn't match the indexed \`searchField\` ${JSON.stringify(index.searchField)}.`,
        );
      if (text !== null)
        throw new Error(
          `Search query against ${printableIndex} contains multiple search filters against ${JSON.stringify(filter.fieldPath)}. Only one is allowed.`,
        );
      text = String(filter.value);
    } else {
      if (!index.filterFields.includes(filter.fieldPath))
        throw new Error(
          `Search query against ${printableIndex} contains an equality filter on ${JSON.stringify(filter.fieldPath)} but that field isn't indexed for filtering in \`filterFields\`.`,
        );
      equalities.push(filter);
    }
  }
  if (text === null)
    throw new Error(
      `Search query against ${printableIndex} does not contain any search filters. You must include a search filter like \`q.search(${JSON.stringify(index.searchField)}, searchText)\`.`,
    );
  if (equalities.length > 8)
    throw new Error(
      `Search query against ${printableIndex} has too many filter conditions. Max: 8 Actual: ${equalities.length}`,
    );
  return { text, equalities };
}

/** One document as a search index holds it: its term frequencies and length. */
interface Posting<D extends SearchDoc = SearchDoc> {
  doc: D;
  frequencies: Map<string, number>;
  length: number;
  // Scratch space of the search running now (`pass` tells which one): this document's score
  // so far and whether it passes the equality filters, without a map lookup per term.
  pass: number;
  score: number;
  kept: boolean;
  /** The last equality filters checked on it, and whether it passed them. */
  filtersChecked: string | null;
  filtersPassed: boolean;
  /** BM25's length normalization for the average length it was computed with. */
  norm: number;
  normFor: number;
}

function postingOf<D extends SearchDoc>(doc: D, searchField: string): Posting<D> {
  const value = fieldValue(doc as unknown as Record<string, unknown>, searchField);
  const terms = typeof value === "string" ? tokenize(value) : [];
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return {
    doc,
    frequencies,
    length: terms.length,
    pass: 0,
    score: 0,
    kept: false,
    filtersChecked: null,
    filtersPassed: false,
    norm: 0,
    normFor: -1,
  };
}

/**
 * An inverted index over one search field, kept up to date on every commit (as Convex keeps
 * its search indexes), so a search costs what its terms match, not the table's size: each term
 * lists the documents holding it, and the terms are kept sorted for the last term's prefix.
 */
export class InvertedIndex<D extends SearchDoc = SearchDoc> {
  readonly postings = new Map<string, Posting<D>>();
  /** term → the postings of the documents holding it. */
  readonly holders = new Map<string, Set<Posting<D>>>();
  totalTerms = 0;
  private sortedTerms: string[] | null = null;

  constructor(readonly searchField: string) {}

  load(docs: Iterable<D>) {
    for (const doc of docs) this.add(doc);
  }

  apply(previous: D | null, next: D | null) {
    // A write that leaves the searched text as it was (a vote on an idea) keeps the posting:
    // only its document (for filters and results) is the new one.
    if (previous && next && previous._id === next._id) {
      const posting = this.postings.get(next._id);
      const field = this.searchField;
      if (
        posting &&
        fieldValue(previous as unknown as Record<string, unknown>, field) ===
          fieldValue(next as unknown as Record<string, unknown>, field)
      ) {
        posting.doc = next;
        posting.filtersChecked = null;
        return;
      }
    }
    if (previous) this.remove(previous._id);
    if (next) this.add(next);
  }

  /** Each term's holders as arrays with their term frequencies (built when first searched). */
  private lists = new Map<string, { postings: Posting<D>[]; frequencies: Float64Array }>();

  /** The documents holding `term`, and how often each holds it. */
  holdersOf(term: string): { postings: Posting<D>[]; frequencies: Float64Array } | null {
    let list = this.lists.get(term);
    if (!list) {
      const holding = this.holders.get(term);
      if (!holding) return null;
      const postings = [...holding];
      const frequencies = new Float64Array(postings.length);
      postings.forEach((posting, i) => (frequencies[i] = posting.frequencies.get(term)!));
      list = { postings, frequencies };
      this.lists.set(term, list);
    }
    return list;
  }

  private add(doc: D) {
    const posting = postingOf(doc, this.searchField);
    this.postings.set(doc._id, posting);
    this.totalTerms += posting.length;
    for (const term of posting.frequencies.keys()) {
      let holding = this.holders.get(term);
      if (!holding) {
        this.holders.set(term, (holding = new Set()));
        this.sortedTerms = null;
      }
      holding.add(posting);
      this.lists.delete(term);
    }
  }

  private remove(id: string) {
    const posting = this.postings.get(id);
    if (!posting) return;
    this.postings.delete(id);
    this.totalTerms -= posting.length;
    for (const term of posting.frequencies.keys()) {
      const holding = this.holders.get(term)!;
      holding.delete(posting);
      this.lists.delete(term);
      if (holding.size === 0) {
        this.holders.delete(term);
        this.sortedTerms = null;
      }
    }
  }

  /** Terms of the index that begin with `prefix`, in order (binary search in the sorted terms). */
  termsWithPrefix(prefix: string): Iterable<string> {
    this.sortedTerms ??= [...this.holders.keys()].sort();
    const terms = this.sortedTerms;
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (terms[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i++) found.push(terms[i]!);
    return found;
  }
}

/** Numbers each search run, for the postings' scratch space. */
let searchPass = 0;

/** The search indexes of every table, built on first use, updated by every commit. */
export class SearchIndexStore<D extends SearchDoc = SearchDoc> {
  private byTable = new Map<string, Map<string, InvertedIndex<D>>>();

  get(table: string, index: SearchIndex, docs: () => Iterable<D>): InvertedIndex<D> {
    let indexes = this.byTable.get(table);
    if (!indexes) this.byTable.set(table, (indexes = new Map()));
    // Keyed by the field too: a code reload that changes the index gets a fresh one.
    const id = `${index.indexDescriptor}:${index.searchField}`;
    let inverted = indexes.get(id);
    if (!inverted) {
      inverted = new InvertedIndex<D>(index.searchField);
      inverted.load(docs());
      indexes.set(id, inverted);
    }
    return inverted;
  }

  apply(table: string, previous: D | null, next: D | null) {
    const indexes = this.byTable.get(table);
    if (!indexes) return;
    for (const index of indexes.values()) index.apply(previous, next);
  }
}

/**
 * Ranks the documents of a search index for a query: the candidates Convex would read, best
 * first (at most 1,024; `capped` when there may be more). `pending` holds the running
 * transaction's own writes to the table (null for a deletion): it sees them, as on Convex.
 */
export function rankSearch<D extends SearchDoc>(
  inverted: InvertedIndex<D>,
  pending: Map<string, D | null>,
  index: SearchIndex,
  text: string,
  equalities: SearchFilter[],
  decodeValue: (value: unknown) => unknown = (value) => value,
): RankedResults<D> {
  const queryTerms = tokenize(text).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0) return new RankedResults<D>();

  // The index as this transaction sees it: committed postings, less the documents it changed,
  // plus their new versions.
  const overlay = new Map<string, Posting<D>>();
  let documents = inverted.postings.size;
  let totalTerms = inverted.totalTerms;
  for (const [id, doc] of pending) {
    const committed = inverted.postings.get(id);
    if (committed) {
      documents -= 1;
      totalTerms -= committed.length;
    }
    if (doc) {
      const posting = postingOf(doc, index.searchField);
      overlay.set(id, posting);
      documents += 1;
      totalTerms += posting.length;
    }
  }
  if (documents === 0) return new RankedResults<D>();
  const averageLength = totalTerms / documents;
  const documentFrequency = (term: string) => {
    let df = inverted.holders.get(term)?.size ?? 0;
    for (const id of pending.keys()) if (inverted.postings.get(id)?.frequencies.has(term)) df -= 1;
    for (const posting of overlay.values()) if (posting.frequencies.has(term)) df += 1;
    return df;
  };

  // The index terms the query matches: whole words, and words the last term begins.
  const boosts = new Map<string, { boost: number; df: number }>();
  const add = (term: string, boost: number) => {
    if ((boosts.get(term)?.boost ?? 0) >= boost) return;
    if (!boosts.has(term) && boosts.size >= MAX_UNIQUE_TERMS) return;
    const df = documentFrequency(term);
    if (df > 0) boosts.set(term, { boost, df });
  };
  queryTerms.forEach((term) => add(term, 1));
  const prefix = queryTerms[queryTerms.length - 1]!;
  const expansions = new Set<string>();
  for (const term of inverted.termsWithPrefix(prefix)) if (term !== prefix) expansions.add(term);
  for (const posting of overlay.values())
    for (const term of posting.frequencies.keys())
      if (term !== prefix && term.startsWith(prefix)) expansions.add(term);
  for (const term of [...expansions].sort().slice(0, MAX_PREFIX_MATCHES)) add(term, 0.5);
  if (boosts.size === 0) return new RankedResults<D>();

  // Equality filters: strings, booleans and null compare as they are; other values by their
  // Convex JSON encoding.
  const wanted = equalities.map((filter) => {
    const value = decodeValue(filter.value);
    const parts = filter.fieldPath.split(".");
    const plain = typeof value === "string" || typeof value === "boolean" || value === null;
    return { parts, value, plain, encoded: plain ? "" : encoded(value) };
  });
  // A posting's document never changes (an update makes a new posting), so the answer for
  // the same filters is kept on it.
  const filters = JSON.stringify(equalities.map((filter) => [filter.fieldPath, filter.value]));
  const passes = (posting: Posting<D>) => {
    if (posting.filtersChecked !== filters) {
      posting.filtersChecked = filters;
      posting.filtersPassed = wanted.every(({ parts, value, plain, encoded: expected }) => {
        const actual = valueAt(posting.doc as unknown as Record<string, unknown>, parts);
        return plain ? actual === value : encoded(actual) === expected;
      });
    }
    return posting.filtersPassed;
  };
  // Scored a term at a time over the documents holding it (what the search reads), adding each
  // document's terms in the same order as before, so equal documents get equal scores.
  const pass = ++searchPass;
  const scored: Posting<D>[] = [];
  const score = (posting: Posting<D>, tf: number, weight: number) => {
    if (posting.pass !== pass) {
      posting.pass = pass;
      posting.score = 0;
      posting.kept = passes(posting);
      if (posting.kept) scored.push(posting);
    }
    if (!posting.kept) return;
    // The normalization depends only on the document's length and the index's average: kept on
    // the posting until the average changes.
    if (posting.normFor !== averageLength) {
      posting.normFor = averageLength;
      posting.norm = K1 * (1 - B + (B * posting.length) / averageLength);
    }
    posting.score += weight * ((tf * (K1 + 1)) / (tf + posting.norm));
  };
  const ownWrites = pending.size > 0;
  for (const [term, { boost, df }] of boosts) {
    const weight = boost * log(1 + (documents - df + 0.5) / (df + 0.5));
    const holders = inverted.holdersOf(term);
    if (holders) {
      const { postings, frequencies } = holders;
      for (let i = 0; i < postings.length; i++) {
        const posting = postings[i]!;
        if (!ownWrites || !pending.has(posting.doc._id)) score(posting, frequencies[i]!, weight);
      }
    }
    if (ownWrites)
      for (const posting of overlay.values()) {
        const tf = posting.frequencies.get(term);
        if (tf !== undefined) score(posting, tf, weight);
      }
  }
  // Convex keeps scores as 32-bit floats. Copied out of the postings' scratch space (a search
  // read lazily may be overtaken by another), without an object per candidate.
  const docs: D[] = new Array(scored.length);
  // A Float32Array keeps each score rounded as Convex keeps it.
  const scores = new Float32Array(scored.length);
  const times = new Float64Array(scored.length);
  for (let i = 0; i < scored.length; i++) {
    const doc = scored[i]!.doc;
    docs[i] = doc;
    scores[i] = scored[i]!.score;
    times[i] = doc._creationTime;
  }
  return new RankedResults(docs, scores, times);
}

/**
 * A search's candidates, best first, at most 1,024. A first page needs only its best few: they
 * come from a heap (linear to build, a logarithm per document taken) instead of a full sort,
 * and only the documents taken become objects.
 */
export class RankedResults<D extends SearchDoc> {
  private sorted: Ranked<D>[] | null = null;
  /** Whether there may be more candidates than Convex reads (1,024). */
  readonly capped: boolean;
  readonly length: number;

  /** Whether candidate `a` ranks before `b`: higher score, then newer, then by id. */
  private readonly before: (a: number, b: number) => boolean;

  constructor(
    private readonly docs: D[] = [],
    private readonly scores: Float32Array = new Float32Array(0),
    /** The documents' creation times (read without touching the documents). */
    times: Float64Array = new Float64Array(0),
  ) {
    this.capped = docs.length >= MAX_CANDIDATES;
    this.length = min(docs.length, MAX_CANDIDATES);
    this.before = (a, b) => {
      if (scores[a] !== scores[b]) return scores[a]! > scores[b]!;
      if (times[a] !== times[b]) return times[a]! > times[b]!;
      return docs[a]!._id < docs[b]!._id;
    };
  }

  private candidate(i: number): Ranked<D> {
    return new Candidate(this.docs[i]!, this.scores[i]!);
  }

  /** Every candidate in order. */
  all(): Ranked<D>[] {
    if (!this.sorted) {
      const order = Array.from({ length: this.docs.length }, (_, i) => i);
      order.sort((a, b) => (this.before(a, b) ? -1 : 1));
      this.sorted = order.slice(0, this.length).map((i) => this.candidate(i));
    }
    return this.sorted;
  }

  /** The candidates in order, as many as are taken. */
  *inOrder(): Generator<Ranked<D>> {
    if (this.sorted) return yield* this.sorted;
    const heap = new Int32Array(this.docs.length);
    for (let i = 0; i < heap.length; i++) heap[i] = i;
    const before = this.before;
    const sink = (at: number, size: number) => {
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let best = at;
        if (left < size && before(heap[left]!, heap[best]!)) best = left;
        if (right < size && before(heap[right]!, heap[best]!)) best = right;
        if (best === at) return;
        const swap = heap[at]!;
        heap[at] = heap[best]!;
        heap[best] = swap;
        at = best;
      }
    };
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) sink(i, heap.length);
    for (let size = heap.length, taken = 0; size > 0 && taken < this.length; taken++) {
      yield this.candidate(heap[0]!);
      heap[0] = heap[--size]!;
      sink(0, size);
    }
  }
}

export function compareKeys(a: [number, number, string], b: [number, number, string]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0;
}

export const TOO_MANY_CANDIDATES = `Search query scanned too many documents (fetched ${MAX_CANDIDATES}). Consider using a smaller limit, paginating the query, or using a filter field to limit the number of documents pulled from the search index.`;

/** A search cursor: the index key of the last document of a page. */
export function encodeSearchCursor(key: [number, number, string]): string {
  return JSON.stringify(key.map((part) => JSON.stringify(part)));
}

export function decodeSearchCursor(cursor: string): [number, number, string] | null {
  try {
    const parts = (JSON.parse(cursor) as string[]).map((part) => JSON.parse(part) as unknown);
    if (
      parts.length === 3 &&
      typeof parts[0] === "number" &&
      typeof parts[1] === "number" &&
      typeof parts[2] === "string"
    )
      return parts as [number, number, string];
  } catch {
    // Not a search cursor.
  }
  return null;
}
