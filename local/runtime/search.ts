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
  key: [number, number, string];
}

function fieldValue(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split(".")) {
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
interface Posting {
  frequencies: Map<string, number>;
  length: number;
}

function postingOf(doc: SearchDoc, searchField: string): Posting {
  const value = fieldValue(doc as unknown as Record<string, unknown>, searchField);
  const terms = typeof value === "string" ? tokenize(value) : [];
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return { frequencies, length: terms.length };
}

/**
 * An inverted index over one search field, kept up to date on every commit (as Convex keeps
 * its search indexes), so a search costs what its terms match, not the table's size: each term
 * lists the documents holding it, and the terms are kept sorted for the last term's prefix.
 */
export class InvertedIndex<D extends SearchDoc = SearchDoc> {
  readonly postings = new Map<string, Posting>();
  readonly docs = new Map<string, D>();
  /** term → ids of the documents holding it. */
  readonly holders = new Map<string, Set<string>>();
  totalTerms = 0;
  private sortedTerms: string[] | null = null;

  constructor(readonly searchField: string) {}

  load(docs: Iterable<D>) {
    for (const doc of docs) this.add(doc);
  }

  apply(previous: D | null, next: D | null) {
    if (previous) this.remove(previous._id);
    if (next) this.add(next);
  }

  private add(doc: D) {
    const posting = postingOf(doc, this.searchField);
    this.postings.set(doc._id, posting);
    this.docs.set(doc._id, doc);
    this.totalTerms += posting.length;
    for (const term of posting.frequencies.keys()) {
      let ids = this.holders.get(term);
      if (!ids) {
        this.holders.set(term, (ids = new Set()));
        this.sortedTerms = null;
      }
      ids.add(doc._id);
    }
  }

  private remove(id: string) {
    const posting = this.postings.get(id);
    if (!posting) return;
    this.postings.delete(id);
    this.docs.delete(id);
    this.totalTerms -= posting.length;
    for (const term of posting.frequencies.keys()) {
      const ids = this.holders.get(term)!;
      ids.delete(id);
      if (ids.size === 0) {
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
): { ranked: Ranked<D>[]; capped: boolean } {
  const queryTerms = tokenize(text).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0) return { ranked: [], capped: false };

  // The index as this transaction sees it: committed postings, less the documents it changed,
  // plus their new versions.
  const overlay = new Map<string, { doc: D; posting: Posting }>();
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
      overlay.set(id, { doc, posting });
      documents += 1;
      totalTerms += posting.length;
    }
  }
  if (documents === 0) return { ranked: [], capped: false };
  const averageLength = totalTerms / documents;
  const documentFrequency = (term: string) => {
    let df = inverted.holders.get(term)?.size ?? 0;
    for (const id of pending.keys()) if (inverted.postings.get(id)?.frequencies.has(term)) df -= 1;
    for (const { posting } of overlay.values()) if (posting.frequencies.has(term)) df += 1;
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
  for (const { posting } of overlay.values())
    for (const term of posting.frequencies.keys())
      if (term !== prefix && term.startsWith(prefix)) expansions.add(term);
  for (const term of [...expansions].sort().slice(0, MAX_PREFIX_MATCHES)) add(term, 0.5);
  if (boosts.size === 0) return { ranked: [], capped: false };

  const wanted = equalities.map((filter) => ({
    path: filter.fieldPath,
    value: encoded(decodeValue(filter.value)),
  }));
  const candidates = new Map<string, { doc: D; posting: Posting }>();
  for (const term of boosts.keys()) {
    for (const id of inverted.holders.get(term) ?? []) {
      if (candidates.has(id) || pending.has(id)) continue;
      candidates.set(id, { doc: inverted.docs.get(id)!, posting: inverted.postings.get(id)! });
    }
  }
  for (const [id, entry] of overlay) candidates.set(id, entry);
  const ranked: Ranked<D>[] = [];
  for (const { doc, posting } of candidates.values()) {
    if (
      !wanted.every(
        ({ path, value }) =>
          encoded(fieldValue(doc as unknown as Record<string, unknown>, path)) === value,
      )
    )
      continue;
    let score = 0;
    let matched = false;
    for (const [term, { boost, df }] of boosts) {
      const tf = posting.frequencies.get(term);
      if (!tf) continue;
      matched = true;
      const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
      const norm = K1 * (1 - B + (B * posting.length) / averageLength);
      score += boost * idf * ((tf * (K1 + 1)) / (tf + norm));
    }
    if (!matched) continue;
    // Convex keeps scores as 32-bit floats.
    score = Math.fround(score);
    ranked.push({ doc, score, key: [-score, -doc._creationTime, doc._id] });
  }
  ranked.sort((a, b) => compareKeys(a.key, b.key));
  const capped = ranked.length >= MAX_CANDIDATES;
  return { ranked: ranked.slice(0, MAX_CANDIDATES), capped };
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
