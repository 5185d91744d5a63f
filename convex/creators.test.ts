// Creator pages (issue 29): public data only, each video's state, totals that equal what the
// money rules paid, and totals a creator can hide.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  DAY,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  setNow,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";

afterEach(cleanUp);

const page = { numItems: 20, cursor: null };
const videosOf = async (w: MoneyWorld, creatorId: string) =>
  (await w.t.query(api.creators.videos, { creatorId, paginationOpts: page })).page;

/** Two settled ideas the creator won (one paid at once, one waiting) and one lost. */
async function wonTwice(w: MoneyWorld) {
  const creator = await payableCreator(w);
  const rival = await payableCreator(w);
  const first = await newIdea(w);
  const second = await newIdea(w);
  const a = await submitVideo(w, first.ideaId, creator, "creatora001");
  const b = await submitVideo(w, second.ideaId, creator, "creatorb001");
  const c = await submitVideo(w, second.ideaId, rival, "rivalvid001");
  const backer = await createUser(w.t);
  await paid(w, first.ideaId, backer, 2_500);
  await paid(w, second.ideaId, null, 1_200);
  // A picker sends their money on the second idea to the rival's video.
  const picker = await createUser(w.t);
  await paid(w, second.ideaId, picker, 800);
  await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: c });
  await settle(w, first.ideaId);
  await settle(w, second.ideaId);
  return { creator, rival, a, b, c, first, second };
}

describe("creator pages", () => {
  test("public data only: name, avatar, connected channels; never an email or payout details", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t, { name: "Cleo Creator", email: "cleo@example.com" });
    await connectYouTube(w, creator);
    const profile = await w.t.query(api.creators.profile, { creatorId: creator });
    expect(profile).toMatchObject({
      _id: creator,
      displayName: "Cleo Creator",
      // The channel's own name and picture, as YouTube gives them (issue 37).
      channelName: `UC${creator} title`,
      avatarUrl: `https://yt3.ggpht.com/UC${creator}=s88`,
      bio: null,
      record: { wonVideos: 0, judgedVideos: 0, winRate: null },
      totals: { paidCents: 0, wonVideos: 0 },
    });
    expect(profile!.channels).toEqual([
      {
        platform: "YouTube",
        name: expect.any(String),
        url: `https://www.youtube.com/channel/UC${creator}`,
        avatarUrl: `https://yt3.ggpht.com/UC${creator}=s88`,
      },
    ]);
    expect(JSON.stringify(profile)).not.toContain("cleo@example.com");
    expect(JSON.stringify(profile)).not.toMatch(/acct_|stripe/i);
    expect(Object.keys(profile!).sort()).toEqual(
      [
        "_id",
        "avatarUrl",
        "bio",
        "channelName",
        "channels",
        "displayName",
        "memberSince",
        "record",
        "totals",
      ].sort(),
    );
    // Not a person's id: null, not an error.
    expect(await w.t.query(api.creators.profile, { creatorId: "nobody" })).toBeNull();
  });

  test("each video's state: open, judging, won, paid, not eligible, didn't win", async () => {
    const w = moneyWorld();
    const { creator, rival, a, b, c } = await wonTwice(w);
    // One more idea still open, one judging, and an ineligible video.
    const open = await newIdea(w, 30);
    const openVideo = await submitVideo(w, open.ideaId, creator, "openvideo01");
    const tooShort = await submitVideo(w, open.ideaId, creator, "tooshort003", { seconds: 20 });
    const states = Object.fromEntries(
      (await videosOf(w, creator)).map((v) => [v._id, [v.state, v.wonCents]]),
    );
    expect(states).toEqual({
      [a]: ["paid", 2_500],
      [b]: ["paid", 1_200],
      [openVideo]: ["open", null],
      [tooShort]: ["not_eligible", null],
    });
    expect(Object.fromEntries((await videosOf(w, rival)).map((v) => [v._id, v.state]))).toEqual({
      [c]: "paid",
    });
    // During judging the open idea's video says so.
    setNow(Date.now() + 31 * DAY);
    await w.t.mutation(internal.ideas.close, { ideaId: open.ideaId });
    const judging = await videosOf(w, creator);
    expect(judging.find((v) => v._id === openVideo)?.state).toBe("judging");
    expect(judging.find((v) => v._id === a)?.ideaTitle).toBe("Bridges of Lisbon");
  });

  test("a video that lost shows 'didn't win'; one still waiting for its creator shows 'won'", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const waiting = await createUser(w.t); // not payable: the award waits
    await connectYouTube(w, waiting);
    const winner = await submitVideo(w, ideaId, waiting, "waiting0001");
    const loser = await payableCreator(w);
    const lost = await submitVideo(w, ideaId, loser, "lostvideo01");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: winner,
      vote: 1,
    });
    await paid(w, ideaId, null, 900);
    await settle(w, ideaId);
    expect((await videosOf(w, waiting))[0]).toMatchObject({
      _id: winner,
      state: "won",
      wonCents: 900,
    });
    expect((await videosOf(w, loser))[0]).toMatchObject({ _id: lost, state: "not_won" });
    const profile = await w.t.query(api.creators.profile, { creatorId: waiting });
    // Won but not paid yet: nothing counts as paid.
    expect(profile!.totals).toEqual({ paidCents: 0, wonVideos: 1 });
  });

  test("totals equal the money rules: what the creator's payouts list and Stripe's transfers say", async () => {
    const w = moneyWorld();
    const { creator, rival, first, second } = await wonTwice(w);
    const profile = await w.t.query(api.creators.profile, { creatorId: creator });
    const mine = await as(w.t, creator).query(api.payouts.mine, {});
    const paidPerPayouts = mine!.awards.reduce((sum, a) => sum + a.paidCents, 0);
    expect(profile!.totals).toEqual({ paidCents: paidPerPayouts, wonVideos: 2 });
    expect(paidPerPayouts).toBe(2_500 + 1_200);
    // Every transferred cent is one creator's total: the two creators' totals add up to the
    // ideas' paid-out money and to the transfers Stripe made.
    const rivalTotals = (await w.t.query(api.creators.profile, { creatorId: rival }))!.totals!;
    expect(rivalTotals.paidCents).toBe(800);
    const ledgers = await Promise.all(
      [first, second].map((i) => w.t.query(api.contributions.ledger, { ideaId: i.ideaId })),
    );
    const paidOut = ledgers.reduce((sum, l) => sum + l!.totals.paidOutCents, 0);
    const transferred = Object.values(w.stripe.state.transfers).reduce((s, t) => s + t.amount, 0);
    expect(profile!.totals!.paidCents + rivalTotals.paidCents).toBe(paidOut);
    expect(paidOut).toBe(transferred);
  });

  test("a creator hides their totals: the page shows no money, the states stay", async () => {
    const w = moneyWorld();
    const { creator } = await wonTwice(w);
    expect(await w.t.query(api.creators.totalsHidden, {})).toBeNull();
    await expect(w.t.mutation(api.creators.setTotalsHidden, { hidden: true })).rejects.toThrow(
      "Please sign in to change your creator page.",
    );
    await as(w.t, creator).mutation(api.creators.setTotalsHidden, { hidden: true });
    expect(await as(w.t, creator).query(api.creators.totalsHidden, {})).toBe(true);
    const profile = await w.t.query(api.creators.profile, { creatorId: creator });
    expect(profile!.totals).toBeNull();
    const videos = await videosOf(w, creator);
    expect(videos.map((v) => [v.state, v.wonCents])).toEqual([
      ["paid", null],
      ["paid", null],
    ]);
    await as(w.t, creator).mutation(api.creators.setTotalsHidden, { hidden: false });
    expect((await w.t.query(api.creators.profile, { creatorId: creator }))!.totals).toEqual({
      paidCents: 3_700,
      wonVideos: 2,
    });
  });
});
