// "May this person pick the winner" has one home (model/money/stake.ts pickRight): the pick
// itself, the idea page's "Pick your winner" (myStake.canPick) and the "pick your winner by"
// notice give the same answer, from the same contributions.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
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

/** What each surface says of the person's right to pick: the page, the notice, the pick. */
async function answers(
  w: MoneyWorld,
  who: Id<"users">,
  ideaId: Id<"proposals">,
  video: Id<"submissions">,
) {
  const stake = await as(w.t, who).query(api.contributions.myStake, { ideaId });
  const notices = await w.t.run((ctx) => ctx.db.query("notifications").collect());
  // The "pick your winner by" notice (its own kind since judging together, issue 37).
  const judging = notices.find((n) => n.recipientId === who && n.kind === "pick_winner");
  const pick = await as(w.t, who)
    .mutation(api.contributions.pickWinner, { submissionId: video })
    .then(
      () => "picked",
      (e: Error) => e.message,
    );
  return {
    page: stake?.canPick,
    notice: judging !== undefined && judging.deadline !== undefined,
    pick,
  };
}

describe("may pick", () => {
  test("paid customer_choice money while judging: every surface says yes", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const chooser = await createUser(w.t);
    await paid(w, ideaId, chooser, 500);
    const video = await submitVideo(w, ideaId, await payableCreator(w), "stake000001");
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    setNow(idea.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await runScheduled(w.t);
    expect(await answers(w, chooser, ideaId, video)).toEqual({
      page: true,
      notice: true,
      pick: "picked",
    });
  });

  test("only people's-choice money: no surface offers a pick", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const follower = await createUser(w.t);
    const { sessionId } = await paid(w, ideaId, follower, 500);
    await as(w.t, follower).mutation(api.contributions.setPayoutPreference, {
      sessionId,
      preference: "peoples_choice",
    });
    const video = await submitVideo(w, ideaId, await payableCreator(w), "stake000002");
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    setNow(idea.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await runScheduled(w.t);
    const said = await answers(w, follower, ideaId, video);
    expect(said.page).toBe(false);
    expect(said.notice).toBe(false);
    expect(said.pick).toMatch(/Only contributors who chose to pick the winner/);
  });

  test("once judging has ended: no surface offers a pick", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const chooser = await createUser(w.t);
    await paid(w, ideaId, chooser, 500);
    const video = await submitVideo(w, ideaId, await payableCreator(w), "stake000003");
    await settle(w, ideaId);
    const said = await answers(w, chooser, ideaId, video);
    expect(said.page).toBe(false);
    expect(said.pick).toMatch(/can no longer be chosen/);
  });
});
