// The winner announced to everyone (issue 37, product rules "Judging together" and
// "Notifications"): when judging starts, a backer who may pick hears "pick your winner by" — a
// money notice, emailed by default; when the idea is settled, every backer hears where their
// money went, every creator who submitted hears the outcome (both by email by default), every
// follower hears it in the app; each person once. Stored preferences are kept.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  moneyWorld,
  newIdea,
  paid,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";
import type { NotificationKind } from "./model/notificationKinds";

afterEach(cleanUp);

const noticesOf = (w: MoneyWorld, userId: Id<"users">) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("notifications").collect()).filter((n) => n.recipientId === userId),
  );
const emailKindsOf = (w: MoneyWorld, userId: Id<"users">) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("emails").collect()).filter((e) => e.userId === userId).map((e) => e.kind),
  );
const kindsOf = async (w: MoneyWorld, userId: Id<"users">, kinds: NotificationKind[]) =>
  (await noticesOf(w, userId))
    .map((n) => n.kind)
    .filter((k) => kinds.includes(k))
    .sort();

const JUDGING: NotificationKind[] = ["judging_started", "pick_winner"];
const OUTCOME: NotificationKind[] = ["outcome", "money_outcome", "creator_outcome"];

async function closeIdea(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
  setNow(idea.expiration + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  await runScheduled(w.t);
}

/** An idea with a picker, a backer who does not pick, a follower and two creators. */
async function world() {
  const w = moneyWorld();
  const { ideaId, author: poster } = await newIdea(w);
  const winner = await createUser(w.t);
  await connectYouTube(w, winner);
  const other = await createUser(w.t);
  const winning = await submitVideo(w, ideaId, winner, "winnerwin01");
  await submitVideo(w, ideaId, other, "otherone002");
  const picker = await createUser(w.t);
  await paid(w, ideaId, picker, 1_500);
  // A backer who never picks: their money follows the people's choice.
  const crowd = await createUser(w.t);
  await paid(w, ideaId, crowd, 500);
  const follower = await createUser(w.t);
  await as(w.t, follower).mutation(api.notifications.follow, { ideaId, follow: true });
  return { w, ideaId, poster, winner, other, winning, picker, crowd, follower };
}

describe("pick your winner: a money email, on by default", () => {
  test("a backer who may pick hears 'pick your winner by' once, in the app and by email", async () => {
    const { w, ideaId, picker, follower } = await world();
    await closeIdea(w, ideaId);
    expect(await kindsOf(w, picker, JUDGING)).toEqual(["pick_winner"]);
    const [note] = (await noticesOf(w, picker)).filter((n) => n.kind === "pick_winner");
    const inbox = await as(w.t, picker).query(api.notifications.inbox, {
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(inbox.page.find((n) => n._id === note!._id)?.text).toMatch(
      /^Judging started on "Bridges of Lisbon": pick your winner by [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    );
    expect(await emailKindsOf(w, picker)).toContain("pick_winner");
    // A follower with no money hears judging started, in the app only (opt-in by email).
    expect(await kindsOf(w, follower, JUDGING)).toEqual(["judging_started"]);
    expect(await emailKindsOf(w, follower)).not.toContain("judging_started");
  });

  test("a backer who unfollowed still hears 'pick your winner by' (it is about their money)", async () => {
    const { w, ideaId, picker } = await world();
    await as(w.t, picker).mutation(api.notifications.follow, { ideaId, follow: false });
    await closeIdea(w, ideaId);
    expect(await kindsOf(w, picker, JUDGING)).toEqual(["pick_winner"]);
  });

  test("stored preferences are kept: someone who turned the email off gets none", async () => {
    const { w, ideaId, picker } = await world();
    await as(w.t, picker).mutation(api.notifications.setPreferences, {
      kind: "pick_winner",
      email: false,
    });
    // A switch stored before this kind existed stays as it was.
    await as(w.t, picker).mutation(api.notifications.setPreferences, {
      kind: "judging_started",
      inApp: false,
    });
    await closeIdea(w, ideaId);
    expect(await kindsOf(w, picker, JUDGING)).toEqual(["pick_winner"]);
    expect(await emailKindsOf(w, picker)).not.toContain("pick_winner");
    const prefs = await as(w.t, picker).query(api.notifications.preferences, {});
    expect(prefs.find((p) => p.kind === "judging_started")).toEqual({
      kind: "judging_started",
      inApp: false,
      email: false,
    });
  });
});

describe("the emails of a judging idea", () => {
  test("say when the winner will be picked, never 'Winner picked on' a date still ahead", async () => {
    const { w, ideaId, picker, crowd, follower } = await world();
    await as(w.t, follower).mutation(api.notifications.setPreferences, {
      kind: "judging_started",
      email: true,
    });
    await closeIdea(w, ideaId);
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    vi.stubEnv("EMAIL_LINK_SECRET", "link-secret");
    const emails = await w.t.run((ctx) => ctx.db.query("emails").collect());
    const judging = emails.filter((e) => e.kind === "pick_winner" || e.kind === "judging_started");
    // Both backers may pick (their money waits for their pick until judging ends).
    expect(new Set(judging.map((e) => e.userId))).toEqual(new Set([picker, crowd, follower]));
    for (const email of judging) {
      await w.t.run((ctx) =>
        ctx.db.patch("emails", email._id, { state: "queued", nextAttemptAt: 0 }),
      );
      const draft = (await w.t.mutation(internal.emails.claim, { emailId: email._id }))!;
      expect(draft.text + draft.html).not.toMatch(/Winner picked on/);
      expect(draft.text).toMatch(/Judging started on "Bridges of Lisbon"/);
    }
  });
});

describe("the winner announced to everyone", () => {
  test("backers, creators and followers each hear it once; backers and creators by email", async () => {
    const { w, ideaId, poster, winner, other, picker, crowd, follower, winning } = await world();
    await closeIdea(w, ideaId);
    await as(w.t, picker).mutation(api.contributions.pickWinner, { submissionId: winning });
    // The other creator unfollows: as a creator who submitted, they still hear the outcome.
    await as(w.t, other).mutation(api.notifications.follow, { ideaId, follow: false });
    await settle(w, ideaId);

    expect(await kindsOf(w, picker, OUTCOME)).toEqual(["money_outcome"]);
    expect(await kindsOf(w, crowd, OUTCOME)).toEqual(["money_outcome"]);
    expect(await kindsOf(w, winner, OUTCOME)).toEqual(["creator_outcome"]);
    expect(await kindsOf(w, other, OUTCOME)).toEqual(["creator_outcome"]);
    expect(await kindsOf(w, follower, OUTCOME)).toEqual(["outcome"]);
    expect(await kindsOf(w, poster, OUTCOME)).toEqual(["outcome"]);
    for (const who of [picker, crowd])
      expect(await emailKindsOf(w, who)).toContain("money_outcome");
    for (const who of [winner, other])
      expect(await emailKindsOf(w, who)).toContain("creator_outcome");
    expect(await emailKindsOf(w, follower)).not.toContain("outcome");

    // "Where your money went", in the backer's own words.
    const inbox = await as(w.t, picker).query(api.notifications.inbox, {
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(inbox.page.find((n) => n.kind === "money_outcome")?.text).toBe(
      `"Bridges of Lisbon" was awarded to "Video winnerwin01". Of your money, $15.00 goes to "Video winnerwin01".`,
    );

    // Announcing again delivers nothing new.
    const before = (await w.t.run((ctx) => ctx.db.query("notifications").collect())).length;
    await w.t.mutation(internal.notifications.fanOut, {
      ideaId,
      kind: "outcome",
      submissionId: winning,
      cursor: null,
      phase: "followers",
    });
    await runScheduled(w.t);
    expect((await w.t.run((ctx) => ctx.db.query("notifications").collect())).length).toBe(before);
  });

  test("a refunded idea tells each backer their money comes back", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const backer = await createUser(w.t);
    await paid(w, ideaId, backer, 700);
    await closeIdea(w, ideaId);
    await w.t.action(internal.settlement.start, { ideaId });
    await runScheduled(w.t);
    const inbox = await as(w.t, backer).query(api.notifications.inbox, {
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(inbox.page.find((n) => n.kind === "money_outcome")?.text).toMatch(
      /ended without an eligible video: its contributions (are being|were) refunded\. Of your money, \$7\.00 comes back to your card\.$/,
    );
  });
});
