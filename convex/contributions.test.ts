import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { mockPlatforms, type FakePlatforms } from "./test.platforms";
import { deliver, mockStripe, type StripeHarness } from "./test.stripe";

const DAY = 24 * 3600 * 1000;
let platforms: FakePlatforms;
let stripe: StripeHarness;

beforeEach(() => {
  platforms = mockPlatforms();
});

/** A backend with Stripe (the in-memory stand-in) behind its fetch. */
function backend() {
  const t = newBackend();
  stripe = mockStripe(t);
  return t;
}

/** Delivers every pending Stripe event; each must be accepted. */
async function deliverAll(options?: Parameters<StripeHarness["deliver"]>[1]) {
  const statuses = await stripe.deliver(undefined, options);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  return statuses;
}

/** The pending event of this type (the latest). */
const pendingOf = (type: string) => stripe.pendingEvents().findLast((e) => e.type === type)!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function newIdea(t: Backend, overrides: Record<string, unknown> = {}) {
  const author = await createUser(t);
  return await as(t, author).mutation(api.ideas.create, {
    oneLiner: "Bridges of Lisbon",
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + 5 * DAY,
    links: [],
    ...overrides,
  } as never);
}

/** A contribution paid through Checkout and the completed webhook. */
async function paidContribution(
  t: Backend,
  ideaId: Id<"proposals">,
  who: Id<"users"> | null,
  amountCents = 500,
) {
  const caller = who ? as(t, who) : t;
  const { url } = await caller.action(api.contributions.startCheckout, { ideaId, amountCents });
  const sessionId = url.split("/").pop()!;
  stripe.pay(sessionId, "paid");
  expect(stripe.pendingEvents().map((e) => e.type)).toContain("checkout.session.completed");
  await deliverAll();
  return sessionId;
}

async function submitVideo(
  t: Backend,
  ideaId: Id<"proposals">,
  creator: Id<"users">,
  videoId: string,
  createdOffset = 0,
) {
  platforms.youtube.push({
    id: videoId,
    channelId: `UC${creator}`,
    title: `Video ${videoId}`,
    seconds: 600,
    publishedAt: Date.now() + createdOffset,
  });
  return await as(t, creator).action(api.submissions.submit, {
    ideaId,
    link: `https://youtu.be/${videoId}`,
  });
}

const bounty = async (t: Backend, ideaId: Id<"proposals">) =>
  (await t.query(api.ideas.get, { ideaId }))!.bountyCents;
const contributionOf = (t: Backend, sessionId: string) =>
  t.query(api.contributions.bySession, { sessionId });

describe("checkout", () => {
  test("creates a pending contribution and a Checkout Session for exactly the amount, with an idempotency key", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const donor = await createUser(t);
    const { url } = await as(t, donor).action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 2500,
    });
    const sessionId = url.split("/").pop()!;
    const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(create.params.get("line_items[0][price_data][unit_amount]")).toBe("2500");
    expect(create.params.get("success_url")).toBe(
      "https://app.test/contribution/{CHECKOUT_SESSION_ID}",
    );
    expect(create.params.get("cancel_url")).toBe(
      `https://app.test/expanded-proposal/${ideaId}?checkout=cancelled`,
    );
    expect(create.idempotencyKey).toMatch(/^checkout-/);
    expect((await contributionOf(t, sessionId))!.contribution).toMatchObject({
      amountCents: 2500,
      status: "pending",
      payoutPreference: "customer_choice",
    });
    expect(await bounty(t, ideaId)).toBe(0);
  });

  test.each([0, 99, 1_000_001, 5.5, -500])(
    "an amount tampered in the client (%s cents) is refused and nothing is created",
    async (amountCents) => {
      const t = backend();
      const ideaId = await newIdea(t);
      await expect(
        t.action(api.contributions.startCheckout, { ideaId, amountCents }),
      ).rejects.toThrow();
      expect(stripe.requests).toHaveLength(0);
    },
  );

  test("a closed idea takes no more contributions", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    await t.run((ctx) =>
      ctx.db.patch("proposals", ideaId, { status: "judging", phase: "completed" }),
    );
    await expect(
      t.action(api.contributions.startCheckout, { ideaId, amountCents: 500 }),
    ).rejects.toThrow("This idea is no longer accepting contributions.");
  });
});

describe("webhooks", () => {
  test("a paid checkout adds to the bounty and the ledger once, however often it is delivered", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 700,
    });
    const session = stripe.pay(url.split("/").pop()!, "paid");
    const event = pendingOf("checkout.session.completed");
    for (let i = 0; i < 3; i++) expect(await stripe.deliver([event.id])).toEqual([200]);
    // Another delivery of the same event under a new signature is still the same event.
    expect(
      await deliver(
        t,
        stripe.signedEvent("checkout.session.completed", session, {
          id: event.id,
          signedSecondsAgo: 5,
        }),
      ),
    ).toBe(200);
    expect(await bounty(t, ideaId)).toBe(700);
    const ledger = (await t.query(api.contributions.ledger, { ideaId }))!;
    expect(ledger.totals.contributedCents).toBe(700);
    expect(ledger.entries).toHaveLength(1);
    const view = (await contributionOf(t, session.id))!;
    expect(view.contribution).toMatchObject({
      status: "paid",
      customerDetails: { name: "Jane Doe", email: "jane@example.com", country: "US" },
    });
  });

  test("events in any order: a late 'completed, unpaid' or 'expired' never undoes a payment", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 900,
    });
    const sessionId = url.split("/").pop()!;
    stripe.pay(sessionId, "async_pending");
    const succeeded = stripe.pay(sessionId, "async_succeeded");
    // The success first, then the earlier "completed, unpaid", then a stray "expired".
    await stripe.deliver([pendingOf("checkout.session.async_payment_succeeded").id]);
    const completed = pendingOf("checkout.session.completed");
    expect(completed.data.object).toMatchObject({ payment_status: "unpaid" });
    await stripe.deliver([completed.id]);
    await deliver(
      t,
      stripe.signedEvent("checkout.session.expired", { ...succeeded, status: "expired" }),
    );
    expect((await contributionOf(t, sessionId))!.contribution.status).toBe("paid");
    expect(await bounty(t, ideaId)).toBe(900);
  });

  test("a bank payment is processing until it succeeds or fails", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const started = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 500,
    });
    const sessionId = started.url.split("/").pop()!;
    stripe.pay(sessionId, "async_pending");
    await deliverAll();
    expect((await contributionOf(t, sessionId))!.contribution.status).toBe("processing");
    stripe.settleAsync(sessionId, "failed");
    expect(pendingOf("checkout.session.async_payment_failed")).toBeTruthy();
    await deliverAll();
    expect((await contributionOf(t, sessionId))!.contribution.status).toBe("failed");
    expect(await bounty(t, ideaId)).toBe(0);
  });

  test("forged, stale and unsigned webhooks get a 400 and change nothing", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 500,
    });
    const session = stripe.pay(url.split("/").pop()!, "paid");
    expect(
      await deliver(
        t,
        stripe.signedEvent("checkout.session.completed", session, { secret: "whsec_attacker" }),
      ),
    ).toBe(400);
    expect(
      await deliver(
        t,
        stripe.signedEvent("checkout.session.completed", session, { signedSecondsAgo: 301 }),
      ),
    ).toBe(400);
    const good = stripe.signedEvent("checkout.session.completed", session);
    expect(
      await deliver(t, { body: good.body.replace('"paid"', '"paid" '), signature: good.signature }),
    ).toBe(400);
    expect(await deliver(t, { body: good.body, signature: "" })).toBe(400);
    expect(await bounty(t, ideaId)).toBe(0);
    expect(await deliver(t, stripe.signedEvent("customer.created", { id: "cus_1" }))).toBe(200);
  });

  test("a late webhook is caught up by looking the session up at Stripe", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 1500,
    });
    const sessionId = url.split("/").pop()!;
    stripe.pay(sessionId, "paid");
    expect(await t.action(api.contributions.reconcile, { sessionId })).toBe("paid");
    expect(await bounty(t, ideaId)).toBe(1500);
    // The webhooks arriving afterwards change nothing.
    expect(pendingOf("checkout.session.completed").data.object.id).toBe(sessionId);
    await deliverAll();
    expect(await bounty(t, ideaId)).toBe(1500);
  });

  test("refunds reported by Stripe lower the bounty once", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const sessionId = await paidContribution(t, ideaId, null, 1000);
    const intent = stripe.state.sessions[sessionId]!.payment_intent!;
    // Refunds made outside the app (Stripe's Dashboard), reported by charge.refunded.
    stripe.dashboardRefund(intent, 400);
    const partial = pendingOf("charge.refunded");
    expect(partial.data.object).toMatchObject({ amount: 1000, amount_refunded: 400 });
    expect(await stripe.deliver([partial.id, partial.id])).toEqual([200, 200]);
    // charge.refunded does not list the refunds: the app re-reads them from Stripe (scheduled).
    await t.finishAllScheduledFunctions(() => undefined);
    expect(await bounty(t, ideaId)).toBe(600);
    stripe.dashboardRefund(intent);
    expect(pendingOf("charge.refunded").data.object).toMatchObject({ amount_refunded: 1000 });
    await deliverAll();
    await t.finishAllScheduledFunctions(() => undefined);
    expect(await bounty(t, ideaId)).toBe(0);
    expect((await contributionOf(t, sessionId))!.contribution.status).toBe("refunded");
  });
});

describe("payout preference", () => {
  test("its contributor may change it until the idea's first submission; nobody else may", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const donor = await createUser(t);
    const stranger = await createUser(t);
    const sessionId = await paidContribution(t, ideaId, donor);
    const anonymous = await paidContribution(t, ideaId, null);
    await as(t, donor).mutation(api.contributions.setPayoutPreference, {
      sessionId,
      preference: "peoples_choice",
    });
    expect((await contributionOf(t, sessionId))!.contribution.payoutPreference).toBe(
      "peoples_choice",
    );
    await expect(
      t.mutation(api.contributions.setPayoutPreference, {
        sessionId,
        preference: "customer_choice",
      }),
    ).rejects.toThrow("Please sign in to change payout method");
    await expect(
      as(t, stranger).mutation(api.contributions.setPayoutPreference, {
        sessionId,
        preference: "customer_choice",
      }),
    ).rejects.toThrow();
    await expect(
      as(t, donor).mutation(api.contributions.setPayoutPreference, {
        sessionId: anonymous,
        preference: "peoples_choice",
      }),
    ).rejects.toThrow();

    await submitVideo(t, ideaId, await createUser(t), "firstvideo1");
    await expect(
      as(t, donor).mutation(api.contributions.setPayoutPreference, {
        sessionId,
        preference: "customer_choice",
      }),
    ).rejects.toThrow("until the idea's first submission");
    expect((await contributionOf(t, sessionId))!.contribution.payoutPreference).toBe(
      "peoples_choice",
    );
  });
});
