// Generated images standing in for i.ytimg.com thumbnails and channel avatars, so pages that
// show them look right offline: a colored 16:9 card with the title and duration.
import { escapeHtml } from "../framework.js";
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
