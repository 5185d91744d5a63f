// Every bounty tells its story: each event reaches exactly the people it concerns, once, never
// its actor; switches are respected; emails go out once through the outbox with a signed,
// single-purpose unsubscribe link.
import { afterEach, describe, expect, test, vi } from "vitest";
import type { FunctionReference } from "convex/server";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import { registerEmailComponents } from "./test.emails";
import {
  cleanUp,
  connectYouTube,
  DAY,
  ideaOf,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  payoutsReady,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";
import type { NotificationKind } from "./model/notificationKinds";
import { unsubscribeUrl } from "./model/emailLinks";

afterEach(cleanUp);

const notificationsOf = (w: MoneyWorld, userId: Id<"users">, kind?: NotificationKind) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("notifications").collect()).filter(
      (n) => n.recipientId === userId && (kind === undefined || n.kind === kind),
    ),
  );

const allOfKind = (w: MoneyWorld, kind: NotificationKind) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("notifications").collect()).filter((n) => n.kind === kind),
  );

const emailsOf = (w: MoneyWorld, userId: Id<"users">) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("emails").collect()).filter((e) => e.userId === userId),
  );

const recipients = async (w: MoneyWorld, kind: NotificationKind) =>
  new Set((await allOfKind(w, kind)).map((n) => n.recipientId));

const scheduled = (w: MoneyWorld, name: string) =>
  w.t.run(async (ctx) =>
    (await ctx.db.system.query("_scheduled_functions").collect()).filter((f) =>
      f.name.includes(name),
    ),
  );

describe("an idea's news", () => {
  test("a submitted video reaches the poster, contributors and followers once, never the submitter", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 500);
    const follower = await createUser(w.t);
    await as(w.t, follower).mutation(api.notifications.follow, { ideaId, follow: true });
    const stranger = await createUser(w.t);
    const creator = await createUser(w.t);
    await connectYouTube(w, creator);
    // The submitter follows the idea too: still not told of their own video.
    await as(w.t, creator).mutation(api.notifications.follow, { ideaId, follow: true });
    const submissionId = await submitVideo(w, ideaId, creator, "news0000001");
    await runScheduled(w.t);

    expect(await recipients(w, "video_submitted")).toEqual(
      new Set([author, contributor, follower]),
    );
    expect(await notificationsOf(w, stranger)).toHaveLength(0);
    // The same event again delivers nothing new.
    await w.t.mutation(internal.notifications.fanOut, {
      ideaId,
      kind: "video_submitted",
      actorId: creator,
      submissionId,
      cursor: null,
    });
    expect(await allOfKind(w, "video_submitted")).toHaveLength(3);
  });

  test("unfollowing stops the idea's news, and contributing again does not follow back", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 500);
    expect(await as(w.t, contributor).query(api.notifications.following, { ideaId })).toBe(true);
    await as(w.t, contributor).mutation(api.notifications.follow, { ideaId, follow: false });
    await paid(w, ideaId, contributor, 300);
    expect(await as(w.t, contributor).query(api.notifications.following, { ideaId })).toBe(false);
    expect(await w.t.query(api.notifications.following, { ideaId })).toBeNull();
    await submitVideo(w, ideaId, await payableCreator(w), "unfollow001");
    await runScheduled(w.t);
    expect(await notificationsOf(w, contributor, "video_submitted")).toHaveLength(0);
    // Their own money's news still arrives.
    expect(await notificationsOf(w, contributor, "payment_confirmed")).toHaveLength(2);
  });

  test("the 24-hours reminder is scheduled, and is a no-op when no longer true", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w, 3);
    const idea = (await ideaOf(w, ideaId))!;
    const jobs = await scheduled(w, "endingSoon");
    expect(jobs.map((j) => j.scheduledTime)).toEqual([idea.expiration - DAY]);

    // Too early (the deadline moved, say): nothing.
    await w.t.mutation(internal.notifications.endingSoon, { ideaId });
    expect(await notificationsOf(w, author)).toHaveLength(0);

    setNow(idea.expiration - DAY + 1000);
    await w.t.mutation(internal.notifications.endingSoon, { ideaId });
    await runScheduled(w.t);
    await w.t.mutation(internal.notifications.endingSoon, { ideaId });
    await runScheduled(w.t);
    expect(await notificationsOf(w, author, "ending_soon")).toHaveLength(1);

    // A closed idea gets no reminder.
    const other = await newIdea(w, 3);
    const otherIdea = (await ideaOf(w, other.ideaId))!;
    setNow(otherIdea.expiration + 1);
    await w.t.mutation(internal.ideas.close, { ideaId: other.ideaId });
    await w.t.mutation(internal.notifications.endingSoon, { ideaId: other.ideaId });
    await runScheduled(w.t);
    expect(await notificationsOf(w, other.author, "ending_soon")).toHaveLength(0);
  });

  test("judging started: contributors who may pick are told until when (a money notice); others just hear it started", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const picker = await createUser(w.t);
    await paid(w, ideaId, picker, 500);
    await submitVideo(w, ideaId, await payableCreator(w), "judging0001");
    const idea = (await ideaOf(w, ideaId))!;
    setNow(idea.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await runScheduled(w.t);
    const [toPicker] = await notificationsOf(w, picker, "pick_winner");
    expect(toPicker!.deadline).toBe(idea.expiration + 7 * DAY);
    expect(await notificationsOf(w, picker, "judging_started")).toHaveLength(0);
    const [toAuthor] = await notificationsOf(w, author, "judging_started");
    expect(toAuthor!.deadline).toBeUndefined();
    const inbox = await as(w.t, picker).query(api.notifications.inbox, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(inbox.page.map((n) => n.text)).toContain(
      `Judging started on "Bridges of Lisbon": pick your winner by ${new Date(
        idea.expiration + 7 * DAY,
      ).toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      })}.`,
    );
  });
});

describe("money news", () => {
  test("an award: the creator hears they won (once, the total), the transfer; followers hear the outcome", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const creator = await payableCreator(w);
    const submissionId = await submitVideo(w, ideaId, creator, "winner00001");
    const a = await createUser(w.t);
    const b = await createUser(w.t);
    await paid(w, ideaId, a, 500);
    await paid(w, ideaId, b, 700);
    expect(await notificationsOf(w, a, "payment_confirmed")).toHaveLength(1);
    await settle(w, ideaId);

    const won = await notificationsOf(w, creator, "video_won");
    expect(won.map((n) => [n.submissionId, n.amountCents, n.deadline])).toEqual([
      [submissionId, 1200, undefined],
    ]);
    // Two payments, two transfers, one win: one "A payout was sent" for the whole $12.00, one
    // email, and one line in Payout settings.
    expect((await notificationsOf(w, creator, "transfer_sent")).map((n) => n.amountCents)).toEqual([
      1200,
    ]);
    const emails = await w.t.run((ctx) => ctx.db.query("emails").collect());
    expect(emails.filter((e) => e.kind === "transfer_sent")).toHaveLength(1);
    expect(Object.values(w.stripe.state.transfers)).toHaveLength(2);
    const lines = (await as(w.t, creator).query(api.payouts.mine, {}))!.awards;
    expect(lines.map((l) => [l.submissionTitle, l.amountCents, l.paidCents, l.status])).toEqual([
      ["Video winner00001", 1200, 1200, "paid"],
    ]);
    // Everyone hears the outcome once, in the kind that fits them (issue 37): the backers where
    // their money went, the creator as a creator who submitted, the poster as a follower.
    expect(await recipients(w, "outcome")).toEqual(new Set([author]));
    expect(await recipients(w, "money_outcome")).toEqual(new Set([a, b]));
    expect(await recipients(w, "creator_outcome")).toEqual(new Set([creator]));
    const [outcome] = await notificationsOf(w, a, "money_outcome");
    expect(outcome!.submissionId).toBe(submissionId);
    // Nobody else hears of the creator's money.
    expect(await recipients(w, "transfer_sent")).toEqual(new Set([creator]));
    // The creator's money news leads to Settings → Payouts.
    const inbox = await as(w.t, creator).query(api.notifications.inbox, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(inbox.page.find((n) => n.kind === "video_won")).toMatchObject({
      text: `Your video "Video winner00001" won $12.00 on "Bridges of Lisbon".`,
      link: "/profile?tab=settings",
    });
  });

  test("no eligible video: the outcome is a refund and each contributor hears their refund was sent", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 800);
    await paid(w, ideaId, null, 300);
    await settle(w, ideaId);
    const [outcome] = await notificationsOf(w, contributor, "money_outcome");
    expect(outcome!.submissionId).toBeUndefined();
    const refunds = await notificationsOf(w, contributor, "refund_sent");
    expect(refunds.map((n) => n.amountCents)).toEqual([800]);
    expect(await allOfKind(w, "refund_sent")).toHaveLength(1);
    expect(await allOfKind(w, "refund_failed")).toHaveLength(0);
  });

  test("a refund that fails after Stripe accepted it: the contributor hears it was sent, then that it failed, once each", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 800);
    await settle(w, ideaId);
    const [refund] = Object.values(w.stripe.state.refunds);
    w.stripe.failRefund(refund!.id);
    await w.stripe.deliver();
    await runScheduled(w.t);
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect((await notificationsOf(w, contributor, "refund_sent")).length).toBe(1);
    const failed = await notificationsOf(w, contributor, "refund_failed");
    expect(failed.map((n) => n.amountCents)).toEqual([800]);
  });

  test("a claim reminder is a no-op once the award passed to another video", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const late = await createUser(w.t);
    await connectYouTube(w, late);
    const first = await submitVideo(w, ideaId, late, "passed00001");
    const other = await payableCreator(w);
    await submitVideo(w, ideaId, other, "passed00002");
    // The first video leads the people's choice.
    await as(w.t, await createUser(w.t)).mutation(api.submissions.vote, {
      submissionId: first,
      vote: 1,
    });
    await paid(w, ideaId, null, 900);
    await settle(w, ideaId);
    const idea = (await ideaOf(w, ideaId))!;
    const claimDeadline = idea.expiration + 37 * DAY;
    expect((await notificationsOf(w, late, "video_won")).map((n) => n.amountCents)).toEqual([900]);
    setNow(claimDeadline + 1000);
    await w.t.mutation(internal.settlement.expireClaims, {});
    await runScheduled(w.t);
    expect((await notificationsOf(w, other, "video_won")).map((n) => n.amountCents)).toEqual([900]);
    setNow(claimDeadline - DAY);
    await w.t.mutation(internal.notifications.claimReminder, { submissionId: first, days: 1 });
    expect(await notificationsOf(w, late, "claim_reminder")).toHaveLength(0);
  });

  test("a creator who is not payable is told to set up payouts; reminders are scheduled and no-op once payable", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t);
    await connectYouTube(w, creator);
    const submissionId = await submitVideo(w, ideaId, creator, "waiting0001");
    await paid(w, ideaId, await createUser(w.t), 600);
    await settle(w, ideaId);
    const idea = (await ideaOf(w, ideaId))!;
    const claimDeadline = idea.expiration + 37 * DAY;
    const [won] = await notificationsOf(w, creator, "video_won");
    expect(won!.deadline).toBe(claimDeadline);
    const jobs = await scheduled(w, "claimReminder");
    expect(jobs.map((j) => j.scheduledTime).sort()).toEqual([
      claimDeadline - 7 * DAY,
      claimDeadline - DAY,
    ]);

    // Too early (a scheduler firing early): nothing.
    await w.t.mutation(internal.notifications.claimReminder, { submissionId, days: 1 });
    expect(await notificationsOf(w, creator, "claim_reminder")).toHaveLength(0);
    setNow(claimDeadline - 7 * DAY);
    await w.t.mutation(internal.notifications.claimReminder, { submissionId, days: 7 });
    await w.t.mutation(internal.notifications.claimReminder, { submissionId, days: 7 });
    const reminders = await notificationsOf(w, creator, "claim_reminder");
    expect(reminders.map((n) => [n.amountCents, n.deadline])).toEqual([[600, claimDeadline]]);

    await payoutsReady(w, creator);
    await runScheduled(w.t);
    setNow(claimDeadline - DAY);
    await w.t.mutation(internal.notifications.claimReminder, { submissionId, days: 1 });
    expect(await notificationsOf(w, creator, "claim_reminder")).toHaveLength(1);
  });
});

describe("switches", () => {
  test("money emails are on by default, the idea's news is opt-in; in-app off hides from the inbox", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const contributor = await createUser(w.t);
    await as(w.t, contributor).mutation(api.notifications.setPreferences, {
      kind: "payment_confirmed",
      inApp: false,
    });
    await as(w.t, author).mutation(api.notifications.setPreferences, {
      kind: "video_submitted",
      email: true,
    });
    await paid(w, ideaId, contributor, 500);
    await submitVideo(w, ideaId, await payableCreator(w), "switches001");
    await runScheduled(w.t);

    // The contributor: payment emailed (default on), not in their inbox; the video not emailed.
    expect((await emailsOf(w, contributor)).map((e) => e.kind)).toEqual(["payment_confirmed"]);
    const inbox = await as(w.t, contributor).query(api.notifications.inbox, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(inbox.page.map((n) => n.kind)).toEqual(["video_submitted"]);
    expect(await as(w.t, contributor).query(api.notifications.unreadCount, {})).toBe(1);
    // The author opted in.
    expect((await emailsOf(w, author)).map((e) => e.kind)).toEqual(["video_submitted"]);

    const prefs = await as(w.t, contributor).query(api.notifications.preferences, {});
    expect(prefs.find((p) => p.kind === "payment_confirmed")).toEqual({
      kind: "payment_confirmed",
      inApp: false,
      email: true,
    });
    expect(prefs.find((p) => p.kind === "outcome")?.email).toBe(false);
  });

  test("mark read and mark all read; the bell counts only the viewer's unread", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    await paid(w, ideaId, author, 500);
    await submitVideo(w, ideaId, await payableCreator(w), "read0000001");
    await submitVideo(w, ideaId, await payableCreator(w), "read0000002");
    await runScheduled(w.t);
    const me = as(w.t, author);
    expect(await me.query(api.notifications.unreadCount, {})).toBe(3);
    expect(await w.t.query(api.notifications.unreadCount, {})).toBe(0);
    const inbox = await me.query(api.notifications.inbox, {
      paginationOpts: { numItems: 2, cursor: null },
    });
    expect(inbox.page).toHaveLength(2);
    expect(inbox.page[0]!.createdAt).toBeGreaterThanOrEqual(inbox.page[1]!.createdAt);
    await me.mutation(api.notifications.markRead, { notificationId: inbox.page[0]!._id });
    // Someone else cannot mark mine.
    await as(w.t, await createUser(w.t)).mutation(api.notifications.markRead, {
      notificationId: inbox.page[1]!._id,
    });
    expect(await me.query(api.notifications.unreadCount, {})).toBe(2);
    expect(await me.mutation(api.notifications.markAllRead, {})).toEqual({ more: false });
    expect(await me.query(api.notifications.unreadCount, {})).toBe(0);
  });
});

describe("emails", () => {
  // The Resend component calls Resend's batch API itself.
  const RESEND = "https://api.resend.com";

  function mockResend(failFirst = 0) {
    vi.stubEnv("RESEND_API_KEY", "re_test");
    vi.stubEnv("EMAIL_LINK_SECRET", "link-secret");
    vi.stubEnv("SITE_URL", "http://site.test");
    vi.stubEnv("CONVEX_SITE_URL", "http://convex.test");
    const sent: { key: string | null; body: Record<string, unknown>; auth: string | null }[] = [];
    const calls: string[] = [];
    let failures = failFirst;
    const previous = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(RESEND)) return previous(input, init);
      expect(request.url).toBe(`${RESEND}/emails/batch`);
      const key = request.headers.get("idempotency-key");
      calls.push(key ?? "");
      if (failures > 0) {
        failures -= 1;
        return new Response("boom", { status: 500 });
      }
      const batch = (await request.json()) as Record<string, unknown>[];
      for (const body of batch)
        sent.push({ key, auth: request.headers.get("authorization"), body });
      return Response.json({ data: batch.map((_, i) => ({ id: `email_${sent.length + i}` })) });
    });
    return { sent, calls };
  }

  // The name @convex-dev/workpool gives its batch-worker loop, and batch-worker's mutation
  // that restarts a loop now (a function handle: convex-test's format).
  const WORKPOOL_LOOP = "main";
  const kickWorkpoolLoop =
    "function://resend/emailWorkpool/batchWorker;lib:kick" as unknown as FunctionReference<
      "mutation",
      "public",
      { name: string }
    >;

  function emailWorld() {
    const w = moneyWorld();
    registerEmailComponents(w.t);
    return w;
  }

  /** Runs scheduled work until the component has made its call to Resend (its batches wait ~1 s). */
  async function untilCalled(
    w: ReturnType<typeof emailWorld>,
    calls: string[],
    count: number,
    waitMs = 5000,
  ) {
    for (let i = 0; i < waitMs / 50 && calls.length < count; i++) {
      await runScheduled(w.t);
      if (calls.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await runScheduled(w.t);
  }

  test("a payment confirmation is emailed once, with the idea, the amount, a link and an unsubscribe", async () => {
    const w = emailWorld();
    const resend = mockResend();
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t, { email: "ana@example.com" });
    await paid(w, ideaId, contributor, 1250);
    await untilCalled(w, resend.calls, 1);
    expect(resend.sent).toHaveLength(1);
    const [email] = resend.sent;
    expect(email!.auth).toBe("Bearer re_test");
    expect(email!.body.to).toEqual(["ana@example.com"]);
    const text = email!.body.text as string;
    expect(text).toContain('"Bridges of Lisbon"');
    expect(text).toContain("$12.50");
    expect(text).toContain(`http://site.test/expanded-proposal/${ideaId}`);
    // An HTML part in the app's look: the same sentence, a button instead of the raw link, and
    // the unsubscribe link.
    const html = email!.body.html as string;
    expect(html).toContain("Your payment of $12.50 to &quot;Bridges of Lisbon&quot; is confirmed.");
    expect(html).toMatch(
      new RegExp(`<a href="http://site\\.test/expanded-proposal/${ideaId}"[^>]*>Open the idea</a>`),
    );
    expect(html).not.toMatch(/>http:\/\/site\.test/);
    expect(html).toMatch(
      /<a href="http:\/\/convex\.test\/email\/unsubscribe\?[^"]*"[^>]*>Unsubscribe/,
    );
    const headers = email!.body.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/convex\.test\/email\/unsubscribe\?/);
    expect(text).toContain(headers["List-Unsubscribe"]!.slice(1, -1));
    const [row] = await emailsOf(w, contributor);
    expect(row!.state).toBe("sent");
    // Sending again (a duplicate run, the sweep) sends nothing.
    await w.t.action(internal.emails.send, { emailId: row!._id });
    await w.t.mutation(internal.emails.sweep, {});
    // (Time moves on, so a second email, had there been one, would be batched and sent.)
    setNow(Date.now() + 5_000);
    await untilCalled(w, resend.calls, 2, 2000);
    expect(resend.calls).toHaveLength(1);
  });

  test("a failed call to Resend is retried with the same idempotency key, and the email is sent once", async () => {
    const w = emailWorld();
    const resend = mockResend(1);
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 500);
    await untilCalled(w, resend.calls, 1);
    expect(resend.sent).toHaveLength(0);
    // The component retries a minute later (its backoff), under the same key. Here only Date
    // is moved, not timers: a minute passes, then the work pool's loop is woken as its timer
    // would wake it (batch-worker's own recovery mutation), until the retry is made.
    for (let i = 0; i < 20 && resend.calls.length < 2; i++) {
      setNow(Date.now() + 61_000);
      await w.t.mutation(kickWorkpoolLoop, { name: WORKPOOL_LOOP });
      await untilCalled(w, resend.calls, 2, 500);
    }
    expect(resend.sent).toHaveLength(1);
    expect(resend.calls).toHaveLength(2);
    expect(resend.calls[1]).toBe(resend.calls[0]);
    expect((await emailsOf(w, contributor))[0]!.state).toBe("sent");
  });

  test("two runs at once (a retry racing the sweep) hand the email over once", async () => {
    const w = emailWorld();
    const resend = mockResend();
    vi.stubEnv("RESEND_API_KEY", "");
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 500);
    await runScheduled(w.t);
    const [row] = await emailsOf(w, contributor);
    vi.stubEnv("RESEND_API_KEY", "re_test");
    setNow(row!.nextAttemptAt);
    // Both claim the queued email before either records the hand-off.
    await Promise.all([
      w.t.action(internal.emails.send, { emailId: row!._id }),
      w.t.action(internal.emails.send, { emailId: row!._id }),
    ]);
    setNow(Date.now() + 5_000);
    await untilCalled(w, resend.calls, 2, 2000);
    expect(resend.sent).toHaveLength(1);
    expect((await emailsOf(w, contributor))[0]!.state).toBe("sent");
  });

  test("without an API key nothing is sent, and the email waits for its next attempt", async () => {
    const w = emailWorld();
    const resend = mockResend();
    vi.stubEnv("RESEND_API_KEY", "");
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    await paid(w, ideaId, contributor, 500);
    await runScheduled(w.t);
    const [row] = await emailsOf(w, contributor);
    expect(row).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: "RESEND_API_KEY is not set",
    });
    vi.stubEnv("RESEND_API_KEY", "re_test");
    setNow(row!.nextAttemptAt);
    await w.t.mutation(internal.emails.sweep, {});
    await untilCalled(w, resend.calls, 1);
    expect(resend.sent).toHaveLength(1);
  });

  test("the unsubscribe link works signed out, for that kind only; a forged one does nothing", async () => {
    const w = moneyWorld();
    mockResend();
    // A creator: Settings lists the payout kinds (transfer_sent, below) to people who make videos.
    const person = await createUser(w.t, { accountType: "Creator" });
    const me = as(w.t, person);
    const url = new URL(await unsubscribeUrl(person, "payment_confirmed"));
    const response = await w.t.fetch(`${url.pathname}${url.search}`, { method: "POST" });
    expect(response.status).toBe(200);
    const prefs = await me.query(api.notifications.preferences, {});
    expect(prefs.find((p) => p.kind === "payment_confirmed")?.email).toBe(false);
    expect(prefs.find((p) => p.kind === "refund_sent")?.email).toBe(true);

    // The same signature for another kind is refused.
    const forged = new URLSearchParams(url.search);
    forged.set("k", "refund_sent");
    const refused = await w.t.fetch(`${url.pathname}?${forged.toString()}`);
    expect(refused.status).toBe(400);
    const after = await me.query(api.notifications.preferences, {});
    expect(after.find((p) => p.kind === "refund_sent")?.email).toBe(true);

    // A GET (a click in the email) works too.
    const click = new URL(await unsubscribeUrl(person, "transfer_sent"));
    expect((await w.t.fetch(`${click.pathname}${click.search}`)).status).toBe(200);
    const last = await me.query(api.notifications.preferences, {});
    expect(last.find((p) => p.kind === "transfer_sent")?.email).toBe(false);
  });

  test("an unsubscribed kind is not emailed", async () => {
    const w = moneyWorld();
    const resend = mockResend();
    const { ideaId } = await newIdea(w);
    const contributor = await createUser(w.t);
    const url = new URL(await unsubscribeUrl(contributor, "payment_confirmed"));
    await w.t.fetch(`${url.pathname}${url.search}`);
    await paid(w, ideaId, contributor, 500);
    await runScheduled(w.t);
    expect(resend.sent).toHaveLength(0);
    expect(await notificationsOf(w, contributor, "payment_confirmed")).toHaveLength(1);
  });
});

describe("the outcome says what every screen says", () => {
  test("refunds Stripe has not confirmed are 'being refunded', then 'were refunded', as the card says", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 800);
    w.stripe.setRefundsPending(true);
    await settle(w, ideaId);
    const outcomeText = async () => {
      const inbox = await as(w.t, backer).query(api.notifications.inbox, {
        paginationOpts: { numItems: 20, cursor: null },
      });
      return inbox.page.find((n) => n.kind === "money_outcome")?.text;
    };
    const card = async () => (await w.t.query(api.ideas.get, { ideaId }))!.ending;
    expect(await card()).toMatchObject({ kind: "refunded", refundedCents: 0, pendingCents: 800 });
    expect(await outcomeText()).toBe(
      `"Bridges of Lisbon" ended without an eligible video: its contributions are being refunded. Of your money, $8.00 comes back to your card.`,
    );
    const [refund] = Object.values(w.stripe.state.refunds);
    w.stripe.succeedRefund(refund!.id);
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect(await card()).toMatchObject({ kind: "refunded", refundedCents: 800, pendingCents: 0 });
    expect(await outcomeText()).toBe(
      `"Bridges of Lisbon" ended without an eligible video: its contributions were refunded. Of your money, $8.00 comes back to your card.`,
    );
  });
});
