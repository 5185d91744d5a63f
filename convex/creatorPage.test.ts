// The channel-like creator page (issue 37): a bio the creator writes, their record (wins, total
// earned, win rate over judged videos), their channel's uploads, and posters' invitations — at
// most 10 a day, once per (creator, idea), the creator told.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  cleanUp,
  connectYouTube,
  DAY,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  setNow,
  settle,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import { INVITE_MESSAGES } from "./model/invitations";

afterEach(cleanUp);

const page = { numItems: 20, cursor: null };

describe("the creator's bio", () => {
  test("written by the creator, at most 280 characters, filtered, shown on the page", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t, { accountType: "Creator" });
    const setBio = (bio: string) => as(w.t, creator).mutation(api.creators.setBio, { bio });
    await setBio("  I film  night markets.\n\n\n\nShort and long.  ");
    expect((await w.t.query(api.creators.profile, { creatorId: creator }))!.bio).toBe(
      "I film night markets.\n\nShort and long.",
    );
    await expect(setBio("x".repeat(281))).rejects.toThrow("at most 280 characters");
    await expect(setBio("what a shit channel")).rejects.toThrow("inappropriate");
    await setBio("");
    expect((await w.t.query(api.creators.profile, { creatorId: creator }))!.bio).toBeNull();
    await expect(w.t.mutation(api.creators.setBio, { bio: "hi" })).rejects.toThrow("sign in");
  });
});

describe("the creator's record", () => {
  test("wins, total earned and the win rate over videos in judged ideas", async () => {
    const w = moneyWorld();
    const creator = await payableCreator(w);
    const won = await newIdea(w);
    const lost = await newIdea(w);
    const open = await newIdea(w, 30);
    await submitVideo(w, won.ideaId, creator, "recordwin01");
    await submitVideo(w, lost.ideaId, creator, "recordlos01", { seconds: 20 });
    await submitVideo(w, lost.ideaId, await payableCreator(w), "recordoth01");
    await submitVideo(w, open.ideaId, creator, "recordopn01");
    await paid(w, won.ideaId, await createUser(w.t), 3_000);
    await paid(w, lost.ideaId, await createUser(w.t), 1_000);
    await settle(w, won.ideaId);
    await settle(w, lost.ideaId);
    await sweepMovements(w);
    const profile = (await w.t.query(api.creators.profile, { creatorId: creator }))!;
    expect(profile.record).toEqual({ wonVideos: 1, judgedVideos: 2, winRate: 0.5 });
    expect(profile.totals).toEqual({ paidCents: 3_000, wonVideos: 1 });
    // Hidden earnings hide money only: the record stays.
    await as(w.t, creator).mutation(api.creators.setTotalsHidden, { hidden: true });
    const hidden = (await w.t.query(api.creators.profile, { creatorId: creator }))!;
    expect(hidden.totals).toBeNull();
    expect(hidden.record.winRate).toBe(0.5);
  });

  test("the channel's uploads, newest first, for anyone", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t);
    for (const [id, daysAgo] of [
      ["upload00001", 3],
      ["upload00002", 1],
      ["upload00003", 2],
    ] as const)
      w.platforms.youtube.push({
        id,
        channelId: `UC${creator}`,
        title: `Upload ${id}`,
        seconds: 120,
        publishedAt: Date.now() - daysAgo * DAY,
      });
    await connectYouTube(w, creator);
    const uploads = await w.t.query(api.creators.channelVideos, {
      creatorId: creator,
      paginationOpts: page,
    });
    expect(uploads.page.map((v) => v.title)).toEqual([
      "Upload upload00002",
      "Upload upload00003",
      "Upload upload00001",
    ]);
  });
});

describe("invite to my idea", () => {
  async function world(w: MoneyWorld) {
    const poster = await createUser(w.t);
    const creator = await createUser(w.t, { accountType: "Creator" });
    const ideas: Id<"proposals">[] = [];
    // Two: posting ideas has its own hourly limit.
    for (let i = 0; i < 2; i++)
      ideas.push(
        await as(w.t, poster).mutation(api.ideas.create, {
          oneLiner: `Idea number ${i}`,
          platform: "Any",
          durations: ["MEDIUM"],
          expiration: Date.now() + 5 * DAY,
          links: [],
        }),
      );
    return { poster, creator, ideas };
  }

  test("a poster invites a creator to an open idea; the creator is told once", async () => {
    const w = moneyWorld();
    const { poster, creator, ideas } = await world(w);
    const invite = (ideaId: Id<"proposals">) =>
      as(w.t, poster).mutation(api.creators.invite, { creatorId: creator, ideaId });
    expect(await invite(ideas[0]!)).toEqual({ invited: true });
    expect(await invite(ideas[0]!)).toEqual({ invited: false });
    const told = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter((n) => n.kind === "invited"),
    );
    expect(told.map((n) => [n.recipientId, n.ideaId])).toEqual([[creator, ideas[0]]]);
    const inbox = await as(w.t, creator).query(api.notifications.inbox, { paginationOpts: page });
    expect(inbox.page.find((n) => n.kind === "invited")?.text).toBe(
      `Test Person invited you to make a video for "Idea number 0".`,
    );
    const menu = await as(w.t, poster).query(api.creators.invitableIdeasFor, {
      creatorId: creator,
    });
    expect(menu.find((i) => i._id === ideas[0])?.invited).toBe(true);
    expect(menu).toHaveLength(2);
    expect(await w.t.query(api.creators.invitableIdeasFor, { creatorId: creator })).toEqual([]);
  });

  test("at most 10 invitations a day; the 11th is refused and changes nothing", async () => {
    const w = moneyWorld();
    const { poster, creator, ideas } = await world(w);
    const others = [];
    for (let i = 0; i < 11; i++) others.push(await createUser(w.t));
    for (let i = 0; i < 10; i++)
      await as(w.t, poster).mutation(api.creators.invite, {
        creatorId: others[i]!,
        ideaId: ideas[0]!,
      });
    await expect(
      as(w.t, poster).mutation(api.creators.invite, { creatorId: creator, ideaId: ideas[1]! }),
    ).rejects.toThrow("Too many requests");
    expect(
      await w.t.run(async (ctx) =>
        (await ctx.db.query("invitations").collect()).filter((i) => i.creatorId === creator),
      ),
    ).toEqual([]);
    // The next UTC day, the poster may invite again.
    const tomorrow = Math.floor(Date.now() / DAY + 1) * DAY + 60_000;
    setNow(tomorrow);
    expect(
      await as(w.t, poster).mutation(api.creators.invite, {
        creatorId: creator,
        ideaId: ideas[1]!,
      }),
    ).toEqual({ invited: true });
  });

  test("only to one's own open idea, never oneself", async () => {
    const w = moneyWorld();
    const { poster, creator, ideas } = await world(w);
    const { ideaId: someoneElses } = await newIdea(w);
    await expect(
      as(w.t, poster).mutation(api.creators.invite, { creatorId: creator, ideaId: someoneElses }),
    ).rejects.toThrow(INVITE_MESSAGES.notYours);
    await expect(
      as(w.t, poster).mutation(api.creators.invite, { creatorId: poster, ideaId: ideas[0]! }),
    ).rejects.toThrow(INVITE_MESSAGES.yourself);
    await expect(
      w.t.mutation(api.creators.invite, { creatorId: creator, ideaId: ideas[0]! }),
    ).rejects.toThrow(INVITE_MESSAGES.signIn);
  });
});
