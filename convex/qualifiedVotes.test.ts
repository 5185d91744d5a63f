// Votes that decide money (product rules "Votes"): a vote counts when its account existed before
// the idea and was 7 days old when the vote was cast; each video keeps its counted total exact
// as votes are cast, flipped and cleared, and that total picks the people's choice.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  DAY,
  ideaOf,
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

const breakdown = (w: MoneyWorld, submissionId: Id<"submissions">) =>
  w.t.query(api.submissions.voteBreakdown, { submissionId });
const vote = (w: MoneyWorld, who: Id<"users">, submissionId: Id<"submissions">, v: 1 | -1 | 0) =>
  as(w.t, who).mutation(api.submissions.vote, { submissionId, vote: v });

describe("which votes count", () => {
  test("an account counts once it is 7 days old when it votes, if it existed before the idea", async () => {
    const w = moneyWorld();
    const veteran = await createUser(w.t); // made a moment before the idea
    const { ideaId } = await newIdea(w, 5);
    const a = await submitVideo(w, ideaId, await payableCreator(w), "young000001");
    const b = await submitVideo(w, ideaId, await payableCreator(w), "older000001");
    await paid(w, ideaId, null, 900);
    // A day later, three fresh accounts vote for A at once. When judging ends (11 days later)
    // they are 10 days old: judged then, they would decide the money.
    setNow(Date.now() + DAY);
    const fresh = [await createUser(w.t), await createUser(w.t), await createUser(w.t)];
    for (const f of fresh) await vote(w, f, a, 1);
    expect(await breakdown(w, a)).toEqual({ allVotes: 3, countedVotes: 0 });
    // The veteran votes 8 days after it was made: counted.
    setNow(Date.now() + 7 * DAY);
    await vote(w, veteran, b, 1);
    expect(await breakdown(w, b)).toEqual({ allVotes: 1, countedVotes: 1 });
    await settle(w, ideaId);
    expect((await ideaOf(w, ideaId))!.peoplesChoiceId).toBe(b);
  });

  test("a vote cast too young and cast again once old enough counts from then", async () => {
    const w = moneyWorld();
    const young = await createUser(w.t); // made a moment before the idea
    const { ideaId } = await newIdea(w, 20);
    const a = await submitVideo(w, ideaId, await payableCreator(w), "flipped0001");
    await vote(w, young, a, 1);
    expect(await breakdown(w, a)).toEqual({ allVotes: 1, countedVotes: 0 });
    setNow(Date.now() + 8 * DAY);
    await vote(w, young, a, -1); // the flip is cast now, by an account 8 days old
    expect(await breakdown(w, a)).toEqual({ allVotes: -1, countedVotes: -1 });
    await vote(w, young, a, 0);
    expect(await breakdown(w, a)).toEqual({ allVotes: 0, countedVotes: 0 });
  });
});

describe("a qualified voter changing their vote", () => {
  test("flips and clears move the counted total exactly, and the winner with it", async () => {
    const w = moneyWorld();
    const voters = [await createUser(w.t), await createUser(w.t), await createUser(w.t)];
    setNow(Date.now() + 8 * DAY); // over 7 days old when they vote
    const { ideaId } = await newIdea(w);
    const a = await submitVideo(w, ideaId, await payableCreator(w), "changeA0001");
    const b = await submitVideo(w, ideaId, await payableCreator(w), "changeB0001");
    await vote(w, voters[0]!, a, 1);
    await vote(w, voters[1]!, a, 1);
    await vote(w, voters[2]!, b, 1);
    expect(await breakdown(w, a)).toEqual({ allVotes: 2, countedVotes: 2 });
    // A qualified voter flips: A loses two counted votes at once.
    await vote(w, voters[1]!, a, -1);
    expect(await breakdown(w, a)).toEqual({ allVotes: 0, countedVotes: 0 });
    // Another clears theirs.
    await vote(w, voters[0]!, a, 0);
    expect(await breakdown(w, a)).toEqual({ allVotes: -1, countedVotes: -1 });
    // The same direction again changes nothing.
    await vote(w, voters[1]!, a, -1);
    expect(await breakdown(w, a)).toEqual({ allVotes: -1, countedVotes: -1 });
    await paid(w, ideaId, null, 1500);
    await settle(w, ideaId);
    expect((await ideaOf(w, ideaId))!.peoplesChoiceId).toBe(b);
  });

  test("a vote stored before votes kept their verdict is taken out by the rule it was counted by", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w, 5);
    const a = await submitVideo(w, ideaId, await payableCreator(w), "legacy00001");
    // Made after the idea: the earlier rule (7 days old when judging ends) counted its vote.
    const voter = await createUser(w.t);
    await w.t.run(async (ctx) => {
      await ctx.db.insert("submissionVotes", { submissionId: a, userId: voter, value: 1 });
      await ctx.db.patch("submissions", a, { netVotes: 1, qualifiedVotes: 1 });
    });
    await vote(w, voter, a, 0);
    expect(await breakdown(w, a)).toEqual({ allVotes: 0, countedVotes: 0 });
  });
});

describe("votes close by the clock", () => {
  test("at the end of judging, whether or not settlement has run", async () => {
    const w = moneyWorld();
    const voter = await createUser(w.t);
    const { ideaId } = await newIdea(w, 2);
    const a = await submitVideo(w, ideaId, await payableCreator(w), "closing0001");
    const end = (await ideaOf(w, ideaId))!.expiration + 7 * DAY;
    setNow(end - 1);
    await vote(w, voter, a, 1);
    setNow(end);
    await expect(vote(w, voter, a, -1)).rejects.toThrow("Voting on this idea's videos has closed.");
    expect(await breakdown(w, a)).toEqual({ allVotes: 1, countedVotes: 1 });
    expect((await ideaOf(w, ideaId))!.judgedAt).toBeUndefined();
  });
});
