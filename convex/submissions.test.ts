import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { connectAccount, mockPlatforms, type FakePlatforms } from "./test.platforms";

const DAY = 24 * 3600 * 1000;
let fake: FakePlatforms;

beforeEach(() => {
  fake = mockPlatforms();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function postIdea(t: Backend, author: Id<"users">, overrides: Record<string, unknown> = {}) {
  return await as(t, author).mutation(api.ideas.create, {
    oneLiner: "A tour of tiny libraries",
    platform: "Any",
    durations: ["MEDIUM"],
    expiration: Date.now() + 10 * DAY,
    links: [],
    ...overrides,
  } as never);
}

const connectYouTube = (t: Backend, userId: Id<"users">, channelId: string) =>
  connectAccount(t, fake, userId, { channelId });
const connectTikTok = (t: Backend, userId: Id<"users">, openId: string, username: string) =>
  connectAccount(t, fake, userId, { openId, username });

describe("submitting a video", () => {
  test("a YouTube video from the creator's connected channel is verified and carries a full checklist", async () => {
    const t = newBackend();
    const ideaAuthor = await createUser(t);
    const creator = await createUser(t, { name: "Creator" });
    const ideaId = await postIdea(t, ideaAuthor);
    fake.youtube.push({
      id: "abcdefghijk",
      channelId: "UCcreator",
      title: "Tiny libraries of Lisbon",
      seconds: 8 * 60,
      publishedAt: Date.now() + 1000,
    });
    await connectYouTube(t, creator, "UCcreator");
    vi.useFakeTimers({ now: Date.now() + 2000, toFake: ["Date"] });
    await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: "https://youtu.be/abcdefghijk",
    });
    const [card] = await t.query(api.submissions.listForIdea, { ideaId });
    expect(card).toMatchObject({
      title: "Tiny libraries of Lisbon",
      url: "https://www.youtube.com/watch?v=abcdefghijk",
      platform: "YouTube",
      authorDisplayName: "Creator",
      votes: 0,
      checklist: {
        exists: true,
        ownedBySubmitter: true,
        publishedAfterIdea: true,
        durationAllowed: true,
      },
    });
    expect((await t.query(api.ideas.get, { ideaId }))!.submissionCount).toBe(1);
    expect((await t.query(api.stats.get, {})).originalVideos).toBe(1);
    // The lookup was by id through the API, never a fetch of the link itself.
    expect(fake.requests.some((r) => r.url.includes("youtu.be"))).toBe(false);
    expect(
      fake.requests.some(
        (r) =>
          r.url.startsWith("https://youtube.test/youtube/v3/videos?") &&
          r.url.includes("id=abcdefghijk"),
      ),
    ).toBe(true);
  });

  test("the checklist flags a video someone else posted, published before the idea, of the wrong length", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    fake.youtube.push({
      id: "oldvideo000",
      channelId: "UCsomeoneElse",
      title: "Old",
      seconds: 60,
      publishedAt: Date.now() - 30 * DAY,
    });
    const ideaId = await postIdea(t, await createUser(t));
    await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: "https://www.youtube.com/watch?v=oldvideo000",
    });
    const [card] = await t.query(api.submissions.listForIdea, { ideaId });
    expect(card!.checklist).toEqual({
      exists: true,
      ownedBySubmitter: false,
      publishedAfterIdea: false,
      durationAllowed: false,
    });
  });

  test("TikTok: ownership, duration and date come from the creator's own account; oEmbed alone proves existence", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const stranger = await createUser(t);
    const ideaId = await postIdea(t, await createUser(t), {
      durations: ["SHORT"],
      platform: "TikTok",
    });
    fake.tiktok.push({
      id: "7301234567890123456",
      username: "maker",
      openId: "open-1",
      title: "Library in 60s",
      seconds: 58,
      createTime: Date.now() + 1000,
    });
    await connectTikTok(t, creator, "open-1", "maker");
    vi.useFakeTimers({ now: Date.now() + 2000, toFake: ["Date"] });
    await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: "https://www.tiktok.com/@maker/video/7301234567890123456",
    });
    const other = await postIdea(t, await createUser(t), {
      durations: ["SHORT"],
      platform: "TikTok",
    });
    // A stranger's TikTok of an account nobody connected here: oEmbed says only that it exists.
    // (A connected account's video is refused to anyone else: videoChecks.test.ts.)
    fake.tiktok.push({
      id: "7301234567890123457",
      username: "another.maker",
      openId: "open-2",
      title: "Library in 59s",
      seconds: 59,
      createTime: Date.now() + 1000,
    });
    await as(t, stranger).action(api.submissions.submit, {
      ideaId: other,
      link: "https://www.tiktok.com/@another.maker/video/7301234567890123457",
    });
    const [own] = await t.query(api.submissions.listForIdea, { ideaId });
    const [theirs] = await t.query(api.submissions.listForIdea, { ideaId: other });
    expect(own!.checklist).toEqual({
      exists: true,
      ownedBySubmitter: true,
      publishedAfterIdea: true,
      durationAllowed: true,
    });
    expect(theirs!.checklist).toEqual({
      exists: true,
      ownedBySubmitter: false,
      publishedAfterIdea: null,
      durationAllowed: null,
    });
  });

  test.each([
    [
      "an unknown video",
      () => undefined,
      "https://youtu.be/missing0000",
      "We couldn't find that video on YouTube",
    ],
    [
      "a private video",
      () =>
        fake.youtube.push({
          id: "private0000",
          channelId: "UCx",
          title: "Secret",
          seconds: 600,
          publishedAt: Date.now(),
          privacy: "private",
        }),
      "https://youtu.be/private0000",
      "We couldn't find that video on YouTube",
    ],
    [
      "a platform outage",
      () => (fake.outage = 503),
      "https://youtu.be/abcdefghijk",
      "YouTube did not answer. Please try again in a moment.",
    ],
  ])(
    "%s fails verification with 'Failed to verify video' and nothing is saved",
    async (_name, setup, link, reason) => {
      const t = newBackend();
      fake.youtube.push({
        id: "abcdefghijk",
        channelId: "UCx",
        title: "Fine",
        seconds: 600,
        publishedAt: Date.now(),
      });
      setup();
      const ideaId = await postIdea(t, await createUser(t));
      const creator = await createUser(t);
      const error = await as(t, creator)
        .action(api.submissions.submit, { ideaId, link })
        .catch((e: { data: { message: string; code?: string } }) => e.data);
      expect(error).toEqual({ message: "Failed to verify video", code: "verify", reason });
      expect(await t.query(api.submissions.listForIdea, { ideaId })).toEqual([]);
    },
  );

  test("the server refuses wrong platforms, closed ideas, duplicates and visitors", async () => {
    const t = newBackend();
    fake.youtube.push({
      id: "abcdefghijk",
      channelId: "UCx",
      title: "Fine",
      seconds: 600,
      publishedAt: Date.now(),
    });
    const author = await createUser(t);
    const creator = await createUser(t);
    const me = as(t, creator);
    const tiktokOnly = await postIdea(t, author, { platform: "TikTok" });
    const message = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: { data?: { message: string } }) => e.data?.message,
      );
    expect(
      await message(
        me.action(api.submissions.submit, {
          ideaId: tiktokOnly,
          link: "https://youtu.be/abcdefghijk",
        }),
      ),
    ).toBe("Invalid video link format");
    expect(
      await message(me.action(api.submissions.submit, { ideaId: tiktokOnly, link: "  " })),
    ).toBe("Please provide a video link");
    expect(
      await message(
        t.action(api.submissions.submit, {
          ideaId: tiktokOnly,
          link: "https://youtu.be/abcdefghijk",
        }),
      ),
    ).toBe("Please sign in to submit your video");

    const open = await postIdea(t, author);
    await me.action(api.submissions.submit, {
      ideaId: open,
      link: "https://youtu.be/abcdefghijk",
    });
    expect(
      await message(
        me.action(api.submissions.submit, {
          ideaId: open,
          link: "https://www.youtube.com/watch?v=abcdefghijk",
        }),
      ),
    ).toBe("This video has already been submitted to this idea.");

    const closed = await postIdea(t, author);
    await t.run((ctx) =>
      ctx.db.patch("proposals", closed, { status: "judging", phase: "completed" }),
    );
    expect(
      await message(
        me.action(api.submissions.submit, {
          ideaId: closed,
          link: "https://youtu.be/abcdefghijk",
        }),
      ),
    ).toBe("This proposal is no longer accepting submissions.");
    // Even a direct internal write is refused once the deadline passed.
    await expect(
      t.mutation(internal.submissions.record, {
        ideaId: closed,
        authorId: creator,
        video: {
          platform: "YouTube",
          videoId: "zzzzzzzzzzz",
          url: "https://www.youtube.com/watch?v=zzzzzzzzzzz",
          title: "x",
          channelId: "c",
          channelTitle: "c",
          owned: false,
        },
      }),
    ).rejects.toThrow("no longer accepting submissions");
    expect(await t.query(api.submissions.listForIdea, { ideaId: closed })).toEqual([]);
  });
});

describe("published after the idea, compared to the second like the platforms report it", () => {
  // The idea is posted 678 ms into a second; the platforms only say which second a video was
  // published in (YouTube's publishedAt, TikTok's create_time).
  const atSecond = (offsetSeconds: number, base: number) => base + offsetSeconds * 1000;
  const cases = [
    ["one second before the idea's second", false, -1],
    ["in the idea's second", true, 0],
    ["one second after", true, 1],
  ] as const;

  async function postAtKnownMoment(t: Backend, platform: "YouTube" | "TikTok") {
    const second = Math.floor(Date.now() / 1000) * 1000 + 60_000;
    vi.useFakeTimers({ now: second + 678, toFake: ["Date"] });
    const ideaId = await postIdea(t, await createUser(t), {
      platform,
      durations: ["SHORT"],
    });
    const idea = await t.run((ctx) => ctx.db.get("proposals", ideaId));
    // Posted after the platform's second began: its milliseconds are later than a video's.
    expect(Math.floor(idea!._creationTime / 1000) * 1000).toBe(second);
    expect(idea!._creationTime).toBeGreaterThan(second);
    return { ideaId, second };
  }

  test.each(cases)(
    "YouTube: a video published %s is published after the idea: %s",
    async (_name, after, offset) => {
      const t = newBackend();
      const creator = await createUser(t);
      await connectYouTube(t, creator, "UCcreator");
      const { ideaId, second } = await postAtKnownMoment(t, "YouTube");
      fake.youtube.push({
        id: "sameSecond0",
        channelId: "UCcreator",
        title: "Uploaded right after posting",
        seconds: 58,
        publishedAt: atSecond(offset, second),
      });
      vi.setSystemTime(second + 5000);
      await as(t, creator).action(api.submissions.submit, {
        ideaId,
        link: "https://youtu.be/sameSecond0",
      });
      const [card] = await t.query(api.submissions.listForIdea, { ideaId });
      expect(card!.publishedAt).toBe(atSecond(offset, second));
      expect(card!.checklist).toEqual({
        exists: true,
        ownedBySubmitter: true,
        publishedAfterIdea: after,
        durationAllowed: true,
      });
    },
  );

  test.each(cases)(
    "TikTok: a video created %s is published after the idea: %s",
    async (_name, after, offset) => {
      const t = newBackend();
      const creator = await createUser(t);
      await connectTikTok(t, creator, "open-1", "maker");
      const { ideaId, second } = await postAtKnownMoment(t, "TikTok");
      fake.tiktok.push({
        id: "7301234567890123456",
        username: "maker",
        openId: "open-1",
        title: "Posted right after the idea",
        seconds: 58,
        // Milliseconds the platform drops: create_time is whole seconds.
        createTime: atSecond(offset, second) + 900,
      });
      vi.setSystemTime(second + 5000);
      await as(t, creator).action(api.submissions.submit, {
        ideaId,
        link: "https://www.tiktok.com/@maker/video/7301234567890123456",
      });
      const [card] = await t.query(api.submissions.listForIdea, { ideaId });
      expect(card!.publishedAt).toBe(atSecond(offset, second));
      expect(card!.checklist).toEqual({
        exists: true,
        ownedBySubmitter: true,
        publishedAfterIdea: after,
        durationAllowed: true,
      });
    },
  );
});

describe("submissions recorded before the comparison was at the second", () => {
  test("are corrected once: a video of the idea's second becomes published after it, nothing else changes", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const second = Math.floor(Date.now() / 1000) * 1000 + 60_000;
    vi.useFakeTimers({ now: second + 400, toFake: ["Date"] });
    const ideaId = await postIdea(t, await createUser(t));
    const record = (videoId: string, publishedAt: number | undefined, after: boolean | null) =>
      t.run((ctx) =>
        ctx.db.insert("submissions", {
          ideaId,
          authorId: creator,
          platform: "YouTube",
          videoId,
          url: `https://www.youtube.com/watch?v=${videoId}`,
          title: videoId,
          channelId: "UCx",
          channelTitle: "x",
          publishedAt,
          netVotes: 0,
          checklist: {
            exists: true,
            ownedBySubmitter: true,
            publishedAfterIdea: after,
            durationAllowed: true,
          },
        }),
      );
    const sameSecond = await record("sameSecond0", second, false);
    const before = await record("secondBefor", second - 1000, false);
    const after = await record("secondAfter", second + 1000, true);
    const unknown = await record("notSaidWhen", undefined, null);

    expect(await t.mutation(internal.submissions.recheckPublishedAfterIdea, {})).toEqual({
      corrected: 1,
      done: true,
    });
    const checks = await t.run(async (ctx) =>
      Promise.all(
        [sameSecond, before, after, unknown].map(
          async (id) => (await ctx.db.get("submissions", id))!.checklist.publishedAfterIdea,
        ),
      ),
    );
    expect(checks).toEqual([true, false, true, null]);
    expect(await t.mutation(internal.submissions.recheckPublishedAfterIdea, {})).toEqual({
      corrected: 0,
      done: true,
    });
  });
});

describe("votes on submissions", () => {
  test("toggle like ideas, reach every viewer's count, and nobody votes on their own video", async () => {
    const t = newBackend();
    fake.youtube.push({
      id: "abcdefghijk",
      channelId: "UCx",
      title: "Fine",
      seconds: 600,
      publishedAt: Date.now(),
    });
    const creator = await createUser(t);
    const voter = await createUser(t);
    const ideaId = await postIdea(t, await createUser(t));
    const submissionId = await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: "https://youtu.be/abcdefghijk",
    });
    const vote = (who: Id<"users">, value: 1 | -1 | 0) =>
      as(t, who).mutation(api.submissions.vote, { submissionId, vote: value });
    expect(await vote(voter, 1)).toEqual({ newVoteTotal: 1, userVote: 1 });
    expect(await vote(voter, -1)).toEqual({ newVoteTotal: -1, userVote: -1 });
    expect(await vote(voter, 0)).toEqual({ newVoteTotal: 0, userVote: 0 });
    await expect(vote(creator, 1)).rejects.toThrow("You can't vote on your own video.");
    await expect(t.mutation(api.submissions.vote, { submissionId, vote: 1 })).rejects.toThrow(
      "You must be logged in to vote.",
    );
    await vote(voter, 1);
    // The list is the same for everyone (it reads no identity): both signed-in users and a
    // visitor get one identical result, carrying the author's id instead of "is it mine".
    const list = await t.query(api.submissions.listForIdea, { ideaId });
    expect(list).toEqual([expect.objectContaining({ votes: 1, authorId: creator })]);
    expect(list[0]).not.toHaveProperty("userVote");
    expect(list[0]).not.toHaveProperty("isOwn");
    expect(await as(t, voter).query(api.submissions.listForIdea, { ideaId })).toEqual(list);
    expect(await as(t, creator).query(api.submissions.listForIdea, { ideaId })).toEqual(list);
    // The vote reaches the voter's own query, and only theirs.
    const mine = (who: Id<"users"> | null) =>
      (who === null ? t : as(t, who)).query(api.votes.mineOnSubmission, { submissionId });
    expect(await mine(voter)).toBe(1);
    expect(await mine(creator)).toBe(0);
    expect(await mine(null)).toBe(0);
    await vote(voter, -1);
    expect(await mine(voter)).toBe(-1);
    expect((await t.query(api.submissions.listForIdea, { ideaId }))[0]!.votes).toBe(-1);
  });
});
