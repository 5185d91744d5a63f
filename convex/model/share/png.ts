// A PNG encoder in plain JS for Convex's isolate (no zlib, no native modules). The deflate uses
// the fixed Huffman codes and one kind of match, "repeat the previous pixel": the share image is
// mostly flat colour, so that alone makes it small.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (a + bytes[i]!) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

class BitWriter {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  private bitBuffer = 0;
  private bitCount = 0;

  private push(byte: number) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }

  /** Writes `count` bits of `value`, least significant first (deflate's order for extra bits). */
  bits(value: number, count: number) {
    this.bitBuffer |= value << this.bitCount;
    this.bitCount += count;
    while (this.bitCount >= 8) {
      this.push(this.bitBuffer & 0xff);
      this.bitBuffer >>>= 8;
      this.bitCount -= 8;
    }
  }

  /** Writes a Huffman code, whose bits go most significant first. */
  code(value: number, count: number) {
    let reversed = 0;
    for (let i = 0; i < count; i++) reversed |= ((value >> i) & 1) << (count - 1 - i);
    this.bits(reversed, count);
  }

  finish(): Uint8Array {
    if (this.bitCount > 0) this.push(this.bitBuffer & 0xff);
    this.bitBuffer = 0;
    this.bitCount = 0;
    return this.bytes.slice(0, this.length);
  }
}

function writeLiteralOrLength(out: BitWriter, symbol: number) {
  if (symbol < 144) out.code(0x30 + symbol, 8);
  else if (symbol < 256) out.code(0x190 + symbol - 144, 9);
  else if (symbol < 280) out.code(symbol - 256, 7);
  else out.code(0xc0 + symbol - 280, 8);
}

const LENGTH_BASES = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];

function writeMatch(out: BitWriter, length: number, distanceCode: number) {
  let i = LENGTH_BASES.length - 1;
  while (LENGTH_BASES[i]! > length) i--;
  writeLiteralOrLength(out, 257 + i);
  if (LENGTH_EXTRA[i]! > 0) out.bits(length - LENGTH_BASES[i]!, LENGTH_EXTRA[i]!);
  out.code(distanceCode, 5); // distances 1–4 have codes 0–3 and no extra bits
}

/** zlib-wrapped deflate of `data`, with matches at distance `stride` (one pixel back). */
export function deflate(data: Uint8Array, stride: 1 | 2 | 3 | 4): Uint8Array {
  const out = new BitWriter();
  out.bits(0x78, 8);
  out.bits(0x01, 8);
  out.bits(1, 1); // the last (only) block
  out.bits(1, 2); // fixed Huffman codes
  let i = 0;
  while (i < data.length) {
    let run = 0;
    if (i >= stride)
      while (run < 258 && i + run < data.length && data[i + run] === data[i + run - stride]) run++;
    if (run >= 3) {
      writeMatch(out, run, stride - 1);
      i += run;
    } else {
      writeLiteralOrLength(out, data[i]!);
      i++;
    }
  }
  writeLiteralOrLength(out, 256);
  const body = out.finish();
  const adler = adler32(data);
  const result = new Uint8Array(body.length + 4);
  result.set(body);
  new DataView(result.buffer).setUint32(body.length, adler);
  return result;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes, 4, 8 + data.length));
  return bytes;
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, rows top to bottom). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error("Pixel data does not match the size.");
  // Each row starts with filter 0 (none); a match may reach across that byte harmlessly.
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++)
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflate(raw, 3)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
