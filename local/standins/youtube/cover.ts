// The YouTube stand-in's own cover drawing: an RGB canvas with gradients, rounded boxes and text
// in Roboto (the installed @fontsource/roboto faces, outlines read with opentype.js), filled
// with anti-aliasing by a small scanline rasterizer, and encoded as JPEG with jpeg-js. It knows
// nothing of the app: the stand-in draws its covers as i.ytimg.com would serve them.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { encode } from "jpeg-js";
// @ts-expect-error opentype.js ships no types; the few calls below are typed by hand.
import opentype from "opentype.js";

export type Rgb = [number, number, number];
export type Weight = "regular" | "bold";

interface Glyph {
  advanceWidth?: number;
  getPath(x: number, y: number, size: number): { commands: PathCommand[] };
}
type PathCommand =
  | { type: "M" | "L"; x: number; y: number }
  | { type: "Q"; x1: number; y1: number; x: number; y: number }
  | { type: "C"; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: "Z" };
interface Font {
  unitsPerEm: number;
  charToGlyph(ch: string): Glyph;
  getKerningValue(a: Glyph, b: Glyph): number;
}
const parse = (opentype as { parse(buffer: ArrayBuffer): Font }).parse;

const require = createRequire(import.meta.url);
const faces = new Map<Weight, Font>();

function face(weight: Weight): Font {
  let font = faces.get(weight);
  if (!font) {
    const file = require.resolve(
      `@fontsource/roboto/files/roboto-latin-${weight === "bold" ? 700 : 400}-normal.woff`,
    );
    const bytes = readFileSync(file);
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    faces.set(weight, font);
  }
  return font;
}

type Point = [number, number];

/** A line of text as closed polygons (curves flattened) with its advance, at `size` px. */
function layout(text: string, x: number, baseline: number, size: number, weight: Weight) {
  const font = face(weight);
  const scale = size / font.unitsPerEm;
  const polygons: Point[][] = [];
  let pen = x;
  let previous: Glyph | null = null;
  for (const ch of text) {
    const glyph = font.charToGlyph(ch);
    if (previous) pen += font.getKerningValue(previous, glyph) * scale;
    let current: Point[] = [];
    let at: Point = [pen, baseline];
    for (const command of glyph.getPath(pen, baseline, size).commands) {
      if (command.type === "M") {
        if (current.length > 1) polygons.push(current);
        at = [command.x, command.y];
        current = [at];
      } else if (command.type === "L") {
        at = [command.x, command.y];
        current.push(at);
      } else if (command.type === "Q" || command.type === "C") {
        const [x0, y0] = at;
        for (let i = 1; i <= 8; i++) {
          const t = i / 8;
          const u = 1 - t;
          current.push(
            command.type === "Q"
              ? [
                  u * u * x0 + 2 * u * t * command.x1 + t * t * command.x,
                  u * u * y0 + 2 * u * t * command.y1 + t * t * command.y,
                ]
              : [
                  u * u * u * x0 +
                    3 * u * u * t * command.x1 +
                    3 * u * t * t * command.x2 +
                    t * t * t * command.x,
                  u * u * u * y0 +
                    3 * u * u * t * command.y1 +
                    3 * u * t * t * command.y2 +
                    t * t * t * command.y,
                ],
          );
        }
        at = [command.x, command.y];
      } else if (command.type === "Z") {
        if (current.length > 1) polygons.push(current);
        current = [];
      }
    }
    if (current.length > 1) polygons.push(current);
    pen += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return { polygons, width: pen - x };
}

/** The width of a line of text at `size` px. */
export function measure(text: string, size: number, weight: Weight = "regular"): number {
  return layout(text, 0, 0, size, weight).width;
}

/** Words in lines no wider than `width` px. */
export function wrapLines(text: string, width: number, size: number, weight: Weight): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, size, weight) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The text cut with "…" to fit `width` px. */
export function ellipsize(text: string, width: number, size: number, weight: Weight): string {
  if (measure(text, size, weight) <= width) return text;
  let cut = text;
  while (cut.length > 0 && measure(`${cut}…`, size, weight) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** An RGB image being drawn. */
export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3);
  }

  /** Mixes `color` into a pixel by `alpha` (0–1). */
  blend(x: number, y: number, color: Rgb, alpha = 1) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let c = 0; c < 3; c++)
      this.pixels[i + c] = Math.round(this.pixels[i + c]! * (1 - a) + color[c]! * a);
  }

  /** Fills polygons (nonzero winding) with anti-aliased edges: 4 samples per pixel row. */
  fill(polygons: Point[][], color: Rgb) {
    const samples = 4;
    // Edges as [top y, bottom y, x at top, dx/dy, direction], sorted by their top.
    const edges: [number, number, number, number, number][] = [];
    let left = Infinity;
    let right = -Infinity;
    for (const polygon of polygons)
      for (let i = 0; i < polygon.length; i++) {
        const [x0, y0] = polygon[i]!;
        const [x1, y1] = polygon[(i + 1) % polygon.length]!;
        left = Math.min(left, x0);
        right = Math.max(right, x0);
        if (y0 === y1) continue;
        const down = y1 > y0;
        const [xt, yt, yb] = down ? [x0, y0, y1] : [x1, y1, y0];
        edges.push([yt, yb, xt, (x1 - x0) / (y1 - y0), down ? 1 : -1]);
      }
    if (edges.length === 0) return;
    edges.sort((a, b) => a[0] - b[0]);
    const rowFrom = Math.max(0, Math.floor(edges[0]![0]));
    const rowTo = Math.min(this.height - 1, Math.ceil(Math.max(...edges.map((e) => e[1]))));
    const colFrom = Math.max(0, Math.floor(left));
    const colTo = Math.min(this.width, Math.ceil(right) + 1);
    const coverage = new Float32Array(this.width);
    let first = 0;
    for (let row = rowFrom; row <= rowTo; row++) {
      coverage.fill(0, colFrom, colTo);
      while (first < edges.length && edges[first]![1] < row) first++;
      for (let s = 0; s < samples; s++) {
        const y = row + (s + 0.5) / samples;
        const crossings: [number, number][] = [];
        for (let i = first; i < edges.length; i++) {
          const [top, bottom, x, slope, direction] = edges[i]!;
          if (top > y) break;
          if (y >= bottom) continue;
          crossings.push([x + (y - top) * slope, direction]);
        }
        crossings.sort((a, b) => a[0] - b[0]);
        let winding = 0;
        for (let i = 0; i < crossings.length - 1; i++) {
          winding += crossings[i]![1];
          if (winding === 0) continue;
          const from = Math.max(0, crossings[i]![0]);
          const to = Math.min(this.width, crossings[i + 1]![0]);
          for (let x = Math.floor(from); x < to; x++)
            coverage[x]! += (Math.min(to, x + 1) - Math.max(from, x)) / samples;
        }
      }
      for (let x = colFrom; x < colTo; x++) this.blend(x, row, color, coverage[x]!);
    }
  }

  /** A line of text whose top is at `top` (`size` px, Roboto). */
  text(text: string, x: number, top: number, size: number, weight: Weight, color: Rgb) {
    this.fill(layout(text, x, top + size * 0.93, size, weight).polygons, color);
  }

  /** A filled box with rounded corners. */
  roundRect(x: number, y: number, width: number, height: number, radius: number, color: Rgb) {
    const corner = (cx: number, cy: number, from: number): Point[] =>
      Array.from({ length: 7 }, (_, i) => {
        const angle = from + (i * Math.PI) / 12;
        return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
      });
    this.fill(
      [
        [
          ...corner(x + width - radius, y + radius, -Math.PI / 2),
          ...corner(x + width - radius, y + height - radius, 0),
          ...corner(x + radius, y + height - radius, Math.PI / 2),
          ...corner(x + radius, y + radius, Math.PI),
        ],
      ],
      color,
    );
  }

  /** The image as a JPEG (quality 0–100). */
  jpeg(quality = 85): Uint8Array {
    const rgba = new Uint8Array(this.width * this.height * 4);
    for (let i = 0, j = 0; i < this.pixels.length; i += 3, j += 4) {
      rgba[j] = this.pixels[i]!;
      rgba[j + 1] = this.pixels[i + 1]!;
      rgba[j + 2] = this.pixels[i + 2]!;
      rgba[j + 3] = 255;
    }
    return new Uint8Array(
      encode({ width: this.width, height: this.height, data: rgba }, quality).data,
    );
  }
}
