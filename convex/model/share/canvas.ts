// A plain RGB canvas for the share image (and the local stand-ins' video covers): rectangles,
// rounded rectangles, text in the app's typeface and scaled pictures, blended with coverage.
// Imports carry their ".js" so the stand-ins (Node) can use it as it is.
import { measure, rasterizeLine, type Weight } from "./vectorText.js";

export type Rgb = readonly [number, number, number];

/** A decoded picture: RGBA bytes, row by row. */
export interface Picture {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** A plain RGB canvas with the few shapes the share image draws (also the stand-ins' covers). */
export class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  blend(x: number, y: number, [r, g, b]: Rgb, alpha = 1) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const p = this.pixels;
    if (alpha >= 1) {
      p[i] = r;
      p[i + 1] = g;
      p[i + 2] = b;
      return;
    }
    p[i] = Math.round(p[i]! + (r - p[i]!) * alpha);
    p[i + 1] = Math.round(p[i + 1]! + (g - p[i + 1]!) * alpha);
    p[i + 2] = Math.round(p[i + 2]! + (b - p[i + 2]!) * alpha);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const x0 = Math.max(0, x);
    const x1 = Math.min(this.width, x + w);
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++)
      for (let i = (yy * this.width + x0) * 3, end = (yy * this.width + x1) * 3; i < end; i += 3) {
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
  }

  /** How much of pixel (px, py) lies inside a rectangle with rounded corners (4×4 samples). */
  private static roundInside(
    px: number,
    py: number,
    x: number,
    y: number,
    w: number,
    h: number,
    r: number,
  ) {
    let inside = 0;
    for (let sy = 0; sy < 4; sy++)
      for (let sx = 0; sx < 4; sx++) {
        const qx = px + (sx + 0.5) / 4;
        const qy = py + (sy + 0.5) / 4;
        const cx = Math.min(Math.max(qx, x + r), x + w - r);
        const cy = Math.min(Math.max(qy, y + r), y + h - r);
        if ((qx - cx) ** 2 + (qy - cy) ** 2 <= r * r) inside++;
      }
    return inside / 16;
  }

  roundRect(x: number, y: number, w: number, h: number, r: number, colour: Rgb) {
    for (let py = Math.floor(y); py < Math.ceil(y + h); py++)
      for (let px = Math.floor(x); px < Math.ceil(x + w); px++) {
        const nearCorner = (px < x + r || px > x + w - r - 1) && (py < y + r || py > y + h - r - 1);
        this.blend(px, py, colour, nearCorner ? Canvas.roundInside(px, py, x, y, w, h, r) : 1);
      }
  }

  /** A line of text with its top-left at (x, y); returns its width. */
  text(text: string, x: number, y: number, size: number, weight: Weight, colour: Rgb): number {
    const { coverage } = rasterizeLine(text, size, weight);
    const left = Math.round(x) - 1;
    const top = Math.round(y);
    coverage.forEach((cx, cy, c) => this.blend(left + cx, top + cy, colour, c));
    return measure(text, size, weight);
  }

  /** A picture scaled to cover the box (cropped to it, bilinear), with rounded corners. */
  picture(pic: Picture, x: number, y: number, w: number, h: number, r: number) {
    const scale = Math.max(w / pic.width, h / pic.height);
    const offX = (pic.width * scale - w) / 2;
    const offY = (pic.height * scale - h) / 2;
    // Where each column and row samples from: two neighbours and the weight between them.
    const axis = (n: number, off: number, size: number) => {
      const lo = new Int32Array(n);
      const hi = new Int32Array(n);
      const f = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const s = Math.max(0, Math.min(size - 1, (i + 0.5 + off) / scale - 0.5));
        lo[i] = Math.floor(s);
        hi[i] = Math.min(size - 1, lo[i]! + 1);
        f[i] = s - lo[i]!;
      }
      return { lo, hi, f };
    };
    const cols = axis(w, offX, pic.width);
    const rows = axis(h, offY, pic.height);
    const src = pic.rgba;
    const rgb: [number, number, number] = [0, 0, 0];
    for (let py = 0; py < h; py++) {
      const top = rows.lo[py]! * pic.width;
      const bottom = rows.hi[py]! * pic.width;
      const fy = rows.f[py]!;
      for (let px = 0; px < w; px++) {
        const nearCorner = (px < r || px >= w - r) && (py < r || py >= h - r);
        const alpha = nearCorner ? Canvas.roundInside(px, py, 0, 0, w, h, r) : 1;
        if (alpha <= 0) continue;
        const a = (top + cols.lo[px]!) * 4;
        const b = (top + cols.hi[px]!) * 4;
        const c = (bottom + cols.lo[px]!) * 4;
        const d = (bottom + cols.hi[px]!) * 4;
        const fx = cols.f[px]!;
        for (let k = 0; k < 3; k++) {
          const upper = src[a + k]! + (src[b + k]! - src[a + k]!) * fx;
          const lower = src[c + k]! + (src[d + k]! - src[c + k]!) * fx;
          rgb[k] = Math.round(upper + (lower - upper) * fy);
        }
        this.blend(x + px, y + py, rgb, alpha);
      }
    }
  }
}
