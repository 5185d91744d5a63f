// The idea cards' videos, poster and backer count, read through the public list query.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, type Backend } from "./test.setup";
import { cleanUp, moneyWorld, newIdea, paid, type MoneyWorld } from "./test.money";

afterEach(cleanUp);

const cardOf = async (t: Backend, ideaId: Id<"proposals">) => {
  const { page } = await t.query(api.ideas.list, {
    view: "all",
    sort: "recent",
    paginationOpts: { numItems: 10, cursor: null },
  });
  return page.find((card) => card._id === ideaId)!;
};

/** A submission stored as the submit flow stores it, with a chosen vote count. */
async function addVideo(
  t: Backend,
  ideaId: Id<"proposals">,
  videoId: string,
  netVotes: number,
  thumbnailUrl?: string,
) {
  const authorId = await createUser(t);
  return await t.run((ctx) =>
    ctx.db.insert("submissions", {
      ideaId,
      authorId,
      platform: "YouTube",
      videoId,
      url: `https://youtu.be/${videoId}`,
      title: `Video ${videoId}`,
      channelId: `UC${videoId}`,
      channelTitle: "A channel",
      ...(thumbnailUrl ? { thumbnailUrl } : {}),
      netVotes,
      checklist: {
        exists: true,
        ownedBySubmitter: true,
        publishedAfterIdea: true,
        durationAllowed: true,
      },
    }),
  );
}

describe("an idea card", () => {
  test("shows no videos, the poster's name and no backers for a new idea", async () => {
    const w: MoneyWorld = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    await w.t.run((ctx) =>
      ctx.db.patch("users", author, { name: "Ada Lovelace", image: "https://example.com/ada.png" }),
    );
    const card = await cardOf(w.t, ideaId);
    expect(card.videos).toEqual([]);
    // Their id leads to their page, where people follow them (issue 38).
    expect(card.author).toEqual({
      _id: author,
      name: "Ada Lovelace",
      avatarUrl: "https://example.com/ada.png",
    });
    expect(card.backerCount).toBe(0);
  });

  test("carries the three most voted videos, only their cover, platform and title", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await addVideo(w.t, ideaId, "low", 0);
    const top = await addVideo(w.t, ideaId, "top", 9, "https://i.ytimg.com/vi/top/hq.jpg");
    const second = await addVideo(w.t, ideaId, "second", 5);
    const third = await addVideo(w.t, ideaId, "third", 2);
    const card = await cardOf(w.t, ideaId);
    expect(card.videos).toEqual([
      {
        _id: top,
        platform: "YouTube",
        title: "Video top",
        thumbnailUrl: "https://i.ytimg.com/vi/top/hq.jpg",
      },
      { _id: second, platform: "YouTube", title: "Video second", thumbnailUrl: null },
      { _id: third, platform: "YouTube", title: "Video third", thumbnailUrl: null },
    ]);
    // The idea page reads the same card.
    expect((await w.t.query(api.ideas.get, { ideaId }))!.videos).toHaveLength(3);
  });

  test("counts each backer once, however many times they pay; each anonymous payment alone", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ben = await createUser(w.t);
    const cleo = await createUser(w.t);
    await paid(w, ideaId, ben);
    expect((await cardOf(w.t, ideaId)).backerCount).toBe(1);
    await paid(w, ideaId, ben, 700);
    expect((await cardOf(w.t, ideaId)).backerCount).toBe(1);
    await paid(w, ideaId, cleo);
    await paid(w, ideaId, null);
    await paid(w, ideaId, null);
    const card = await cardOf(w.t, ideaId);
    expect(card.backerCount).toBe(4);
    expect(card.bountyCents).toBe(2700);
    // A webhook delivered again changes nothing.
    await w.stripe.deliver();
    expect((await cardOf(w.t, ideaId)).backerCount).toBe(4);
  });

  test("a checkout started but not paid makes no backer", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ben = await createUser(w.t);
    await as(w.t, ben).action(api.contributions.startCheckout, { ideaId, amountCents: 500 });
    expect((await cardOf(w.t, ideaId)).backerCount).toBe(0);
  });
});
