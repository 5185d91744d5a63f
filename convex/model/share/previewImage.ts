// The share image: 1200×630 (the size Open Graph and X's large card expect) with the idea's
// title, bounty, number of videos, time left or outcome, and the Bounties mark. Drawn on a plain
// RGB canvas with the bitmap font, encoded by png.ts; pure JS so it runs in Convex's isolate.
import { drawableText, GLYPH_ADVANCE, GLYPH_HEIGHT, glyphPixel } from "./bitmapFont";
import { encodePng } from "./png";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

type Rgb = readonly [number, number, number];
const INK: Rgb = [17, 24, 39];

const PAPER: Rgb = [255, 255, 255];
const INDIGO: Rgb = [79, 70, 229];
const VIOLET: Rgb = [124, 58, 237];
const GOLD: Rgb = [251, 191, 36];
const GOLD_DARK: Rgb = [217, 119, 6];
const BAND_TEXT: Rgb = [224, 231, 255];

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++)
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++)
        this.set(xx, yy, colour);
  }

  /** Draws text at a whole-number scale with its top-left at (x, y); returns its width. */
  text(text: string, x: number, y: number, scale: number, colour: Rgb): number {
    let left = x;
    for (const ch of text) {
      for (let gx = 0; gx < 5; gx++)
        for (let gy = 0; gy < GLYPH_HEIGHT; gy++)
          if (glyphPixel(ch, gx, gy))
            this.rect(left + gx * scale, y + gy * scale, scale, scale, colour);
      left += GLYPH_ADVANCE * scale;
    }
    return textWidth(text, scale);
  }
}

function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * GLYPH_ADVANCE - 1) * scale;
}

/** The Bounties mark (src/components/Logo.tsx): play button on an indigo-to-violet tile, gold coin. */
export function drawMark(canvas: Canvas, x: number, y: number, size: number) {
  const unit = size / 32;
  const radius = 9 * unit;
  const inside = (px: number, py: number) => {
    const cx = Math.min(Math.max(px, radius), size - radius);
    const cy = Math.min(Math.max(py, radius), size - radius);
    return (px - cx) ** 2 + (py - cy) ** 2 <= radius * radius;
  };
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const sx = px + 0.5;
      const sy = py + 0.5;
      if (!inside(sx, sy)) continue;
      const t = (sx + sy) / (2 * size);
      const mix = (from: number, to: number) => Math.round(from + (to - from) * t);
      let colour: Rgb = [
        mix(INDIGO[0], VIOLET[0]),
        mix(INDIGO[1], VIOLET[1]),
        mix(INDIGO[2], VIOLET[2]),
      ];
      // The play triangle: from (12, 9.6) down to (12, 22.4), point at (23.6, 16).
      const ux = sx / unit;
      const uy = sy / unit;
      const halfHeight = 6.4 * (1 - (ux - 12) / 11.6);
      if (ux >= 12 && ux <= 23.6 && Math.abs(uy - 16) <= halfHeight) colour = PAPER;
      // The coin, bottom right.
      const coin = Math.hypot(ux - 25, uy - 25);
      if (coin <= 5.5) colour = coin <= 3.6 ? GOLD : GOLD_DARK;
      canvas.set(x + px, y + py, colour);
    }
}

/** Splits text into lines of at most `max` characters at spaces (long words are cut). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > max) {
      if (line) lines.push(line);
      line = "";
      lines.push(rest.slice(0, max));
      rest = rest.slice(max);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= max) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The title's lines at the largest scale that fits, the last one ending "..." if cut. */
function fitTitle(title: string, width: number): { lines: string[]; scale: number } {
  const options = [
    { scale: 10, maxLines: 2 },
    { scale: 8, maxLines: 3 },
    { scale: 6, maxLines: 4 },
  ];
  for (const { scale, maxLines } of options) {
    const perLine = Math.floor((width + scale) / (GLYPH_ADVANCE * scale));
    const lines = wrap(title, perLine);
    if (lines.length <= maxLines) return { lines, scale };
    if (scale === 6) {
      const kept = lines.slice(0, maxLines);
      const last = kept[maxLines - 1] ?? "";
      kept[maxLines - 1] = `${last.slice(0, perLine - 3).trimEnd()}...`;
      return { lines: kept, scale };
    }
  }
  throw new Error("unreachable");
}

export interface PreviewImageText {
  title: string;
  /** "$1,250.00" */
  bounty: string;
  /** "3 videos" */
  videos: string;
  /** "5 days left", or the outcome once the deadline has passed */
  status: string;
}

/** The 1200×630 PNG for an idea's share preview. */
export function renderPreviewImage(text: PreviewImageText): Uint8Array {
  const canvas = new Canvas(PREVIEW_WIDTH, PREVIEW_HEIGHT, PAPER);
  const margin = 64;
  // Header: the mark and the wordmark.
  drawMark(canvas, margin, 48, 72);
  canvas.text("Bounties", margin + 96, 60, 6, INK);
  // The title.
  const { lines, scale } = fitTitle(drawableText(text.title), PREVIEW_WIDTH - 2 * margin);
  const lineHeight = (GLYPH_HEIGHT + 4) * scale;
  const titleTop = 156;
  lines.forEach((line, i) => canvas.text(line, margin, titleTop + i * lineHeight, scale, INK));
  // The band: bounty on the left, videos and time left on the right.
  const bandTop = PREVIEW_HEIGHT - 150;
  canvas.rect(0, bandTop, PREVIEW_WIDTH, 150, INDIGO);
  const bounty = drawableText(text.bounty);
  const bountyWidth = canvas.text(bounty, margin, bandTop + 40, 9, PAPER);
  canvas.text("bounty", margin + bountyWidth + 20, bandTop + 40 + 9 * 7 - 4 * 7, 4, BAND_TEXT);
  const right = PREVIEW_WIDTH - margin;
  const videos = drawableText(text.videos);
  const status = drawableText(text.status);
  canvas.text(videos, right - textWidth(videos, 4), bandTop + 38, 4, PAPER);
  canvas.text(status, right - textWidth(status, 4), bandTop + 84, 4, BAND_TEXT);
  canvas.rect(0, bandTop - 6, PREVIEW_WIDTH, 6, GOLD);

  return encodePng(PREVIEW_WIDTH, PREVIEW_HEIGHT, canvas.pixels);
}

/** A square image of the mark alone on white (apple-touch-icon). */
export function renderMarkIcon(size: number): Uint8Array {
  const canvas = new Canvas(size, size, PAPER);
  drawMark(canvas, 0, 0, size);
  return encodePng(size, size, canvas.pixels);
}
