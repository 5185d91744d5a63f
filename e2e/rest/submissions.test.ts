// Spec §7's submission routes on the running stack: verifying a video link, submitting it,
// voting on a submission, and the creator's own submissions and videos on their profile.
// Videos come from the YouTube and TikTok stand-ins, as a creator would upload them.
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk } from "./support/http.js";
import { MALFORMED_IDS, unknownIdLike } from "./support/ids.js";
import { signIn, type Person } from "./support/people.js";
import * as shape from "./support/shapes.js";
import { newIdea, newSubmission, newYouTubeVideo, observe } from "./support/world.js";

/** Spec §5 and §8's messages (and the product rules' for a repeated video). */
const VIDEO_LINK_MESSAGES = {
  missing: "Please provide a video link",
  format: "Invalid video link format",
  verify: "Failed to verify video",
  duplicate: "This video has already been submitted to this idea.",
};

interface Refusal {
  name: string;
  body: () => unknown;
  status: number;
  message?: string;
}

let poster: Person;
let creator: Person;
let voter: Person;
let ideaId: string;

beforeAll(async () => {
  [poster, creator, voter] = await Promise.all([
    signIn("Poster Sub"),
    signIn("Creator Sub"),
    signIn("Voter Sub"),
  ]);
  ideaId = await newIdea(poster, { platform: "YouTube" });
});

describe("POST /server/api/submissions/verify", () => {
  test("a video on the platform gives its title", async () => {
    const link = await newYouTubeVideo(creator, "Owls over the fjord");
    expect(
      expectOk(
        await call("POST", "/server/api/submissions/verify", {
          token: creator.token,
          body: { link, userId: creator.id },
        }),
        200,
        shape.verified,
      ),
    ).toEqual({ title: "Owls over the fjord" });
  });

  const refusals: Refusal[] = [
    { name: "a body that is not JSON", body: () => "link=x", status: 400 },
    { name: "no link", body: () => ({}), status: 400 },
    { name: "a numeric link", body: () => ({ link: 5 }), status: 400 },
    {
      name: "a link that is no video",
      body: () => ({ link: "https://example.com/owls" }),
      status: 400,
      message: VIDEO_LINK_MESSAGES.format,
    },
    {
      name: "a video the platform does not have",
      body: () => ({ link: "https://youtu.be/AAAAAAAAAAA" }),
      status: 400,
      message: VIDEO_LINK_MESSAGES.verify,
    },
    {
      name: "another person's userId",
      body: () => ({ link: "https://youtu.be/AAAAAAAAAAA", userId: poster.id }),
      status: 403,
    },
  ];
  test.each(refusals)("$name: $status", async ({ body, status, message }) => {
    expectError(
      await call("POST", "/server/api/submissions/verify", { token: creator.token, body: body() }),
      status,
      message,
    );
  });
});

describe("POST /server/api/submissions/submit", () => {
  test("a video is submitted (201) and listed on its idea as spec §3 Submissions", async () => {
    const link = await newYouTubeVideo(creator, "Owls at midnight");
    const { submission } = expectOk(
      await call("POST", "/server/api/submissions/submit", {
        token: creator.token,
        // The title the client sends is ignored: the platform's is stored.
        body: { link, title: "Whatever", proposalId: ideaId, userId: creator.id },
      }),
      201,
      shape.createdSubmission,
    );
    const list = expectOk(
      await call("GET", `/server/api/proposals/${ideaId}/submissions`),
      200,
      shape.submission.array(),
    );
    expect(list.find((s) => s.id === submission.id)).toEqual({
      id: submission.id,
      proposal_id: ideaId,
      title: "Owls at midnight",
      link,
      authorDisplayName: "Creator Sub",
      platform: "YouTube",
      votes: 0,
      userVote: null,
    });
  });

  let submitted: string;
  beforeAll(async () => {
    submitted = await newYouTubeVideo(creator);
    await call("POST", "/server/api/submissions/submit", {
      token: creator.token,
      body: { link: submitted, proposalId: ideaId },
    });
  });

  const refusals: Refusal[] = [
    { name: "a body that is not JSON", body: () => "{", status: 400 },
    { name: "no proposal id", body: () => ({ link: submitted }), status: 400 },
    { name: "a numeric link", body: () => ({ link: 5, proposalId: ideaId }), status: 400 },
    {
      name: "an empty link",
      body: () => ({ link: " ", proposalId: ideaId }),
      status: 400,
      message: VIDEO_LINK_MESSAGES.missing,
    },
    {
      name: "a TikTok link on a YouTube idea",
      body: () => ({
        link: "https://www.tiktok.com/@owls/video/7300000000000000001",
        proposalId: ideaId,
      }),
      status: 400,
      message: VIDEO_LINK_MESSAGES.format,
    },
    {
      name: "the same video twice",
      body: () => ({ link: submitted, proposalId: ideaId }),
      status: 400,
      message: VIDEO_LINK_MESSAGES.duplicate,
    },
    ...MALFORMED_IDS.map((id) => ({
      name: `a malformed proposal id (${id})`,
      body: () => ({ link: submitted, proposalId: id }),
      status: 400,
    })),
    {
      name: "an unknown proposal id",
      body: () => ({ link: submitted, proposalId: unknownIdLike(ideaId) }),
      status: 404,
    },
    {
      name: "another person's userId",
      body: () => ({ link: submitted, proposalId: ideaId, userId: poster.id }),
      status: 403,
    },
  ];
  test.each(refusals)("$name: $status, nothing submitted", async ({ body, status, message }) => {
    const before = await observe({ owner: creator, ideaId });
    expectError(
      await call("POST", "/server/api/submissions/submit", { token: creator.token, body: body() }),
      status,
      message,
    );
    expect(await observe({ owner: creator, ideaId })).toEqual(before);
  });
});

describe("POST /server/api/submissions/{id}/vote", () => {
  let submissionId: string;
  beforeAll(async () => {
    submissionId = await newSubmission(creator, await newIdea(poster, { platform: "YouTube" }));
  });

  test("gives the new total and the caller's vote", async () => {
    const vote = async (value: number) =>
      expectOk(
        await call("POST", `/server/api/submissions/${submissionId}/vote`, {
          token: voter.token,
          body: { vote: value, userId: voter.id },
        }),
        200,
        shape.submissionVote,
      );
    expect(await vote(1)).toEqual({ newVoteTotal: 1, userVote: 1 });
    expect(await vote(-1)).toEqual({ newVoteTotal: -1, userVote: -1 });
    expect(await vote(0)).toEqual({ newVoteTotal: 0, userVote: 0 });
  });

  const refusals: (Refusal & { path: () => string; who?: () => Person })[] = [
    {
      name: "a body that is not JSON",
      path: () => submissionId,
      body: () => "vote=1",
      status: 400,
    },
    { name: "a vote of 5", path: () => submissionId, body: () => ({ vote: 5 }), status: 400 },
    {
      name: "a vote as a string",
      path: () => submissionId,
      body: () => ({ vote: "up" }),
      status: 400,
    },
    ...MALFORMED_IDS.map((id) => ({
      name: `a malformed submission id (${id})`,
      path: () => encodeURIComponent(id),
      body: () => ({ vote: 1 }),
      status: 400,
    })),
    {
      name: "an idea's id as the submission id",
      path: () => ideaId,
      body: () => ({ vote: 1 }),
      status: 400,
    },
    {
      name: "an unknown submission id",
      path: () => unknownIdLike(submissionId),
      body: () => ({ vote: 1 }),
      status: 404,
    },
    {
      name: "a vote on one's own video",
      path: () => submissionId,
      body: () => ({ vote: 1 }),
      who: () => creator,
      status: 400,
      message: "You can't vote on your own video.",
    },
    {
      name: "another person's userId",
      path: () => submissionId,
      body: () => ({ vote: 1, userId: poster.id }),
      status: 403,
    },
  ];
  test.each(refusals)("$name: $status, nothing counted", async (refusal) => {
    const before = await observe({ owner: creator, ideaId });
    const who = refusal.who?.() ?? voter;
    expectError(
      await call("POST", `/server/api/submissions/${refusal.path()}/vote`, {
        token: who.token,
        body: refusal.body(),
      }),
      refusal.status,
      refusal.message,
    );
    expect(await observe({ owner: creator, ideaId })).toEqual(before);
  });
});

describe("the creator's profile", () => {
  test("GET /server/api/profile/submissions lists their submissions with the idea's title", async () => {
    const list = expectOk(
      await call("GET", `/server/api/profile/submissions?userId=${creator.id}`, {
        token: creator.token,
      }),
      200,
      shape.submission.extend({ proposal_title: shape.proposal.shape.title }).array(),
    );
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((s) => s.authorDisplayName === "Creator Sub")).toBe(true);
  });

  test("GET /server/api/profile/videos lists the videos of connected accounts", async () => {
    expectOk(
      await call("GET", "/server/api/profile/videos", { token: creator.token }),
      200,
      shape.profileVideo.array(),
    );
  });

  test.each(["submissions", "videos"])(
    "GET /server/api/profile/%s?userId of another person is a 403",
    async (list) => {
      expectError(
        await call("GET", `/server/api/profile/${list}?userId=${creator.id}`, {
          token: voter.token,
        }),
        403,
      );
    },
  );
});
