import { describe, expect, test } from "vitest";
import { checkVideoLink, parseVideoLink, platformAccepts } from "./videoLinks";

const YT = "dQw4w9WgXcQ";
const TT = "7301234567890123456";

describe("video links", () => {
  test.each([
    [`https://www.youtube.com/watch?v=${YT}`, YT],
    [`https://youtube.com/watch?v=${YT}&t=42s&list=PL123`, YT],
    [`http://m.youtube.com/watch?feature=share&v=${YT}`, YT],
    [`https://music.youtube.com/watch?v=${YT}`, YT],
    [`https://youtu.be/${YT}`, YT],
    [`https://youtu.be/${YT}?si=abcdef`, YT],
    [`https://www.youtube.com/shorts/${YT}`, YT],
    [`https://www.youtube.com/embed/${YT}?autoplay=1`, YT],
    [`https://www.youtube-nocookie.com/embed/${YT}`, YT],
    [`https://www.youtube.com/live/${YT}`, YT],
    [`www.youtube.com/watch?v=${YT}`, YT],
    [`  https://YOUTU.BE/${YT}  `, YT],
  ])("YouTube: %s", (link, id) => {
    expect(parseVideoLink(link)).toEqual({
      platform: "YouTube",
      videoId: id,
      url: `https://www.youtube.com/watch?v=${id}`,
    });
  });

  test.each([
    [
      `https://www.tiktok.com/@maker.one/video/${TT}`,
      `https://www.tiktok.com/@maker.one/video/${TT}`,
    ],
    [
      `https://tiktok.com/@maker_one/video/${TT}?is_from_webapp=1&sender_device=pc`,
      `https://www.tiktok.com/@maker_one/video/${TT}`,
    ],
    [`https://m.tiktok.com/@maker/video/${TT}`, `https://www.tiktok.com/@maker/video/${TT}`],
  ])("TikTok: %s", (link, url) => {
    expect(parseVideoLink(link)).toEqual({ platform: "TikTok", videoId: TT, url });
  });

  test("TikTok short links are recognised (the id is resolved through TikTok later)", () => {
    expect(parseVideoLink("https://vm.tiktok.com/ZMabc123/")).toEqual({
      platform: "TikTok",
      url: "https://vm.tiktok.com/ZMabc123/",
    });
    expect(parseVideoLink("https://www.tiktok.com/t/ZTabc123/")).toEqual({
      platform: "TikTok",
      url: "https://www.tiktok.com/t/ZTabc123/",
    });
  });

  test.each([
    "",
    "not a link",
    `javascript:alert("https://youtu.be/${YT}")`,
    `data:text/html,https://youtu.be/${YT}`,
    `ftp://youtube.com/watch?v=${YT}`,
    `https://youtube.com.evil.example/watch?v=${YT}`,
    `https://evil-youtube.com/watch?v=${YT}`,
    `https://notyoutube.com/watch?v=${YT}`,
    `https://youtu.be.evil.example/${YT}`,
    `https://evil.example/?next=https://youtu.be/${YT}`,
    `https://user:pass@youtube.com/watch?v=${YT}`,
    `https://www.youtube.com/watch?v=short`,
    `https://www.youtube.com/watch?v=${YT}x`,
    `https://www.youtube.com/channel/UC1234567890123456789012`,
    `https://www.youtube.com/`,
    `https://tiktok.com.evil.example/@a/video/${TT}`,
    `https://www.tiktok.com/@a/video/123`,
    `https://www.tiktok.com/@a/photo/${TT}`,
    `https://www.tiktok.com/@someone`,
    `https://vimeo.com/123456`,
    `https://www.youtube.com/watch?v=${YT}`.padEnd(3000, "x"),
  ])("refused: %s", (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  test("the idea's platform decides which links are accepted, with the spec's messages", () => {
    expect(platformAccepts("Any", "TikTok")).toBe(true);
    expect(platformAccepts("YouTube", "TikTok")).toBe(false);
    expect(checkVideoLink("  ", "Any")).toEqual({
      ok: false,
      message: "Please provide a video link",
    });
    expect(checkVideoLink(`https://youtu.be/${YT}`, "TikTok")).toEqual({
      ok: false,
      message: "Invalid video link format",
    });
    expect(checkVideoLink(`https://www.tiktok.com/@a/video/${TT}`, "YouTube")).toEqual({
      ok: false,
      message: "Invalid video link format",
    });
    expect(checkVideoLink(`https://youtu.be/${YT}`, "YouTube")).toMatchObject({ ok: true });
    expect(checkVideoLink(`https://www.tiktok.com/@a/video/${TT}`, "Any")).toMatchObject({
      ok: true,
    });
  });
});
