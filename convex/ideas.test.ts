import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";

const DAY = 24 * 3600 * 1000;

function idea(
  overrides: Partial<{
    oneLiner: string;
    platform: "YouTube" | "TikTok" | "Any" | null;
    durations: ("SHORT" | "MEDIUM" | "LONG")[];
    expiration: number;
    links: string[];
  }> = {},
) {
  return {
    oneLiner: "A video about urban foxes",
    platform: "Any" as const,
    durations: ["SHORT" as const],
    expiration: Date.now() + 14 * DAY,
    links: [],
    ...overrides,
  };
}

async function post(t: Backend, userId: Id<"users">, overrides: Parameters<typeof idea>[0] = {}) {
  return await as(t, userId).mutation(api.ideas.create, idea(overrides));
}

const firstPage = (
  t: Backend,
  args: {
    view: "open" | "all" | "completed";
    sort: "recent" | "popular" | "payout" | "expiring";
    search?: string;
  },
  numItems = 10,
) => t.query(api.ideas.list, { ...args, paginationOpts: { numItems, cursor: null } });

describe("submitting an idea", () => {
  test("a visitor is refused with the spec's message and nothing is saved", async () => {
    const t = newBackend();
    await expect(t.mutation(api.ideas.create, idea())).rejects.toThrow(
      "Please sign in to submit an idea",
    );
    expect((await firstPage(t, { view: "all", sort: "recent" })).page).toHaveLength(0);
    expect((await t.query(api.stats.get, {})).bounties).toBe(0);
  });

  test("the server validates again, whatever the page sent", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const me = as(t, ada);
    await expect(
      me.mutation(api.ideas.create, idea({ expiration: Date.now() - 1000 })),
    ).rejects.toThrow("Please choose a valid date");
    await expect(me.mutation(api.ideas.create, idea({ durations: [] }))).rejects.toThrow(
      "Please select at least one video duration",
    );
    await expect(me.mutation(api.ideas.create, idea({ platform: null }))).rejects.toThrow(
      "Please select a platform",
    );
    await expect(me.mutation(api.ideas.create, idea({ oneLiner: " \n " }))).rejects.toThrow(
      "Please enter your idea",
    );
    await expect(
      me.mutation(api.ideas.create, idea({ oneLiner: "sh1t compilation" })),
    ).rejects.toThrow(
      "Proposal contains inappropriate content or restricted URLs and cannot be submitted",
    );
    await expect(
      me.mutation(api.ideas.create, idea({ links: ["https://xvideos.com/1"] })),
    ).rejects.toThrow("restricted URLs");
    expect((await firstPage(t, { view: "all", sort: "recent" })).page).toHaveLength(0);
  });

  test("a good idea is stored open, with its links as the description, and counted", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const id = await post(t, ada, {
      oneLiner: " Foxes at night ",
      links: ["https://example.com/a", "", "https://example.com/b"],
    });
    const card = await t.query(api.ideas.get, { ideaId: id });
    expect(card).toMatchObject({
      title: "Foxes at night",
      description: "Supporting Links:\n- https://example.com/a\n- https://example.com/b",
      links: ["https://example.com/a", "https://example.com/b"],
      status: "open",
      votes: 0,
      bountyCents: 0,
      submissionCount: 0,
    });
    expect(card).not.toHaveProperty("userVote");
    expect((await t.query(api.stats.get, {})).bounties).toBe(1);
    expect(await t.query(api.ideas.get, { ideaId: "not-an-id" })).toBeNull();
  });
});

describe("votes", () => {
  test("toggle arithmetic: same direction clears, the other flips, the count moves by new − old", async () => {
    const t = newBackend();
    const author = await createUser(t);
    const voter = await createUser(t);
    const id = await post(t, author);
    const me = as(t, voter);
    const state = async () => {
      const card = (await me.query(api.ideas.get, { ideaId: id }))!;
      return [card.votes, await me.query(api.votes.mineOnIdea, { ideaId: id })];
    };
    expect(await me.mutation(api.ideas.vote, { ideaId: id, vote: 1 })).toBe(1);
    expect(await state()).toEqual([1, 1]);
    await me.mutation(api.ideas.vote, { ideaId: id, vote: -1 });
    expect(await state()).toEqual([-1, -1]);
    await me.mutation(api.ideas.vote, { ideaId: id, vote: 0 });
    expect(await state()).toEqual([0, 0]);
    await me.mutation(api.ideas.vote, { ideaId: id, vote: 1 });
    await me.mutation(api.ideas.vote, { ideaId: id, vote: 1 });
    expect(await state()).toEqual([1, 1]);
  });

  // convex-test runs calls one at a time, so this checks the arithmetic of many people's votes
  // and clears on one count, not concurrency: Convex's serializable transactions are what make
  // simultaneous votes add up (model/ideas.ts reads and writes the count in one mutation).
  test("many people's votes and cleared votes add up exactly on the net count", async () => {
    const t = newBackend();
    const author = await createUser(t);
    const id = await post(t, author);
    const voters = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    await Promise.all(
      voters.map((v, i) =>
        as(t, v).mutation(api.ideas.vote, { ideaId: id, vote: i % 3 === 0 ? -1 : 1 }),
      ),
    );
    await Promise.all(
      voters.slice(0, 2).map((v) => as(t, v).mutation(api.ideas.vote, { ideaId: id, vote: 0 })),
    );
    // 12 voters: 4 down, 8 up → 4; voters 0 (down) and 1 (up) cleared → 4 + 1 - 1 = 4.
    expect((await t.query(api.ideas.get, { ideaId: id }))!.votes).toBe(4);
  });

  test("a visitor cannot vote", async () => {
    const t = newBackend();
    const id = await post(t, await createUser(t));
    await expect(t.mutation(api.ideas.vote, { ideaId: id, vote: 1 })).rejects.toThrow(
      "You must be logged in to vote.",
    );
  });
});

describe("lifecycle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test("an idea closes at its deadline; with no video that can win it is settled then", async () => {
    const t = newBackend();
    const id = await post(t, await createUser(t), { expiration: Date.now() + 2 * 3600 * 1000 });
    const status = async () => (await t.query(api.ideas.get, { ideaId: id }))!.status;
    vi.advanceTimersByTime(2 * 3600 * 1000 - 1000);
    await t.finishInProgressScheduledFunctions();
    expect(await status()).toBe("open");
    vi.advanceTimersByTime(2000);
    await t.finishInProgressScheduledFunctions();
    expect(
      (await firstPage(t, { view: "completed", sort: "recent" })).page.map((p) => p._id),
    ).toEqual([id]);
    expect((await firstPage(t, { view: "open", sort: "recent" })).page).toHaveLength(0);
    // Nothing can change any more (no video, submissions closed): settlement runs at once,
    // re-reading unconfirmed payments first (an action), not a week later.
    for (let hop = 0; hop < 3; hop++) {
      vi.advanceTimersByTime(1);
      await t.finishInProgressScheduledFunctions();
    }
    expect(await status()).toBe("settled");
  });

  test("the sweep catches transitions whose scheduled function was lost", async () => {
    const t = newBackend();
    const id = await post(t, await createUser(t), { expiration: Date.now() + 60_000 });
    await t.run(async (ctx) => {
      const stored = (await ctx.db.get("proposals", id))!;
      await ctx.scheduler.cancel(stored.closeJobId!);
    });
    vi.advanceTimersByTime(120_000);
    await t.finishInProgressScheduledFunctions();
    expect((await t.query(api.ideas.get, { ideaId: id }))!.status).toBe("open");
    expect(await t.mutation(internal.ideas.sweep, {})).toEqual({ closed: 1, settled: 0 });
    expect((await t.query(api.ideas.get, { ideaId: id }))!.status).toBe("judging");
  });
});

describe("lists", () => {
  async function seedVaried(t: Backend) {
    const author = await createUser(t);
    const voters = await Promise.all([createUser(t), createUser(t)]);
    const a = await post(t, author, { oneLiner: "Alpha cats", expiration: Date.now() + 3 * DAY });
    const b = await post(t, author, { oneLiner: "Bravo dogs", expiration: Date.now() + 1 * DAY });
    const c = await post(t, author, {
      oneLiner: "Charlie cats and dogs",
      expiration: Date.now() + 9 * DAY,
    });
    for (const v of voters) await as(t, v).mutation(api.ideas.vote, { ideaId: b, vote: 1 });
    await as(t, voters[0]!).mutation(api.ideas.vote, { ideaId: c, vote: 1 });
    await t.run(async (ctx) => {
      await ctx.db.patch("proposals", a, { bountyCents: 5000 });
      await ctx.db.patch("proposals", c, { bountyCents: 1500 });
    });
    return { a, b, c };
  }

  test("each sort orders the list", async () => {
    const t = newBackend();
    const { a, b, c } = await seedVaried(t);
    const ids = async (sort: "recent" | "popular" | "payout" | "expiring") =>
      (await firstPage(t, { view: "open", sort })).page.map((p) => p._id);
    expect(await ids("recent")).toEqual([c, b, a]);
    expect(await ids("popular")).toEqual([b, c, a]);
    expect(await ids("payout")).toEqual([a, c, b]);
    expect(await ids("expiring")).toEqual([b, a, c]);
  });

  test("search finds ideas by words and prefixes, within the view", async () => {
    const t = newBackend();
    const { a, b, c } = await seedVaried(t);
    const found = async (search: string) =>
      (await firstPage(t, { view: "all", sort: "recent", search })).page.map((p) => p._id).sort();
    expect(await found("cats")).toEqual([a, c].sort());
    expect(await found("dog")).toEqual([b, c].sort());
    expect(await found("zebra")).toEqual([]);
  });

  test("pages never drop or repeat an item while others post", async () => {
    const t = newBackend();
    const author = await createUser(t);
    for (let i = 0; i < 7; i++) await post(t, author, { oneLiner: `Idea ${i}` });
    const first = await firstPage(t, { view: "open", sort: "recent" }, 3);
    const second = await t.query(api.ideas.list, {
      view: "open",
      sort: "recent",
      paginationOpts: { numItems: 3, cursor: first.continueCursor },
    });
    // Someone posts two ideas; the first page, pinned at its end cursor, grows instead of
    // pushing rows onto the second page.
    await post(t, author, { oneLiner: "Newer 1" });
    await post(t, author, { oneLiner: "Newer 2" });
    const firstAgain = await t.query(api.ideas.list, {
      view: "open",
      sort: "recent",
      paginationOpts: { numItems: 3, cursor: null, endCursor: first.continueCursor },
    });
    const secondAgain = await t.query(api.ideas.list, {
      view: "open",
      sort: "recent",
      paginationOpts: {
        numItems: 3,
        cursor: first.continueCursor,
        endCursor: second.continueCursor,
      },
    });
    const rest = await t.query(api.ideas.list, {
      view: "open",
      sort: "recent",
      paginationOpts: { numItems: 10, cursor: second.continueCursor },
    });
    const titles = [...firstAgain.page, ...secondAgain.page, ...rest.page].map((p) => p.title);
    expect(titles).toEqual([
      "Newer 2",
      "Newer 1",
      "Idea 6",
      "Idea 5",
      "Idea 4",
      "Idea 3",
      "Idea 2",
      "Idea 1",
      "Idea 0",
    ]);
  });

  test("the list and the idea page are the same for every viewer; own votes come from votes.mineOnIdea", async () => {
    const t = newBackend();
    const { b } = await seedVaried(t);
    const reader = await createUser(t);
    const other = await createUser(t);
    const before = (await t.query(api.ideas.get, { ideaId: b }))!.votes;
    await as(t, reader).mutation(api.ideas.vote, { ideaId: b, vote: -1 });
    const args = {
      view: "all",
      sort: "recent",
      paginationOpts: { numItems: 10, cursor: null },
    } as const;
    const anonymous = await t.query(api.ideas.list, args);
    expect(await as(t, reader).query(api.ideas.list, args)).toEqual(anonymous);
    expect(await as(t, other).query(api.ideas.list, args)).toEqual(anonymous);
    expect(anonymous.page.find((p) => p._id === b)!.votes).toBe(before - 1);
    const page = { ideaId: b };
    expect(await as(t, reader).query(api.ideas.get, page)).toEqual(
      await t.query(api.ideas.get, page),
    );
    // The vote reaches the voter's own query, and only theirs.
    expect(await as(t, reader).query(api.votes.mineOnIdea, page)).toBe(-1);
    expect(await as(t, other).query(api.votes.mineOnIdea, page)).toBe(0);
    expect(await t.query(api.votes.mineOnIdea, page)).toBe(0);
    for (const p of anonymous.page.filter((p) => p._id !== b))
      expect(await as(t, reader).query(api.votes.mineOnIdea, { ideaId: p._id })).toBe(0);
  });
});

describe("cost does not grow with the marketplace", () => {
  async function seedMany(t: Backend, count: number) {
    const author = await createUser(t);
    const now = Date.now();
    await t.run(async (ctx) => {
      for (const name of ["users", "bounties", "originalVideos"])
        await ctx.db.insert("counters", { name, value: count });
    });
    for (let start = 0; start < count; start += 2500) {
      await t.run(async (ctx) => {
        for (let i = start; i < Math.min(count, start + 2500); i++) {
          await ctx.db.insert("proposals", {
            title: `Idea ${i}`,
            description: "",
            links: [],
            platform: "Any",
            durations: ["SHORT"],
            expiration: now + ((i * 7919) % 300) * DAY,
            authorId: author,
            status: i % 5 === 0 ? "judging" : "open",
            phase: i % 5 === 0 ? "completed" : "open",
            netVotes: (i * 31) % 97,
            bountyCents: (i * 53) % 10_000,
            submissionCount: 0,
            searchText: `Idea ${i}`,
          });
        }
      });
    }
  }

  test("the first page of each sort and the stats read the same number of documents with 100 or 10,000 ideas", async () => {
    const measure = async (count: number) => {
      const t = newBackend();
      await seedMany(t, count);
      const reads: Record<string, number> = {};
      for (const view of ["open", "all"] as const) {
        for (const sort of ["recent", "popular", "payout", "expiring"] as const) {
          reads[`${view}/${sort}`] = await t.run(async (ctx) => {
            const { listIdeas } = await import("./model/ideas");
            await listIdeas(ctx, {
              view,
              sort,
              paginationOpts: { numItems: 20, cursor: null },
            });
            return (await ctx.meta.getTransactionMetrics()).documentsRead.used;
          });
        }
      }
      reads.stats = await t.run(async (ctx) => {
        const { readCounter } = await import("./model/counters");
        for (const name of ["users", "bounties", "originalVideos"] as const)
          await readCounter(ctx, name);
        return (await ctx.meta.getTransactionMetrics()).documentsRead.used;
      });
      return reads;
    };
    const small = await measure(100);
    const large = await measure(10_000);
    console.log("documents read, 100 ideas:", JSON.stringify(small));
    console.log("documents read, 10,000 ideas:", JSON.stringify(large));
    expect(large).toEqual(small);
    expect(large.stats).toBe(3);
    for (const value of Object.values(large)) expect(value).toBeLessThanOrEqual(20);
  }, 120_000);
});
