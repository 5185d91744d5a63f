// Spec §7's money routes on the running stack: starting a Stripe Checkout, the confirmation
// page's contribution lookup, recording a session, changing the payout method, and the
// profile's bounties and contributions. Payments happen on the Stripe stand-in, whose signed
// webhooks reach the app as Stripe's would.
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk, stack, type Answer } from "./support/http.js";
import { MALFORMED_IDS, unknownIdLike } from "./support/ids.js";
import { signIn, type Person } from "./support/people.js";
import * as shape from "./support/shapes.js";
import {
  newCheckout,
  newIdea,
  newSubmission,
  observe,
  paidContribution,
  pay,
} from "./support/world.js";

interface Refusal {
  name: string;
  body: () => unknown;
  status: number;
  message?: string;
  token?: () => string | undefined;
}

let poster: Person;
let payer: Person;
let other: Person;
let ideaId: string;
/** Per case, a client address of its own: anonymous checkouts are limited per client. */
let client = 0;
const clientHeaders = () => ({ "X-Forwarded-For": `192.0.2.${++client}` });

beforeAll(async () => {
  [poster, payer, other] = await Promise.all([
    signIn("Poster Pay"),
    signIn("Payer Pam"),
    signIn("Other Otto"),
  ]);
  ideaId = await newIdea(poster);
});

describe("POST /server/api/stripe/create-checkout", () => {
  test("a signed-in contribution gives the Checkout page's URL", async () => {
    const { url } = expectOk(
      await call("POST", "/server/api/stripe/create-checkout", {
        token: payer.token,
        body: { postId: ideaId, amount: 1500, type: "proposal", userId: payer.id },
      }),
      200,
      shape.checkout,
    );
    expect(url.startsWith(stack().standInsUrl)).toBe(true);
  });

  test("a visitor contributes with userId null (spec §6)", async () => {
    expectOk(
      await call("POST", "/server/api/stripe/create-checkout", {
        headers: clientHeaders(),
        body: { postId: ideaId, amount: 500, userId: null },
      }),
      200,
      shape.checkout,
    );
  });

  const valid = () => ({ postId: ideaId, amount: 500, type: "proposal", userId: null });
  const refusals: Refusal[] = [
    { name: "a body that is not JSON", body: () => "postId=x", status: 400 },
    { name: "an amount as a string", body: () => ({ ...valid(), amount: "500" }), status: 400 },
    { name: "no amount", body: () => ({ ...valid(), amount: undefined }), status: 400 },
    {
      name: "a fraction of a cent",
      body: () => ({ ...valid(), amount: 150.5 }),
      status: 400,
      message: "Contributions are whole cents.",
    },
    {
      name: "less than a dollar",
      body: () => ({ ...valid(), amount: 50 }),
      status: 400,
      message: "The smallest contribution is $1.00.",
    },
    {
      name: "more than $10,000",
      body: () => ({ ...valid(), amount: 1_000_001 }),
      status: 400,
      message: "The largest contribution is $10,000.00.",
    },
    { name: "a type other than proposal", body: () => ({ ...valid(), type: "tip" }), status: 400 },
    { name: "a numeric post id", body: () => ({ ...valid(), postId: 7 }), status: 400 },
    ...MALFORMED_IDS.map((id) => ({
      name: `a malformed post id (${id})`,
      body: () => ({ ...valid(), postId: id }),
      status: 400,
    })),
    {
      name: "an unknown post id",
      body: () => ({ ...valid(), postId: unknownIdLike(ideaId) }),
      status: 404,
    },
    {
      name: "a userId without a token",
      body: () => ({ ...valid(), userId: payer.id }),
      status: 401,
    },
    {
      name: "another person's userId",
      body: () => ({ ...valid(), userId: other.id }),
      token: () => payer.token,
      status: 403,
    },
  ];
  test.each(refusals)("$name: $status, no checkout", async ({ body, status, message, token }) => {
    const before = await observe({ owner: payer, ideaId });
    const answer = await call("POST", "/server/api/stripe/create-checkout", {
      token: token?.(),
      headers: clientHeaders(),
      body: body(),
    });
    expectError(answer, status, message);
    expect(await observe({ owner: payer, ideaId })).toEqual(before);
  });
});

describe("a contribution's session", () => {
  let sessionId: string;
  let anonymousSession: string;
  beforeAll(async () => {
    sessionId = await newCheckout(payer, ideaId, 2500);
    anonymousSession = await newCheckout(null, ideaId, 700);
  });

  test("GET /server/api/contributions/{session_id} while pending", async () => {
    const body = expectOk(
      await call("GET", `/server/api/contributions/${sessionId}`, { token: payer.token }),
      200,
      shape.contribution,
    );
    expect(body).toMatchObject({
      proposal: { id: ideaId },
      contribution: { amount: 25, status: "pending", customerDetails: null },
      transaction: { payout_preference: "customer_choice" },
      session: { id: sessionId },
    });
  });

  test("POST .../record asks Stripe, not the body: a pending session stays pending", async () => {
    expect(
      expectOk(
        await call("POST", `/server/api/contributions/${sessionId}/record`, {
          body: { sessionData: { payment_status: "paid", amount_total: 999999 } },
        }),
        200,
        shape.recorded,
      ),
    ).toEqual({ status: "pending" });
  });

  test("POST .../payout changes the contributor's payout method", async () => {
    expect(
      expectOk(
        await call("POST", `/server/api/contributions/${sessionId}/payout`, {
          token: payer.token,
          body: { payoutMethod: "peoples_choice", userId: payer.id },
        }),
        200,
        shape.payout,
      ),
    ).toEqual({ payout_preference: "peoples_choice" });
    const seen = expectOk(
      await call("GET", `/server/api/contributions/${sessionId}`, { token: payer.token }),
      200,
      shape.contribution,
    );
    expect(seen.transaction.payout_preference).toBe("peoples_choice");
  });

  test("once paid: the payer sees their details, others do not; record answers paid", async () => {
    await pay(sessionId, { name: "Payer Pam", email: payer.email });
    const mine = await paidContribution(sessionId, payer.token);
    expect(mine.contribution).toMatchObject({
      amount: 25,
      status: "paid",
      customerDetails: { name: "Payer Pam", email: payer.email, address: { country: "US" } },
    });
    const theirs = expectOk(
      await call("GET", `/server/api/contributions/${sessionId}`, { token: other.token }),
      200,
      shape.contribution,
    );
    expect(theirs.contribution.customerDetails).toBeNull();
    expect(
      expectOk(
        await call("POST", `/server/api/contributions/${sessionId}/record`),
        200,
        shape.recorded,
      ),
    ).toEqual({ status: "paid" });
    const bounty = expectOk(
      await call("GET", `/server/api/proposals/${ideaId}/bounty`),
      200,
      shape.bounty,
    );
    expect(bounty.total).toBeGreaterThanOrEqual(25);
  });

  const unknownSession = "cs_test_" + "x".repeat(24);
  const malformedSessions = ["not-a-session", "cs_", "cs_%20x", "__proto__"];

  test.each(malformedSessions)(
    "GET, record and payout of a malformed session id (%s) are 400s",
    async (id) => {
      const path = `/server/api/contributions/${encodeURIComponent(id)}`;
      expectError(await call("GET", path), 400);
      expectError(await call("POST", `${path}/record`), 400);
      expectError(
        await call("POST", `${path}/payout`, {
          token: payer.token,
          body: { payoutMethod: "peoples_choice" },
        }),
        400,
      );
    },
  );

  test("GET, record and payout of an unknown session are 404s", async () => {
    const path = `/server/api/contributions/${unknownSession}`;
    expectError(await call("GET", path), 404, "Contribution not found.");
    expectError(await call("POST", `${path}/record`), 404, "Contribution not found.");
    expectError(
      await call("POST", `${path}/payout`, {
        token: payer.token,
        body: { payoutMethod: "peoples_choice" },
      }),
      404,
      "Contribution not found.",
    );
  });

  test("GET /server/api/contributions/ without an id: 'Missing session ID'", async () => {
    expectError(await call("GET", "/server/api/contributions/"), 400, "Missing session ID");
  });

  const payoutRefusals: Refusal[] = [
    { name: "a body that is not JSON", body: () => "{", status: 400 },
    { name: "an unknown method", body: () => ({ payoutMethod: "coin_flip" }), status: 400 },
    { name: "a numeric method", body: () => ({ payoutMethod: 1 }), status: 400 },
    {
      name: "another person's contribution",
      body: () => ({ payoutMethod: "customer_choice" }),
      token: () => other.token,
      status: 403,
    },
    {
      name: "an anonymous contribution",
      body: () => ({ payoutMethod: "customer_choice", session: "anonymous" }),
      status: 403,
    },
    {
      name: "another person's userId",
      body: () => ({ payoutMethod: "customer_choice", userId: other.id }),
      status: 403,
    },
  ];
  test.each(payoutRefusals)("payout with $name: $status, nothing changed", async (refusal) => {
    const raw = refusal.body() as { session?: string };
    const session = raw?.session === "anonymous" ? anonymousSession : sessionId;
    const before = await observe({ owner: payer, ideaId, sessionId: session });
    expectError(
      await call("POST", `/server/api/contributions/${session}/payout`, {
        token: refusal.token?.() ?? payer.token,
        body: typeof raw === "object" ? { ...raw, session: undefined } : raw,
      }),
      refusal.status,
      refusal.message,
    );
    expect(await observe({ owner: payer, ideaId, sessionId: session })).toEqual(before);
  });

  test("the payout method is fixed from the idea's first submission on", async () => {
    const creator = await signIn("Creator Pay");
    await newSubmission(creator, ideaId);
    expectError(
      await call("POST", `/server/api/contributions/${sessionId}/payout`, {
        token: payer.token,
        body: { payoutMethod: "customer_choice" },
      }),
      400,
      "Payout methods can only be changed until the idea's first submission.",
    );
  });

  test("record is limited per session: 429 with Retry-After", async () => {
    const session = await newCheckout(null, ideaId, 300);
    let answer: Answer | undefined;
    for (let i = 0; i < 10 && answer?.status !== 429; i++)
      answer = await call("POST", `/server/api/contributions/${session}/record`);
    expectError(answer!, 429);
    expect(Number(answer!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the contributor's profile", () => {
  test("GET /server/api/profile/proposals lists the poster's bounties", async () => {
    const list = expectOk(
      await call("GET", `/server/api/profile/proposals?userId=${poster.id}`, {
        token: poster.token,
      }),
      200,
      shape.myBounty.array(),
    );
    expect(list.map((idea) => idea.id)).toEqual([ideaId]);
  });

  test("GET /server/api/profile/contributions: the caller's paid money per idea, and in all", async () => {
    const unknown = unknownIdLike(ideaId);
    const body = expectOk(
      await call(
        "GET",
        `/server/api/profile/contributions?userId=${payer.id}&proposalIds=${ideaId},${unknown}`,
        { token: payer.token },
      ),
      200,
      shape.myContributions,
    );
    expect(Object.keys(body.contributions)).toEqual([ideaId]);
    expect(body.contributions[ideaId]!.user).toBe(25);
    expect(body.userTotal).toBe(25);
  });

  test("a malformed id in proposalIds is a 400", async () => {
    expectError(
      await call("GET", `/server/api/profile/contributions?proposalIds=${ideaId},not-an-id`, {
        token: payer.token,
      }),
      400,
    );
  });

  test.each(["proposals", "contributions"])(
    "GET /server/api/profile/%s?userId of another person is a 403",
    async (list) => {
      expectError(
        await call("GET", `/server/api/profile/${list}?userId=${payer.id}`, { token: other.token }),
        403,
      );
    },
  );
});

// Last in the file: were anonymous checkouts keyed by the IP the runtime saw (127.0.0.1 for every
// case), this would empty the bucket the anonymous checkouts after it need.
test("an 11th anonymous checkout from one client within a minute is a 429 with Retry-After", async () => {
  const headers = { "X-Forwarded-For": "203.0.113.77" };
  let answer: Answer | undefined;
  for (let i = 0; i < 15 && answer?.status !== 429; i++)
    answer = await call("POST", "/server/api/stripe/create-checkout", {
      headers,
      body: { postId: ideaId, amount: 100, userId: null },
    });
  expectError(answer!, 429);
  expect(Number(answer!.headers.get("Retry-After"))).toBeGreaterThan(0);
});
