// The end of a bounty, role by role (issue 29): creators who submitted follow the idea and hear
// when judging starts and where their video stands; a contributor who may pick sees the
// eligible videos; the stepper's stage comes from one function.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  moneyWorld,
  newIdea,
  paid,
  runScheduled,
  setNow,
  DAY,
  submitVideo,
} from "./test.money";
import { ideaStageOf, ideaSteps } from "./model/ideaStage";

afterEach(cleanUp);
const page = { numItems: 20, cursor: null };

describe("judging, role by role", () => {
  test("creators who submitted follow the idea and hear when judging starts and where they stand", async () => {
    const w = moneyWorld();
    // Two voters whose accounts existed before the idea was posted, and are over 7 days old when
    // they vote: their votes count.
    const voters = [await createUser(w.t), await createUser(w.t)];
    setNow(Date.now() + 8 * DAY);
    const { ideaId } = await newIdea(w);
    const leader = await createUser(w.t);
    const runnerUp = await createUser(w.t);
    const outOfBounds = await createUser(w.t);
    const lead = await submitVideo(w, ideaId, leader, "leader00001");
    await submitVideo(w, ideaId, runnerUp, "runnerup002");
    await submitVideo(w, ideaId, outOfBounds, "tooshort004", { seconds: 20 });
    for (const who of [leader, runnerUp, outOfBounds])
      expect(await as(w.t, who).query(api.notifications.following, { ideaId })).toBe(true);
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 1_000);
    for (const v of voters)
      await as(w.t, v).mutation(api.submissions.vote, { submissionId: lead, vote: 1 });
    setNow(idea.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await runScheduled(w.t);

    const textOf = async (who: typeof leader) =>
      (await as(w.t, who).query(api.notifications.inbox, { paginationOpts: page })).page.find(
        (n) => n.kind === "judging_started",
      )?.text;
    const counted = (await w.t.query(api.submissions.voteBreakdown, { submissionId: lead }))!
      .countedVotes;
    expect(counted).toBe(2);
    const votes = (n: number) => `${n} counted vote${n === 1 ? "" : "s"}`;
    expect(await textOf(leader)).toBe(
      `Judging started on "Bridges of Lisbon". Your video "Video leader00001" leads with ${votes(counted)}.`,
    );
    expect(await textOf(runnerUp)).toBe(
      `Judging started on "Bridges of Lisbon". Your video "Video runnerup002" has 0 counted votes; the leader has ${votes(counted)}.`,
    );
    expect(await textOf(outOfBounds)).toBe(
      `Judging started on "Bridges of Lisbon". Your video "Video tooshort004" can't win: it fails the idea's checks.`,
    );
    // The idea page tells each creator the same, live.
    expect(
      (await as(w.t, runnerUp).query(api.judging.myStanding, { ideaId })).map((s) => s.standing),
    ).toEqual([{ eligible: true, leading: false, countedVotes: 0, leaderVotes: counted }]);
    expect(await w.t.query(api.judging.myStanding, { ideaId })).toEqual([]);
  });

  test("a contributor who may pick is told until when, and the pick list holds only eligible videos", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const good = await submitVideo(w, ideaId, await createUser(w.t), "goodvideo01");
    await submitVideo(w, ideaId, await createUser(w.t), "tooshort005", { seconds: 20 });
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 1_500);
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    setNow(idea.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await runScheduled(w.t);
    const inbox = await as(w.t, picker).query(api.notifications.inbox, { paginationOpts: page });
    expect(inbox.page.find((n) => n.kind === "pick_winner")?.text).toMatch(
      /^Judging started on "Bridges of Lisbon": pick your winner by \w+ \d+, \d{4}\.$/,
    );
    const choices = await w.t.query(api.judging.pickChoices, { ideaId });
    expect(choices.map((c) => c._id)).toEqual([good]);
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: good });
    expect(
      (await as(w.t, picker).query(api.contributions.myStake, { ideaId }))?.pickedSubmissionId,
    ).toBe(good);
  });
});

describe("the stepper", () => {
  test("Open → Judging → Awarded or Refunded, naming only what is true", () => {
    const states = (e: Parameters<typeof ideaSteps>[0]) =>
      ideaSteps(e).map((s) => `${s.label}:${s.state}`);
    expect(states({ kind: "open" })).toEqual([
      "Open:current",
      "Judging:upcoming",
      "Awarded or Refunded:upcoming",
    ]);
    expect(states({ kind: "judging", until: 1, canWin: true, heldCents: 500 })).toEqual([
      "Open:done",
      "Judging:current",
      "Awarded or Refunded:upcoming",
    ]);
    // No video can win: nothing is judged; the money goes back at the deadline.
    expect(states({ kind: "judging", until: 1, canWin: false, heldCents: 500 }).at(-1)).toBe(
      "Refunding:current",
    );
    expect(states({ kind: "judging", until: 1, canWin: false, heldCents: 0 }).at(-1)).toBe(
      "Ended:current",
    );
    expect(states({ kind: "awarded", awardedCents: 100, paidOutCents: 0 })).toEqual([
      "Open:done",
      "Judging:done",
      "Awarded:current",
    ]);
    // Refunded only once Stripe confirmed it all.
    expect(ideaStageOf({ kind: "refunded", refundedCents: 100, pendingCents: 50 })).toBe(
      "refunding",
    );
    expect(states({ kind: "refunded", refundedCents: 150, pendingCents: 0 }).at(-1)).toBe(
      "Refunded:current",
    );
    expect(states({ kind: "ended" }).at(-1)).toBe("Ended:current");
  });

  test("a stage that never happened shows as skipped, never as done (issue 37)", () => {
    const states = (e: Parameters<typeof ideaSteps>[0]) =>
      ideaSteps(e).map((s) => `${s.label}:${s.state}`);
    // Refunded at its deadline: no video could win, judging never happened.
    expect(
      states({ kind: "refunded", refundedCents: 900, pendingCents: 0, judgingSkipped: true }),
    ).toEqual(["Open:done", "Judging:skipped", "Refunded:current"]);
    expect(states({ kind: "judging", until: 1, canWin: false, heldCents: 500 })[1]).toBe(
      "Judging:skipped",
    );
    expect(states({ kind: "ended", judgingSkipped: true })[1]).toBe("Judging:skipped");
    // Judged, then refunded (the winning video was deleted, say): judging did happen.
    expect(states({ kind: "refunded", refundedCents: 900, pendingCents: 0 })[1]).toBe(
      "Judging:done",
    );
  });

  test("an idea refunded at its deadline reads as skipping judging on every surface", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await paid(w, ideaId, await createUser(w.t), 900);
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    setNow(idea.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await w.t.action(internal.settlement.start, { ideaId });
    await runScheduled(w.t);
    const ending = (await w.t.query(api.ideas.get, { ideaId }))!.ending;
    expect(ending).toMatchObject({ judgingSkipped: true });
    expect(ideaSteps(ending)[1]!.state).toBe("skipped");
    // One that was judged and then ended without a winner did not skip it.
    const judged = await newIdea(w);
    await submitVideo(w, judged.ideaId, await createUser(w.t), "judgedgone1");
    const later = (await w.t.query(api.ideas.get, { ideaId: judged.ideaId }))!;
    setNow(later.expiration + 7 * DAY + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId: judged.ideaId });
    await w.t.action(internal.settlement.start, { ideaId: judged.ideaId });
    await runScheduled(w.t);
    const judgedEnding = (await w.t.query(api.ideas.get, { ideaId: judged.ideaId }))!.ending;
    expect(ideaSteps(judgedEnding)[1]!.state).toBe("done");
  });
});
