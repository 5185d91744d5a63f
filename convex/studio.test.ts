// A creator's studio (issue 37): earnings by state with dates (in judging, waiting for payout
// set-up until the claim deadline, being paid, paid), each submission's live standing, ideas that
// fit what they make and the alert when a new one is posted.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  DAY,
  moneyWorld,
  newIdea,
  paid,
  payoutsReady,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import { judgingEndsAt } from "./model/labels";
import { claimDeadlineOf } from "./model/money/rules";

afterEach(cleanUp);

const page = { numItems: 10, cursor: null };

async function closeIdea(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
  setNow(idea.expiration + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  await runScheduled(w.t);
  return idea;
}

describe("earnings", () => {
  test("an award moves from in judging to waiting for payout set-up to being paid to paid", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t, { accountType: "Creator" });
    await connectYouTube(w, creator);
    await submitVideo(w, ideaId, creator, "earnvideo01");
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 2_500);
    const earnings = () => as(w.t, creator).query(api.studio.earnings, {});
    expect(await earnings()).toEqual([]);

    const idea = await closeIdea(w, ideaId);
    expect(await earnings()).toEqual([
      {
        ideaId,
        ideaTitle: "Bridges of Lisbon",
        videoTitle: "Video earnvideo01",
        state: "judging",
        amountCents: 2_500,
        date: judgingEndsAt(idea.expiration),
      },
    ]);

    await settle(w, ideaId);
    expect(await earnings()).toEqual([
      expect.objectContaining({
        state: "waiting",
        amountCents: 2_500,
        date: claimDeadlineOf(idea.expiration),
      }),
    ]);

    await payoutsReady(w, creator);
    await runScheduled(w.t);
    const afterReady = (await earnings())[0]!;
    expect(["paying", "paid"]).toContain(afterReady.state);
    await sweepMovements(w);
    const done = (await earnings())[0]!;
    expect(done).toMatchObject({ state: "paid", amountCents: 2_500 });
    expect(done.date).toEqual(expect.any(Number));
    // Nobody else reads them.
    await expect(w.t.query(api.studio.earnings, {})).rejects.toThrow("Please sign in");
  });
});

describe("where each submission stands", () => {
  test("counted votes, rank, picks, finalist and the ratings' average, live", async () => {
    const w = moneyWorld();
    const voter = await createUser(w.t);
    setNow(Date.now() + 8 * DAY);
    const { ideaId, author: poster } = await newIdea(w);
    const creator = await createUser(w.t);
    const rival = await createUser(w.t);
    const mine = await submitVideo(w, ideaId, creator, "standing001");
    const theirs = await submitVideo(w, ideaId, rival, "standing002");
    await as(w.t, voter).mutation(api.submissions.vote, { submissionId: theirs, vote: 1 });
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 1_000);
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: mine });
    await as(w.t, picker).mutation(api.judging.rate, {
      submissionId: mine,
      stars: 4,
      feedback: "Great pacing",
    });
    await closeIdea(w, ideaId);
    await as(w.t, poster).mutation(api.judging.setFinalist, { submissionId: mine, finalist: true });

    const rows = (await as(w.t, creator).query(api.studio.standings, { paginationOpts: page }))
      .page;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      _id: mine,
      ideaTitle: "Bridges of Lisbon",
      ideaStatus: "judging",
      countedVotes: 0,
      rank: 2,
      rivals: 2,
      picks: 1,
      finalist: true,
      average: 4,
      ratingCount: 1,
    });
    expect(rows[0]!.feedback.map((f) => f.text)).toEqual(["Great pacing"]);
    // The rival's own studio never shows the creator's feedback.
    const theirsRow = (await as(w.t, rival).query(api.studio.standings, { paginationOpts: page }))
      .page[0]!;
    expect(theirsRow).toMatchObject({ rank: 1, feedback: [], average: null, picks: 0 });
  });
});

describe("ideas that fit you", () => {
  test("open ideas on the creator's platforms in their lengths; a new one alerts them in the app", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t, { accountType: "Viewer", preferredPlatform: "TikTok" });
    await as(w.t, creator).mutation(api.users.saveOnboarding, {
      accountType: "Creator",
      preferredPlatform: "TikTok",
    });
    expect(await as(w.t, creator).query(api.studio.fits, {})).toEqual({
      platforms: ["TikTok"],
      durations: [],
      saved: true,
    });
    await as(w.t, creator).mutation(api.studio.saveMyFits, {
      platforms: ["TikTok"],
      durations: ["SHORT"],
    });
    const poster = await createUser(w.t);
    const post = (
      oneLiner: string,
      platform: "YouTube" | "TikTok" | "Any",
      durations: ("SHORT" | "LONG")[],
    ) =>
      as(w.t, poster).mutation(api.ideas.create, {
        oneLiner,
        platform,
        durations,
        expiration: Date.now() + 5 * DAY,
        links: [],
      });
    const fits = await post("Sixty second recipes", "TikTok", ["SHORT"]);
    const anyPlatform = await post("Tiny houses", "Any", ["SHORT", "LONG"]);
    await post("Long documentary", "TikTok", ["LONG"]);
    await post("YouTube only", "YouTube", ["SHORT"]);
    await runScheduled(w.t);

    const shown = await as(w.t, creator).query(api.studio.ideasForMe, {});
    expect(shown.map((c) => c._id)).toEqual([anyPlatform, fits]);
    const alerts = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter(
        (n) => n.kind === "idea_fits" && n.recipientId === creator,
      ),
    );
    expect(new Set(alerts.map((n) => n.ideaId))).toEqual(new Set([fits, anyPlatform]));
    // By email only for those who opt in.
    const emails = await w.t.run(async (ctx) =>
      (await ctx.db.query("emails").collect()).filter((row) => row.kind === "idea_fits"),
    );
    expect(emails).toEqual([]);
    await as(w.t, creator).mutation(api.notifications.setPreferences, {
      kind: "idea_fits",
      email: true,
    });
    await post("Another short one", "TikTok", ["SHORT"]);
    await runScheduled(w.t);
    const emailed = await w.t.run(async (ctx) =>
      (await ctx.db.query("emails").collect()).filter((row) => row.kind === "idea_fits"),
    );
    expect(emailed.map((e) => e.userId)).toEqual([creator]);
  });

  test("a creator must make videos for at least one platform", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t, { accountType: "Creator" });
    await expect(
      as(w.t, creator).mutation(api.studio.saveMyFits, { platforms: [], durations: [] }),
    ).rejects.toThrow("Choose at least one platform");
  });
});
