// Generated images standing in for TikTok's CDN: 9:16 video covers with the title and avatars
// with initials, so pages that show them look right offline.
import { escapeHtml } from "../framework.js";
import { wrap } from "../youtube/media.js";
import { pick, type Person, type TikTokVideo } from "./data.js";

const svgResponse = (svg: string, status = 200) =>
  new Response(svg, {
    status,
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=300" },
  });

export function coverSvg(video: TikTokVideo | undefined, person: Person | undefined): Response {
  if (!video || !person) {
    return svgResponse(
      `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640"><rect width="360" height="640" fill="#1f1f24"/></svg>`,
      404,
    );
  }
  const hue = pick(video.id, 360);
  const lines = wrap(video.title, 16, 5)
    .map(
      (line, i) =>
        `<text x="28" y="${250 + i * 38}" font-size="30" font-weight="700" fill="#fff">${escapeHtml(line)}</text>`,
    )
    .join("");
  const m = Math.floor(video.durationSeconds / 60);
  const s = String(video.durationSeconds % 60).padStart(2, "0");
  return svgResponse(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640" font-family="system-ui,sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 300) % 360} 60% 18%)"/></linearGradient></defs>
<rect width="360" height="640" fill="url(#g)"/>
${lines}
<text x="28" y="590" font-size="20" font-weight="600" fill="#fff">@${escapeHtml(person.username)}</text>
<text x="332" y="590" font-size="18" fill="#ffffffcc" text-anchor="end">${m}:${s}</text>
</svg>`);
}

export function avatarSvg(person: Person | undefined): Response {
  const name = person?.displayName ?? "?";
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return svgResponse(
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><circle cx="50" cy="50" r="50" fill="hsl(${pick(person?.username ?? "", 360)} 60% 38%)"/><text x="50" y="62" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`,
    person ? 200 : 404,
  );
}
