// Judging together (issue 37, product rules "Judging together"): the poster and the backers rate
// each video 1 to 5 with private feedback while the idea is open or judging; its creator sees the
// feedback and the average, live, and nobody else does; the poster marks up to 5 finalists during
// judging, shown on the cards. Ratings and finalists never move money.
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
  runScheduled,
  setNow,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";
import { FEEDBACK_MAX_LENGTH, FINALIST_MESSAGES, RATING_MESSAGES } from "./model/ratingRules";

afterEach(cleanUp);

/** An idea with a poster, a backer, a stranger and a creator's video. */
async function world() {
  const w = moneyWorld();
  const { ideaId, author: poster } = await newIdea(w);
  const creator = await createUser(w.t);
  const video = await submitVideo(w, ideaId, creator, "ratedvideo1");
  const backer = await createUser(w.t);
  await paid(w, ideaId, backer, 1_000);
  const stranger = await createUser(w.t);
  return { w, ideaId, poster, creator, video, backer, stranger };
}

const rate = (
  w: MoneyWorld,
  who: Id<"users">,
  submissionId: Id<"submissions">,
  stars: number,
  feedback?: string,
) =>
  as(w.t, who).mutation(api.judging.rate, {
    submissionId,
    stars,
    ...(feedback !== undefined ? { feedback } : {}),
  });

async function judge(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
  setNow(idea.expiration + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  await runScheduled(w.t);
}

describe("ratings and private feedback", () => {
  test("the poster and a backer rate; the creator sees the average and the feedback; nobody else does", async () => {
    const { w, ideaId, poster, creator, video, backer, stranger } = await world();
    await rate(w, backer, video, 4, "Love the opening.\n\nCould the ending be shorter?");
    await rate(w, poster, video, 2);

    const mine = await as(w.t, creator).query(api.judging.feedbackOnMine, { ideaId });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ submissionId: video, average: 3, count: 2 });
    expect(mine[0]!.feedback.map((f) => [f.from, f.stars, f.text])).toEqual([
      ["poster", 2, null],
      ["backer", 4, "Love the opening.\n\nCould the ending be shorter?"],
    ]);
    // Nobody else: not the poster, not the backer, not a stranger, not a visitor.
    for (const who of [poster, backer, stranger])
      expect(await as(w.t, who).query(api.judging.feedbackOnMine, { ideaId })).toEqual([]);
    expect(await w.t.query(api.judging.feedbackOnMine, { ideaId })).toEqual([]);
    // The public card carries no rating at all.
    const card = (await w.t.query(api.submissions.listForIdea, { ideaId }))[0]!;
    expect(JSON.stringify(card)).not.toMatch(/rating|stars|feedback/i);
    // The rater sees their own rating back.
    expect((await as(w.t, backer).query(api.judging.myRole, { ideaId })).ratings).toEqual([
      {
        submissionId: video,
        stars: 4,
        feedback: "Love the opening.\n\nCould the ending be shorter?",
      },
    ]);
  });

  test("changing a rating moves the average, removing it takes it out", async () => {
    const { w, ideaId, creator, video, backer, poster } = await world();
    await rate(w, backer, video, 5);
    await rate(w, poster, video, 3);
    await rate(w, backer, video, 1, "Changed my mind");
    const avg = async () =>
      (await as(w.t, creator).query(api.judging.feedbackOnMine, { ideaId }))[0]!;
    expect(await avg()).toMatchObject({ average: 2, count: 2 });
    await as(w.t, backer).mutation(api.judging.unrate, { submissionId: video });
    expect(await avg()).toMatchObject({ average: 3, count: 1 });
    expect((await avg()).feedback.map((f) => f.text)).toEqual([null]);
  });

  test("only the poster and backers, never on one's own video, 1 to 5 stars, feedback up to 1,000 characters", async () => {
    const { w, video, stranger, backer, creator } = await world();
    await expect(rate(w, stranger, video, 4)).rejects.toThrow(RATING_MESSAGES.notRater);
    await expect(rate(w, creator, video, 5)).rejects.toThrow(RATING_MESSAGES.ownVideo);
    for (const stars of [0, 6, 2.5, Number.NaN])
      await expect(rate(w, backer, video, stars)).rejects.toThrow(RATING_MESSAGES.stars);
    await expect(rate(w, backer, video, 4, "x".repeat(FEEDBACK_MAX_LENGTH + 1))).rejects.toThrow(
      RATING_MESSAGES.tooLong,
    );
    await expect(rate(w, backer, video, 4, "you are a shit editor")).rejects.toThrow(
      RATING_MESSAGES.content,
    );
    // Nothing was written by any refusal.
    expect(await w.t.run((ctx) => ctx.db.query("videoRatings").collect())).toEqual([]);
    await rate(w, backer, video, 4, "x".repeat(FEEDBACK_MAX_LENGTH));
    await expect(w.t.mutation(api.judging.rate, { submissionId: video, stars: 3 })).rejects.toThrow(
      RATING_MESSAGES.signIn,
    );
  });

  test("ratings stay open through judging and close when judging ends", async () => {
    const { w, ideaId, video, backer } = await world();
    await judge(w, ideaId);
    await rate(w, backer, video, 5, "Still time to say it");
    await settle(w, ideaId);
    await expect(rate(w, backer, video, 3)).rejects.toThrow(RATING_MESSAGES.closed);
  });

  test("the creator is told once per person who rates, in the app only (its email is opt-in)", async () => {
    const { w, creator, video, backer } = await world();
    await rate(w, backer, video, 4, "Nice");
    await rate(w, backer, video, 5, "Even nicer");
    const notes = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter(
        (row) => row.kind === "feedback_received",
      ),
    );
    expect(notes.map((n) => n.recipientId)).toEqual([creator]);
    const emails = await w.t.run(async (ctx) =>
      (await ctx.db.query("emails").collect()).filter((row) => row.kind === "feedback_received"),
    );
    expect(emails).toEqual([]);
  });
});

describe("finalists", () => {
  test("during judging the poster marks up to 5, shown on the cards; nobody else can", async () => {
    const w = moneyWorld();
    const { ideaId, author: poster } = await newIdea(w);
    const videos = [];
    for (let i = 0; i < 6; i++)
      videos.push(await submitVideo(w, ideaId, await createUser(w.t), `finalist00${i}`));
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 1_000);
    const mark = (who: Id<"users">, submissionId: Id<"submissions">, finalist = true) =>
      as(w.t, who).mutation(api.judging.setFinalist, { submissionId, finalist });

    await expect(mark(poster, videos[0]!)).rejects.toThrow(FINALIST_MESSAGES.notJudging);
    await judge(w, ideaId);
    await expect(mark(backer, videos[0]!)).rejects.toThrow(FINALIST_MESSAGES.notPoster);
    for (const v of videos.slice(0, 5)) await mark(poster, v);
    await expect(mark(poster, videos[5]!)).rejects.toThrow(FINALIST_MESSAGES.tooMany);
    await mark(poster, videos[0]!, false);
    await mark(poster, videos[5]!);

    const cards = await w.t.query(api.submissions.listForIdea, { ideaId });
    const finalists = cards.filter((c) => c.finalist).map((c) => c._id);
    expect(new Set(finalists)).toEqual(new Set(videos.slice(1)));
    const gallery = await w.t.query(api.judging.pickChoices, { ideaId });
    expect(gallery.filter((c) => c.finalist)).toHaveLength(5);
    // Money is unchanged by finalists: the people's choice is the same as without them.
    await settle(w, ideaId);
    const idea = (await w.t.run((ctx) => ctx.db.get("proposals", ideaId)))!;
    expect(idea.peoplesChoiceId).toBe(videos[0]);
    await expect(mark(poster, videos[1]!, false)).rejects.toThrow(FINALIST_MESSAGES.notJudging);
  });

  test("a video that cannot win cannot be a finalist", async () => {
    const w = moneyWorld();
    const { ideaId, author: poster } = await newIdea(w);
    const short = await submitVideo(w, ideaId, await createUser(w.t), "tooshort777", {
      seconds: 20,
    });
    await submitVideo(w, ideaId, await createUser(w.t), "fineone7777");
    await judge(w, ideaId);
    await expect(
      as(w.t, poster).mutation(api.judging.setFinalist, { submissionId: short, finalist: true }),
    ).rejects.toThrow(FINALIST_MESSAGES.notEligible);
    setNow(Date.now() + DAY);
  });
});
