// Lifting a ban (issue 38 item 5; the issue is silent, product-rules "Community and trust" says
// what a ban does): an operator lifts it with a reason the log keeps; the person can sign in
// again; what the ban hid comes back, what was hidden on its own report stays hidden; an idea
// the ban ended stays ended, its backers' refunds stand.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, type Backend, messageOf, operator } from "./test.setup";
import {
  cleanUp,
  docs,
  ideaOf,
  moneyWorld,
  newIdea,
  paid,
  runScheduled,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import { MODERATION_MESSAGES as M } from "./model/moderation/kinds";

afterEach(cleanUp);

async function settleAll(w: MoneyWorld) {
  await runScheduled(w.t);
  await sweepMovements(w);
  await w.stripe.deliver();
  await runScheduled(w.t);
}

const signIn = (t: Backend, userId: Id<"users">) =>
  t.run(async (ctx) => {
    const { upsertUserFromSignIn } = await import("./model/accounts");
    await upsertUserFromSignIn(ctx as never, {
      existingUserId: userId,
      profile: { email: "bo@example.com" },
    });
    return null;
  });

const firstPage = { numItems: 20, cursor: null };

describe("lifting a ban", () => {
  test("sign-in works again, what the ban hid comes back, a report's hiding and an ended idea stay", async () => {
    const w = moneyWorld();
    const ops = await operator(w.t);
    const bo = await createUser(w.t, { name: "Bo Banned" });
    // Bo's own idea, with a backer's money in it.
    const boIdea = await as(w.t, bo).mutation(api.ideas.create, {
      oneLiner: "Trams of Porto",
      platform: "YouTube",
      durations: ["MEDIUM"],
      expiration: Date.now() + 5 * 24 * 3600 * 1000,
      links: [],
    });
    await paid(w, boIdea, await createUser(w.t), 800);
    // Bo's video and question on someone else's idea, and an answer an operator hid on a report.
    const { ideaId: other } = await newIdea(w);
    const videoId = await submitVideo(w, other, bo, "bovideo0001");
    const questionId = await as(w.t, bo).mutation(api.conversation.ask, {
      ideaId: other,
      body: "Are night shots fine?",
    });
    const answerId = await as(w.t, bo).mutation(api.conversation.answer, {
      questionId,
      body: "You are all idiots.",
    });
    await as(w.t, ops).mutation(api.moderation.hide, {
      target: "answer",
      targetId: answerId,
      reason: "Insults.",
    });

    await as(w.t, ops).mutation(api.moderation.ban, { userId: bo, reason: "Fraud." });
    await settleAll(w);
    expect(await w.t.query(api.ideas.get, { ideaId: boIdea })).toBeNull();
    expect(await w.t.query(api.submissions.listForIdea, { ideaId: other })).toEqual([]);
    expect(await messageOf(signIn(w.t, bo))).toBe(M.banned);
    const refunds = () =>
      docs(w, "moneyMovements").then((ms) =>
        ms.filter((m) => m.kind === "refund").map((m) => [m.amountCents, m.state]),
      );
    expect(await refunds()).toEqual([[800, "confirmed"]]);
    expect(
      (await as(w.t, ops).query(api.moderation.banned, {})).map((b) => [
        b.name,
        b.reason,
        b.endedIdeas,
      ]),
    ).toEqual([["Bo Banned", "Fraud.", 1]]);

    // Only an operator lifts a ban, and only with a reason.
    expect(
      await messageOf(
        as(w.t, await createUser(w.t)).mutation(api.moderation.unban, {
          userId: bo,
          reason: "Please",
        }),
      ),
    ).not.toBe("");
    expect(
      await messageOf(as(w.t, ops).mutation(api.moderation.unban, { userId: bo, reason: " " })),
    ).toBe(M.reasonNeeded);
    expect((await w.t.run((ctx) => ctx.db.get("users", bo)))!.bannedAt).toBeDefined();

    await as(w.t, ops).mutation(api.moderation.unban, {
      userId: bo,
      reason: "Identity confirmed; the fraud was someone else.",
    });
    await settleAll(w);

    expect(await signIn(w.t, bo)).toBeNull();
    expect(await as(w.t, ops).query(api.moderation.banned, {})).toEqual([]);
    // The ban's hiding is undone: the idea, the video and the question are back.
    const card = await w.t.query(api.ideas.get, { ideaId: boIdea });
    expect(card?.title).toBe("Trams of Porto");
    expect(
      (await w.t.query(api.submissions.listForIdea, { ideaId: other })).map((s) => s._id),
    ).toEqual([videoId]);
    const questions = await w.t.query(api.conversation.questions, {
      ideaId: other,
      paginationOpts: firstPage,
    });
    expect(questions.page.map((q) => q.body)).toEqual(["Are night shots fine?"]);
    // The answer hidden on its own report stays hidden, and is not counted.
    expect(questions.page[0]!.latestAnswers).toEqual([]);
    expect(questions.page[0]!.answerCount).toBe(0);
    // The idea stays ended: its backer's refund stands, nothing moves again.
    expect((await ideaOf(w, boIdea))!.status).toBe("settled");
    expect(await refunds()).toEqual([[800, "confirmed"]]);
    expect(Object.values(w.stripe.state.refunds).map((r) => r.amount)).toEqual([800]);

    const log = await as(w.t, ops).query(api.moderation.log, {});
    expect(log.slice(0, 2).map((l) => [l.action, l.operatorName, l.reason])).toEqual([
      ["unban", "Olga Operator", "Identity confirmed; the fraud was someone else."],
      ["ban", "Olga Operator", "Fraud."],
    ]);
    // Lifting twice changes nothing and logs nothing.
    await as(w.t, ops).mutation(api.moderation.unban, { userId: bo, reason: "Again." });
    expect((await as(w.t, ops).query(api.moderation.log, {})).length).toBe(log.length);
  });
});
