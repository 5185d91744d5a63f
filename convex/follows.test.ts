// Following people (issue 38): a follower hears of a followed creator's new video and a followed
// poster's new idea, in the app, once; by email only when they switched that kind on; never
// twice when they follow the idea too; and nobody follows themselves.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  moneyWorld,
  newIdea,
  runScheduled,
  submitVideo,
  type MoneyWorld,
} from "./test.money";
import type { NotificationKind } from "./model/notificationKinds";
import { FAN_OUT_PAGE } from "./model/notify";
import { addToCounter, followersCounter } from "./model/counters";

afterEach(cleanUp);

const noticesOf = (w: MoneyWorld, userId: Id<"users">, kind?: NotificationKind) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("notifications").collect()).filter(
      (n) => n.recipientId === userId && (kind === undefined || n.kind === kind),
    ),
  );

const emailsOf = (w: MoneyWorld, userId: Id<"users">) =>
  w.t.run(async (ctx) =>
    (await ctx.db.query("emails").collect()).filter((e) => e.userId === userId),
  );

const inboxTexts = async (w: MoneyWorld, userId: Id<"users">) =>
  (
    await as(w.t, userId).query(api.notifications.inbox, {
      paginationOpts: { numItems: 20, cursor: null },
    })
  ).page.map((n) => n.text);

async function follow(w: MoneyWorld, follower: Id<"users">, personId: Id<"users">, on = true) {
  await as(w.t, follower).mutation(api.follows.follow, { personId, follow: on });
}

describe("following a creator", () => {
  test("a follower hears of the creator's new video in the app, once, and not by email until they switch it on", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t, { name: "Olu Creator" });
    await connectYouTube(w, creator);
    const fan = await createUser(w.t);
    const stranger = await createUser(w.t);
    await follow(w, fan, creator);

    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, creator, "follow00001");
    await runScheduled(w.t);

    const notices = await noticesOf(w, fan, "followed_video");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.inApp).toBe(true);
    expect(await inboxTexts(w, fan)).toContain(
      `Olu Creator submitted a new video to "Bridges of Lisbon": "Video follow00001".`,
    );
    expect(await emailsOf(w, fan)).toHaveLength(0);
    expect(await noticesOf(w, stranger)).toHaveLength(0);
    // The creator is not told of their own video as someone they follow.
    expect(await noticesOf(w, creator, "followed_video")).toHaveLength(0);

    // Email on: the next video arrives by email too.
    await as(w.t, fan).mutation(api.notifications.setPreferences, {
      kind: "followed_video",
      email: true,
    });
    const other = await newIdea(w);
    await submitVideo(w, other.ideaId, creator, "follow00002");
    await runScheduled(w.t);
    expect(await noticesOf(w, fan, "followed_video")).toHaveLength(2);
    const emails = await emailsOf(w, fan);
    expect(emails.map((e) => e.kind)).toEqual(["followed_video"]);
  });

  test("someone who follows the idea too hears of the video once, as the idea's news", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t);
    await connectYouTube(w, creator);
    const fan = await createUser(w.t);
    await follow(w, fan, creator);
    const { ideaId } = await newIdea(w);
    await as(w.t, fan).mutation(api.notifications.follow, { ideaId, follow: true });
    await submitVideo(w, ideaId, creator, "follow00003");
    await runScheduled(w.t);
    expect((await noticesOf(w, fan)).map((n) => n.kind)).toEqual(["video_submitted"]);
  });

  test("every follower is told, a page at a time, however many there are", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t);
    await connectYouTube(w, creator);
    const count = FAN_OUT_PAGE + 20;
    const fans = await w.t.run(async (ctx) => {
      const ids: Id<"users">[] = [];
      for (let i = 0; i < count; i++) {
        const id = await ctx.db.insert("users", { name: `Fan ${i}`, email: `fan${i}@example.com` });
        await ctx.db.insert("personFollows", { followerId: id, personId: creator });
        ids.push(id);
      }
      // As following does: the count the fan-out's "anyone?" check reads.
      await addToCounter(ctx, followersCounter(creator), count);
      return ids;
    });
    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, creator, "follow00004");
    await runScheduled(w.t);
    const told = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter((n) => n.kind === "followed_video"),
    );
    expect(new Set(told.map((n) => n.recipientId))).toEqual(new Set(fans));
    expect(told).toHaveLength(count);
  });
});

describe("following a poster", () => {
  test("a follower hears of the poster's new idea; unfollowing stops it; the count follows", async () => {
    const w = moneyWorld();
    const { author, ideaId: first } = await newIdea(w);
    const fan = await createUser(w.t);
    expect(await as(w.t, fan).query(api.follows.person, { personId: author })).toEqual({
      following: false,
      followers: 0,
    });
    await follow(w, fan, author);
    // Following twice is still one follow.
    await follow(w, fan, author);
    expect(await as(w.t, fan).query(api.follows.person, { personId: author })).toEqual({
      following: true,
      followers: 1,
    });
    // Visitors and the person themselves see the count, no button.
    expect(await w.t.query(api.follows.person, { personId: author })).toEqual({
      following: null,
      followers: 1,
    });
    expect(await as(w.t, author).query(api.follows.person, { personId: author })).toEqual({
      following: null,
      followers: 1,
    });

    const second = await as(w.t, author).mutation(api.ideas.create, {
      oneLiner: "Night trains of Europe",
      platform: "Any",
      durations: ["SHORT"],
      expiration: Date.now() + 5 * 24 * 3600 * 1000,
      links: [],
    });
    await runScheduled(w.t);
    const notices = await noticesOf(w, fan, "followed_idea");
    expect(notices.map((n) => n.ideaId)).toEqual([second]);
    expect(await inboxTexts(w, fan)).toContain(
      `Test Person posted a new idea: "Night trains of Europe".`,
    );

    // The first idea, posted before the fan followed, never became news for them, even though
    // its fan-out ran after they followed.
    expect(notices.map((n) => n.ideaId)).not.toContain(first);

    await follow(w, fan, author, false);
    expect((await w.t.query(api.follows.person, { personId: author })).followers).toBe(0);
    await as(w.t, author).mutation(api.ideas.create, {
      oneLiner: "Lighthouses of Norway",
      platform: "Any",
      durations: ["SHORT"],
      expiration: Date.now() + 5 * 24 * 3600 * 1000,
      links: [],
    });
    await runScheduled(w.t);
    expect(await noticesOf(w, fan, "followed_idea")).toHaveLength(1);
  });

  test("news reaches those who followed before it, not someone who follows while it goes out", async () => {
    const w = moneyWorld();
    const { author } = await newIdea(w);
    await runScheduled(w.t);
    const early = await createUser(w.t);
    await follow(w, early, author);
    const idea = await as(w.t, author).mutation(api.ideas.create, {
      oneLiner: "Ferries of Istanbul",
      platform: "Any",
      durations: ["SHORT"],
      expiration: Date.now() + 5 * 24 * 3600 * 1000,
      links: [],
    });
    // Someone follows after the idea was posted, before its news has gone out.
    const late = await createUser(w.t);
    await follow(w, late, author);
    await runScheduled(w.t);
    expect((await noticesOf(w, early, "followed_idea")).map((n) => n.ideaId)).toEqual([idea]);
    expect(await noticesOf(w, late, "followed_idea")).toEqual([]);
  });

  test("nobody follows themselves, visitors are asked to sign in, and a missing person is refused", async () => {
    const w = moneyWorld();
    const me = await createUser(w.t);
    await expect(
      as(w.t, me).mutation(api.follows.follow, { personId: me, follow: true }),
    ).rejects.toThrow("You can't follow yourself.");
    const other = await createUser(w.t);
    await expect(
      w.t.mutation(api.follows.follow, { personId: other, follow: true }),
    ).rejects.toThrow("Please sign in to follow people.");
    await w.t.run((ctx) => ctx.db.delete("users", other));
    await expect(
      as(w.t, me).mutation(api.follows.follow, { personId: other, follow: true }),
    ).rejects.toThrow("This person no longer has an account.");
    const rows = await w.t.run((ctx) => ctx.db.query("personFollows").collect());
    expect(rows).toHaveLength(0);
  });
});
