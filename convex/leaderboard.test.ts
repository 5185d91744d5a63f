// The weekly leaderboards (issue 38): most funded ideas, most wanted ideas (counted votes) and
// top creators (money paid to them), per week from Monday 00:00 UTC, live, with last week's; a
// board costs the same whatever the size of the marketplace.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend } from "./test.setup";
import {
  chargeOfSession,
  cleanUp,
  DAY,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";
import { isWeekStart, WEEK_MS, weekRangeText, weekStartOf } from "./model/community/weeks";

afterEach(cleanUp);

const board = (w: MoneyWorld, week: number) => w.t.query(api.leaderboard.week, { week });

/** Wednesday noon UTC of next week: a week with room on both sides. */
function midWeek(_w: MoneyWorld) {
  const wednesday = weekStartOf(Date.now()) + WEEK_MS + 2 * DAY + 12 * 3600 * 1000;
  setNow(wednesday);
  return weekStartOf(wednesday);
}

describe("weeks", () => {
  test("run from Monday 00:00 UTC to the next Monday", () => {
    const monday = Date.UTC(2026, 10, 23); // Monday, November 23, 2026
    expect(weekStartOf(monday)).toBe(monday);
    expect(weekStartOf(monday - 1)).toBe(monday - WEEK_MS);
    expect(weekStartOf(Date.UTC(2026, 10, 29, 23, 59, 59))).toBe(monday);
    expect(weekStartOf(Date.UTC(2026, 10, 30))).toBe(monday + WEEK_MS);
    expect(isWeekStart(monday)).toBe(true);
    expect(isWeekStart(monday + 3600_000)).toBe(false);
    expect(weekRangeText(monday)).toBe("November 23 – 29, 2026");
    expect(weekRangeText(monday + WEEK_MS)).toBe("November 30 – December 6, 2026");
    expect(weekRangeText(Date.UTC(2026, 11, 28))).toBe("December 28, 2026 – January 3, 2027");
  });

  test("a board is asked for by its Monday", async () => {
    const t = newBackend();
    await expect(t.query(api.leaderboard.week, { week: Date.UTC(2026, 10, 24) })).rejects.toThrow(
      "A week starts on a Monday at 00:00 UTC.",
    );
  });
});

describe("most funded", () => {
  test("a payment counts in the week it was paid; a refund later lowers that week; last week stays beside", async () => {
    const w = moneyWorld();
    const week = midWeek(w);
    const { ideaId } = await newIdea(w, 20);
    const backer = await createUser(w.t);
    const first = await paid(w, ideaId, backer, 500);
    await paid(w, ideaId, null, 700);
    const other = await newIdea(w, 20);
    await paid(w, other.ideaId, backer, 900);
    expect((await board(w, week)).funded.map((r) => [r.idea._id, r.cents])).toEqual([
      [ideaId, 1200],
      [other.ideaId, 900],
    ]);

    setNow(Date.now() + WEEK_MS);
    await paid(w, ideaId, backer, 300);
    expect((await board(w, week + WEEK_MS)).funded.map((r) => r.cents)).toEqual([300]);
    expect((await board(w, week)).funded.map((r) => r.cents)).toEqual([1200, 900]);

    // Support refunds the first payment in full: it no longer counts in the week it was paid.
    w.stripe.dashboardRefund(chargeOfSession(w, first.sessionId), 500);
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect((await board(w, week)).funded.map((r) => [r.idea._id, r.cents])).toEqual([
      [other.ideaId, 900],
      [ideaId, 700],
    ]);
    // The weeks add up to the bounty.
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    expect(idea.bountyCents).toBe(1000);
  });
});

describe("most wanted", () => {
  test("counts only votes that count for money: accounts older than the idea and 7 days old", async () => {
    const w = moneyWorld();
    const veteran = await createUser(w.t);
    const second = await createUser(w.t);
    setNow(Date.now() + 8 * DAY);
    const week = midWeek(w);
    const { ideaId } = await newIdea(w, 20);
    const fresh = [await createUser(w.t), await createUser(w.t), await createUser(w.t)];
    for (const voter of fresh) await as(w.t, voter).mutation(api.ideas.vote, { ideaId, vote: 1 });
    // Three new accounts' votes show in the net count, never on the board.
    expect((await board(w, week)).wanted).toEqual([]);
    await as(w.t, veteran).mutation(api.ideas.vote, { ideaId, vote: 1 });
    await as(w.t, second).mutation(api.ideas.vote, { ideaId, vote: 1 });
    expect((await board(w, week)).wanted.map((r) => [r.idea.title, r.votes])).toEqual([
      ["Bridges of Lisbon", 2],
    ]);
    // Taken back, flipped: the board moves by the difference.
    await as(w.t, second).mutation(api.ideas.vote, { ideaId, vote: 0 });
    await as(w.t, veteran).mutation(api.ideas.vote, { ideaId, vote: -1 });
    expect((await board(w, week)).wanted).toEqual([]);
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    expect(idea.votes).toBe(2);
  });
});

describe("top creators", () => {
  test("money paid to creators this week; a creator who keeps totals private is left off", async () => {
    const w = moneyWorld();
    midWeek(w);
    const { ideaId } = await newIdea(w, 3);
    const creator = await payableCreator(w);
    await submitVideo(w, ideaId, creator, "boardwin001");
    await paid(w, ideaId, await createUser(w.t), 1500);
    await settle(w, ideaId);
    await w.stripe.deliver();
    await runScheduled(w.t);
    const week = weekStartOf(Date.now());
    expect((await board(w, week)).creators.map((r) => [r.creator._id, r.cents])).toEqual([
      [creator, 1500],
    ]);
    await as(w.t, creator).mutation(api.creators.setTotalsHidden, { hidden: true });
    expect((await board(w, week)).creators).toEqual([]);
  });
});

describe("cost", () => {
  test("a week's boards read the same number of documents with 20 or 2,000 ideas on them", async () => {
    const measure = async (count: number) => {
      const t = newBackend();
      const week = weekStartOf(Date.now());
      await t.run(async (ctx) => {
        const author = await ctx.db.insert("users", { name: "Poster" });
        for (let i = 0; i < count; i++) {
          const ideaId: Id<"proposals"> = await ctx.db.insert("proposals", {
            title: `Idea ${i}`,
            description: "",
            links: [],
            platform: "Any",
            durations: ["SHORT"],
            expiration: Date.now() + 10 * DAY,
            authorId: author,
            status: "open",
            phase: "open",
            netVotes: i,
            bountyCents: i * 100,
            submissionCount: 0,
            searchText: `Idea ${i}`,
          });
          await ctx.db.insert("weeklyIdeaStats", {
            week: i % 2 === 0 ? week : week - WEEK_MS,
            ideaId,
            fundedCents: i * 100 + 1,
            wantedVotes: i + 1,
          });
          const creatorId = await ctx.db.insert("users", { name: `Creator ${i}` });
          await ctx.db.insert("weeklyCreatorStats", { week, creatorId, paidCents: i + 1 });
        }
      });
      return await t.run(async (ctx) => {
        const { boardsOf } = await import("./model/community/boards");
        const boards = await boardsOf(ctx, week);
        expect(boards.funded).toHaveLength(10);
        expect(boards.creators).toHaveLength(10);
        return (await ctx.meta.getTransactionMetrics()).documentsRead.used;
      });
    };
    const small = await measure(20);
    const large = await measure(2000);
    expect(large).toBe(small);
  });
});
