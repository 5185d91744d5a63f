// Spec §7's idea routes on the running stack: the lists, submitting an idea, voting, one idea's
// detail, bounty, platform and submissions, and the site's counters. Each refusal answers its
// exact status with `{ error }` and changes nothing a client could see.
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk, type Answer } from "./support/http.js";
import { MALFORMED_IDS, unknownIdLike } from "./support/ids.js";
import { signIn, type Person } from "./support/people.js";
import * as shape from "./support/shapes.js";
import { ideaBody, newIdea, newSubmission, observe } from "./support/world.js";

/** Spec §5's messages for a refused idea. */
const MESSAGES = {
  date: "Please choose a valid date",
  duration: "Please select at least one video duration",
  platform: "Please select a platform",
  idea: "Please enter your idea",
};

/** A request body that is wrong in one way, and the answer it must get. */
interface Refusal {
  name: string;
  body: () => unknown;
  status: number;
  message?: string;
}

let ada: Person;
let bob: Person;
let ideaId: string;

beforeAll(async () => {
  [ada, bob] = await Promise.all([signIn("Ada Idea"), signIn("Bob Idea")]);
  ideaId = await newIdea(ada, { platform: "YouTube", durations: ["SHORT", "LONG"] });
  await newSubmission(bob, ideaId);
});

describe("GET /server/api/proposals", () => {
  test("a visitor gets the open ideas as spec §3 Proposals, newest first", async () => {
    const list = expectOk(
      await call("GET", "/server/api/proposals?param=Recent&path=/ideas"),
      200,
      shape.proposal.array(),
    );
    const idea = list.find((p) => p.id === ideaId);
    expect(idea).toMatchObject({
      platform: "YouTube",
      duration: "SHORT,LONG",
      submissionCount: 1,
      votes: 0,
      userVote: 0,
      bountyAmount: 0,
    });
  });

  test.each(["Recent", "Popular", "Payout", "Expiring Soon", "expiring"])(
    "?param=%s is a sort mode",
    async (param) => {
      expectOk(
        await call("GET", `/server/api/proposals?param=${encodeURIComponent(param)}`),
        200,
        shape.proposal.array(),
      );
    },
  );

  test("the caller's own votes come with their token", async () => {
    await call("POST", "/server/api/proposals/vote", {
      token: bob.token,
      body: { proposalId: ideaId, vote: -1 },
    });
    const list = expectOk(
      await call("GET", `/server/api/proposals?userId=${bob.id}&limit=100`, { token: bob.token }),
      200,
      shape.proposal.array(),
    );
    expect(list.find((p) => p.id === ideaId)?.userVote).toBe(-1);
    await call("POST", "/server/api/proposals/vote", {
      token: bob.token,
      body: { proposalId: ideaId, vote: 0 },
    });
  });

  test("search text finds the idea", async () => {
    const title = expectOk(
      await call("GET", `/server/api/proposals/${ideaId}`),
      200,
      shape.proposalDetail,
    ).title;
    const word = title.split(" ").pop()!;
    const list = expectOk(
      await call("GET", `/server/api/proposals?path=/search&query=${word}`),
      200,
      shape.proposal.array(),
    );
    expect(list.map((p) => p.id)).toEqual([ideaId]);
  });

  test.each([
    ["an unknown sort", "?param=nonsense", 400],
    ["a sort named like an Object property", "?param=__proto__", 400],
    ["a made-up cursor", "?cursor=garbage", 400],
    ["another person's votes, signed in", "?userId=OTHER", 403],
    ["another person's votes, signed out", "?userId=OTHER&anonymous", 403],
  ] as const)("%s is refused (%s → %i)", async (_, query, status) => {
    const anonymous = query.endsWith("&anonymous");
    const answer = await call(
      "GET",
      `/server/api/proposals${query.replace("OTHER", ada.id).replace("&anonymous", "")}`,
      anonymous ? {} : { token: bob.token },
    );
    expectError(answer, status);
  });
});

describe("POST /server/api/proposals/submit", () => {
  let poster: Person;
  beforeAll(async () => {
    poster = await signIn("Poster Pia");
  });

  test("a signed-in person's idea is created (201) and reads back as sent", async () => {
    const body = ideaBody({ platform: "TikTok", durations: ["MEDIUM"] });
    const { proposal } = expectOk(
      await call("POST", "/server/api/proposals/submit", { token: poster.token, body }),
      201,
      shape.createdProposal,
    );
    const detail = expectOk(
      await call("GET", `/server/api/proposals/${proposal.id}`),
      200,
      shape.proposalDetail,
    );
    // toMatchObject: fields the spec does not name (an idea's brief) may come too.
    expect(detail).toMatchObject({
      id: proposal.id,
      title: body.oneLiner,
      description: "",
      expiration: body.expiration,
      platform: "TikTok",
      duration: "MEDIUM",
    });
  });

  const valid = () => ideaBody();
  const refusals: Refusal[] = [
    { name: "a body that is not JSON", body: () => '{"oneLiner": "Owls"', status: 400 },
    { name: "a JSON array", body: () => "[]", status: 400 },
    { name: "a JSON string", body: () => '"Owls of Oslo"', status: 400 },
    { name: "an empty body", body: () => "", status: 400 },
    { name: "no one-liner", body: () => ({ ...valid(), oneLiner: undefined }), status: 400 },
    { name: "a numeric one-liner", body: () => ({ ...valid(), oneLiner: 42 }), status: 400 },
    {
      name: "durations as a string",
      body: () => ({ ...valid(), selectedDurations: "SHORT" }),
      status: 400,
    },
    {
      name: "an unknown duration",
      body: () => ({ ...valid(), selectedDurations: ["HUGE"] }),
      status: 400,
    },
    { name: "an unknown platform", body: () => ({ ...valid(), platform: "Vimeo" }), status: 400 },
    { name: "a numeric expiration", body: () => ({ ...valid(), expiration: 1e13 }), status: 400 },
    {
      name: "a date that is not a date",
      body: () => ({ ...valid(), expiration: "soon" }),
      status: 400,
      message: MESSAGES.date,
    },
    {
      name: "a date in the past",
      body: () => ({ ...valid(), expiration: "2001-01-01T00:00:00Z" }),
      status: 400,
      message: MESSAGES.date,
    },
    {
      name: "no duration",
      body: () => ({ ...valid(), selectedDurations: [] }),
      status: 400,
      message: MESSAGES.duration,
    },
    {
      name: "no platform",
      body: () => ({ ...valid(), platform: null }),
      status: 400,
      message: MESSAGES.platform,
    },
    {
      name: "a blank idea",
      body: () => ({ ...valid(), oneLiner: "   " }),
      status: 400,
      message: MESSAGES.idea,
    },
    {
      name: "an inappropriate idea",
      body: () => ({ ...valid(), oneLiner: "sh1t happens" }),
      status: 400,
      message: "Proposal contains inappropriate content or restricted URLs and cannot be submitted",
    },
    { name: "another person's userId", body: () => ({ ...valid(), userId: bob.id }), status: 403 },
  ];

  test.each(refusals)("$name: $status, nothing created", async ({ body, status, message }) => {
    const before = await observe({ owner: poster, ideaId });
    const answer = await call("POST", "/server/api/proposals/submit", {
      token: poster.token,
      body: body(),
    });
    expectError(answer, status, message);
    expect(await observe({ owner: poster, ideaId })).toEqual(before);
  });

  test("the 11th idea within the hour is refused with 429 and Retry-After", async () => {
    const busy = await signIn("Busy Bea");
    for (let i = 0; i < 10; i++) await newIdea(busy);
    const before = await observe({ owner: busy, ideaId });
    const answer = await call("POST", "/server/api/proposals/submit", {
      token: busy.token,
      body: ideaBody(),
    });
    expectError(answer, 429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await observe({ owner: busy, ideaId })).toEqual(before);
  });
});

describe("POST /server/api/proposals/vote", () => {
  test("sets the caller's vote: the same vote again counts once, -1 flips it, 0 clears it", async () => {
    const idea = await newIdea(ada);
    const vote = async (value: number) =>
      expectOk(
        await call("POST", "/server/api/proposals/vote", {
          token: bob.token,
          body: { proposalId: idea, vote: value, userId: bob.id },
        }),
        200,
        shape.ideaVote,
      );
    expect(await vote(1)).toEqual({ votes: 1, userVote: 1 });
    expect(await vote(1)).toEqual({ votes: 1, userVote: 1 });
    expect(await vote(-1)).toEqual({ votes: -1, userVote: -1 });
    expect(await vote(0)).toEqual({ votes: 0, userVote: 0 });
  });

  const refusals: Refusal[] = [
    { name: "a body that is not JSON", body: () => "{", status: 400 },
    { name: "a vote of 2", body: () => ({ proposalId: ideaId, vote: 2 }), status: 400 },
    { name: "a vote as a string", body: () => ({ proposalId: ideaId, vote: "1" }), status: 400 },
    { name: "no vote", body: () => ({ proposalId: ideaId }), status: 400 },
    { name: "a numeric proposal id", body: () => ({ proposalId: 5, vote: 1 }), status: 400 },
    ...MALFORMED_IDS.map((id) => ({
      name: `a malformed proposal id (${id})`,
      body: () => ({ proposalId: id, vote: 1 }),
      status: 400,
    })),
    {
      name: "a user's id as the proposal id",
      body: () => ({ proposalId: bob.id, vote: 1 }),
      status: 400,
    },
    {
      name: "an unknown proposal id",
      body: () => ({ proposalId: unknownIdLike(ideaId), vote: 1 }),
      status: 404,
    },
    {
      name: "another person's userId",
      body: () => ({ proposalId: ideaId, vote: 1, userId: ada.id }),
      status: 403,
    },
  ];

  test.each(refusals)("$name: $status, nothing counted", async ({ body, status }) => {
    const before = await observe({ owner: bob, ideaId });
    expectError(
      await call("POST", "/server/api/proposals/vote", { token: bob.token, body: body() }),
      status,
    );
    expect(await observe({ owner: bob, ideaId })).toEqual(before);
  });

  test("a voting script is stopped with 429 and Retry-After", async () => {
    const voter = await signIn("Voter Vic");
    let answer: Answer | undefined;
    // 30 votes at once, then one a second. A script sends them 40 at a time (one after another
    // they could trail the refill on a busy machine): some of the first rounds are refused.
    for (let round = 0; round < 4 && answer === undefined; round++) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call("POST", "/server/api/proposals/vote", {
            token: voter.token,
            body: { proposalId: ideaId, vote: i % 2 === 0 ? 1 : 0 },
          }),
        ),
      );
      answer = answers.find((a) => a.status === 429);
    }
    expect(answer).toBeDefined();
    expectError(answer!, 429);
    expect(Number(answer!.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Up to 160 votes: on a busy 2-core machine the stack answers them in 10–60 s.
  }, 120_000);
});

describe.each([
  ["", shape.proposalDetail],
  ["/bounty", shape.bounty],
  ["/platform", shape.platform],
  ["/submissions", shape.submission.array()],
] as const)("GET /server/api/proposals/{id}%s", (suffix, body) => {
  test("answers anyone in the spec's shape", async () => {
    const answer = expectOk(
      await call("GET", `/server/api/proposals/${ideaId}${suffix}`),
      200,
      body,
    );
    if (suffix === "/platform") expect(answer).toEqual({ platform: "YouTube" });
    if (suffix === "/bounty") expect(answer).toEqual({ total: 0 });
    if (suffix === "/submissions") expect(answer).toHaveLength(1);
  });

  test.each(MALFORMED_IDS)("a malformed id (%s) is a 400", async (id) => {
    expectError(await call("GET", `/server/api/proposals/${encodeURIComponent(id)}${suffix}`), 400);
  });

  test("another table's id is a 400", async () => {
    expectError(await call("GET", `/server/api/proposals/${ada.id}${suffix}`), 400);
  });

  test("an unknown id is a 404", async () => {
    expectError(
      await call("GET", `/server/api/proposals/${unknownIdLike(ideaId)}${suffix}`),
      404,
      "Proposal not found",
    );
  });
});

test("GET /server/api/stats counts people, bounties and videos (spec §3 Stats)", async () => {
  const stats = expectOk(await call("GET", "/server/api/stats"), 200, shape.stats);
  expect(stats.activeUsers).toBeGreaterThanOrEqual(2);
  expect(stats.bounties).toBeGreaterThanOrEqual(1);
  expect(stats.originalVideos).toBeGreaterThanOrEqual(1);
});
