// The settlement rules: eligible winners only, a frozen people's choice with counted votes,
// picks, and the claim window.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  DAY,
  docs,
  ideaOf,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  payoutsReady,
  runScheduled,
  setNow,
  settle,
  submitVideo,
} from "./test.money";

afterEach(cleanUp);

const refundsAtStripe = (w: ReturnType<typeof moneyWorld>) => Object.values(w.stripe.state.refunds);
const transfersAtStripe = (w: ReturnType<typeof moneyWorld>) =>
  Object.values(w.stripe.state.transfers);

describe("eligibility", () => {
  test("a video published before the idea cannot win: with no eligible video the money is refunded", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await payableCreator(w);
    await submitVideo(w, ideaId, creator, "oldvideo001", {
      publishedAt: Date.now() - 30 * DAY,
    });
    await paid(w, ideaId, await createUser(w.t), 700);
    await settle(w, ideaId);
    expect(transfersAtStripe(w)).toHaveLength(0);
    expect(refundsAtStripe(w).map((r) => r.amount)).toEqual([700]);
    expect(await docs(w, "awards")).toHaveLength(0);
  });

  test("a video of a length the idea does not allow cannot win; an eligible runner-up does", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const tooShort = await submitVideo(w, ideaId, await payableCreator(w), "tooshort001", {
      seconds: 30,
    });
    const fits = await submitVideo(w, ideaId, await payableCreator(w), "fits0000001");
    // The ineligible video is the most voted.
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: tooShort,
      vote: 1,
    });
    await paid(w, ideaId, null, 900);
    await settle(w, ideaId);
    const awards = await docs(w, "awards");
    expect(awards.map((a) => [a.submissionId, a.amountCents])).toEqual([[fits, 900]]);
  });

  test("nobody can pick an ineligible video or their own", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 500);
    const bad = await submitVideo(w, ideaId, await createUser(w.t), "tooshort002", {
      seconds: 20,
    });
    await connectYouTube(w, picker);
    const own = await submitVideo(w, ideaId, picker, "ownvideo001");
    await expect(
      as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: bad }),
    ).rejects.toThrow("can't win");
    await expect(
      as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: own }),
    ).rejects.toThrow("your own video");
  });
});

describe("winners", () => {
  test("the people's choice is frozen when judging ends: money paid later follows the same winner", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const first = await submitVideo(w, ideaId, await payableCreator(w), "first000001");
    const second = await submitVideo(w, ideaId, await payableCreator(w), "second00001");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: first,
      vote: 1,
    });
    const donor = await createUser(w.t);
    const { sessionId } = await paid(w, ideaId, null, 400);
    // A bank transfer started before the deadline clears after settlement.
    const { url } = await as(w.t, donor).action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 600,
    });
    const late = url.split("/").pop()!;
    w.stripe.pay(late, "async_pending");
    await w.stripe.deliver();
    await settle(w, ideaId);
    expect((await ideaOf(w, ideaId))!.peoplesChoiceId).toBe(first);
    // Votes are closed now: nobody can move the winner.
    await expect(
      as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
        submissionId: second,
        vote: 1,
      }),
    ).rejects.toThrow("closed");
    w.stripe.settleAsync(late, "succeeded");
    await w.stripe.deliver();
    await runScheduled(w.t);
    const awards = await docs(w, "awards");
    expect(awards.every((a) => a.submissionId === first)).toBe(true);
    expect(awards.map((a) => a.amountCents).sort()).toEqual([400, 600]);
    expect(sessionId).toBeTruthy();
  });

  test("the vote that counts: the voter's account existed before the idea was posted and was 7 days old when it voted", async () => {
    const w = moneyWorld();
    // Made 8 days before the idea: it existed before, and is at least 7 days old whenever it votes.
    const veteran = await createUser(w.t);
    setNow(Date.now() + 8 * DAY);
    // Made before the idea too, but they vote at once, younger than 7 days.
    const young = [await createUser(w.t), await createUser(w.t)];
    const { ideaId } = await newIdea(w, 10);
    // The farmed video is submitted first: were no vote counted, the tie would go to it.
    const farmed = await submitVideo(w, ideaId, await payableCreator(w), "farmed00001");
    const honest = await submitVideo(w, ideaId, await payableCreator(w), "honest00001");
    for (const y of young)
      await as(w.t, y).mutation(api.submissions.vote, { submissionId: farmed, vote: 1 });
    // Made while the idea is open; they vote once 7 days old, still before the deadline.
    const aged = [await createUser(w.t), await createUser(w.t), await createUser(w.t)];
    setNow(Date.now() + 8 * DAY);
    for (const a of aged)
      await as(w.t, a).mutation(api.submissions.vote, { submissionId: farmed, vote: 1 });
    await as(w.t, veteran).mutation(api.submissions.vote, { submissionId: honest, vote: 1 });
    const breakdown = (submissionId: Id<"submissions">) =>
      w.t.query(api.submissions.voteBreakdown, { submissionId });
    // Either half of the rule alone (made before the idea; 7 days old when voting) would count
    // some of the farmed video's five votes and make it win.
    expect(await breakdown(farmed)).toEqual({ allVotes: 5, countedVotes: 0 });
    expect(await breakdown(honest)).toEqual({ allVotes: 1, countedVotes: 1 });
    await settle(w, ideaId);
    expect((await ideaOf(w, ideaId))!.peoplesChoiceId).toBe(honest);
  });

  test("a pick covers all of the contributor's money on the idea, including contributions made after it", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const popular = await submitVideo(w, ideaId, await payableCreator(w), "popular0001");
    const favourite = await submitVideo(w, ideaId, await payableCreator(w), "favourite01");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: popular,
      vote: 1,
    });
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 1000);
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: favourite });
    await paid(w, ideaId, picker, 300);
    await paid(w, ideaId, null, 200);
    await settle(w, ideaId);
    const awards = await docs(w, "awards");
    const sum = (id: string) =>
      awards.filter((a) => a.submissionId === id).reduce((s, a) => s + a.amountCents, 0);
    expect(sum(favourite)).toBe(1300);
    expect(sum(popular)).toBe(200);
  });

  test("a pick far down the ranking (beyond the first hundred videos) is still honoured", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 800);
    const creator = await payableCreator(w);
    // 120 eligible videos written straight in (the platform only has to know they exist).
    for (let i = 0; i < 120; i++)
      w.platforms.youtube.push({
        id: `bulk${i}`,
        channelId: `UC${creator}`,
        title: `Bulk ${i}`,
        seconds: 600,
        publishedAt: Date.now(),
      });
    const ids = await w.t.run(async (ctx) => {
      const out = [];
      for (let i = 0; i < 120; i++)
        out.push(
          await ctx.db.insert("submissions", {
            ideaId,
            authorId: creator,
            platform: "YouTube",
            videoId: `bulk${i}`,
            url: `https://youtu.be/bulk${i}`,
            title: `Bulk ${i}`,
            channelId: `UC${creator}`,
            channelTitle: "c",
            netVotes: 120 - i,
            qualifiedVotes: 120 - i,
            eligible: true,
            checklist: {
              exists: true,
              ownedBySubmitter: true,
              publishedAfterIdea: true,
              durationAllowed: true,
            },
          }),
        );
      return out;
    });
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: ids[119]! });
    await settle(w, ideaId);
    expect((await docs(w, "awards")).map((a) => a.submissionId)).toEqual([ids[119]]);
  });
});

describe("people's choice and picks", () => {
  test("a tie goes to the earlier submission", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const first = await submitVideo(w, ideaId, await payableCreator(w), "earlyvideo1");
    const second = await submitVideo(w, ideaId, await payableCreator(w), "latervideo1");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: first,
      vote: 1,
    });
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: second,
      vote: 1,
    });
    await paid(w, ideaId, null, 300);
    await settle(w, ideaId);
    expect((await docs(w, "awards")).map((a) => a.submissionId)).toEqual([first]);
  });

  test("a winner can be picked until judging ends, not after", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const video = await submitVideo(w, ideaId, await createUser(w.t), "pickable001");
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 1000);
    const idea = (await ideaOf(w, ideaId))!;
    setNow(idea.expiration + 7 * DAY + 1000);
    await expect(
      as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: video }),
    ).rejects.toThrow("can no longer be chosen");
  });

  test("only contributors who pick can pick; the refund of an idea without videos is made once", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const video = await submitVideo(w, ideaId, await createUser(w.t), "stranger001");
    await expect(
      as(w.t, await createUser(w.t)).mutation(api.contributions.pickWinner, {
        submissionId: video,
      }),
    ).rejects.toThrow("Only contributors who chose to pick");
  });
});

describe("claim window", () => {
  test("a winning creator who never sets up payouts loses the award to the payable runner-up after 30 days", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const unpayable = await createUser(w.t);
    await connectYouTube(w, unpayable);
    const winner = await submitVideo(w, ideaId, unpayable, "winner00001");
    const runnerUp = await submitVideo(w, ideaId, await payableCreator(w), "runnerup001");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: winner,
      vote: 1,
    });
    await paid(w, ideaId, null, 2500);
    await settle(w, ideaId);
    const [award] = await docs(w, "awards");
    expect(award).toMatchObject({ submissionId: winner, status: "waiting", amountCents: 2500 });
    expect(transfersAtStripe(w)).toHaveLength(0);
    // One day before the deadline nothing moves.
    setNow(award!.claimDeadline - DAY);
    await w.t.mutation(internal.settlement.expireClaims, {});
    expect((await docs(w, "awards"))[0]!.status).toBe("waiting");
    setNow(award!.claimDeadline + 1);
    await w.t.mutation(internal.settlement.expireClaims, {});
    await runScheduled(w.t);
    const awards = await docs(w, "awards");
    expect(awards.map((a) => [a.submissionId, a.status])).toEqual([
      [winner, "passed"],
      [runnerUp, "paid"],
    ]);
    expect(transfersAtStripe(w).map((tr) => tr.amount)).toEqual([2500]);
  });

  test("with no payable runner-up the award is refunded when the claim window ends", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, await createUser(w.t), "lonely00001");
    await paid(w, ideaId, await createUser(w.t), 1500);
    await settle(w, ideaId);
    const [award] = await docs(w, "awards");
    setNow(award!.claimDeadline + 1);
    await w.t.mutation(internal.settlement.expireClaim, { awardId: award!._id });
    await runScheduled(w.t);
    expect(refundsAtStripe(w).map((r) => r.amount)).toEqual([1500]);
    expect((await docs(w, "awards"))[0]!.status).toBe("passed");
  });

  test("an unproven video's award waits until its creator connects the channel that posted it", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t);
    await payoutsReady(w, creator); // payouts ready, ownership not proven yet
    await submitVideo(w, ideaId, creator, "unproven001");
    await paid(w, ideaId, null, 900);
    await settle(w, ideaId);
    expect((await docs(w, "awards"))[0]!.status).toBe("waiting");
    expect(transfersAtStripe(w)).toHaveLength(0);
    await connectYouTube(w, creator);
    await runScheduled(w.t);
    expect(transfersAtStripe(w).map((tr) => tr.amount)).toEqual([900]);
  });

  test("a creator who becomes payable within the window is paid at once", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t);
    await submitVideo(w, ideaId, creator, "claimed0001");
    await paid(w, ideaId, null, 1200);
    await settle(w, ideaId);
    expect((await docs(w, "awards"))[0]!.status).toBe("waiting");
    await connectYouTube(w, creator); // proves ownership
    await payoutsReady(w, creator);
    await runScheduled(w.t);
    expect(transfersAtStripe(w).map((tr) => tr.amount)).toEqual([1200]);
    expect((await docs(w, "awards"))[0]!.status).toBe("paid");
  });
});
