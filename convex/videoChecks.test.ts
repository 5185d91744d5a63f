// The submit page's video checks (specific reasons under the spec's errors, the confirmation
// card's facts) and the end of squatting: the proven creator takes a submission over.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
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
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + 10 * DAY,
    links: [],
    ...overrides,
  } as never);
}

/** The error's data ({ message, code, reason }) or "ok". */
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok" as const,
    (e: { data?: Record<string, unknown> }) => e.data,
  );

function video(
  id: string,
  channelId: string,
  extra: Partial<{ seconds: number; at: number }> = {},
) {
  fake.youtube.push({
    id,
    channelId,
    title: `Video ${id}`,
    seconds: extra.seconds ?? 8 * 60,
    publishedAt: extra.at ?? Date.now() + 1000,
  });
}

async function submissionCount(t: Backend) {
  return await t.run(async (ctx) => (await ctx.db.query("submissions").collect()).length);
}

describe("specific reasons under the spec's errors", () => {
  test("a TikTok link on a YouTube idea, a video YouTube does not know, a link that is no video", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const ideaId = await postIdea(t, await createUser(t));
    const me = as(t, creator);
    for (const fn of [api.submissions.check, api.submissions.submit]) {
      expect(
        await errorOf(
          me.action(fn, {
            ideaId,
            link: "https://www.tiktok.com/@maker/video/7301234567890123456",
          }),
        ),
      ).toEqual({
        message: "Invalid video link format",
        code: "format",
        reason: "This idea needs a YouTube video",
      });
      expect(
        await errorOf(me.action(fn, { ideaId, link: "https://youtu.be/nosuchvideo" })),
      ).toEqual({
        message: "Failed to verify video",
        code: "verify",
        reason: "We couldn't find that video on YouTube",
      });
      expect(
        await errorOf(me.action(fn, { ideaId, link: "https://example.com/watch" })),
      ).toMatchObject({ message: "Invalid video link format", reason: expect.any(String) });
    }
    expect(await submissionCount(t)).toBe(0);
  });

  test("a video not on the creator's connected channel: the card says so and that it cannot be paid yet", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    await connectAccount(t, fake, creator, { channelId: "UCmine" });
    const ideaId = await postIdea(t, await createUser(t));
    video("theirsvideo", "UCtheirs");
    const check = await as(t, creator).action(api.submissions.check, {
      ideaId,
      link: "https://youtu.be/theirsvideo",
    });
    expect(check.checklist.ownedBySubmitter).toBe(false);
    expect(check.ownershipNote).toMatch(/^This video is not on your connected YouTube channel \(/);
    // It can still win (published after, right length): only the payment waits on proof.
    expect(check.cannotWinReasons).toEqual([]);
  });
});

describe("the confirmation card's check", () => {
  test("reports the platform's facts and why a video cannot win, and writes nothing", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    await connectAccount(t, fake, creator, { channelId: "UCmine" });
    const ideaId = await postIdea(t, await createUser(t));
    video("oldshortvid", "UCmine", { seconds: 40, at: Date.now() - 30 * DAY });
    const check = await as(t, creator).action(api.submissions.check, {
      ideaId,
      link: "https://www.youtube.com/watch?v=oldshortvid",
    });
    expect(check.video).toMatchObject({
      title: "Video oldshortvid",
      channelId: "UCmine",
      durationSeconds: 40,
      owned: true,
    });
    expect(check.checklist).toEqual({
      exists: true,
      ownedBySubmitter: true,
      publishedAfterIdea: false,
      durationAllowed: false,
    });
    expect(check.cannotWinReasons).toEqual([
      "It was published before the idea was posted.",
      "Its length is not one the idea allows.",
    ]);
    expect(check.ownershipNote).toBeNull();
    expect(await submissionCount(t)).toBe(0);
  });
});

describe("squatting ends", () => {
  async function squatted(t: Backend) {
    const squatter = await createUser(t, { name: "Squatter" });
    const owner = await createUser(t, { name: "Owner" });
    const voter = await createUser(t);
    // The voters are older than the idea and 7 days old when they vote: their votes count.
    vi.useFakeTimers({ now: Date.now() + 8 * DAY, toFake: ["Date"] });
    const ideaId = await postIdea(t, await createUser(t));
    video("ownersvideo", "UCowner");
    const submissionId = await as(t, squatter).action(api.submissions.submit, {
      ideaId,
      link: "https://youtu.be/ownersvideo",
    });
    await as(t, voter).mutation(api.submissions.vote, { submissionId, vote: 1 });
    // The owner had voted for it too (before knowing it was theirs).
    await as(t, owner).mutation(api.submissions.vote, { submissionId, vote: 1 });
    return { squatter, owner, voter, ideaId, submissionId };
  }

  async function expectTakenOver(t: Backend, s: Awaited<ReturnType<typeof squatted>>) {
    const cards = await t.query(api.submissions.listForIdea, { ideaId: s.ideaId });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      _id: s.submissionId,
      authorDisplayName: "Owner",
      checklist: { ownedBySubmitter: true },
      // The voter's vote stays; the owner's own vote goes (nobody votes on their own video).
      votes: 1,
    });
    expect(await t.query(api.submissions.voteBreakdown, { submissionId: s.submissionId })).toEqual({
      allVotes: 1,
      countedVotes: 1,
    });
    const inbox = await as(t, s.squatter).query(api.notifications.inbox, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(inbox.page.map((n) => n.text)).toContain(
      'The creator of "Video ownersvideo" connected the channel that posted it: its submission to "A tour of tiny libraries" is now theirs, with its votes.',
    );
    expect((await t.query(api.ideas.get, { ideaId: s.ideaId }))!.submissionCount).toBe(1);
  }

  test("when the owner connects the channel that posted it", async () => {
    const t = newBackend();
    const s = await squatted(t);
    await connectAccount(t, fake, s.owner, { channelId: "UCowner" });
    await expectTakenOver(t, s);
  });

  test("when the owner, already connected, submits it: the card says they take it over", async () => {
    const t = newBackend();
    const s = await squatted(t);
    // A connection that predates the squat (recorded without the connect-time takeover).
    await t.run((ctx) =>
      ctx.db.insert("platformConnections", {
        userId: s.owner,
        platform: "YouTube",
        accountId: "UCowner",
        accountName: "Owner's channel",
        accessToken: "sealed",
        expiresAt: Date.now() + DAY,
        lastSync: Date.now(),
      }),
    );
    const link = "https://youtu.be/ownersvideo";
    const check = await as(t, s.owner).action(api.submissions.check, {
      ideaId: s.ideaId,
      link,
    });
    expect(check.takesOver).toBe(true);
    const id = await as(t, s.owner).action(api.submissions.submit, {
      ideaId: s.ideaId,
      link,
    });
    expect(id).toBe(s.submissionId);
    await expectTakenOver(t, s);
    // The earlier submitter cannot take it back, and nobody else can submit it now.
    expect(
      await errorOf(as(t, s.squatter).action(api.submissions.submit, { ideaId: s.ideaId, link })),
    ).toMatchObject({ message: "This video has already been submitted to this idea." });
  });

  test("a waiting award follows the submission to its proven owner", async () => {
    const t = newBackend();
    const s = await squatted(t);
    const awardId = await t.run(async (ctx) => {
      const contributionId = await ctx.db.insert("contributions", {
        ideaId: s.ideaId,
        amountCents: 500,
        status: "paid",
        payoutPreference: "peoples_choice",
        settled: true,
      });
      return await ctx.db.insert("awards", {
        ideaId: s.ideaId,
        contributionId,
        submissionId: s.submissionId,
        creatorId: s.squatter,
        amountCents: 500,
        status: "waiting",
        claimDeadline: Date.now() + 30 * DAY,
      });
    });
    await connectAccount(t, fake, s.owner, { channelId: "UCowner" });
    const award = await t.run((ctx) => ctx.db.get("awards", awardId));
    expect(award).toMatchObject({ creatorId: s.owner, submissionId: s.submissionId });
    // The owner hears they won it, with the deadline to become payable.
    const inbox = await as(t, s.owner).query(api.notifications.inbox, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(inbox.page.map((n) => n.text).join("\n")).toMatch(
      /Your video "Video ownersvideo" won \$5\.00 on "A tour of tiny libraries"\. Set up payouts by /,
    );
  });

  test("once the owner has connected the channel, nobody else can submit its video", async () => {
    const t = newBackend();
    const owner = await createUser(t);
    const other = await createUser(t);
    await connectAccount(t, fake, owner, { channelId: "UCowner" });
    const ideaId = await postIdea(t, await createUser(t));
    video("ownersvideo", "UCowner");
    expect(
      await errorOf(
        as(t, other).action(api.submissions.submit, {
          ideaId,
          link: "https://youtu.be/ownersvideo",
        }),
      ),
    ).toMatchObject({
      message: "This video is on a channel another creator has connected: only they can submit it.",
    });
    expect(await submissionCount(t)).toBe(0);
  });

  test("TikTok too: a video of a connected account cannot be submitted by someone else", async () => {
    const t = newBackend();
    const owner = await createUser(t);
    const other = await createUser(t);
    await connectAccount(t, fake, owner, { openId: "open-owner", username: "owner.makes" });
    const ideaId = await postIdea(t, await createUser(t), {
      platform: "TikTok",
      durations: ["SHORT"],
    });
    fake.tiktok.push({
      id: "7301234567890123999",
      username: "owner.makes",
      openId: "open-owner",
      title: "Dumplings in 40s",
      seconds: 40,
      createTime: Date.now() + 1000,
    });
    const link = "https://www.tiktok.com/@owner.makes/video/7301234567890123999";
    expect(
      await errorOf(as(t, other).action(api.submissions.submit, { ideaId, link })),
    ).toMatchObject({
      message: "This video is on a channel another creator has connected: only they can submit it.",
    });
    await as(t, owner).action(api.submissions.submit, { ideaId, link });
    expect(await submissionCount(t)).toBe(1);
  });
});
