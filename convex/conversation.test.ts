// Questions and answers on an idea (issue 29): the content filter and rate limits as on every
// write, roles marked, only the poster hides, anyone reports (once), the asker and followers
// are told, and every list reads a page, never the whole table.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend, messageOf } from "./test.setup";
import { CONVERSATION_MESSAGES } from "./model/conversation";
import { connectAccount, mockPlatforms, type FakePlatforms } from "./test.platforms";

const DAY = 24 * 3600 * 1000;
const TOO_MANY = /^Too many requests — please try again in \d+ seconds?\.$/;
let platforms: FakePlatforms;

beforeEach(() => {
  platforms = mockPlatforms();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function world() {
  const t = newBackend();
  const poster = await createUser(t, { name: "Pia Poster" });
  const ideaId = await as(t, poster).mutation(api.ideas.create, {
    oneLiner: "Bridges of Lisbon",
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + 5 * DAY,
    links: [],
  });
  return { t, poster, ideaId };
}

const messages = (t: Backend) =>
  t.run(async (ctx) => await ctx.db.query("ideaMessages").take(1000));
const notificationsOf = (t: Backend, userId: Id<"users">) =>
  t.run(async (ctx) =>
    (await ctx.db.query("notifications").take(1000)).filter((n) => n.recipientId === userId),
  );
const firstPage = { numItems: 10, cursor: null };

describe("asking and answering", () => {
  test("the content filter refuses profane or restricted messages, with nothing written", async () => {
    const { t, ideaId } = await world();
    const asker = as(t, await createUser(t));
    for (const body of ["is this sh1t allowed?", "see www.xvideos.com/x", "f.u.c.k"])
      expect(await messageOf(asker.mutation(api.conversation.ask, { ideaId, body }))).toBe(
        CONVERSATION_MESSAGES.content,
      );
    expect(
      await messageOf(asker.mutation(api.conversation.ask, { ideaId, body: " \u200B " })),
    ).toBe(CONVERSATION_MESSAGES.emptyQuestion);
    expect(
      await messageOf(asker.mutation(api.conversation.ask, { ideaId, body: "a".repeat(1001) })),
    ).toBe(CONVERSATION_MESSAGES.tooLong);
    expect(await messages(t)).toHaveLength(0);

    const questionId = await asker.mutation(api.conversation.ask, {
      ideaId,
      body: "Does a 4-minute cut count? See https://youtu.be/dQw4w9WgXcQ",
    });
    expect(
      await messageOf(
        asker.mutation(api.conversation.answer, { questionId, body: "what the fvck" }),
      ),
    ).toBe(CONVERSATION_MESSAGES.content);
    expect(await messages(t)).toHaveLength(1);
  });

  test("visitors cannot write; the sign-in message says what to do", async () => {
    const { t, ideaId } = await world();
    expect(await messageOf(t.mutation(api.conversation.ask, { ideaId, body: "Hello?" }))).toBe(
      CONVERSATION_MESSAGES.signIn,
    );
  });

  test("the poster's and creators' answers are marked; the asker is told of each answer", async () => {
    const { t, poster, ideaId } = await world();
    const asker = await createUser(t, { name: "Ann Asker" });
    const creator = await createUser(t, { name: "Cleo Creator" });
    await connectAccount(t, platforms, creator, { channelId: `UC${creator}` });
    platforms.youtube.push({
      id: "conv0000001",
      channelId: `UC${creator}`,
      title: "Lisbon at dawn",
      seconds: 600,
      publishedAt: Date.now() + 1000,
    });
    vi.setSystemTime(Date.now() + 2000);
    await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: "https://youtu.be/conv0000001",
    });
    const questionId = await as(t, asker).mutation(api.conversation.ask, {
      ideaId,
      body: "Does a 4-minute cut count?",
    });
    await as(t, poster).mutation(api.conversation.answer, { questionId, body: "Yes, it does." });
    await as(t, creator).mutation(api.conversation.answer, { questionId, body: "Mine is 10." });
    await as(t, asker).mutation(api.conversation.answer, { questionId, body: "Thanks!" });
    await t.finishAllScheduledFunctions(() => undefined);

    const page = await t.query(api.conversation.questions, {
      ideaId,
      paginationOpts: firstPage,
    });
    expect(page.page).toHaveLength(1);
    const q = page.page[0]!;
    expect(q).toMatchObject({ role: "member", authorName: "Ann Asker", answerCount: 3 });
    expect(q.latestAnswers.map((a) => [a.authorName, a.role, a.body])).toEqual([
      ["Pia Poster", "poster", "Yes, it does."],
      ["Cleo Creator", "creator", "Mine is 10."],
      ["Ann Asker", "member", "Thanks!"],
    ]);

    // The asker hears of the two others' answers (not their own), in the inbox.
    const inbox = await as(t, asker).query(api.notifications.inbox, { paginationOpts: firstPage });
    expect(inbox.page.filter((n) => n.kind === "question_answered").map((n) => n.text)).toEqual([
      'Cleo Creator (a creator) answered your question on "Bridges of Lisbon": “Mine is 10.”',
      'Pia Poster (the poster) answered your question on "Bridges of Lisbon": “Yes, it does.”',
    ]);
    // The poster (a follower) and the creator (who follows since submitting) hear of the
    // question; the asker does not hear of their own.
    expect((await notificationsOf(t, poster)).map((n) => n.kind)).toContain("question_asked");
    expect((await notificationsOf(t, creator)).map((n) => n.kind)).toContain("question_asked");
    expect((await notificationsOf(t, asker)).map((n) => n.kind)).not.toContain("question_asked");
    const posterInbox = await as(t, poster).query(api.notifications.inbox, {
      paginationOpts: firstPage,
    });
    expect(posterInbox.page.find((n) => n.kind === "question_asked")?.text).toBe(
      'Ann Asker asked about "Bridges of Lisbon": “Does a 4-minute cut count?”',
    );
  });

  test("people who turn a kind off are not shown it; the email switch is opt-in", async () => {
    const { t, poster, ideaId } = await world();
    await as(t, poster).mutation(api.notifications.setPreferences, {
      kind: "question_asked",
      inApp: false,
    });
    await as(t, await createUser(t)).mutation(api.conversation.ask, {
      ideaId,
      body: "Any length?",
    });
    await t.finishAllScheduledFunctions(() => undefined);
    const inbox = await as(t, poster).query(api.notifications.inbox, { paginationOpts: firstPage });
    expect(inbox.page).toHaveLength(0);
    const emails = await t.run(async (ctx) => await ctx.db.query("emails").take(10));
    expect(emails).toHaveLength(0);
  });
});

describe("moderation", () => {
  test("only the idea's poster can hide a message; hidden words reach nobody", async () => {
    const { t, poster, ideaId } = await world();
    const asker = await createUser(t);
    const stranger = await createUser(t);
    const questionId = await as(t, asker).mutation(api.conversation.ask, {
      ideaId,
      body: "Buy followers at my site",
    });
    for (const who of [asker, stranger])
      expect(
        await messageOf(
          as(t, who).mutation(api.conversation.setHidden, { messageId: questionId, hidden: true }),
        ),
      ).toBe(CONVERSATION_MESSAGES.notPoster);
    let q = (await t.query(api.conversation.questions, { ideaId, paginationOpts: firstPage }))
      .page[0]!;
    expect(q).toMatchObject({ hidden: false, body: "Buy followers at my site" });

    await as(t, poster).mutation(api.conversation.setHidden, {
      messageId: questionId,
      hidden: true,
    });
    q = (await t.query(api.conversation.questions, { ideaId, paginationOpts: firstPage })).page[0]!;
    expect(q).toMatchObject({ hidden: true, body: null });
    // Nobody answers a hidden question; the poster can show it again.
    expect(
      await messageOf(
        as(t, stranger).mutation(api.conversation.answer, { questionId, body: "Sure" }),
      ),
    ).toBe(CONVERSATION_MESSAGES.hiddenQuestion);
    await as(t, poster).mutation(api.conversation.setHidden, {
      messageId: questionId,
      hidden: false,
    });
    q = (await t.query(api.conversation.questions, { ideaId, paginationOpts: firstPage })).page[0]!;
    expect(q).toMatchObject({ hidden: false, body: "Buy followers at my site" });
  });

  test("anyone signed in reports a message once; the poster sees how often it was reported", async () => {
    const { t, poster, ideaId } = await world();
    const asker = await createUser(t);
    const questionId = await as(t, asker).mutation(api.conversation.ask, {
      ideaId,
      body: "Visit my shop",
    });
    const [ann, bob] = [await createUser(t), await createUser(t)];
    await as(t, ann).mutation(api.conversation.report, { messageId: questionId, reason: "spam" });
    await as(t, ann).mutation(api.conversation.report, { messageId: questionId, reason: "abuse" });
    await as(t, bob).mutation(api.conversation.report, { messageId: questionId, reason: "spam" });
    expect(
      await messageOf(
        as(t, asker).mutation(api.conversation.report, { messageId: questionId, reason: "spam" }),
      ),
    ).toBe(CONVERSATION_MESSAGES.ownReport);
    expect(
      await messageOf(
        t.mutation(api.conversation.report, { messageId: questionId, reason: "spam" }),
      ),
    ).toBe("Please sign in to report a message.");

    const reports = await t.run(async (ctx) => await ctx.db.query("ideaMessageReports").take(10));
    expect(reports.map((r) => [r.reporterId, r.reason])).toEqual([
      [ann, "spam"],
      [bob, "spam"],
    ]);
    expect((await as(t, poster).query(api.conversation.viewer, { ideaId })).reported).toEqual([
      { messageId: questionId, reportCount: 2 },
    ]);
    // Only the poster sees the reports.
    expect((await as(t, ann).query(api.conversation.viewer, { ideaId })).reported).toEqual([]);
    expect(await as(t, ann).query(api.conversation.viewer, { ideaId })).toMatchObject({
      signedIn: true,
      role: "member",
    });
  });
});

describe("rate limits", () => {
  test("the 11th message in a burst is refused and not written; an hour later it is accepted", async () => {
    const { t, ideaId } = await world();
    const me = as(t, await createUser(t));
    const questionId = await me.mutation(api.conversation.ask, { ideaId, body: "Q 0" });
    for (let i = 1; i < 10; i++)
      await me.mutation(api.conversation.answer, { questionId, body: `A ${i}` });
    expect(await messageOf(me.mutation(api.conversation.ask, { ideaId, body: "Q 1" }))).toMatch(
      TOO_MANY,
    );
    expect(await messages(t)).toHaveLength(10);
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    await me.mutation(api.conversation.ask, { ideaId, body: "Q 1" });
    expect(await messages(t)).toHaveLength(11);
  });

  test("reports and hiding share a bucket: a report script is stopped", async () => {
    const { t, ideaId } = await world();
    const asker = as(t, await createUser(t));
    const ids = [];
    for (let i = 0; i < 10; i++)
      ids.push(await asker.mutation(api.conversation.ask, { ideaId, body: `Q ${i}` }));
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    for (let i = 0; i < 10; i++)
      ids.push(await asker.mutation(api.conversation.ask, { ideaId, body: `Q ${i + 10}` }));
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    ids.push(await asker.mutation(api.conversation.ask, { ideaId, body: "Q 20" }));
    const reporter = as(t, await createUser(t));
    for (const id of ids.slice(0, 20))
      await reporter.mutation(api.conversation.report, { messageId: id, reason: "spam" });
    expect(
      await messageOf(
        reporter.mutation(api.conversation.report, { messageId: ids[20]!, reason: "spam" }),
      ),
    ).toMatch(TOO_MANY);
  });
});

describe("reading", () => {
  test("a page of questions reads the same documents with 120 or 2,400 messages", async () => {
    const measure = async (questions: number) => {
      const { t, poster, ideaId } = await world();
      await t.run(async (ctx) => {
        for (let i = 0; i < questions; i++) {
          const id = await ctx.db.insert("ideaMessages", {
            ideaId,
            parentId: null,
            authorId: poster,
            role: "poster",
            body: `Question ${i}`,
            answerCount: 5,
            reportCount: 0,
          });
          for (let j = 0; j < 5; j++)
            await ctx.db.insert("ideaMessages", {
              ideaId,
              parentId: id,
              authorId: poster,
              role: "poster",
              body: `Answer ${j}`,
              answerCount: 0,
              reportCount: 0,
            });
        }
      });
      return await t.run(async (ctx) => {
        const { questionsPage } = await import("./model/conversation");
        const page = await questionsPage(ctx, ideaId, { numItems: 10, cursor: null });
        expect(page.page).toHaveLength(10);
        // Newest first, each with its three latest answers.
        expect(page.page[0]!.body).toBe(`Question ${questions - 1}`);
        expect(page.page[0]!.latestAnswers.map((a) => a.body)).toEqual([
          "Answer 2",
          "Answer 3",
          "Answer 4",
        ]);
        return (await ctx.meta.getTransactionMetrics()).documentsRead.used;
      });
    };
    const small = await measure(20);
    const large = await measure(400);
    expect(large).toBe(small);
    // Ten questions, three answers each and each one's author: 80 documents, not 2,400.
    expect(large).toBe(80);
  }, 120_000);

  test("pages come newest first and carry on with the cursor; answers page on their own", async () => {
    const { t, ideaId } = await world();
    const me = as(t, await createUser(t));
    const ids = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await me.mutation(api.conversation.ask, { ideaId, body: `Q ${i}` }));
      vi.setSystemTime(Date.now() + 1000);
    }
    const first = await t.query(api.conversation.questions, {
      ideaId,
      paginationOpts: { numItems: 3, cursor: null },
    });
    expect(first.page.map((q) => q.body)).toEqual(["Q 4", "Q 3", "Q 2"]);
    const second = await t.query(api.conversation.questions, {
      ideaId,
      paginationOpts: { numItems: 3, cursor: first.continueCursor },
    });
    expect(second.page.map((q) => q.body)).toEqual(["Q 1", "Q 0"]);
    expect(second.isDone).toBe(true);

    for (let i = 0; i < 4; i++)
      await me.mutation(api.conversation.answer, { questionId: ids[0]!, body: `A ${i}` });
    const answers = await t.query(api.conversation.answers, {
      questionId: ids[0]!,
      paginationOpts: { numItems: 2, cursor: null },
    });
    expect(answers.page.map((a) => a.body)).toEqual(["A 3", "A 2"]);
    // Not a question's id: an empty page, not an error.
    expect(
      (await t.query(api.conversation.questions, { ideaId: "nope", paginationOpts: firstPage }))
        .page,
    ).toEqual([]);
  });
});
