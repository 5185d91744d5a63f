// Reports and moderation (issue 38 item 5): reports (one open per person per item, a note of
// bounded length, rate-limited), the operator queue and its audit log, hidden content gone from
// every query, the author told and allowed one appeal, and money following (a hidden idea ends
// and refunds every backer through movements; a hidden video's award passes on; a banned
// person's sessions end, sign-in is refused, their content is hidden, their award passes on).
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, type Backend, messageOf, operator } from "./test.setup";
import {
  cleanUp,
  docs,
  ideaOf,
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
import { MODERATION_MESSAGES as M } from "./model/moderation/kinds";

afterEach(cleanUp);

const firstPage = { numItems: 20, cursor: null };
const questionsOf = async (t: Backend, ideaId: Id<"proposals">) =>
  (await t.query(api.conversation.questions, { ideaId, paginationOpts: firstPage })).page.map(
    (q) => q.body,
  );
const inboxOf = async (t: Backend, who: Id<"users">) =>
  (await t.run((ctx) => ctx.db.query("notifications").collect())).filter(
    (n) => n.recipientId === who,
  );
async function quiet(w: MoneyWorld) {
  await w.stripe.deliver();
  await runScheduled(w.t);
}

async function questionWorld() {
  const w = moneyWorld();
  const { ideaId, author: poster } = await newIdea(w);
  const asker = await createUser(w.t, { name: "Ada Asker" });
  const questionId = await as(w.t, asker).mutation(api.conversation.ask, {
    ideaId,
    body: "Can the bridge be filmed at night?",
  });
  const reporter = await createUser(w.t, { name: "Rae Reporter" });
  const ops = await operator(w.t);
  return { w, t: w.t, ideaId, poster, asker, questionId, reporter, ops };
}

describe("reports", () => {
  test("one open report per person per item; the note is bounded; nobody reports their own", async () => {
    const { t, questionId, asker, reporter, ops } = await questionWorld();
    const report = (who: Id<"users">, note = "Looks like spam") =>
      as(t, who).mutation(api.moderation.report, {
        target: "question",
        targetId: questionId,
        reason: "spam",
        note,
      });
    expect(await messageOf(report(reporter, "x".repeat(501)))).toBe(M.noteTooLong);
    expect(await messageOf(report(asker))).toBe(M.ownContent);
    await report(reporter);
    expect(await messageOf(report(reporter))).toBe(M.alreadyReported);
    expect(
      await messageOf(
        t.mutation(api.moderation.report, {
          target: "question",
          targetId: questionId,
          reason: "spam",
          note: "",
        }),
      ),
    ).toBe(M.signIn);
    // An answer's id is not a question's: the kinds are checked.
    expect(
      await messageOf(
        as(t, reporter).mutation(api.moderation.report, {
          target: "answer",
          targetId: questionId,
          reason: "spam",
          note: "",
        }),
      ),
    ).toBe(M.notFound);
    const queue = await as(t, ops).query(api.moderation.queue, {});
    expect(queue.map((c) => [c.target, c.openReports, c.summary])).toEqual([
      ["question", 1, "Can the bridge be filmed at night?"],
    ]);
    expect(queue[0]!.reports.map((r) => [r.reporterName, r.reason, r.note])).toEqual([
      ["Rae Reporter", "spam", "Looks like spam"],
    ]);
  });

  test("reports are rate-limited per person", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const reporter = await createUser(w.t);
    const ids: Id<"ideaMessages">[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(
        await as(w.t, await createUser(w.t)).mutation(api.conversation.ask, {
          ideaId,
          body: `Question number ${i}?`,
        }),
      );
    for (const id of ids.slice(0, 10))
      await as(w.t, reporter).mutation(api.moderation.report, {
        target: "question",
        targetId: id,
        reason: "spam",
        note: "",
      });
    expect(
      await messageOf(
        as(w.t, reporter).mutation(api.moderation.report, {
          target: "question",
          targetId: ids[10]!,
          reason: "spam",
          note: "",
        }),
      ),
    ).toMatch(/^Too many requests/);
  });

  test("only operators see the queue and act", async () => {
    const { t, questionId, reporter } = await questionWorld();
    expect(await messageOf(as(t, reporter).query(api.moderation.queue, {}))).toBe("Not found.");
    expect(
      await messageOf(
        as(t, reporter).mutation(api.moderation.hide, {
          target: "question",
          targetId: questionId,
          reason: "spam",
        }),
      ),
    ).toBe("Not found.");
  });
});

describe("hide, appeal, restore", () => {
  test("a hidden question leaves every list, its author is told why and may appeal once; restore brings it back", async () => {
    const { t, ideaId, asker, questionId, reporter, ops } = await questionWorld();
    await as(t, reporter).mutation(api.moderation.report, {
      target: "question",
      targetId: questionId,
      reason: "abuse",
      note: "Rude",
    });
    expect(await questionsOf(t, ideaId)).toEqual(["Can the bridge be filmed at night?"]);
    expect(
      await messageOf(
        as(t, ops).mutation(api.moderation.hide, {
          target: "question",
          targetId: questionId,
          reason: " ",
        }),
      ),
    ).toBe(M.reasonNeeded);
    await as(t, ops).mutation(api.moderation.hide, {
      target: "question",
      targetId: questionId,
      reason: "Insults another member.",
    });
    expect(await questionsOf(t, ideaId)).toEqual([]);
    expect(await as(t, ops).query(api.moderation.queue, {})).toEqual([]);
    const told = (await inboxOf(t, asker)).filter((n) => n.kind === "content_hidden");
    expect(told).toHaveLength(1);
    const inbox = await as(t, asker).query(api.notifications.inbox, { paginationOpts: firstPage });
    expect(inbox.page[0]!.text).toBe(
      'Your question on "Bridges of Lisbon" was hidden by Bounties\' moderators. Reason: Insults another member. You may appeal once from your inbox.',
    );
    const caseId = told[0]!.caseId!;
    expect(
      await messageOf(as(t, reporter).mutation(api.moderation.appeal, { caseId, text: "Mine?" })),
    ).toBe(M.notYours);
    await as(t, asker).mutation(api.moderation.appeal, { caseId, text: "It was a joke." });
    expect(
      await messageOf(as(t, asker).mutation(api.moderation.appeal, { caseId, text: "Again" })),
    ).toBe(M.appealOnce);
    const queue = await as(t, ops).query(api.moderation.queue, {});
    expect(queue.map((c) => [c.state, c.appeal])).toEqual([["appealed", "It was a joke."]]);
    await as(t, ops).mutation(api.moderation.restore, { caseId, reason: "Fair enough." });
    expect(await questionsOf(t, ideaId)).toEqual(["Can the bridge be filmed at night?"]);
    expect((await inboxOf(t, asker)).map((n) => n.kind)).toContain("content_restored");
    const log = await as(t, ops).query(api.moderation.log, {});
    expect(log.map((l) => [l.operatorName, l.action, l.what, l.reason])).toEqual([
      ["Olga Operator", "restore", "a question", "Fair enough."],
      ["Olga Operator", "hide", "a question", "Insults another member."],
    ]);
  });

  test("a hidden update, answer and video leave their lists", async () => {
    const { w, t, ideaId, poster, questionId, ops } = await questionWorld();
    const updateId = await as(t, poster).mutation(api.updates.post, {
      ideaId,
      body: "Filming starts soon",
      topic: "general",
    });
    const answerer = await createUser(t);
    const answerId = await as(t, answerer).mutation(api.conversation.answer, {
      questionId,
      body: "Yes it can.",
    });
    const videoId = await submitVideo(w, ideaId, await createUser(t), "hiddenvid01");
    for (const [target, targetId] of [
      ["update", updateId],
      ["answer", answerId],
      ["video", videoId],
    ] as const)
      await as(t, ops).mutation(api.moderation.hide, { target, targetId, reason: "Spam." });
    const updates = await t.query(api.updates.list, { ideaId, paginationOpts: firstPage });
    expect(updates.page).toEqual([]);
    const questions = await t.query(api.conversation.questions, {
      ideaId,
      paginationOpts: firstPage,
    });
    expect(questions.page[0]!.latestAnswers).toEqual([]);
    expect(await t.query(api.submissions.listForIdea, { ideaId })).toEqual([]);
  });
});

describe("money follows", () => {
  test("hiding an idea ends it and refunds every backer through movements, each told", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const backers = [await createUser(w.t), await createUser(w.t)];
    await paid(w, ideaId, backers[0]!, 500);
    await paid(w, ideaId, backers[1]!, 700);
    await as(w.t, ops).mutation(api.moderation.hide, {
      target: "idea",
      targetId: ideaId,
      reason: "A scam.",
    });
    await runScheduled(w.t);
    await sweepMovements(w);
    await quiet(w);
    expect(await w.t.query(api.ideas.get, { ideaId })).toBeNull();
    const list = await w.t.query(api.ideas.list, {
      view: "all",
      sort: "recent",
      paginationOpts: firstPage,
    });
    expect(list.page.map((c) => c._id)).not.toContain(ideaId);
    expect((await ideaOf(w, ideaId))!.status).toBe("settled");
    const refunds = (await docs(w, "moneyMovements")).filter((m) => m.kind === "refund");
    expect(refunds.map((m) => [m.amountCents, m.reason, m.state]).sort()).toEqual([
      [500, "idea_hidden", "confirmed"],
      [700, "idea_hidden", "confirmed"],
    ]);
    expect(
      Object.values(w.stripe.state.refunds)
        .map((r) => r.amount)
        .sort(),
    ).toEqual([500, 700]);
    for (const b of backers)
      expect((await inboxOf(w.t, b)).map((n) => n.kind)).toContain("refund_sent");
  });

  // Found by the randomized money test (seed 7): a bank payment that cleared after the hide
  // followed the frozen winner and was transferred, or (hidden before judging) stayed held.
  test.each(["open", "settled"] as const)(
    "a bank payment that clears after its idea was hidden (%s) goes back to its card, never to a video",
    async (when) => {
      const w = moneyWorld();
      const { ideaId } = await newIdea(w);
      const ops = await operator(w.t);
      await submitVideo(w, ideaId, await payableCreator(w), "creatorvid1");
      const { url } = await w.t.action(api.contributions.startCheckout, {
        ideaId,
        amountCents: 800,
      });
      const late = url.split("/").pop()!;
      w.stripe.pay(late, "async_pending");
      await paid(w, ideaId, null, 300);
      if (when === "settled") await settle(w, ideaId);
      await as(w.t, ops).mutation(api.moderation.hide, {
        target: "idea",
        targetId: ideaId,
        reason: "A scam.",
      });
      await quiet(w);
      w.stripe.settleAsync(late, "succeeded");
      await quiet(w);
      await sweepMovements(w);
      await quiet(w);
      const refunds = Object.values(w.stripe.state.refunds).filter((r) => r.status === "succeeded");
      expect(refunds.map((r) => r.amount).sort()).toEqual(when === "open" ? [300, 800] : [800]);
      // Settled before the hide, the 300 was paid to the creator: that stays paid.
      expect(Object.values(w.stripe.state.transfers).map((t) => t.amount)).toEqual(
        when === "open" ? [] : [300],
      );
      expect((await docs(w, "awards")).map((a) => a.amountCents)).toEqual(
        when === "open" ? [] : [300],
      );
    },
  );

  test("an award being paid when its idea is hidden is called off and refunded; one already paid stays paid", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    await submitVideo(w, ideaId, await payableCreator(w), "creatorvid1");
    await paid(w, ideaId, null, 300);
    await paid(w, ideaId, null, 900);
    // The first transfer is made; Stripe fails the second, which waits for its retry.
    w.stripe.failNext(1, "error_500", { path: "/v1/transfers" });
    await settle(w, ideaId);
    expect(Object.values(w.stripe.state.transfers).map((t) => t.amount)).toHaveLength(1);
    await as(w.t, ops).mutation(api.moderation.hide, {
      target: "idea",
      targetId: ideaId,
      reason: "A scam.",
    });
    await quiet(w);
    for (let i = 0; i < 3; i++) {
      setNow(Date.now() + 7 * 3600 * 1000); // past the retry's backoff
      await sweepMovements(w);
      await quiet(w);
    }
    const [transfer] = Object.values(w.stripe.state.transfers);
    expect(Object.values(w.stripe.state.transfers)).toHaveLength(1);
    const refunded = Object.values(w.stripe.state.refunds).map((r) => r.amount);
    expect(refunded).toEqual([transfer!.amount === 300 ? 900 : 300]);
    expect((await docs(w, "awards")).map((a) => [a.amountCents, a.status]).sort()).toEqual(
      [
        [transfer!.amount, "paid"],
        [transfer!.amount === 300 ? 900 : 300, "cancelled"],
      ].sort(),
    );
  });

  test("a hidden video cannot win and its award passes on to the runner-up", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const slow = await createUser(w.t); // no payouts yet: its award waits
    const { connectYouTube } = await import("./test.money");
    await connectYouTube(w, slow);
    const winner = await submitVideo(w, ideaId, slow, "slowwinner1");
    const runnerUp = await submitVideo(w, ideaId, await payableCreator(w), "runnerup002");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: winner,
      vote: 1,
    });
    await paid(w, ideaId, null, 600);
    await settle(w, ideaId);
    await as(w.t, ops).mutation(api.moderation.hide, {
      target: "video",
      targetId: winner,
      reason: "Stolen footage.",
    });
    await quiet(w);
    await sweepMovements(w);
    await quiet(w);
    const awards = (await docs(w, "awards")).sort((a, b) => a._creationTime - b._creationTime);
    expect(awards.map((a) => [a.submissionId, a.status])).toEqual([
      [winner, "passed"],
      [runnerUp, "paid"],
    ]);
  });

  test("a banned creator: sessions end, sign-in is refused, videos hidden, award passes on", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const ops = await operator(w.t);
    const banned = await createUser(w.t, { name: "Bo Banned" });
    const { connectYouTube } = await import("./test.money");
    await connectYouTube(w, banned);
    const winner = await submitVideo(w, ideaId, banned, "bannedwin01");
    const runnerUp = await submitVideo(w, ideaId, await payableCreator(w), "runnerup002");
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: winner,
      vote: 1,
    });
    await paid(w, ideaId, null, 600);
    await settle(w, ideaId);
    await as(w.t, ops).mutation(api.moderation.ban, { userId: banned, reason: "Fraud." });
    await quiet(w);
    await sweepMovements(w);
    await quiet(w);
    expect(
      await w.t.run((ctx) =>
        ctx.db
          .query("authSessions")
          .withIndex("userId", (q) => q.eq("userId", banned))
          .collect(),
      ),
    ).toEqual([]);
    expect(await as(w.t, banned).query(api.auth.isAuthenticated, {})).toBe(false);
    expect(
      await messageOf(
        w.t.run(async (ctx) => {
          const { upsertUserFromSignIn } = await import("./model/accounts");
          await upsertUserFromSignIn(ctx as never, {
            existingUserId: banned,
            profile: { email: "bo@example.com" },
          });
        }),
      ),
    ).toBe(M.banned);
    expect((await w.t.query(api.submissions.listForIdea, { ideaId })).map((s) => s._id)).toEqual([
      runnerUp,
    ]);
    const awards = (await docs(w, "awards")).sort((a, b) => a._creationTime - b._creationTime);
    expect(awards.map((a) => [a.submissionId, a.status])).toEqual([
      [winner, "passed"],
      [runnerUp, "paid"],
    ]);
    const log = await as(w.t, ops).query(api.moderation.log, {});
    expect(log.map((l) => [l.action, l.what, l.reason])).toEqual([["ban", "Bo Banned", "Fraud."]]);
  });
});

void internal;
