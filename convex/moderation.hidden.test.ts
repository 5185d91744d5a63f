// Hidden content takes part in nothing (issue 38 item 5): once an operator hides a video, a
// question or an idea, every action on it is refused with the words of model/moderation/shown.ts
// and changes nothing — votes (the app's and the REST path's), answers, ratings, finalists,
// picks, questions, updates.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, type Backend, messageOf, operator } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  DAY,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import { HIDDEN_MESSAGES as H } from "./model/moderation/shown";

afterEach(cleanUp);

async function hide(
  t: Backend,
  ops: Id<"users">,
  target: "idea" | "video" | "question" | "answer",
  targetId: string,
) {
  await as(t, ops).mutation(api.moderation.hide, { target, targetId, reason: "Spam." });
}

const submissionRow = (w: MoneyWorld, id: Id<"submissions">) =>
  w.t.run((ctx) => ctx.db.get("submissions", id));

describe("a hidden video", () => {
  test("cannot be voted on, in the app or by REST, and its counts stay as they were", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const videoId = await submitVideo(w, ideaId, await createUser(w.t), "hiddenvote1");
    const voter = await createUser(w.t);
    await as(w.t, voter).mutation(api.submissions.vote, { submissionId: videoId, vote: 1 });
    await hide(w.t, ops, "video", videoId);
    const before = await submissionRow(w, videoId);

    expect(
      await messageOf(
        as(w.t, voter).mutation(api.submissions.vote, { submissionId: videoId, vote: -1 }),
      ),
    ).toBe(H.video);
    expect(
      await messageOf(
        as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
          submissionId: videoId,
          vote: 1,
        }),
      ),
    ).toBe(H.video);
    const rest = await as(w.t, voter).fetch(`/server/api/submissions/${videoId}/vote`, {
      method: "POST",
      body: JSON.stringify({ vote: 0 }),
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ error: H.video });

    const after = await submissionRow(w, videoId);
    expect([after!.netVotes, after!.qualifiedVotes]).toEqual([
      before!.netVotes,
      before!.qualifiedVotes,
    ]);
    const votes = await w.t.run((ctx) => ctx.db.query("submissionVotes").collect());
    expect(votes.map((v) => v.value)).toEqual([1]);
  });

  test("cannot be rated, marked a finalist or picked as the winner", async () => {
    const w = moneyWorld();
    const { ideaId, author: poster } = await newIdea(w);
    const ops = await operator(w.t);
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 500);
    await w.t.run(async (ctx) => {
      for (const c of await ctx.db.query("contributions").collect())
        await ctx.db.patch("contributions", c._id, { payoutPreference: "customer_choice" });
    });
    const videoId = await submitVideo(w, ideaId, await createUser(w.t), "hiddenrate1");
    const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
    setNow(idea.expiration + DAY); // judging
    await hide(w.t, ops, "video", videoId);

    expect(
      await messageOf(
        as(w.t, backer).mutation(api.judging.rate, {
          submissionId: videoId,
          stars: 5,
          feedback: "Great",
        }),
      ),
    ).toBe(H.video);
    expect(
      await messageOf(as(w.t, backer).mutation(api.judging.unrate, { submissionId: videoId })),
    ).toBe(H.video);
    expect(
      await messageOf(
        as(w.t, poster).mutation(api.judging.setFinalist, {
          submissionId: videoId,
          finalist: true,
        }),
      ),
    ).toBe(H.video);
    expect(
      await messageOf(
        as(w.t, backer).mutation(api.contributions.pickWinner, { submissionId: videoId }),
      ),
    ).toBe(H.video);
    const row = await submissionRow(w, videoId);
    expect([row!.ratingCount ?? 0, row!.finalist ?? false]).toEqual([0, false]);
    expect(await w.t.run((ctx) => ctx.db.query("picks").collect())).toEqual([]);
    expect(await w.t.run((ctx) => ctx.db.query("videoRatings").collect())).toEqual([]);
  });
});

describe("a hidden question or idea", () => {
  test("a hidden question cannot be answered; its answer count stays", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const questionId = await as(w.t, await createUser(w.t)).mutation(api.conversation.ask, {
      ideaId,
      body: "Is night footage fine?",
    });
    await hide(w.t, ops, "question", questionId);
    expect(
      await messageOf(
        as(w.t, await createUser(w.t)).mutation(api.conversation.answer, {
          questionId,
          body: "Yes.",
        }),
      ),
    ).toBe(H.question);
    const row = await w.t.run((ctx) => ctx.db.get("ideaMessages", questionId));
    expect(row!.answerCount).toBe(0);
    const answers = await w.t.run((ctx) =>
      ctx.db
        .query("ideaMessages")
        .withIndex("by_idea_parent", (q) => q.eq("ideaId", ideaId).eq("parentId", questionId))
        .collect(),
    );
    expect(answers).toEqual([]);
  });

  test("a hidden idea takes no votes, questions, answers or updates", async () => {
    const w = moneyWorld();
    const { ideaId, author: poster } = await newIdea(w);
    const ops = await operator(w.t);
    const person = await createUser(w.t);
    const questionId = await as(w.t, person).mutation(api.conversation.ask, {
      ideaId,
      body: "Which bridges?",
    });
    await hide(w.t, ops, "idea", ideaId);
    const netBefore = (await w.t.run((ctx) => ctx.db.get("proposals", ideaId)))!.netVotes;
    expect(await messageOf(as(w.t, person).mutation(api.ideas.vote, { ideaId, vote: 1 }))).toBe(
      H.idea,
    );
    const rest = await as(w.t, person).fetch("/server/api/proposals/vote", {
      method: "POST",
      body: JSON.stringify({ proposalId: ideaId, vote: 1 }),
    });
    // The REST edge treats a hidden idea as one that is not there.
    expect(rest.status).toBe(404);
    expect(
      await messageOf(as(w.t, person).mutation(api.conversation.ask, { ideaId, body: "Hello?" })),
    ).toBe(H.idea);
    expect(
      await messageOf(
        as(w.t, poster).mutation(api.conversation.answer, { questionId, body: "All of them." }),
      ),
    ).toBe(H.idea);
    expect(
      await messageOf(
        as(w.t, poster).mutation(api.updates.post, {
          ideaId,
          body: "Still on",
          topic: "general",
        }),
      ),
    ).toBe(H.idea);
    const idea = await w.t.run((ctx) => ctx.db.get("proposals", ideaId));
    expect(idea!.netVotes).toBe(netBefore);
    const messages = await w.t.run((ctx) => ctx.db.query("ideaMessages").collect());
    expect(messages.map((m) => m.body)).toEqual(["Which bridges?"]);
    expect(await w.t.run((ctx) => ctx.db.query("ideaUpdates").collect())).toEqual([]);
  });
});

describe("counts leave hidden content out", () => {
  type Target = "idea" | "video" | "question" | "answer";
  const restore = async (t: Backend, ops: Id<"users">, target: Target, targetId: string) => {
    const c = await t.run((ctx) =>
      ctx.db
        .query("moderationCases")
        .withIndex("by_target", (q) => q.eq("target", target).eq("targetId", targetId))
        .unique(),
    );
    await as(t, ops).mutation(api.moderation.restore, {
      caseId: c!._id,
      reason: "Fine after all.",
    });
  };

  test("an idea's video count, the landing page's counters and the leaderboard agree with the lists", async () => {
    const w = moneyWorld();
    // A vote the "most wanted" board counts: from an account older than the idea, 7 days old.
    const voter = await createUser(w.t);
    setNow(Date.now() + 8 * DAY);
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const first = await submitVideo(w, ideaId, await createUser(w.t), "countvideo1");
    await submitVideo(w, ideaId, await createUser(w.t), "countvideo2");
    await as(w.t, voter).mutation(api.ideas.vote, { ideaId, vote: 1 });
    const count = async () => (await w.t.query(api.ideas.get, { ideaId }))!.submissionCount;
    const stats = () => w.t.query(api.stats.get, {});
    const before = await stats();
    expect(await count()).toBe(2);

    await hide(w.t, ops, "video", first);
    expect(await count()).toBe(1);
    expect((await w.t.query(api.submissions.listForIdea, { ideaId })).length).toBe(1);
    expect((await stats()).originalVideos).toBe(before.originalVideos - 1);
    await restore(w.t, ops, "video", first);
    expect(await count()).toBe(2);
    expect((await stats()).originalVideos).toBe(before.originalVideos);

    const { weekStartOf } = await import("./model/community/weeks");
    const week = weekStartOf(Date.now());
    const wanted = async () =>
      (await w.t.query(api.leaderboard.week, { week })).wanted.map((r) => r.idea._id);
    expect(await wanted()).toEqual([ideaId]);
    await hide(w.t, ops, "idea", ideaId);
    expect(await wanted()).toEqual([]);
    expect((await stats()).bounties).toBe(before.bounties - 1);
  });

  test("a question's answer count and the poster's waiting questions leave hidden ones out", async () => {
    const w = moneyWorld();
    const { ideaId, author: poster } = await newIdea(w);
    const ops = await operator(w.t);
    const questionId = await as(w.t, await createUser(w.t)).mutation(api.conversation.ask, {
      ideaId,
      body: "Drone shots allowed?",
    });
    const answers = [];
    for (const body of ["Yes.", "Only at dawn."])
      answers.push(
        await as(w.t, await createUser(w.t)).mutation(api.conversation.answer, {
          questionId,
          body,
        }),
      );
    const answerCount = async () =>
      (
        await w.t.query(api.conversation.questions, {
          ideaId,
          paginationOpts: { numItems: 10, cursor: null },
        })
      ).page[0]!.answerCount;
    const waiting = async () =>
      (await as(w.t, poster).query(api.controlRoom.overview, { ideaId }))!.stats.questionsWaiting;
    expect([await answerCount(), await waiting()]).toEqual([2, 1]);

    await hide(w.t, ops, "answer", answers[0]!);
    expect(await answerCount()).toBe(1);
    await restore(w.t, ops, "answer", answers[0]!);
    expect(await answerCount()).toBe(2);

    await hide(w.t, ops, "question", questionId);
    expect(await waiting()).toBe(0);
    await restore(w.t, ops, "question", questionId);
    expect(await waiting()).toBe(1);
  });
});

describe("the money box", () => {
  test("names no hidden video: its lines say the award passed on because moderators removed it", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const slow = await createUser(w.t);
    await connectYouTube(w, slow);
    const winner = await submitVideo(w, ideaId, slow, "hiddenwin01");
    await submitVideo(w, ideaId, await payableCreator(w), "shownrun002");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: winner,
      vote: 1,
    });
    await paid(w, ideaId, null, 600);
    await settle(w, ideaId);
    await hide(w.t, ops, "video", winner);
    await w.stripe.deliver();
    await runScheduled(w.t);
    await sweepMovements(w);
    await w.stripe.deliver();
    await runScheduled(w.t);
    const ledger = (await w.t.query(api.contributions.ledger, { ideaId }))!;
    const lines = ledger.entries.map((e) => [e.kind, e.submissionTitle, e.videoHidden ?? false]);
    expect(lines).toContainEqual(["award_video_gone", null, true]);
    expect(lines).toContainEqual(["awarded", "Video shownrun002", false]);
    expect(JSON.stringify(ledger)).not.toContain("hiddenwin01");
  });
});
