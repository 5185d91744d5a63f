// Generated images standing in for i.ytimg.com thumbnails and channel avatars, so pages that
// show them look right offline: a colored 16:9 card with the title and duration, as a JPEG like
// YouTube's covers (an SVG for links stored before).
import { escapeHtml } from "../framework.js";
import { Canvas, ellipsize, measure, wrapLines, type Rgb } from "./cover.js";
import { pick } from "./data.js";

const svgResponse = (svg: string, status = 200) =>
  new Response(svg, {
    status,
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=300" },
  });

/** Splits text into at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, width - 1)}…`;
  }
  return lines;
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
};

export function thumbnailSvg(
  video: { id: string; title: string; durationSeconds: number } | null,
  channelTitle = "",
): Response {
  if (!video) {
    return svgResponse(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270"><rect width="480" height="270" fill="#d9d9de"/></svg>`,
      404,
    );
  }
  const hue = pick(video.id, 360);
  const lines = wrap(video.title, 26, 3)
    .map(
      (line, i) =>
        `<text x="28" y="${92 + i * 36}" font-size="28" font-weight="700" fill="#fff">${escapeHtml(line)}</text>`,
    )
    .join("");
  const time = clock(video.durationSeconds);
  const badge = 14 + time.length * 10;
  return svgResponse(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270" font-family="system-ui,sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 62% 26%)"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/>
<polygon points="226,190 226,222 254,206" fill="#fff" opacity=".85"/>
${lines}
<text x="28" y="252" font-size="16" fill="#ffffffcc">${escapeHtml(channelTitle)}</text>
<rect x="${466 - badge}" y="232" width="${badge}" height="26" rx="4" fill="#000000cc"/>
<text x="${466 - badge / 2}" y="250" font-size="16" font-weight="600" fill="#fff" text-anchor="middle">${time}</text>
</svg>`);
}

/** HSL to RGB (0–255), for the covers' gradients. */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * The same card as a JPEG, as i.ytimg.com serves covers (what the share image can draw: it
 * decodes JPEG only). 480×270.
 */
/** Covers drawn lately (a page shows the same ones again and again). */
const drawn = new Map<string, Uint8Array>();
const DRAWN_KEPT = 200;

export function thumbnailJpeg(
  video: { id: string; title: string; durationSeconds: number } | null,
  channelTitle = "",
): Response {
  const key = JSON.stringify([video, channelTitle]);
  let jpeg = drawn.get(key);
  if (!jpeg) {
    jpeg = drawCover(video, channelTitle);
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, jpeg);
  }
  return new Response(new Uint8Array(jpeg), {
    status: video ? 200 : 404,
    headers: { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=300" },
  });
}

function drawCover(
  video: { id: string; title: string; durationSeconds: number } | null,
  channelTitle: string,
): Uint8Array {
  const width = 480;
  const height = 270;
  const canvas = new Canvas(width, height, [217, 217, 222]);
  if (video) {
    const hue = pick(video.id, 360);
    const from = hsl(hue, 0.62, 0.42);
    const to = hsl((hue + 50) % 360, 0.62, 0.26);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const t = (x / width + y / height) / 2;
        canvas.blend(x, y, [
          Math.round(from[0] + (to[0] - from[0]) * t),
          Math.round(from[1] + (to[1] - from[1]) * t),
          Math.round(from[2] + (to[2] - from[2]) * t),
        ]);
      }
    wrapLines(video.title, 424, 28, "bold")
      .slice(0, 3)
      .forEach((line, i) => canvas.text(line, 28, 64 + i * 36, 28, "bold", [255, 255, 255]));
    canvas.text(
      ellipsize(channelTitle, 300, 16, "regular"),
      28,
      236,
      16,
      "regular",
      [235, 235, 240],
    );
    const time = clock(video.durationSeconds);
    const badge = Math.ceil(measure(time, 16, "bold")) + 14;
    canvas.roundRect(466 - badge, 232, badge, 26, 4, [20, 20, 20]);
    canvas.text(time, 466 - badge + 7, 235, 16, "bold", [255, 255, 255]);
  }
  return canvas.jpeg(85);
}

export function avatarSvg(id: string, title: string): Response {
  const initials = title
    .replace(/'s channel$/, "")
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return svgResponse(
    `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88" viewBox="0 0 88 88"><circle cx="44" cy="44" r="44" fill="hsl(${pick(id, 360)} 55% 40%)"/><text x="44" y="55" font-family="system-ui,sans-serif" font-size="32" font-weight="600" fill="#fff" text-anchor="middle">${escapeHtml(initials || "?")}</text></svg>`,
  );
}
