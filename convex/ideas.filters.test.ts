import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";

const DAY = 24 * 3600 * 1000;
type Platform = "YouTube" | "TikTok" | "Any";
type Duration = "SHORT" | "MEDIUM" | "LONG";

async function post(
  t: Backend,
  userId: Id<"users">,
  oneLiner: string,
  platform: Platform,
  durations: Duration[],
  daysLeft: number,
) {
  return await as(t, userId).mutation(api.ideas.create, {
    oneLiner,
    platform,
    durations,
    expiration: Date.now() + daysLeft * DAY,
    links: [],
  });
}

describe("list filters", () => {
  async function seed(t: Backend) {
    const author = await createUser(t);
    const voter = await createUser(t);
    const tiktokShort = await post(t, author, "TikTok short cats", "TikTok", ["SHORT"], 5);
    const youtubeLong = await post(t, author, "YouTube long cats", "YouTube", ["LONG"], 2);
    const tiktokBoth = await post(t, author, "TikTok any length", "TikTok", ["SHORT", "LONG"], 9);
    const anyShort = await post(t, author, "Any platform short", "Any", ["SHORT"], 3);
    await as(t, voter).mutation(api.ideas.vote, { ideaId: tiktokBoth, vote: 1 });
    return { tiktokShort, youtubeLong, tiktokBoth, anyShort };
  }

  const list = (
    t: Backend,
    args: {
      sort: "recent" | "popular" | "payout" | "expiring";
      platform?: Platform;
      duration?: Duration;
      search?: string;
    },
    numItems = 10,
    cursor: string | null = null,
  ) => t.query(api.ideas.list, { view: "open", ...args, paginationOpts: { numItems, cursor } });

  test("a platform returns only that platform's ideas, in the chosen sort", async () => {
    const t = newBackend();
    const ids = await seed(t);
    const recent = await list(t, { sort: "recent", platform: "TikTok" });
    expect(recent.page.map((p) => p._id)).toEqual([ids.tiktokBoth, ids.tiktokShort]);
    const popular = await list(t, { sort: "popular", platform: "TikTok" });
    expect(popular.page.map((p) => p._id)).toEqual([ids.tiktokBoth, ids.tiktokShort]);
    const expiring = await list(t, { sort: "expiring", platform: "TikTok" });
    expect(expiring.page.map((p) => p._id)).toEqual([ids.tiktokShort, ids.tiktokBoth]);
    const youtube = await list(t, { sort: "recent", platform: "YouTube" });
    expect(youtube.page.map((p) => p._id)).toEqual([ids.youtubeLong]);
  });

  test("a length returns ideas asking for it, and combines with a platform and search", async () => {
    const t = newBackend();
    const ids = await seed(t);
    const short = await list(t, { sort: "expiring", duration: "SHORT" });
    expect(short.page.map((p) => p._id)).toEqual([ids.anyShort, ids.tiktokShort, ids.tiktokBoth]);
    const long = await list(t, { sort: "recent", duration: "LONG", platform: "TikTok" });
    expect(long.page.map((p) => p._id)).toEqual([ids.tiktokBoth]);
    const searched = await list(t, { sort: "recent", search: "cats", duration: "LONG" });
    expect(searched.page.map((p) => p._id)).toEqual([ids.youtubeLong]);
    const none = await list(t, { sort: "recent", platform: "YouTube", duration: "MEDIUM" });
    expect(none.page).toEqual([]);
    expect(none.isDone).toBe(true);
  });

  test("paging a filtered list returns every match once and nothing else", async () => {
    const t = newBackend();
    const author = await createUser(t);
    // Inserted directly: posting fourteen ideas would hit the per-author rate limit.
    const tiktok = await t.run(async (ctx) => {
      const ids: Id<"proposals">[] = [];
      for (let i = 0; i < 14; i++) {
        const platform = i % 2 === 0 ? "TikTok" : "YouTube";
        const id = await ctx.db.insert("proposals", {
          title: `${platform} idea ${i}`,
          description: "",
          links: [],
          platform,
          durations: ["SHORT"],
          expiration: Date.now() + (5 + i) * DAY,
          authorId: author,
          status: "open",
          phase: "open",
          netVotes: 0,
          bountyCents: 0,
          submissionCount: 0,
          searchText: `${platform} idea ${i}`,
        });
        if (platform === "TikTok") ids.push(id);
      }
      return ids;
    });
    const seen: Id<"proposals">[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 20; round++) {
      const result = await list(t, { sort: "expiring", platform: "TikTok" }, 3, cursor);
      seen.push(...result.page.map((p) => p._id));
      for (const card of result.page) expect(card.platform).toBe("TikTok");
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen).toEqual(tiktok);
  });

  test("a rare match behind a page of others is found in the first page, not after empty pages", async () => {
    const t = newBackend();
    const author = await createUser(t);
    const insert = (platform: Platform, i: number) =>
      t.run((ctx) =>
        ctx.db.insert("proposals", {
          title: `${platform} idea ${i}`,
          description: "",
          links: [],
          platform,
          durations: ["SHORT"],
          expiration: Date.now() + 5 * DAY,
          authorId: author,
          status: "open",
          phase: "open",
          netVotes: 0,
          bountyCents: 0,
          submissionCount: 0,
          searchText: `${platform} idea ${i}`,
        }),
      );
    const tiktok = await insert("TikTok", 0);
    // Twenty newer YouTube ideas come first under Recent.
    for (let i = 1; i <= 20; i++) await insert("YouTube", i);
    const first = await list(t, { sort: "recent", platform: "TikTok" }, 10);
    expect(first.page.map((p) => p._id)).toEqual([tiktok]);
    expect(first.isDone).toBe(true);
  });

  test("an unknown platform or length is refused", async () => {
    const t = newBackend();
    await expect(
      t.query(api.ideas.list, {
        view: "open",
        sort: "recent",
        platform: "Vimeo" as Platform,
        paginationOpts: { numItems: 10, cursor: null },
      }),
    ).rejects.toThrow();
    await expect(
      t.query(api.ideas.list, {
        view: "open",
        sort: "recent",
        duration: "TINY" as Duration,
        paginationOpts: { numItems: 10, cursor: null },
      }),
    ).rejects.toThrow();
  });
});
