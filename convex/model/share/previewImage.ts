// The share image: 1200×630 (the size Open Graph and X's large card expect) with the idea's
// title, what is happening now (the same words as the card: "3 days left", "Judging until …",
// "Awarded", "Refunded"), the bounty's figure, and the leading video's thumbnail when there is
// one. Text is set in the app's typeface (vectorText.ts); drawn on a plain RGB canvas and encoded
// by png.ts, pure JS so it runs in Convex's isolate.
import type { IdeaStage } from "../ideaStage";
import { Canvas, type Picture, type Rgb } from "./canvas";
import { drawableText, ellipsize, measure, wrapText } from "./vectorText";
import { encodePng } from "./png";

export type { Picture };

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const INK: Rgb = [15, 23, 42];
const PAPER: Rgb = [255, 255, 255];
const INDIGO: Rgb = [79, 70, 229];
const VIOLET: Rgb = [124, 58, 237];
const GOLD: Rgb = [251, 191, 36];
const GOLD_DARK: Rgb = [217, 119, 6];
const BAND_TEXT: Rgb = [224, 231, 255];
const FRAME: Rgb = [226, 232, 240];

/** The status pill's colours per stage (the app's badge colours). */
const TONES: Record<IdeaStage, { fill: Rgb; text: Rgb }> = {
  open: { fill: [209, 250, 229], text: [4, 95, 70] },
  judging: { fill: [254, 243, 199], text: [146, 64, 14] },
  awarded: { fill: [209, 250, 229], text: [4, 95, 70] },
  refunding: { fill: [226, 232, 240], text: [51, 65, 85] },
  refunded: { fill: [226, 232, 240], text: [51, 65, 85] },
  ended: { fill: [226, 232, 240], text: [51, 65, 85] },
};

export interface PreviewImageText {
  title: string;
  /** "$1,250.00" or "No bounty". */
  amount: string;
  /** "bounty", "awarded", "refunded"… beside the amount ("" when there is none). */
  amountLabel: string;
  /** What is happening now: "5 days left", "Judging until December 5, 2026", "Awarded"… */
  status: string;
  /** "4 backers · 3 videos", or the winning video. */
  detail: string;
  tone: IdeaStage;
  /** The leading video's cover, fetched and drawn when it can be. */
  thumbnailUrl: string | null;
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
      canvas.blend(x + px, y + py, colour);
    }
}

/** The title's lines at the largest size that fits the box, the last one cut with "…". */
function fitTitle(title: string, width: number, maxHeight: number) {
  for (const size of [68, 60, 52, 46, 40]) {
    const lineHeight = Math.round(size * 1.18);
    const maxLines = Math.max(1, Math.floor(maxHeight / lineHeight));
    const lines = wrapText(title, width, size, "bold");
    if (lines.length <= maxLines) return { lines, size, lineHeight };
    if (size === 40) {
      const kept = lines.slice(0, maxLines);
      kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}…`, width, size, "bold");
      return { lines: kept, size, lineHeight };
    }
  }
  throw new Error("unreachable");
}

const MARGIN = 64;
const BAND_HEIGHT = 150;

/** The 1200×630 PNG for an idea's share preview; `thumbnail`, when given, is the lead video's. */
export function renderPreviewImage(
  text: PreviewImageText,
  thumbnail: Picture | null = null,
): Uint8Array {
  const canvas = new Canvas(PREVIEW_WIDTH, PREVIEW_HEIGHT, PAPER);
  // Header: the mark and the wordmark, as in the app's header.
  drawMark(canvas, MARGIN, 44, 64);
  canvas.text("Bounties", MARGIN + 80, 50, 40, "bold", INK);

  // The leading video on the right, 16:9, framed.
  const bandTop = PREVIEW_HEIGHT - BAND_HEIGHT;
  let textRight = PREVIEW_WIDTH - MARGIN;
  if (thumbnail) {
    const w = 448;
    const h = 252;
    const x = PREVIEW_WIDTH - MARGIN - w;
    const y = 136;
    canvas.roundRect(x - 2, y - 2, w + 4, h + 4, 18, FRAME);
    canvas.picture(thumbnail, x, y, w, h, 16);
    textRight = x - 40;
  }

  // The title, then what is happening now as a pill.
  const status = drawableText(text.status, "bold");
  const titleTop = 136;
  const pillHeight = 52;
  const titleWidth = textRight - MARGIN;
  const room = bandTop - 40 - pillHeight - 28 - titleTop;
  const { lines, size, lineHeight } = fitTitle(drawableText(text.title, "bold"), titleWidth, room);
  lines.forEach((line, i) =>
    canvas.text(line, MARGIN, titleTop + i * lineHeight, size, "bold", INK),
  );
  const pillTop = titleTop + lines.length * lineHeight + 24;
  const tone = TONES[text.tone];
  const pillText = ellipsize(status, titleWidth - 48, 28, "bold");
  const pillWidth = measure(pillText, 28, "bold") + 48;
  canvas.roundRect(MARGIN, pillTop, pillWidth, pillHeight, pillHeight / 2, tone.fill);
  canvas.text(pillText, MARGIN + 24, pillTop + 9, 28, "bold", tone.text);

  // The band: the figure on the left, the detail on the right.
  canvas.rect(0, bandTop, PREVIEW_WIDTH, BAND_HEIGHT, INDIGO);
  canvas.rect(0, bandTop - 6, PREVIEW_WIDTH, 6, GOLD);
  const amount = drawableText(text.amount, "bold");
  const amountWidth = canvas.text(amount, MARGIN, bandTop + 30, 72, "bold", PAPER);
  if (text.amountLabel)
    canvas.text(
      drawableText(text.amountLabel),
      MARGIN + amountWidth + 18,
      bandTop + 58,
      36,
      "regular",
      BAND_TEXT,
    );
  const detailLeft = MARGIN + amountWidth + 18 + measure(text.amountLabel, 36) + 48;
  const detailWidth = PREVIEW_WIDTH - MARGIN - detailLeft;
  if (detailWidth > 80) {
    const detail = ellipsize(drawableText(text.detail), detailWidth, 32, "regular");
    const width = measure(detail, 32, "regular");
    canvas.text(detail, PREVIEW_WIDTH - MARGIN - width, bandTop + 54, 32, "regular", PAPER);
  }
  return encodePng(PREVIEW_WIDTH, PREVIEW_HEIGHT, canvas.pixels);
}

/** A square image of the mark alone on white (apple-touch-icon). */
export function renderMarkIcon(size: number): Uint8Array {
  const canvas = new Canvas(size, size, PAPER);
  drawMark(canvas, 0, 0, size);
  return encodePng(size, size, canvas.pixels);
}
