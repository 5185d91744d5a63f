// A poster's control room (issue 36; product rules "Running an idea"): edits kept with their
// history and told to the creators who submitted; a deadline extended once, with judging, held
// money and the claim window moving along and backers free to take their money back until the
// original deadline; live stats; the backers list (public and the poster's); and an update
// emailed to backers at most once a day, which they can stop per idea.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  chargeOfSession,
  cleanUp,
  DAY,
  ideaOf,
  moneyWorld,
  paid,
  payableCreator,
  runScheduled,
  setNow,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import { EDIT_MESSAGES } from "./model/ideaEdits";
import { EXTEND_MESSAGES, WITHDRAW_MESSAGES } from "./model/money/rules";
import { judgingEndsAt } from "./model/labels";
import { UPDATE_MESSAGES } from "./model/ideaUpdates";
import { unsubscribeUrl } from "./model/emailLinks";
import { claimDeadlineOf } from "./model/money/rules";

afterEach(cleanUp);

const page = { numItems: 20, cursor: null };

async function postIdea(w: MoneyWorld, author: Id<"users">, days = 5) {
  return await as(w.t, author).mutation(api.ideas.create, {
    oneLiner: "Bridges of Lisbon",
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + days * DAY,
    links: ["https://example.com/one"],
    brief: "Walk across every bridge.",
  });
}

const notices = (w: MoneyWorld, kind: string) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("notifications").collect()).filter((n) => n.kind === kind),
  );

async function quiet(w: MoneyWorld) {
  await w.stripe.deliver();
  await runScheduled(w.t);
  await sweepMovements(w);
  await w.stripe.deliver();
  await runScheduled(w.t);
}

describe("edits", () => {
  test("the poster edits the brief and links while open; every edit is kept; creators who submitted hear", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const creator = await payableCreator(w);
    const stranger = await createUser(w.t);
    const ideaId = await postIdea(w, poster);
    await submitVideo(w, ideaId, creator, "editvideo01");
    await expect(
      as(w.t, stranger).mutation(api.controlRoom.edit, { ideaId, brief: "Mine now" }),
    ).rejects.toThrow(EDIT_MESSAGES.notPoster);
    setNow(Date.now() + 1000);
    await as(w.t, poster).mutation(api.controlRoom.edit, {
      ideaId,
      brief: "Walk across every bridge, at dawn.",
      links: ["https://example.com/one", "https://example.com/two"],
    });
    await runScheduled(w.t);
    const card = (await w.t.query(api.ideas.get, { ideaId }))!;
    expect(card).toMatchObject({
      brief: "Walk across every bridge, at dawn.",
      links: ["https://example.com/one", "https://example.com/two"],
      description: "Supporting Links:\n- https://example.com/one\n- https://example.com/two",
    });
    expect(card.editedAt).toBe(Date.now());
    setNow(Date.now() + 1000);
    await as(w.t, poster).mutation(api.controlRoom.edit, { ideaId, brief: "Dawn only." });
    await runScheduled(w.t);
    const history = await w.t.query(api.controlRoom.edits, { ideaId, paginationOpts: page });
    expect(history.page.map((e) => [e.before, e.after])).toEqual([
      [{ brief: "Walk across every bridge, at dawn." }, { brief: "Dawn only." }],
      [
        { brief: "Walk across every bridge.", links: ["https://example.com/one"] },
        {
          brief: "Walk across every bridge, at dawn.",
          links: ["https://example.com/one", "https://example.com/two"],
        },
      ],
    ]);
    // The creator who submitted heard of each edit, once; the poster did not.
    const edited = await notices(w, "idea_edited");
    expect(edited.map((n) => n.recipientId)).toEqual([creator, creator]);
    const inbox = await as(w.t, creator).query(api.notifications.inbox, { paginationOpts: page });
    expect(inbox.page.map((n) => n.text)).toEqual(
      expect.arrayContaining([
        'The poster of "Bridges of Lisbon" edited the brief and the links. Check that your video still fits.',
        'The poster of "Bridges of Lisbon" edited the brief. Check that your video still fits.',
      ]),
    );
    await expect(
      as(w.t, poster).mutation(api.controlRoom.edit, { ideaId, brief: "Dawn only." }),
    ).rejects.toThrow(EDIT_MESSAGES.nothing);
    // Closed: no more edits.
    setNow((await ideaOf(w, ideaId))!.expiration + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await expect(
      as(w.t, poster).mutation(api.controlRoom.edit, { ideaId, brief: "Too late" }),
    ).rejects.toThrow(EDIT_MESSAGES.notOpen);
  });

  test("title, platform and lengths change only until anyone contributed or submitted", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const ideaId = await postIdea(w, poster);
    await as(w.t, poster).mutation(api.controlRoom.edit, {
      ideaId,
      title: "Bridges of Porto",
      platform: "Any",
      durations: ["SHORT", "MEDIUM"],
    });
    expect(await w.t.query(api.ideas.get, { ideaId })).toMatchObject({
      title: "Bridges of Porto",
      platform: "Any",
      durations: ["SHORT", "MEDIUM"],
    });
    await paid(w, ideaId, await createUser(w.t), 500);
    await expect(
      as(w.t, poster).mutation(api.controlRoom.edit, { ideaId, title: "Bridges of Faro" }),
    ).rejects.toThrow(EDIT_MESSAGES.fixed);
    // The brief still changes.
    await as(w.t, poster).mutation(api.controlRoom.edit, { ideaId, brief: "Any bridge." });
  });

  test("edits are checked like a new idea: links, their number, the content filter", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const ideaId = await postIdea(w, poster);
    const me = as(w.t, poster);
    await expect(
      me.mutation(api.controlRoom.edit, { ideaId, links: ["ftp://example.com/x"] }),
    ).rejects.toThrow("http:// or https://");
    await expect(
      me.mutation(api.controlRoom.edit, {
        ideaId,
        links: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`),
      }),
    ).rejects.toThrow("at most 10");
    await expect(
      me.mutation(api.controlRoom.edit, { ideaId, brief: "This is sh1t" }),
    ).rejects.toThrow("inappropriate");
    await expect(me.mutation(api.controlRoom.edit, { ideaId, title: "   " })).rejects.toThrow(
      "Please enter your idea",
    );
    expect((await w.t.query(api.controlRoom.edits, { ideaId, paginationOpts: page })).page).toEqual(
      [],
    );
  });
});

describe("extending the deadline", () => {
  test("once, 1 to 30 days, at least 24 hours before it, by the poster; everything timed by it moves", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const backer = await createUser(w.t);
    const ideaId = await postIdea(w, poster, 3);
    const { contributionId } = await paid(w, ideaId, backer, 1000);
    const before = (await ideaOf(w, ideaId))!.expiration;
    const me = as(w.t, poster);
    await expect(
      as(w.t, backer).mutation(api.controlRoom.extend, { ideaId, days: 3 }),
    ).rejects.toThrow(EXTEND_MESSAGES.notPoster);
    for (const days of [0, 31, 2.5])
      await expect(me.mutation(api.controlRoom.extend, { ideaId, days })).rejects.toThrow(
        EXTEND_MESSAGES.days,
      );
    await me.mutation(api.controlRoom.extend, { ideaId, days: 4 });
    await runScheduled(w.t);
    const idea = (await ideaOf(w, ideaId))!;
    expect(idea.expiration).toBe(before + 4 * DAY);
    expect(idea.extension).toMatchObject({ from: before, days: 4 });
    await expect(me.mutation(api.controlRoom.extend, { ideaId, days: 1 })).rejects.toThrow(
      EXTEND_MESSAGES.once,
    );
    // The held money's deadline moved with judging.
    const c = await w.t.run(async (ctx) => (await ctx.db.get("contributions", contributionId))!);
    expect(c.heldUntil).toBe(judgingEndsAt(before + 4 * DAY));
    const box = (await w.t.query(api.contributions.ledger, { ideaId }))!;
    expect(box.held[0]!.until).toBe(judgingEndsAt(before + 4 * DAY));
    // The old deadline passes: the idea stays open.
    setNow(before + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await w.t.mutation(internal.ideas.sweep, {});
    expect((await ideaOf(w, ideaId))!.status).toBe("open");
    // Every backer heard, with until when they may take their money back.
    const told = await notices(w, "deadline_extended");
    expect(told.map((n) => [n.recipientId, n.deadline])).toEqual([[backer, before]]);
    // A winner's claim window counts from the new end of judging.
    expect(claimDeadlineOf(idea.expiration)).toBe(judgingEndsAt(before + 4 * DAY) + 30 * DAY);
  });

  test("not within 24 hours of the deadline", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const ideaId = await postIdea(w, poster, 1);
    setNow(Date.now() + 60_000);
    await expect(
      as(w.t, poster).mutation(api.controlRoom.extend, { ideaId, days: 2 }),
    ).rejects.toThrow(EXTEND_MESSAGES.tooLate);
  });

  test("backers who paid before may take their money back until the original deadline: a real refund", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const early = await createUser(w.t);
    const stays = await createUser(w.t);
    const late = await createUser(w.t);
    const ideaId = await postIdea(w, poster, 3);
    const first = await paid(w, ideaId, early, 1500);
    const kept = await paid(w, ideaId, stays, 600);
    const anonymous = await paid(w, ideaId, null, 800);
    await expect(
      as(w.t, early).mutation(api.moves.withdraw, { contributionId: first.contributionId }),
    ).rejects.toThrow(WITHDRAW_MESSAGES.notExtended);
    const original = (await ideaOf(w, ideaId))!.expiration;
    setNow(Date.now() + 1000);
    await as(w.t, poster).mutation(api.controlRoom.extend, { ideaId, days: 5 });
    await runScheduled(w.t);
    setNow(Date.now() + 1000);
    const second = await paid(w, ideaId, late, 900);
    await expect(
      as(w.t, late).mutation(api.moves.withdraw, { contributionId: second.contributionId }),
    ).rejects.toThrow(WITHDRAW_MESSAGES.afterExtension);
    // Only its backer (or, for an anonymous payment, whoever holds its confirmation link).
    await expect(
      as(w.t, late).mutation(api.moves.withdraw, { contributionId: first.contributionId }),
    ).rejects.toThrow("Contribution not found.");
    await expect(
      w.t.mutation(api.moves.withdraw, { contributionId: anonymous.contributionId }),
    ).rejects.toThrow("Contribution not found.");
    await w.t.mutation(api.moves.withdraw, {
      contributionId: anonymous.contributionId,
      sessionId: anonymous.sessionId,
    });
    await as(w.t, early).mutation(api.moves.withdraw, { contributionId: first.contributionId });
    await quiet(w);
    const books = w.stripe.books().charges;
    const charge = (s: string) => books.find((c) => c.id === chargeOfSession(w, s))!;
    expect(charge(first.sessionId).refundedSucceeded).toBe(1500);
    expect(charge(anonymous.sessionId).refundedSucceeded).toBe(800);
    const card = (await w.t.query(api.ideas.get, { ideaId }))!;
    expect([card.bountyCents, card.backerCount]).toEqual([1500, 2]);
    const fate = await as(w.t, early).query(api.contributions.bySession, {
      sessionId: first.sessionId,
    });
    expect(fate!.fate.map((p) => [p.state, p.amountCents])).toEqual([["refunded", 1500]]);
    // Taken back already: nothing left to take.
    await expect(
      as(w.t, early).mutation(api.moves.withdraw, { contributionId: first.contributionId }),
    ).rejects.toThrow(WITHDRAW_MESSAGES.nothing);
    // After the original deadline, nobody takes money back (the idea is still open).
    setNow(original + 1000);
    expect((await ideaOf(w, ideaId))!.status).toBe("open");
    await expect(
      as(w.t, stays).mutation(api.moves.withdraw, { contributionId: kept.contributionId }),
    ).rejects.toThrow(WITHDRAW_MESSAGES.tooLate);
  });
});

describe("stats and backers", () => {
  test("views (not the poster's own), shares, share-link visits, backers and questions waiting", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const fan = await createUser(w.t);
    const ideaId = await postIdea(w, poster);
    await as(w.t, poster).mutation(api.controlRoom.recordView, { ideaId });
    await as(w.t, fan).mutation(api.controlRoom.recordView, { ideaId });
    await w.t.mutation(api.controlRoom.recordView, { ideaId });
    await w.t.mutation(api.controlRoom.recordShare, { ideaId });
    const visit = await w.t.fetch(`/share/${ideaId}`);
    expect(visit.status).toBe(200);
    await paid(w, ideaId, fan, 500);
    const asked = await as(w.t, fan).mutation(api.conversation.ask, {
      ideaId,
      body: "Any bridge at night?",
    });
    await as(w.t, fan).mutation(api.conversation.ask, { ideaId, body: "And the ferries?" });
    const overview = async () =>
      (await as(w.t, poster).query(api.controlRoom.overview, { ideaId }))!.stats;
    expect(await overview()).toEqual({
      views: 2,
      shares: 1,
      shareVisits: 1,
      backers: 1,
      questionsWaiting: 2,
    });
    // The poster's answer takes a question off the list; someone else's does not.
    await as(w.t, fan).mutation(api.conversation.answer, { questionId: asked, body: "I think so" });
    expect((await overview()).questionsWaiting).toBe(2);
    await as(w.t, poster).mutation(api.conversation.answer, { questionId: asked, body: "Yes!" });
    expect((await overview()).questionsWaiting).toBe(1);
    // Only the poster reads it.
    expect(await as(w.t, fan).query(api.controlRoom.overview, { ideaId })).toBeNull();
  });

  test("the public list shows names only when the backer chose so, and dates, never amounts", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const shown = await createUser(w.t, { name: "Shown Sam" });
    const hidden = await createUser(w.t, { name: "Hidden Hal" });
    const ideaId = await postIdea(w, poster);
    const { url } = await as(w.t, shown).action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 2500,
      showName: true,
    });
    w.stripe.pay(url.split("/").pop()!, "paid");
    await w.stripe.deliver();
    setNow(Date.now() + 1000);
    await paid(w, ideaId, hidden, 1000);
    await paid(w, ideaId, null, 700);
    const list = await w.t.query(api.backers.list, { ideaId, paginationOpts: page });
    expect(list.page.map((b) => b.name)).toEqual([null, null, "Shown Sam"]);
    expect(JSON.stringify(list.page)).not.toMatch(/2500|1000|700|Cents/);
    const mine = await as(w.t, poster).query(api.controlRoom.backers, {
      ideaId,
      paginationOpts: page,
    });
    expect(mine.page.map((b) => [b.name, b.paidCents])).toEqual([
      [null, 700],
      [null, 1000],
      ["Shown Sam", 2500],
    ]);
    expect(
      (await as(w.t, hidden).query(api.controlRoom.backers, { ideaId, paginationOpts: page })).page,
    ).toEqual([]);
    // A backer changes their mind about their name.
    await as(w.t, hidden).mutation(api.backers.setShowName, { ideaId, show: true });
    const again = await w.t.query(api.backers.list, { ideaId, paginationOpts: page });
    expect(again.page.map((b) => b.name)).toContain("Hidden Hal");
  });
});

describe("emailing an update to backers", () => {
  function withEmail() {
    vi.stubEnv("RESEND_API_KEY", "");
    vi.stubEnv("EMAIL_LINK_SECRET", "link-secret");
    vi.stubEnv("SITE_URL", "http://site.test");
    vi.stubEnv("CONVEX_SITE_URL", "http://convex.test");
  }
  const emailsFor = (w: MoneyWorld, kind: string) =>
    w.t.run(async (ctx) => (await ctx.db.query("emails").collect()).filter((e) => e.kind === kind));

  test("each backer gets it once by email, at most one a day; followers see it in the app", async () => {
    withEmail();
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const backers = [await createUser(w.t), await createUser(w.t)];
    const follower = await createUser(w.t);
    const ideaId = await postIdea(w, poster);
    for (const b of backers) await paid(w, ideaId, b, 500);
    await paid(w, ideaId, backers[0]!, 300); // two payments, one backer
    await as(w.t, follower).mutation(api.notifications.follow, { ideaId, follow: true });
    await as(w.t, poster).mutation(api.controlRoom.emailUpdate, {
      ideaId,
      body: "We have three videos in progress.\n\nThanks for backing!",
      topic: "general",
    });
    await runScheduled(w.t);
    const emails = await emailsFor(w, "backer_update");
    expect(emails.map((e) => e.userId).sort()).toEqual([...backers].sort());
    // The follower who is no backer hears in the app (the update's usual notice), not by email.
    const followerNotes = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter((n) => n.recipientId === follower),
    );
    expect(followerNotes.map((n) => n.kind)).toEqual(["idea_update"]);
    // Each backer heard once, as a backer.
    const backerNotes = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter(
        (n) => n.updateId !== undefined && backers.includes(n.recipientId),
      ),
    );
    expect(backerNotes.map((n) => n.kind)).toEqual(["backer_update", "backer_update"]);
    // The email carries the update in full and a one-click stop for this idea only.
    vi.stubEnv("RESEND_API_KEY", "re_test");
    setNow(Date.now() + 3_600_000);
    const draft = await w.t.mutation(internal.emails.claim, { emailId: emails[0]!._id });
    expect(draft!.text).toContain("We have three videos in progress.\n\nThanks for backing!");
    expect(draft!.text).toContain("Stop the poster's emails about this idea:");
    expect(draft!.text).toContain(`i=${ideaId}`);
    // It is on the idea page too.
    const updates = await w.t.query(api.updates.list, { ideaId, paginationOpts: page });
    expect(updates.page[0]).toMatchObject({ emailed: true });
    // Once a day.
    setNow(Date.now() + 23 * 3600_000);
    await expect(
      as(w.t, poster).mutation(api.controlRoom.emailUpdate, {
        ideaId,
        body: "More",
        topic: "money",
      }),
    ).rejects.toThrow(UPDATE_MESSAGES.oncePerDay);
    setNow(Date.now() + 2 * 3600_000);
    await as(w.t, poster).mutation(api.controlRoom.emailUpdate, {
      ideaId,
      body: "More",
      topic: "money",
    });
    await runScheduled(w.t);
    expect(await emailsFor(w, "backer_update")).toHaveLength(4);
  });

  test("a backer stops one idea's emails with one click, signed out; other ideas' still come", async () => {
    withEmail();
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const backer = await createUser(w.t);
    const one = await postIdea(w, poster);
    const two = await postIdea(w, poster);
    await paid(w, one, backer, 500);
    await paid(w, two, backer, 500);
    const link = new URL(await unsubscribeUrl(backer, "backer_update", one));
    const response = await w.t.fetch(`${link.pathname}${link.search}`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Bridges of Lisbon");
    // The same signature for another idea does nothing.
    const forged = new URLSearchParams(link.search);
    forged.set("i", two);
    expect((await w.t.fetch(`${link.pathname}?${forged.toString()}`)).status).toBe(400);
    for (const ideaId of [one, two])
      await as(w.t, poster).mutation(api.controlRoom.emailUpdate, {
        ideaId,
        body: "News",
        topic: "general",
      });
    await runScheduled(w.t);
    const emails = await emailsFor(w, "backer_update");
    const ideasEmailed = await w.t.run(async (ctx) =>
      Promise.all(
        emails.map(async (e) => (await ctx.db.get("notifications", e.notificationId))!.ideaId),
      ),
    );
    expect(ideasEmailed).toEqual([two]);
    // In the app they still hear of it.
    expect(await as(w.t, backer).query(api.backers.mine, { ideaId: one })).toEqual({
      updateEmails: false,
      showName: false,
    });
  });
});
