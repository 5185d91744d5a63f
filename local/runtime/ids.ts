// Document ids shaped like Convex's: opaque base32 strings (Convex's alphabet, no i/l/o/u)
// of the bytes `VInt(table number) ++ 16-byte internal id ++ 2-byte footer`, the footer a
// Fletcher-16 checksum of what precedes it (XOR the format version, 0). As on Convex, the
// table is encoded in the id, so `normalizeId` and `v.id("t")` can tell an id of another
// table, and a mistyped id fails its checksum.
//
// Table numbers: as on Convex, user tables are numbered from 10001 in order of first use
// (so ids are 32 characters long, like Convex's); the numbers are stored with the data. The
// internal id is the persisted document counter (8 bytes, big-endian, so ids of one table
// sort by insertion) then 8 random bytes.
//
// Data written before this format (ids like `10001messages`) stays valid: such ids are
// recognised and resolved to their table, and new documents get the new format.
import { randomBytes } from "node:crypto";

// Random bytes drawn in blocks: one call into the system's random source per 512 ids.
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomPool(size: number): Buffer {
  if (poolAt + size > pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  poolAt += size;
  return pool.subarray(poolAt - size, poolAt);
}

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const DECODE = new Map([...ALPHABET].map((char, i) => [char, i]));
const VERSION = 0;
const INTERNAL_ID_BYTES = 16;
const FIRST_USER_TABLE = 10001;
const SYSTEM_TABLE_NUMBERS: Record<string, number> = { _storage: 1, _scheduled_functions: 2 };
const LEGACY_ID = /^([0-9]+)([A-Za-z_][A-Za-z0-9_]*)$/;

/** Which number each table has. One per database; persisted with it. */
export class TableNumbers {
  private byNumber = new Map<number, string>();
  private byName = new Map<string, number>();

  constructor() {
    for (const [table, number] of Object.entries(SYSTEM_TABLE_NUMBERS)) this.set(table, number);
  }

  /** The number of a table, given the next free one if it has none yet. */
  of(table: string): number {
    const known = this.byName.get(table);
    if (known !== undefined) return known;
    let number = FIRST_USER_TABLE;
    for (const used of this.byName.values()) if (used >= number) number = used + 1;
    this.set(table, number);
    return number;
  }

  has(table: string): boolean {
    return this.byName.has(table);
  }

  set(table: string, number: number) {
    const other = this.byNumber.get(number);
    if (other !== undefined && other !== table)
      throw new Error(`Stored data gives tables "${other}" and "${table}" the same number.`);
    this.byNumber.set(number, table);
    this.byName.set(table, number);
  }

  table(number: number): string | null {
    return this.byNumber.get(number) ?? null;
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries(this.byName);
  }
}

function fletcher16(bytes: Uint8Array): number {
  let sum1 = 0;
  let sum2 = 0;
  for (const byte of bytes) {
    sum1 = (sum1 + byte) % 255;
    sum2 = (sum2 + sum1) % 255;
  }
  return (sum2 << 8) | sum1;
}

function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = DECODE.get(char);
    if (value === undefined) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  // Leftover bits are padding and must be zero (one spelling per id).
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(out);
}

function vint(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    if (value < 0x80) return [...bytes, value];
    bytes.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
}

/** A new id for a document of `table`, from the document counter. */
export function encodeId(tables: TableNumbers, table: string, counter: number): string {
  const internal = Buffer.alloc(INTERNAL_ID_BYTES);
  internal.writeBigUInt64BE(BigInt(counter), 0);
  randomPool(8).copy(internal, 8);
  const body = Uint8Array.from([...vint(tables.of(table)), ...internal]);
  const footer = fletcher16(body) ^ VERSION;
  return base32(Uint8Array.from([...body, footer & 0xff, footer >>> 8]));
}

/** The table number and document counter of a Convex-shaped id; null when malformed. */
export function decodeId(id: string): { tableNumber: number; counter: number } | null {
  if (id.length < 31 || id.length > 37) return null;
  const bytes = unbase32(id);
  if (!bytes) return null;
  let number = 0;
  let at = 0;
  for (let shift = 0; ; shift += 7) {
    if (at >= 5 || at >= bytes.length) return null;
    const byte = bytes[at++]!;
    number += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) break;
  }
  if (bytes.length !== at + INTERNAL_ID_BYTES + 2) return null;
  const footer = bytes[bytes.length - 2]! | (bytes[bytes.length - 1]! << 8);
  if ((fletcher16(bytes.subarray(0, bytes.length - 2)) ^ VERSION) !== footer) return null;
  const counter = Number(Buffer.from(bytes.subarray(at, at + 8)).readBigUInt64BE(0));
  return { tableNumber: number, counter };
}

/** The table an id names (new or legacy format); null when malformed or of no known table. */
export function tableOfId(tables: TableNumbers, id: string): string | null {
  if (typeof id !== "string") return null;
  const decoded = decodeId(id);
  const table = decoded ? tables.table(decoded.tableNumber) : null;
  if (table !== null) return table;
  return LEGACY_ID.exec(id)?.[2] ?? null;
}

/** The document counter an id was made from (so a restart never reuses one). */
export function counterOfId(id: string): number | null {
  const decoded = decodeId(id);
  if (decoded) return decoded.counter;
  const legacy = LEGACY_ID.exec(id);
  return legacy ? Number(legacy[1]) : null;
}
