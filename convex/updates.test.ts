// A poster's updates (issue 29): the poster only, the content filter and rate limits, every
// follower told in the app, and by email when the update is about money (by default) or when
// they opted in.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { as, createUser, messageOf } from "./test.setup";
import { cleanUp, moneyWorld, newIdea, paid, runScheduled, setNow } from "./test.money";
import { UPDATE_MESSAGES } from "./model/ideaUpdates";

afterEach(cleanUp);

const TOO_MANY = /^Too many requests — please try again in \d+ (seconds?|minutes?)\.?/;
const page = { numItems: 10, cursor: null };

describe("updates", () => {
  test("only the poster posts; the filter refuses profane or restricted words", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const stranger = await createUser(w.t);
    expect(
      await messageOf(
        as(w.t, stranger).mutation(api.updates.post, { ideaId, body: "Hi", topic: "general" }),
      ),
    ).toBe(UPDATE_MESSAGES.notPoster);
    expect(
      await messageOf(
        as(w.t, author).mutation(api.updates.post, {
          ideaId,
          body: "Judging is sh1t",
          topic: "general",
        }),
      ),
    ).toBe(UPDATE_MESSAGES.content);
    expect(
      await messageOf(
        as(w.t, author).mutation(api.updates.post, { ideaId, body: "  ", topic: "general" }),
      ),
    ).toBe(UPDATE_MESSAGES.empty);
    expect((await w.t.query(api.updates.list, { ideaId, paginationOpts: page })).page).toEqual([]);
    await as(w.t, author).mutation(api.updates.post, {
      ideaId,
      body: "Please include subtitles.",
      topic: "general",
    });
    setNow(Date.now() + 1000);
    await as(w.t, author).mutation(api.updates.post, {
      ideaId,
      body: "I raised the bounty.",
      topic: "money",
    });
    const list = await w.t.query(api.updates.list, { ideaId, paginationOpts: page });
    expect(list.page.map((u) => [u.body, u.topic])).toEqual([
      ["I raised the bounty.", "money"],
      ["Please include subtitles.", "general"],
    ]);
  });

  test("a fourth update in a day is refused and not written", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const me = as(w.t, author);
    for (let i = 0; i < 3; i++)
      await me.mutation(api.updates.post, { ideaId, body: `News ${i}`, topic: "general" });
    expect(
      await messageOf(me.mutation(api.updates.post, { ideaId, body: "More", topic: "general" })),
    ).toMatch(TOO_MANY);
    expect((await w.t.query(api.updates.list, { ideaId, paginationOpts: page })).page).toHaveLength(
      3,
    );
  });

  test("followers hear in the app; money updates are emailed by default, the rest on opt-in", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const backer = await createUser(w.t, { email: "backer@example.com" });
    await paid(w, ideaId, backer, 500);
    const optedIn = await createUser(w.t, { email: "fan@example.com" });
    await as(w.t, optedIn).mutation(api.notifications.follow, { ideaId, follow: true });
    await as(w.t, optedIn).mutation(api.notifications.setPreferences, {
      kind: "idea_update",
      email: true,
    });
    const stranger = await createUser(w.t);
    const me = as(w.t, author);
    await me.mutation(api.updates.post, {
      ideaId,
      body: "Please include subtitles.",
      topic: "general",
    });
    await me.mutation(api.updates.post, {
      ideaId,
      body: "The deadline is tomorrow.",
      topic: "money",
    });
    await runScheduled(w.t);

    const inbox = await as(w.t, backer).query(api.notifications.inbox, { paginationOpts: page });
    expect(inbox.page.filter((n) => n.kind.startsWith("idea_update")).map((n) => n.text)).toEqual([
      'Update from the poster of "Bridges of Lisbon": “The deadline is tomorrow.”',
      'Update from the poster of "Bridges of Lisbon": “Please include subtitles.”',
    ]);
    const emails = await w.t.run(async (ctx) => await ctx.db.query("emails").take(100));
    const mailed = (to: string) =>
      emails
        .filter((e) => e.to === to && e.kind.startsWith("idea_update"))
        .map((e) => e.kind)
        .sort();
    expect(mailed("backer@example.com")).toEqual(["idea_update_money"]);
    expect(mailed("fan@example.com")).toEqual(["idea_update", "idea_update_money"]);
    // Not the poster (the actor), not someone who does not follow.
    const notified = await w.t.run(async (ctx) => await ctx.db.query("notifications").take(100));
    const told = new Set(
      notified.filter((n) => n.kind.startsWith("idea_update")).map((n) => n.recipientId),
    );
    expect(told).toEqual(new Set([backer, optedIn]));
    expect(told.has(stranger)).toBe(false);
  });
});
