// The winner card's image (issue 37): 1200×630, the size Open Graph and X's large card expect.
// A gold "Winner" ribbon, the winning video's title and creator, the idea it won, its cover on
// the right, and a band with the amount awarded and when the winner was announced. Drawn like
// the idea's preview (previewImage.ts): the app's typeface, a plain RGB canvas, pure JS.
import { Canvas, type Picture, type Rgb } from "./canvas";
import { drawableText, ellipsize, measure, wrapText } from "./vectorText";
import { encodePng } from "./png";
import { drawMark, PREVIEW_HEIGHT, PREVIEW_WIDTH } from "./previewImage";

const INK: Rgb = [15, 23, 42];
const MUTED: Rgb = [71, 85, 105];
const PAPER: Rgb = [255, 255, 255];
const CREAM: Rgb = [255, 251, 235];
const INDIGO: Rgb = [79, 70, 229];
const GOLD: Rgb = [251, 191, 36];
const GOLD_DARK: Rgb = [146, 64, 14];
const BAND_TEXT: Rgb = [224, 231, 255];
const FRAME: Rgb = [253, 230, 138];

export interface WinnerImageText {
  videoTitle: string;
  creatorName: string;
  ideaTitle: string;
  /** "$125.00" */
  amount: string;
  /** "Winner announced December 18, 2026" */
  announced: string;
  thumbnailUrl: string | null;
}

const MARGIN = 64;
const BAND_HEIGHT = 130;

/** The lines of a title at the largest size that fits, the last cut with "…". */
function fit(text: string, width: number, maxHeight: number, sizes: number[]) {
  for (const size of sizes) {
    const lineHeight = Math.round(size * 1.18);
    const maxLines = Math.max(1, Math.floor(maxHeight / lineHeight));
    const lines = wrapText(text, width, size, "bold");
    if (lines.length <= maxLines) return { lines, size, lineHeight };
    if (size === sizes.at(-1)) {
      const kept = lines.slice(0, maxLines);
      kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}…`, width, size, "bold");
      return { lines: kept, size, lineHeight };
    }
  }
  throw new Error("unreachable");
}

/** The winner card as a PNG; `thumbnail`, when given, is the winning video's cover. */
export function renderWinnerImage(
  text: WinnerImageText,
  thumbnail: Picture | null = null,
): Uint8Array {
  const canvas = new Canvas(PREVIEW_WIDTH, PREVIEW_HEIGHT, CREAM);
  drawMark(canvas, MARGIN, 40, 56);
  canvas.text("Bounties", MARGIN + 72, 44, 36, "bold", INK);

  // The ribbon: "WINNER" in gold, top right of the header.
  const ribbon = "WINNER";
  const ribbonWidth = measure(ribbon, 30, "bold") + 56;
  canvas.roundRect(PREVIEW_WIDTH - MARGIN - ribbonWidth, 40, ribbonWidth, 56, 28, GOLD);
  canvas.text(ribbon, PREVIEW_WIDTH - MARGIN - ribbonWidth + 28, 50, 30, "bold", GOLD_DARK);

  const bandTop = PREVIEW_HEIGHT - BAND_HEIGHT;
  let textRight = PREVIEW_WIDTH - MARGIN;
  if (thumbnail) {
    const w = 432;
    const h = 243;
    const x = PREVIEW_WIDTH - MARGIN - w;
    const y = 130;
    canvas.roundRect(x - 6, y - 6, w + 12, h + 12, 22, FRAME);
    canvas.picture(thumbnail, x, y, w, h, 16);
    textRight = x - 40;
  }
  const width = textRight - MARGIN;

  // The video's title, who made it, and the idea it won.
  const top = 130;
  const byline = ellipsize(drawableText(`by ${text.creatorName}`), width, 32, "regular");
  const idea = ellipsize(drawableText(`for “${text.ideaTitle}”`), width, 28, "regular");
  const room = bandTop - 36 - top - 44 - 40;
  const title = fit(drawableText(`“${text.videoTitle}”`, "bold"), width, room, [60, 52, 46, 40]);
  title.lines.forEach((line, i) =>
    canvas.text(line, MARGIN, top + i * title.lineHeight, title.size, "bold", INK),
  );
  const afterTitle = top + title.lines.length * title.lineHeight + 12;
  canvas.text(byline, MARGIN, afterTitle, 32, "regular", INK);
  canvas.text(idea, MARGIN, afterTitle + 44, 28, "regular", MUTED);

  // The band: the amount awarded, and when the winner was announced.
  canvas.rect(0, bandTop, PREVIEW_WIDTH, BAND_HEIGHT, INDIGO);
  canvas.rect(0, bandTop - 6, PREVIEW_WIDTH, 6, GOLD);
  const amount = drawableText(text.amount, "bold");
  const amountWidth = canvas.text(amount, MARGIN, bandTop + 26, 64, "bold", PAPER);
  canvas.text("awarded", MARGIN + amountWidth + 16, bandTop + 50, 32, "regular", BAND_TEXT);
  const left = MARGIN + amountWidth + 16 + measure("awarded", 32) + 48;
  const room2 = PREVIEW_WIDTH - MARGIN - left;
  if (room2 > 80) {
    const announced = ellipsize(drawableText(text.announced), room2, 30, "regular");
    const w = measure(announced, 30, "regular");
    canvas.text(announced, PREVIEW_WIDTH - MARGIN - w, bandTop + 50, 30, "regular", PAPER);
  }
  return encodePng(PREVIEW_WIDTH, PREVIEW_HEIGHT, canvas.pixels);
}
