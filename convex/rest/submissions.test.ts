import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "../test.setup";
import { connectAccount, mockPlatforms, type FakePlatforms } from "../test.platforms";

const DAY = 24 * 3600 * 1000;
let fake: FakePlatforms;

beforeEach(() => {
  fake = mockPlatforms();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** An open idea, and a creator whose connected channel posted one video after it. */
async function setUp() {
  const t = newBackend();
  const author = await createUser(t);
  const creator = await createUser(t, { name: "Creator Rin" });
  const voter = await createUser(t);
  const proposalId = await as(t, author).mutation(api.ideas.create, {
    oneLiner: "Tiny libraries of Lisbon",
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + 10 * DAY,
    links: [],
  });
  fake.youtube.push({
    id: "abcdefghijk",
    channelId: "UCrin",
    title: "Libraries you can hold in one hand",
    seconds: 8 * 60,
    publishedAt: Date.now() + 1000,
  });
  await connectAccount(t, fake, creator, { channelId: "UCrin" });
  return { t, author, creator, voter, proposalId };
}

const post = (t: Backend, who: Id<"users"> | null, path: string, body: unknown) =>
  (who ? as(t, who) : t).fetch(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const get = (t: Backend, who: Id<"users"> | null, path: string) =>
  (who ? as(t, who) : t).fetch(path, { method: "GET" });

describe("REST: submissions", () => {
  test("verify answers the platform's title for the caller only; bad bodies and unknown videos get errors", async () => {
    const { t, creator, voter } = await setUp();
    const link = "https://youtu.be/abcdefghijk";

    const verified = await post(t, creator, "/server/api/submissions/verify", { link });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ title: "Libraries you can hold in one hand" });

    expect((await post(t, null, "/server/api/submissions/verify", { link })).status).toBe(401);
    const forOther = await post(t, creator, "/server/api/submissions/verify", {
      link,
      userId: voter,
    });
    expect(forOther.status).toBe(403);
    expect((await post(t, creator, "/server/api/submissions/verify", "{oops")).status).toBe(400);
    expect((await post(t, creator, "/server/api/submissions/verify", { link: 42 })).status).toBe(
      400,
    );
    const unknown = await post(t, creator, "/server/api/submissions/verify", {
      link: "https://youtu.be/missing0000",
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Failed to verify video" });
  });

  test("submit stores the platform's details (never the client's title), then lists and refuses a duplicate", async () => {
    const { t, creator, voter, proposalId } = await setUp();
    const body = {
      link: "https://www.youtube.com/watch?v=abcdefghijk",
      title: "A title the client made up",
      proposalId,
    };

    expect((await post(t, null, "/server/api/submissions/submit", body)).status).toBe(401);
    expect(
      (await post(t, creator, "/server/api/submissions/submit", { ...body, userId: voter })).status,
    ).toBe(403);
    expect(
      (await post(t, creator, "/server/api/submissions/submit", { link: body.link })).status,
    ).toBe(400);
    expect(await t.query(api.submissions.listForIdea, { ideaId: proposalId })).toEqual([]);

    const created = await post(t, creator, "/server/api/submissions/submit", body);
    expect(created.status).toBe(201);
    const { submission } = (await created.json()) as { submission: { id: string } };

    const listed = await get(t, null, `/server/api/proposals/${proposalId}/submissions`);
    expect(await listed.json()).toEqual([
      {
        id: submission.id,
        proposal_id: proposalId,
        title: "Libraries you can hold in one hand",
        link: "https://www.youtube.com/watch?v=abcdefghijk",
        authorDisplayName: "Creator Rin",
        platform: "YouTube",
        votes: 0,
        userVote: null,
      },
    ]);

    const again = await post(t, creator, "/server/api/submissions/submit", body);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "This video has already been submitted to this idea.",
    });
  });

  test("vote toggles and answers newVoteTotal and userVote; self-votes, visitors, bad values and unknown ids are refused", async () => {
    const { t, creator, voter, proposalId } = await setUp();
    const id = await as(t, creator).action(api.submissions.submit, {
      ideaId: proposalId,
      link: "https://youtu.be/abcdefghijk",
    });
    const vote = (who: Id<"users"> | null, body: unknown, submissionId: string = id) =>
      post(t, who, `/server/api/submissions/${submissionId}/vote`, body);

    const up = await vote(voter, { vote: 1 });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ newVoteTotal: 1, userVote: 1 });
    const listed = await get(t, voter, `/server/api/proposals/${proposalId}/submissions`);
    expect(await listed.json()).toMatchObject([{ votes: 1, userVote: 1 }]);
    expect(await (await vote(voter, { vote: -1 })).json()).toEqual({
      newVoteTotal: -1,
      userVote: -1,
    });
    expect(await (await vote(voter, { vote: 0 })).json()).toEqual({
      newVoteTotal: 0,
      userVote: 0,
    });

    const own = await vote(creator, { vote: 1 });
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual({ error: "You can't vote on your own video." });
    expect((await vote(null, { vote: 1 })).status).toBe(401);
    expect((await vote(voter, { vote: 2 })).status).toBe(400);
    expect((await vote(voter, { vote: 1, userId: creator })).status).toBe(403);
    expect((await vote(voter, { vote: 1 }, "not-a-submission")).status).toBe(400);
    expect((await post(t, voter, `/server/api/submissions/${id}/unvote`, {})).status).toBe(404);
    const [card] = await t.query(api.submissions.listForIdea, { ideaId: proposalId });
    expect(card!.votes).toBe(0);
  });

  test("the profile routes answer the caller's own submissions and videos, and refuse anyone else's", async () => {
    const { t, creator, voter, proposalId } = await setUp();
    await as(t, creator).action(api.submissions.submit, {
      ideaId: proposalId,
      link: "https://youtu.be/abcdefghijk",
    });

    const mine = await get(t, creator, "/server/api/profile/submissions");
    expect(await mine.json()).toMatchObject([
      {
        proposal_id: proposalId,
        proposal_title: "Tiny libraries of Lisbon",
        link: "https://www.youtube.com/watch?v=abcdefghijk",
        votes: 0,
      },
    ]);
    expect(await (await get(t, voter, "/server/api/profile/submissions")).json()).toEqual([]);
    expect((await get(t, voter, `/server/api/profile/submissions?userId=${creator}`)).status).toBe(
      403,
    );
    expect((await get(t, null, "/server/api/profile/submissions")).status).toBe(401);

    const videos = await get(t, creator, "/server/api/profile/videos");
    expect(await videos.json()).toEqual([
      expect.objectContaining({
        type: "youtube",
        url: "https://www.youtube.com/watch?v=abcdefghijk",
        title: "Libraries you can hold in one hand",
      }),
    ]);
    expect((await get(t, voter, `/server/api/profile/videos?userId=${creator}`)).status).toBe(403);
    expect((await get(t, null, "/server/api/profile/videos")).status).toBe(401);
  });

  test("the OAuth routes start for the caller and exchange a code only with the state made for them", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const stranger = await createUser(t);
    fake.youtube.push({
      id: "video000001",
      channelId: "UCme",
      title: "First",
      seconds: 100,
      publishedAt: 1000,
    });

    expect((await get(t, null, "/server/youtube/oauth")).status).toBe(401);
    const started = await get(t, creator, "/server/youtube/oauth?returnToSettings=true");
    const { url } = (await started.json()) as { url: string };
    const state = new URL(url).searchParams.get("state")!;
    fake.grant(url, { channelId: "UCme" }, "the-code");

    // Someone else's session cannot use this state, and cannot spend it for its owner either.
    const stolen = await post(t, stranger, "/server/youtubeaccesstoken", {
      code: "the-code",
      state,
    });
    expect(stolen.status).toBe(400);
    expect((await as(t, stranger).query(api.platforms.mine, {}))!.youtube.connected).toBe(false);
    expect(
      (await post(t, creator, "/server/youtubeaccesstoken", { code: "the-code", state })).status,
    ).toBe(200);
    // Once used, it is spent.
    expect(
      (await post(t, creator, "/server/youtubeaccesstoken", { code: "the-code", state })).status,
    ).toBe(400);
    expect((await post(t, creator, "/server/youtubeaccesstoken", { code: 1 })).status).toBe(400);

    // A new round trip: its code is bound (PKCE) to its own request.
    const restarted = await get(t, creator, "/server/youtube/oauth?returnToSettings=true");
    const freshUrl = new URL(((await restarted.json()) as { url: string }).url);
    const exchanged = await post(t, creator, "/server/youtubeaccesstoken", {
      code: fake.grant(freshUrl, { channelId: "UCme" }),
      state: freshUrl.searchParams.get("state")!,
    });
    expect(exchanged.status).toBe(200);
    const videos = (await exchanged.json()) as Record<string, unknown>[];
    expect(videos).toEqual([expect.objectContaining({ id: "video000001", title: "First" })]);
    // Tokens stay on the server.
    expect(JSON.stringify(videos)).not.toMatch(/token/i);
    expect((await as(t, creator).query(api.platforms.mine, {}))!.youtube.connected).toBe(true);

    const tiktok = await get(t, creator, "/server/oauth");
    expect(
      new URL(((await tiktok.json()) as { url: string }).url).searchParams.get("state"),
    ).toBeTruthy();
  });
});
