// Text in the app's typeface for the share image, in plain JS: the glyph outlines of fontData.ts
// laid out with their advances and kerning, flattened to lines and filled with exact
// anti-aliasing (each pixel's covered area, accumulated along each line as font-rs does).
// Imports carry their ".js" so the stand-ins (Node) can use it as it is.
import { SHARE_FONT } from "./fontData.js";

export type Weight = keyof typeof SHARE_FONT;
type Face = (typeof SHARE_FONT)[Weight];

// Typographic characters the font lacks, drawn with their nearest look-alike.
const LOOK_ALIKES: Record<string, string> = { "×": "x", "\u00a0": " ", "✓": "v" };

/** The text as the font can draw it: missing characters by a look-alike, else "?". */
export function drawableText(text: string, weight: Weight = "regular"): string {
  const glyphs = SHARE_FONT[weight].glyphs as Record<string, unknown>;
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (glyphs[ch] !== undefined) out += ch;
    else if (LOOK_ALIKES[ch] !== undefined) out += LOOK_ALIKES[ch];
    else if (/\s/.test(ch)) out += " ";
    else {
      // An accent the font cannot compose: the base letter alone.
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...base].every((c) => glyphs[c] !== undefined) ? base : "?";
    }
  }
  return out;
}

function glyphOf(face: Face, ch: string): readonly [number, string] {
  const glyphs = face.glyphs as Record<string, readonly [number, string]>;
  return glyphs[ch] ?? glyphs["?"]!;
}

function kern(face: Face, a: string, b: string): number {
  return (face.kerning as Record<string, number>)[a + b] ?? 0;
}

/** The width of a line of text at `size` px. */
export function measure(text: string, size: number, weight: Weight = "regular"): number {
  const face = SHARE_FONT[weight];
  const chars = [...text];
  let width = 0;
  chars.forEach((ch, i) => {
    width += glyphOf(face, ch)[0];
    const next = chars[i + 1];
    if (next !== undefined) width += kern(face, ch, next);
  });
  return (width * size) / face.unitsPerEm;
}

/** Splits text into lines no wider than `width` at spaces (a too-long word is cut). */
export function wrapText(text: string, width: number, size: number, weight: Weight): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, size, weight) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line, size, weight) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(line.slice(0, cut), size, weight) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The line shortened with "…" until it fits `width`. */
export function ellipsize(text: string, width: number, size: number, weight: Weight): string {
  if (measure(text, size, weight) <= width) return text;
  let kept = text;
  while (kept.length > 0 && measure(`${kept.trimEnd()}…`, size, weight) > width)
    kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/** Coverage (0–1) of a rectangle of pixels, filled by the lines added to it. */
export class Coverage {
  private readonly acc: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.acc = new Float32Array((width + 2) * height);
  }

  /** Adds a line from (x0, y0) to (x1, y1), in pixels, to the outline being filled. */
  line(x0: number, y0: number, x1: number, y1: number) {
    if (y0 === y1) return;
    const dir = y0 < y1 ? 1 : -1;
    if (dir < 0) [x0, y0, x1, y1] = [x1, y1, x0, y0];
    const w = this.width + 2;
    const dxdy = (x1 - x0) / (y1 - y0);
    let x = x0;
    if (y0 < 0) x -= y0 * dxdy;
    const start = Math.max(0, Math.floor(y0));
    const end = Math.min(this.height, Math.ceil(y1));
    for (let y = start; y < end; y++) {
      const row = y * w;
      const dy = Math.min(y + 1, y1) - Math.max(y, y0);
      const xnext = x + dxdy * dy;
      const d = dy * dir;
      const lo = Math.max(0, Math.min(x, xnext));
      const hi = Math.min(this.width, Math.max(x, xnext));
      const lof = Math.floor(lo);
      const hic = Math.ceil(hi);
      if (hic <= lof + 1) {
        const xm = 0.5 * (lo + hi) - lof;
        this.acc[row + lof]! += d - d * xm;
        this.acc[row + lof + 1]! += d * xm;
      } else {
        const s = 1 / (hi - lo);
        const lofrac = lo - lof;
        const a0 = 0.5 * s * (1 - lofrac) * (1 - lofrac);
        const hifrac = hi - hic + 1;
        const am = 0.5 * s * hifrac * hifrac;
        this.acc[row + lof]! += d * a0;
        if (hic === lof + 2) this.acc[row + lof + 1]! += d * (1 - a0 - am);
        else {
          const a1 = s * (1.5 - lofrac);
          this.acc[row + lof + 1]! += d * (a1 - a0);
          for (let xi = lof + 2; xi < hic - 1; xi++) this.acc[row + xi]! += d * s;
          const a2 = a1 + (hic - lof - 3) * s;
          this.acc[row + hic - 1]! += d * (1 - a2 - am);
        }
        this.acc[row + hic]! += d * am;
      }
      x = xnext;
    }
  }

  /** Calls `paint(x, y, coverage)` for every pixel the outlines cover. */
  forEach(paint: (x: number, y: number, coverage: number) => void) {
    const w = this.width + 2;
    for (let y = 0; y < this.height; y++) {
      let sum = 0;
      for (let x = 0; x < this.width; x++) {
        sum += this.acc[y * w + x]!;
        const c = Math.min(1, Math.abs(sum));
        if (c > 1 / 512) paint(x, y, c);
      }
    }
  }
}

/** Adds a glyph's outline, `scale` px per font unit, with its origin at (ox, oy). */
function addGlyph(cov: Coverage, path: string, ox: number, oy: number, scale: number) {
  const nums = (path.match(/[MLQCZ]|-?\d+/g) ?? []) as string[];
  let i = 0;
  const next = () => Number(nums[i++]);
  let start: [number, number] = [0, 0];
  let at: [number, number] = [0, 0];
  const px = (x: number, y: number): [number, number] => [ox + x * scale, oy + y * scale];
  const lineTo = (p: [number, number]) => {
    cov.line(at[0], at[1], p[0], p[1]);
    at = p;
  };
  while (i < nums.length) {
    const op = nums[i++];
    if (op === "M") {
      if (at !== start) lineTo(start);
      start = at = px(next(), next());
    } else if (op === "L") lineTo(px(next(), next()));
    else if (op === "Q") {
      const c = px(next(), next());
      const p = px(next(), next());
      const from = at;
      const steps = Math.max(
        1,
        Math.min(16, Math.ceil(Math.hypot(p[0] - from[0], p[1] - from[1]) / 3)),
      );
      for (let k = 1; k <= steps; k++) {
        const t = k / steps;
        const u = 1 - t;
        lineTo([
          u * u * from[0] + 2 * u * t * c[0] + t * t * p[0],
          u * u * from[1] + 2 * u * t * c[1] + t * t * p[1],
        ]);
      }
    } else if (op === "C") {
      const c1 = px(next(), next());
      const c2 = px(next(), next());
      const p = px(next(), next());
      const from = at;
      const steps = Math.max(
        1,
        Math.min(24, Math.ceil(Math.hypot(p[0] - from[0], p[1] - from[1]) / 3)),
      );
      for (let k = 1; k <= steps; k++) {
        const t = k / steps;
        const u = 1 - t;
        lineTo([
          u * u * u * from[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p[0],
          u * u * u * from[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p[1],
        ]);
      }
    } else if (op === "Z") {
      lineTo(start);
    }
  }
  if (at !== start) lineTo(start);
}

/**
 * The coverage of one line of text at `size` px (its left edge one pixel in) and where its
 * baseline is, from the top.
 */
export function rasterizeLine(
  text: string,
  size: number,
  weight: Weight = "regular",
): { coverage: Coverage; baseline: number } {
  const face = SHARE_FONT[weight];
  const scale = size / face.unitsPerEm;
  const baseline = Math.ceil(face.ascender * scale);
  const height = baseline + Math.ceil(-face.descender * scale) + 1;
  // One pixel of room on the left for glyphs that reach past their origin ("j").
  const width = Math.ceil(measure(text, size, weight)) + 3;
  const coverage = new Coverage(width, height);
  const chars = [...text];
  let pen = 0;
  chars.forEach((ch, i) => {
    const [advance, path] = glyphOf(face, ch);
    addGlyph(coverage, path, 1 + pen * scale, baseline, scale);
    pen += advance;
    const nextCh = chars[i + 1];
    if (nextCh !== undefined) pen += kern(face, ch, nextCh);
  });
  return { coverage, baseline };
}
