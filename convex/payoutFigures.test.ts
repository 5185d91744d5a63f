// Profile → Submissions' payout figures (product rules "Money"): only the video's author sees
// them (they reveal contributors' picks), and what they promise is what settlement pays,
// including when a contributor's own video leads.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  docs,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";

afterEach(cleanUp);

const figuresAs = (w: MoneyWorld, who: Id<"users"> | null, submissionId: Id<"submissions">) =>
  (who ? as(w.t, who) : w.t).query(api.contributions.payoutForSubmission, { submissionId });

describe("who sees a video's payout figures", () => {
  test("its author only: not its picker, not another creator, not a visitor", async () => {
    const w = moneyWorld();
    const { ideaId, author: ideaAuthor } = await newIdea(w);
    const creator = await payableCreator(w);
    const other = await payableCreator(w);
    const video = await submitVideo(w, ideaId, creator, "private0001");
    await submitVideo(w, ideaId, other, "private0002");
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 700);
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: video });

    expect(await figuresAs(w, creator, video)).toMatchObject({
      phase: "open",
      expectedCents: 700,
      maxCents: 700,
    });
    for (const stranger of [picker, other, ideaAuthor, null])
      expect(await figuresAs(w, stranger, video)).toBeNull();
  });
});

describe("what the figures promise is what settlement pays", () => {
  test("a contributor's own leading video: their money is expected for the runner-up", async () => {
    const w = moneyWorld();
    const voters = [await createUser(w.t), await createUser(w.t)];
    const { ideaId } = await newIdea(w);
    const contributorCreator = await payableCreator(w);
    const runnerUpCreator = await payableCreator(w);
    const own = await submitVideo(w, ideaId, contributorCreator, "ownvideo001");
    const runnerUp = await submitVideo(w, ideaId, runnerUpCreator, "runnerup001");
    for (const v of voters)
      await as(w.t, v).mutation(api.submissions.vote, { submissionId: own, vote: 1 });
    // The creator of the leading video funds the idea too; someone else does as well.
    await paid(w, ideaId, contributorCreator, 1000);
    await paid(w, ideaId, voters[0]!, 400);

    // Their own money can never be theirs: neither expected nor possible.
    expect(await figuresAs(w, contributorCreator, own)).toMatchObject({
      expectedCents: 400,
      maxCents: 400,
    });
    expect(await figuresAs(w, runnerUpCreator, runnerUp)).toMatchObject({
      expectedCents: 1000,
      maxCents: 1400,
    });

    await settle(w, ideaId);
    const awards = await docs(w, "awards");
    const to = (s: Id<"submissions">) =>
      awards.filter((a) => a.submissionId === s).reduce((sum, a) => sum + a.amountCents, 0);
    expect([to(own), to(runnerUp)]).toEqual([400, 1000]);
    // Once settled the figures give way to the award itself.
    expect(await figuresAs(w, runnerUpCreator, runnerUp)).toMatchObject({
      phase: "settled",
      expectedCents: null,
      award: { amountCents: 1000 },
    });
  });
});
