import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "../test.setup";
import { mockPlatforms } from "../test.platforms";
import { mockStripe, type StripeHarness } from "../test.stripe";

const DAY = 24 * 3600 * 1000;
let stripe: StripeHarness;

beforeEach(() => {
  mockPlatforms();
});

/** A backend with Stripe (the in-memory stand-in) behind its fetch. */
function backend() {
  const t = newBackend();
  stripe = mockStripe(t);
  return t;
}

/** Pays a session and delivers its webhooks; the completed one must be among them. */
async function payAndDeliver(sessionId: string) {
  stripe.pay(sessionId, "paid");
  const completed = stripe.pendingEvents().find((e) => e.type === "checkout.session.completed")!;
  expect(completed.data.object.id).toBe(sessionId);
  const statuses = await stripe.deliver();
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

async function newIdea(t: Backend, author: Id<"users">, oneLiner = "Bridges of Lisbon") {
  return await as(t, author).mutation(api.ideas.create, {
    oneLiner,
    platform: "Any",
    durations: ["SHORT"],
    expiration: Date.now() + 10 * DAY,
    links: [],
  });
}

const send = (t: Backend, who: Id<"users"> | null, path: string, body?: unknown) =>
  (who ? as(t, who) : t).fetch(path, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

async function checkout(t: Backend, who: Id<"users"> | null, postId: string, amount = 500) {
  const response = await send(t, who, "/server/api/stripe/create-checkout", {
    postId,
    amount,
    type: "proposal",
    userId: who,
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return url.split("/").pop()!;
}

/** The id of an idea that no longer exists: well-formed, naming nothing. */
async function deletedIdea(t: Backend): Promise<Id<"proposals">> {
  const id = await newIdea(t, await createUser(t), "Gone");
  await t.run((ctx) => ctx.db.delete("proposals", id));
  return id;
}

const bountyOf = async (t: Backend, proposalId: Id<"proposals">) =>
  (await t.query(api.ideas.get, { ideaId: proposalId }))!.bountyCents;

describe("REST: contributions", () => {
  test("create-checkout opens a session for exactly the amount; tampered amounts, bodies and identities change nothing", async () => {
    const t = backend();
    const author = await createUser(t);
    const ada = await createUser(t);
    const proposalId = await newIdea(t, author);

    const sessionId = await checkout(t, null, proposalId, 500);
    expect(stripe.state.sessions[sessionId]).toMatchObject({ amount_total: 500, status: "open" });
    await checkout(t, ada, proposalId, 2_500);

    const refused = async (who: Id<"users"> | null, body: unknown, status = 400) => {
      const response = await send(t, who, "/server/api/stripe/create-checkout", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refused(null, { postId: proposalId, amount: 0 })).toBe(
      "The smallest contribution is $1.00.",
    );
    expect(await refused(null, { postId: proposalId, amount: 12.5 })).toBe(
      "Contributions are whole cents.",
    );
    expect(await refused(null, { postId: proposalId, amount: 100_000_000 })).toBe(
      "The largest contribution is $10,000.00.",
    );
    expect(await refused(null, { postId: proposalId, amount: "500" })).toMatch(/^Invalid request/);
    expect(await refused(null, { postId: proposalId, amount: 500, type: "user" })).toBe(
      "Only contributions to proposals are supported.",
    );
    expect(await refused(null, { postId: "nope", amount: 500 })).toBe("Invalid proposal id.");
    expect(await refused(null, { postId: await deletedIdea(t), amount: 500 }, 404)).toBe(
      "Proposal not found",
    );
    await refused(null, "{oops");
    await refused(null, { postId: proposalId, amount: 500, userId: ada }, 401);
    await refused(author, { postId: proposalId, amount: 500, userId: ada }, 403);

    expect(Object.keys(stripe.state.sessions)).toHaveLength(2);
    expect(await bountyOf(t, proposalId)).toBe(0);
  });

  test("the record route reads the session from Stripe when the webhook is late; the GET route shows it", async () => {
    const t = backend();
    const proposalId = await newIdea(t, await createUser(t));
    const sessionId = await checkout(t, null, proposalId, 500);

    const before = await send(t, null, `/server/api/contributions/${sessionId}`);
    expect(await before.json()).toMatchObject({
      proposal: { id: proposalId, title: "Bridges of Lisbon" },
      contribution: { amount: 5, status: "pending", customerDetails: null },
      transaction: { payout_preference: "customer_choice" },
      session: { id: sessionId, payment_status: "unpaid" },
    });

    stripe.pay(sessionId, "paid");
    // A body claiming the session is paid is not what decides: Stripe is asked.
    const recorded = await send(t, null, `/server/api/contributions/${sessionId}/record`, {
      status: "paid",
      amount: 99_999,
    });
    expect(await recorded.json()).toEqual({ status: "paid" });
    expect(await bountyOf(t, proposalId)).toBe(500);

    const after = await send(t, null, `/server/api/contributions/${sessionId}`);
    expect(await after.json()).toMatchObject({
      contribution: {
        amount: 5,
        status: "paid",
        customerDetails: { name: expect.any(String), address: { country: expect.any(String) } },
      },
      session: { payment_status: "paid" },
    });
    expect((await send(t, null, "/server/api/contributions/cs_unknown")).status).toBe(404);
    expect((await send(t, null, `/server/api/contributions/${sessionId}/refund`, {})).status).toBe(
      404,
    );
  });

  test("only the contributor changes the payout method, and only while the idea has no submission", async () => {
    const t = backend();
    const proposalId = await newIdea(t, await createUser(t));
    const ada = await createUser(t);
    const bob = await createUser(t);
    const sessionId = await checkout(t, ada, proposalId, 500);
    await payAndDeliver(sessionId);
    const payout = (who: Id<"users"> | null, body: unknown) =>
      send(t, who, `/server/api/contributions/${sessionId}/payout`, body);
    const preference = async () =>
      (
        (await (await send(t, null, `/server/api/contributions/${sessionId}`)).json()) as {
          transaction: { payout_preference: string };
        }
      ).transaction.payout_preference;

    const changed = await payout(ada, { payoutMethod: "peoples_choice" });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ payout_preference: "peoples_choice" });
    expect(await preference()).toBe("peoples_choice");

    expect((await payout(null, { payoutMethod: "customer_choice" })).status).toBe(401);
    expect((await payout(bob, { payoutMethod: "customer_choice" })).status).toBe(403);
    expect((await payout(ada, { payoutMethod: "creator_choice" })).status).toBe(400);
    expect((await payout(ada, { payoutMethod: "customer_choice", userId: bob })).status).toBe(403);
    expect(await preference()).toBe("peoples_choice");
  });

  test("profile routes: the caller's ideas with their bounty, and their contributions keyed by idea", async () => {
    const t = backend();
    const ada = await createUser(t);
    const bob = await createUser(t);
    const first = await newIdea(t, ada, "Bridges of Lisbon");
    const second = await newIdea(t, bob, "Night trains");
    for (const [who, idea, cents] of [
      [ada, second, 700],
      [bob, first, 300],
      [bob, second, 1_000],
    ] as const) {
      await payAndDeliver(await checkout(t, who, idea, cents));
    }

    const ideas = await send(t, ada, "/server/api/profile/proposals");
    expect(await ideas.json()).toEqual([
      { id: first, title: "Bridges of Lisbon", submissionCount: 0, votes: 0, bountyAmount: 3 },
    ]);
    const contributions = await send(
      t,
      ada,
      `/server/api/profile/contributions?proposalIds=${first},${second},${await deletedIdea(t)}`,
    );
    expect(await contributions.json()).toEqual({
      contributions: { [first]: { user: 0, total: 3 }, [second]: { user: 7, total: 17 } },
      userTotal: 7,
    });
    const malformed = await send(
      t,
      ada,
      `/server/api/profile/contributions?proposalIds=${first},nope`,
    );
    expect(malformed.status).toBe(400);

    expect((await send(t, null, "/server/api/profile/proposals")).status).toBe(401);
    expect((await send(t, ada, `/server/api/profile/proposals?userId=${bob}`)).status).toBe(403);
    expect(
      (await send(t, ada, `/server/api/profile/contributions?userId=${bob}&proposalIds=${first}`))
        .status,
    ).toBe(403);
  });
});
