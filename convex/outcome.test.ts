// How an idea ends, as its page and its card show it: judging with the current leader, winners
// (several when picks differ), and refunds counted only once Stripe confirmed them.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
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

afterEach(cleanUp);

const outcomeOf = (w: MoneyWorld, ideaId: Id<"proposals">) =>
  w.t.query(api.ideas.outcome, { ideaId });
const endingOf = async (w: MoneyWorld, ideaId: Id<"proposals">) =>
  (await w.t.query(api.ideas.get, { ideaId }))!.ending;

async function closeIdea(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
  setNow(idea.expiration + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  return idea.expiration;
}

describe("an idea's outcome", () => {
  test("open while it takes videos; an unknown id has none", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    expect(await outcomeOf(w, ideaId)).toEqual({ kind: "open" });
    expect(await endingOf(w, ideaId)).toEqual({ kind: "open" });
    expect(await w.t.query(api.ideas.outcome, { ideaId: "nope" })).toBeNull();
  });

  test("judging: until the end of judging, led by the most-voted eligible video", async () => {
    const w = moneyWorld();
    // Accounts older than the idea: their votes count.
    const voters = [await createUser(w.t), await createUser(w.t)];
    setNow(Date.now() + 8 * DAY); // older than the idea and 7 days old when they vote: counted
    const { ideaId } = await newIdea(w);
    const ineligible = await submitVideo(w, ideaId, await payableCreator(w), "old00000001", {
      publishedAt: Date.now() - 30 * DAY,
    });
    const eligible = await submitVideo(w, ideaId, await payableCreator(w), "new00000001");
    await submitVideo(w, ideaId, await payableCreator(w), "new00000002"); // no votes
    for (const voter of voters)
      await as(w.t, voter).mutation(api.submissions.vote, { submissionId: ineligible, vote: 1 });
    await as(w.t, voters[0]!).mutation(api.submissions.vote, { submissionId: eligible, vote: 1 });
    await paid(w, ideaId, null, 1200);

    const expiration = await closeIdea(w, ideaId);
    const outcome = await outcomeOf(w, ideaId);
    expect(outcome).toMatchObject({
      kind: "judging",
      judgingEndsAt: expiration + 7 * DAY,
      bountyCents: 1200,
      leader: { submissionId: eligible, title: "Video new00000001", countedVotes: 1 },
    });
    expect(await endingOf(w, ideaId)).toEqual({
      kind: "judging",
      until: expiration + 7 * DAY,
      canWin: true,
      heldCents: 1200,
    });
  });

  test("judging with no eligible video has no leader", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await paid(w, ideaId, null, 500);
    await closeIdea(w, ideaId);
    expect(await outcomeOf(w, ideaId)).toMatchObject({ kind: "judging", leader: null });
    // The card knows it too: nothing can win, so it never reads as judging.
    expect(await endingOf(w, ideaId)).toMatchObject({ kind: "judging", canWin: false });
  });

  test("awarded: several winners when a pick differs from the people's choice, paid on a date", async () => {
    const w = moneyWorld();
    const voter = await createUser(w.t); // older than the idea and 7 days old: the vote counts
    setNow(Date.now() + 8 * DAY);
    const { ideaId } = await newIdea(w);
    const creatorA = await payableCreator(w);
    const creatorB = await payableCreator(w);
    const picked = await submitVideo(w, ideaId, creatorA, "pickedvid01");
    const popular = await submitVideo(w, ideaId, creatorB, "popularvid1");
    await as(w.t, voter).mutation(api.submissions.vote, { submissionId: popular, vote: 1 });
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 800);
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: picked });
    await paid(w, ideaId, null, 300);
    await settle(w, ideaId);
    await w.stripe.deliver();
    await runScheduled(w.t);

    const outcome = await outcomeOf(w, ideaId);
    expect(outcome?.kind).toBe("awarded");
    if (outcome?.kind !== "awarded") return;
    expect(
      outcome.winners.map((x) => [x.submissionId, x.amountCents, x.status, x.url.length > 0]),
    ).toEqual([
      [picked, 800, "paid", true],
      [popular, 300, "paid", true],
    ]);
    expect(outcome.winners.every((x) => typeof x.paidAt === "number")).toBe(true);
    expect(await endingOf(w, ideaId)).toEqual({
      kind: "awarded",
      awardedCents: 1100,
      paidOutCents: 1100,
    });
  });

  test("awarded to a creator who is not payable yet: waiting until the claim deadline", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t);
    const video = await submitVideo(w, ideaId, creator, "waitingvid1");
    await paid(w, ideaId, null, 600);
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    await settle(w, ideaId);
    const outcome = await outcomeOf(w, ideaId);
    expect(outcome).toMatchObject({
      kind: "awarded",
      winners: [
        {
          submissionId: video,
          amountCents: 600,
          paidCents: 0,
          status: "waiting",
          claimDeadline: idea.expiration + 7 * DAY + 30 * DAY,
          paidAt: null,
        },
      ],
    });
    expect(await endingOf(w, ideaId)).toEqual({
      kind: "awarded",
      awardedCents: 600,
      paidOutCents: 0,
      // The card names who it waits for, and until when.
      waiting: { creatorName: "Test Person", until: idea.expiration + 37 * DAY },
    });
  });

  test("refunded: only what Stripe confirmed counts as returned, to each backer once", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 500);
    await paid(w, ideaId, backer, 200);
    await paid(w, ideaId, null, 300);
    w.stripe.setRefundsPending(true);
    await settle(w, ideaId);

    // Asked of Stripe, not confirmed: nothing is "returned" yet.
    expect(await outcomeOf(w, ideaId)).toEqual({
      kind: "refunded",
      refundedCents: 0,
      pendingCents: 1000,
      backers: 0,
    });

    for (const refund of Object.values(w.stripe.state.refunds))
      w.stripe.succeedRefund(refund.id as string);
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect(await outcomeOf(w, ideaId)).toEqual({
      kind: "refunded",
      refundedCents: 1000,
      pendingCents: 0,
      backers: 2,
    });
    expect(await endingOf(w, ideaId)).toEqual({
      kind: "refunded",
      refundedCents: 1000,
      pendingCents: 0,
    });
  });

  test("an idea nobody funded simply ended", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await settle(w, ideaId);
    expect(await outcomeOf(w, ideaId)).toEqual({ kind: "ended" });
  });
});
