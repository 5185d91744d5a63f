// The winner card (issue 37): an awarded idea's own share page, /share/{id}/winner, with its
// Open Graph tags and its 1200×630 image (/share/{id}/winner.png), then on to the idea page; an
// idea without a winner sends the link on to its own share page. The idea's /share/{id} is as
// it was.
import { afterEach, describe, expect, test } from "vitest";
import { inflateSync } from "node:zlib";
import { api } from "../_generated/api";
import { createUser } from "../test.setup";
import { cleanUp, moneyWorld, newIdea, paid, setNow, settle, submitVideo } from "../test.money";

afterEach(cleanUp);

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  const idatLength = view.getUint32(33);
  const raw = inflateSync(bytes.slice(41, 41 + idatLength));
  return { width: view.getUint32(16), height: view.getUint32(20), raw };
}

describe("the winner card", () => {
  test("an awarded idea's card names the video, its creator, the idea and the amount, with its image", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t, { name: "Rae Maker" });
    await submitVideo(w, ideaId, creator, "winnercard1");
    await paid(w, ideaId, await createUser(w.t), 4_200);

    // Not awarded yet: the link goes on to the idea's own share page.
    const early = await w.t.fetch(`/share/${ideaId}/winner`, { redirect: "manual" });
    expect(early.status).toBe(302);
    expect(early.headers.get("Location")).toMatch(new RegExp(`/share/${ideaId}$`));

    await settle(w, ideaId);
    setNow(Date.now() + 60_000); // the card is opened a minute after the award
    const res = await w.t.fetch(`/share/${ideaId}/winner`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(meta(html, "og:title")).toBe("“Video winnercard1” won “Bridges of Lisbon”");
    expect(meta(html, "description")).toMatch(
      /^\$42\.00 awarded to “Video winnercard1” by Rae Maker, the winning video for “Bridges of Lisbon” on Bounties\. Winner announced [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    );
    expect(meta(html, "og:url")).toMatch(new RegExp(`/share/${ideaId}/winner$`));
    expect(meta(html, "bounties:stage")).toBe("winner");
    // On to the idea's page in the web app (whichever SITE_URL this worker's files set).
    expect(html).toMatch(new RegExp(`url=https?://[^/"]+/expanded-proposal/${ideaId}"`));
    const image = new URL(meta(html, "og:image")!);
    expect(image.pathname).toBe(`/share/${ideaId}/winner.png`);
    const png = await w.t.fetch(image.pathname + image.search);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const decoded = pngSize(new Uint8Array(await png.arrayBuffer()));
    expect(decoded).toMatchObject({ width: 1200, height: 630 });
    // Not the idea's own preview: another picture.
    const preview = await w.t.fetch(`/share/${ideaId}/image.png`);
    const previewRaw = pngSize(new Uint8Array(await preview.arrayBuffer())).raw;
    expect(Buffer.compare(previewRaw, decoded.raw)).not.toBe(0);
    const etag = png.headers.get("ETag")!;
    expect((await w.t.fetch(image.pathname, { headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );

    // The idea's own share page is unchanged in kind.
    const own = await (await w.t.fetch(`/share/${ideaId}`)).text();
    expect(meta(own, "bounties:stage")).toBe("awarded");
    expect(new URL(meta(own, "og:image")!).pathname).toBe(`/share/${ideaId}/image.png`);
    const card = (await w.t.query(api.ideas.get, { ideaId }))!;
    expect(card.ending.kind).toBe("awarded");
  });

  test("an unknown idea's winner card is the 404 page", async () => {
    const w = moneyWorld();
    for (const path of ["/share/nope/winner", "/share/nope/winner.png"]) {
      const res = await w.t.fetch(path);
      expect(res.status, path).toBe(404);
    }
  });
});
