import { describe, expect, test } from "vitest";
import { inflateSync } from "node:zlib";
import type { Id } from "../_generated/dataModel";
import { as, createUser, newBackend } from "../test.setup";

const DAY = 24 * 3600 * 1000;

async function postIdea(t: ReturnType<typeof newBackend>) {
  const ada = await createUser(t);
  const res = await as(t, ada).fetch("/server/api/proposals/submit", {
    method: "POST",
    body: JSON.stringify({
      oneLiner: "Street food of Lagos <at night>",
      description:
        "One vendor's night, start to finish.\n\nSupporting Links:\n- https://example.com/l",
      platform: "YouTube",
      expiration: new Date(Date.now() + 10 * DAY + 60_000).toISOString(),
      selectedDurations: ["MEDIUM"],
    }),
  });
  const { proposal } = (await res.json()) as { proposal: { id: Id<"proposals"> } };
  // The REST route keeps only the description's links; the web app's form writes the text.
  await t.run((ctx) =>
    ctx.db.patch("proposals", proposal.id, {
      description:
        "One vendor's night, start to finish.\n\nSupporting Links:\n- https://example.com/l",
    }),
  );
  return proposal.id;
}

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

/** Width, height and colour type from a PNG's signature and IHDR, and its pixels inflated. */
function readPng(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe("IHDR");
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const idatLength = view.getUint32(33);
  expect(new TextDecoder().decode(bytes.slice(37, 41))).toBe("IDAT");
  const raw = inflateSync(bytes.slice(41, 41 + idatLength));
  return { width, height, colourType: bytes[25], raw };
}

describe("share pages", () => {
  test("an idea's share link has its own title, description and og:image, then opens the idea", async () => {
    const t = newBackend();
    const id = await postIdea(t);
    const res = await t.fetch(`/share/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<title>Street food of Lagos &lt;at night&gt; · Bounties</title>");
    expect(meta(html, "og:title")).toBe("Street food of Lagos &lt;at night&gt;");
    expect(meta(html, "description")).toBe(
      "$0.00 bounty from 0 backers · 0 videos · 11 days left. One vendor's night, start to finish.".replace(
        "'",
        "&#39;",
      ),
    );
    expect(meta(html, "og:type")).toBe("website");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "og:url")).toMatch(new RegExp(`/share/${id}$`));
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/share/${id}">`));
    expect(html).toContain(`url=http://localhost:5173/expanded-proposal/${id}`);
    expect(html).toContain(`href="http://localhost:5173/expanded-proposal/${id}"`);

    const image = new URL(meta(html, "og:image")!);
    expect(image.pathname).toBe(`/share/${id}/image.png`);
    const png = await t.fetch(image.pathname + image.search);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const decoded = readPng(new Uint8Array(await png.arrayBuffer()));
    expect(decoded).toMatchObject({ width: 1200, height: 630, colourType: 2 });
    expect(decoded.raw.length).toBe(630 * (1200 * 3 + 1));

    // A repeat with the ETag is a 304; the same request after the bounty grows is a new image
    // under a new URL (so unfurlers refetch).
    const etag = png.headers.get("ETag")!;
    const again = await t.fetch(image.pathname, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    await t.run((ctx) =>
      ctx.db.patch("proposals", id, { bountyCents: 12_500, submissionCount: 1 }),
    );
    const updated = await (await t.fetch(`/share/${id}`)).text();
    expect(meta(updated, "og:image")).not.toBe(image.href);
    expect(meta(updated, "description")).toMatch(
      /^\$125\.00 bounty from 0 backers · 1 video · 11 days left\./,
    );
    const fresh = await t.fetch(image.pathname, { headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ETag")).not.toBe(etag);
  });

  test("an unknown or malformed id is a 404 page, never a 5xx", async () => {
    const t = newBackend();
    const id = await postIdea(t);
    await t.run((ctx) => ctx.db.delete("proposals", id));
    for (const path of [
      `/share/${id}`,
      `/share/${id}/image.png`,
      "/share/nope",
      "/share/%00'\"",
      "/share/",
    ]) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("Idea not found");
    }
  });
});
