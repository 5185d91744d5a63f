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

/**
 * Ranks the documents of a search index for a query: the candidates Convex would read, best
 * first (at most 1,024; `capped` when there may be more).
 */
export function rankSearch<D extends SearchDoc>(
  docs: Iterable<D>,
  index: SearchIndex,
  text: string,
  equalities: SearchFilter[],
  decodeValue: (value: unknown) => unknown = (value) => value,
): { ranked: Ranked<D>[]; capped: boolean } {
  const queryTerms = tokenize(text).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0) return { ranked: [], capped: false };

  // Index statistics over every document of the table.
  const indexed: { doc: D; frequencies: Map<string, number>; length: number }[] = [];
  const documentFrequency = new Map<string, number>();
  let totalTerms = 0;
  for (const doc of docs) {
    const value = fieldValue(doc as unknown as Record<string, unknown>, index.searchField);
    const terms = typeof value === "string" ? tokenize(value) : [];
    const frequencies = new Map<string, number>();
    for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const term of frequencies.keys())
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    totalTerms += terms.length;
    indexed.push({ doc, frequencies, length: terms.length });
  }
  const documents = indexed.length;
  if (documents === 0) return { ranked: [], capped: false };
  const averageLength = totalTerms / documents;

  // The index terms the query matches: whole words, and words the last term begins.
  const boosts = new Map<string, number>();
  const add = (term: string, boost: number) => {
    if (!documentFrequency.has(term)) return;
    if ((boosts.get(term) ?? 0) >= boost) return;
    if (!boosts.has(term) && boosts.size >= MAX_UNIQUE_TERMS) return;
    boosts.set(term, boost);
  };
  queryTerms.forEach((term) => add(term, 1));
  const prefix = queryTerms[queryTerms.length - 1]!;
  const expansions = [...documentFrequency.keys()]
    .filter((term) => term !== prefix && term.startsWith(prefix))
    .sort()
    .slice(0, MAX_PREFIX_MATCHES);
  for (const term of expansions) add(term, 0.5);
  if (boosts.size === 0) return { ranked: [], capped: false };

  const wanted = equalities.map((filter) => ({
    path: filter.fieldPath,
    value: encoded(decodeValue(filter.value)),
  }));
  const ranked: Ranked<D>[] = [];
  for (const { doc, frequencies, length } of indexed) {
    if (
      !wanted.every(
        ({ path, value }) =>
          encoded(fieldValue(doc as unknown as Record<string, unknown>, path)) === value,
      )
    )
      continue;
    let score = 0;
    let matched = false;
    for (const [term, boost] of boosts) {
      const tf = frequencies.get(term);
      if (!tf) continue;
      matched = true;
      const df = documentFrequency.get(term)!;
      const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
      const norm = K1 * (1 - B + (B * length) / averageLength);
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
