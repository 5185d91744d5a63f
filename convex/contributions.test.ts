import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { connectAccount, mockPlatforms, type FakePlatforms } from "./test.platforms";
import { deliver, mockStripe, type StripeHarness } from "./test.stripe";
import { settleBatch } from "./model/settlement";

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

/** The Connect account an account link is for. */
const accountOfLink = (url: string) => stripe.state.accountLinks[url.split("/").pop()!]!.account;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function newIdea(t: Backend, overrides: Record<string, unknown> = {}) {
  const author = await createUser(t);
  return await as(t, author).mutation(api.proposals.create, {
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
  proposalId: Id<"proposals">,
  who: Id<"users"> | null,
  amountCents = 500,
) {
  const caller = who ? as(t, who) : t;
  const { url } = await caller.action(api.contributions.startCheckout, { proposalId, amountCents });
  const sessionId = url.split("/").pop()!;
  stripe.pay(sessionId, "paid");
  expect(stripe.pendingEvents().map((e) => e.type)).toContain("checkout.session.completed");
  await deliverAll();
  return sessionId;
}

async function submitVideo(
  t: Backend,
  proposalId: Id<"proposals">,
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
    proposalId,
    link: `https://youtu.be/${videoId}`,
  });
}

/** Lets functions scheduled to run now (refunds, payouts) finish. */
const runScheduled = (t: Backend) => t.finishAllScheduledFunctions(() => undefined);

const connectYouTube = (t: Backend, creator: Id<"users">) =>
  connectAccount(t, platforms, creator, { channelId: `UC${creator}` });

const bounty = async (t: Backend, proposalId: Id<"proposals">) =>
  (await t.query(api.proposals.get, { proposalId }))!.bountyCents;
const contributionOf = (t: Backend, sessionId: string) =>
  t.query(api.contributions.bySession, { sessionId });

describe("checkout", () => {
  test("creates a pending contribution and a Checkout Session for exactly the amount, with an idempotency key", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const donor = await createUser(t);
    const { url } = await as(t, donor).action(api.contributions.startCheckout, {
      proposalId,
      amountCents: 2500,
    });
    const sessionId = url.split("/").pop()!;
    const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(create.params.get("line_items[0][price_data][unit_amount]")).toBe("2500");
    expect(create.params.get("success_url")).toBe(
      "https://app.test/contribution/{CHECKOUT_SESSION_ID}",
    );
    expect(create.params.get("cancel_url")).toBe(
      `https://app.test/expanded-proposal/${proposalId}?checkout=cancelled`,
    );
    expect(create.idempotencyKey).toMatch(/^checkout-/);
    expect((await contributionOf(t, sessionId))!.contribution).toMatchObject({
      amountCents: 2500,
      status: "pending",
      payoutPreference: "customer_choice",
    });
    expect(await bounty(t, proposalId)).toBe(0);
  });

  test.each([0, 99, 1_000_001, 5.5, -500])(
    "an amount tampered in the client (%s cents) is refused and nothing is created",
    async (amountCents) => {
      const t = backend();
      const proposalId = await newIdea(t);
      await expect(
        t.action(api.contributions.startCheckout, { proposalId, amountCents }),
      ).rejects.toThrow();
      expect(stripe.requests).toHaveLength(0);
    },
  );

  test("a closed idea takes no more contributions", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    await t.run((ctx) =>
      ctx.db.patch("proposals", proposalId, { status: "judging", phase: "completed" }),
    );
    await expect(
      t.action(api.contributions.startCheckout, { proposalId, amountCents: 500 }),
    ).rejects.toThrow("This idea is no longer accepting contributions.");
  });
});

describe("webhooks", () => {
  test("a paid checkout adds to the bounty and the ledger once, however often it is delivered", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      proposalId,
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
    expect(await bounty(t, proposalId)).toBe(700);
    const ledger = (await t.query(api.contributions.ledger, { proposalId }))!;
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
    const proposalId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      proposalId,
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
    expect(await bounty(t, proposalId)).toBe(900);
  });

  test("a bank payment is processing until it succeeds or fails", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const started = await t.action(api.contributions.startCheckout, {
      proposalId,
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
    expect(await bounty(t, proposalId)).toBe(0);
  });

  test("forged, stale and unsigned webhooks get a 400 and change nothing", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      proposalId,
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
    expect(await bounty(t, proposalId)).toBe(0);
    expect(await deliver(t, stripe.signedEvent("customer.created", { id: "cus_1" }))).toBe(200);
  });

  test("a late webhook is caught up by looking the session up at Stripe", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      proposalId,
      amountCents: 1500,
    });
    const sessionId = url.split("/").pop()!;
    stripe.pay(sessionId, "paid");
    expect(await t.action(api.contributions.reconcile, { sessionId })).toBe("paid");
    expect(await bounty(t, proposalId)).toBe(1500);
    // The webhooks arriving afterwards change nothing.
    expect(pendingOf("checkout.session.completed").data.object.id).toBe(sessionId);
    await deliverAll();
    expect(await bounty(t, proposalId)).toBe(1500);
  });

  test("refunds reported by Stripe lower the bounty once", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const sessionId = await paidContribution(t, proposalId, null, 1000);
    const intent = stripe.state.sessions[sessionId]!.payment_intent!;
    // Refunds made outside the app (Stripe's Dashboard), reported by charge.refunded.
    stripe.dashboardRefund(intent, 400);
    const partial = pendingOf("charge.refunded");
    expect(partial.data.object).toMatchObject({ amount: 1000, amount_refunded: 400 });
    expect(await stripe.deliver([partial.id, partial.id])).toEqual([200, 200]);
    expect(await bounty(t, proposalId)).toBe(600);
    stripe.dashboardRefund(intent);
    expect(pendingOf("charge.refunded").data.object).toMatchObject({ amount_refunded: 1000 });
    await deliverAll();
    expect(await bounty(t, proposalId)).toBe(0);
    expect((await contributionOf(t, sessionId))!.contribution.status).toBe("refunded");
  });
});

describe("payout preference", () => {
  test("its contributor may change it until the idea's first submission; nobody else may", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const donor = await createUser(t);
    const stranger = await createUser(t);
    const sessionId = await paidContribution(t, proposalId, donor);
    const anonymous = await paidContribution(t, proposalId, null);
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

    await submitVideo(t, proposalId, await createUser(t), "firstvideo1");
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

describe("settlement", () => {
  const refundAmounts = () =>
    Object.values(stripe.state.refunds)
      .map((r) => r.amount)
      .sort();
  async function settle(t: Backend, proposalId: Id<"proposals">) {
    const proposal = (await t.query(api.proposals.get, { proposalId }))!;
    await t.run((ctx) =>
      ctx.db.patch("proposals", proposalId, { status: "judging", phase: "completed" }),
    );
    await t.run((ctx) => settleBatch(ctx, proposalId, proposal.expiration + 8 * DAY));
    await runScheduled(t);
  }
  const earningsOf = (t: Backend, submissionId: Id<"submissions">) =>
    t.run((ctx) =>
      ctx.db
        .query("earnings")
        .withIndex("by_submission", (q) => q.eq("submissionId", submissionId))
        .collect(),
    );

  test("no submission: every paid contribution is refunded in full through Stripe", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const a = await paidContribution(t, proposalId, await createUser(t), 500);
    const b = await paidContribution(t, proposalId, null, 1200);
    await settle(t, proposalId);
    expect(refundAmounts()).toEqual([1200, 500]);
    const refundCalls = stripe.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/refunds",
    );
    expect(refundCalls.length).toBeGreaterThan(0);
    expect(refundCalls.every((r) => r.idempotencyKey?.startsWith("refund-"))).toBe(true);
    expect((await contributionOf(t, a))!.contribution.status).toBe("refunded");
    expect((await contributionOf(t, b))!.contribution.status).toBe("refunded");
    expect(await bounty(t, proposalId)).toBe(0);
    expect((await t.query(api.proposals.get, { proposalId }))!.status).toBe("settled");
  });

  test("people's choice: the most voted submission wins; a tie goes to the earlier one", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const first = await submitVideo(t, proposalId, await createUser(t), "earlyvideo1");
    const second = await submitVideo(t, proposalId, await createUser(t), "latervideo1");
    const donor = await createUser(t);
    const sessionId = await paidContribution(t, proposalId, donor, 800);
    await as(t, donor)
      .mutation(api.contributions.setPayoutPreference, { sessionId, preference: "peoples_choice" })
      .catch(() => null);
    const voters = await Promise.all([createUser(t), createUser(t)]);
    await as(t, voters[0]!).mutation(api.submissions.vote, { submissionId: first, vote: 1 });
    await as(t, voters[1]!).mutation(api.submissions.vote, { submissionId: second, vote: 1 });
    await paidContribution(t, proposalId, null, 300);
    await settle(t, proposalId);
    expect((await earningsOf(t, first)).reduce((s, e) => s + e.amountCents, 0)).toBe(1100);
    expect(await earningsOf(t, second)).toEqual([]);
  });

  test("customer's choice: the contributor's pick wins; without a pick the people's choice does", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const popular = await submitVideo(t, proposalId, await createUser(t), "popular0001");
    const favourite = await submitVideo(t, proposalId, await createUser(t), "favourite01");
    await as(t, await createUser(t)).mutation(api.submissions.vote, {
      submissionId: popular,
      vote: 1,
    });
    const picker = await createUser(t);
    const silent = await createUser(t);
    await paidContribution(t, proposalId, picker, 1000);
    await paidContribution(t, proposalId, silent, 400);
    const stake = (await as(t, picker).query(api.contributions.myStake, { proposalId }))!;
    expect(stake).toMatchObject({ canPick: true, choosingCents: 1000, pickedSubmissionId: null });
    await as(t, picker).mutation(api.contributions.pickWinner, { submissionId: favourite });
    await expect(
      as(t, await createUser(t)).mutation(api.contributions.pickWinner, {
        submissionId: favourite,
      }),
    ).rejects.toThrow();
    await settle(t, proposalId);
    expect((await earningsOf(t, favourite)).map((e) => e.amountCents)).toEqual([1000]);
    expect((await earningsOf(t, popular)).map((e) => e.amountCents)).toEqual([400]);
  });

  test("a winner can be picked until judging ends, not after", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const video = await submitVideo(t, proposalId, await createUser(t), "pickable001");
    const picker = await createUser(t);
    await paidContribution(t, proposalId, picker, 1000);
    const expiration = (await t.query(api.proposals.get, { proposalId }))!.expiration;
    vi.useFakeTimers({ now: expiration + 7 * DAY + 1000, toFake: ["Date"] });
    await expect(
      as(t, picker).mutation(api.contributions.pickWinner, { submissionId: video }),
    ).rejects.toThrow("can no longer be chosen");
  });

  test("refunds and transfers are idempotent, and every paid cent ends up awarded or refunded", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const creator = await createUser(t);
    await connectYouTube(t, creator);
    const video = await submitVideo(t, proposalId, creator, "winner00001");
    await paidContribution(t, proposalId, null, 2500);
    await settle(t, proposalId);
    const [earning] = await earningsOf(t, video);
    expect(earning).toMatchObject({ amountCents: 2500, status: "owed" });

    // The creator sets up payouts; Stripe reports the account ready; the earning is transferred.
    const { url } = await as(t, creator).action(api.payouts.startOnboarding, {});
    const accountId = accountOfLink(url);
    stripe.completeOnboarding(accountId);
    // account.updated is a Connect event; the app hears it on /stripe/webhook for now.
    expect(pendingOf("account.updated").account).toBe(accountId);
    await deliverAll({ path: "/stripe/webhook" });
    await runScheduled(t);
    await t.action(internal.payouts.payCreator, { creatorId: creator });
    const transfers = Object.values(stripe.state.transfers);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 2500, destination: accountId });
    expect(transfers[0]!.source_transaction).toMatch(/^ch_/);
    expect((await as(t, creator).query(api.payouts.mine, {}))!).toMatchObject({
      paidCents: 2500,
      owedCents: 0,
      account: { ready: true },
    });
    const ledger = (await t.query(api.contributions.ledger, { proposalId }))!.totals;
    expect(ledger).toEqual({
      contributedCents: 2500,
      refundedCents: 0,
      awardedCents: 2500,
      paidOutCents: 2500,
    });

    // Running the refund of an awarded contribution or the payout again moves no money.
    const refundsBefore = refundAmounts().length;
    const [contribution] = await t.run((ctx) => ctx.db.query("contributions").collect());
    await t.action(internal.settlement.refund, { contributionId: contribution!._id, attempt: 0 });
    expect(refundAmounts()).toHaveLength(refundsBefore);
  });

  test("a refund retried after a lost response is not paid twice", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const sessionId = await paidContribution(t, proposalId, null, 600);
    const [contribution] = await t.run((ctx) => ctx.db.query("contributions").collect());
    await t.run((ctx) =>
      ctx.db.patch("contributions", contribution!._id, { settled: true, outcome: "refund" }),
    );
    await t.action(internal.settlement.refund, { contributionId: contribution!._id, attempt: 0 });
    // Pretend our record of the refund was lost, and run it again: Stripe replays by key.
    await t.run((ctx) =>
      ctx.db.patch("contributions", contribution!._id, { status: "paid", refundedCents: 0 }),
    );
    await t.action(internal.settlement.refund, { contributionId: contribution!._id, attempt: 0 });
    expect(refundAmounts()).toHaveLength(1);
    expect(Object.values(stripe.state.charges)[0]!.amount_refunded).toBe(600);
    void sessionId;
  });

  test("an unproven video's earnings wait until its creator connects the account that posted it", async () => {
    const t = backend();
    const proposalId = await newIdea(t);
    const creator = await createUser(t);
    const video = await submitVideo(t, proposalId, creator, "unproven001");
    expect(
      (await t.query(api.submissions.listForProposal, { proposalId }))[0]!.checklist
        .ownedBySubmitter,
    ).toBe(false);
    await paidContribution(t, proposalId, null, 1000);
    await settle(t, proposalId);
    const { url } = await as(t, creator).action(api.payouts.startOnboarding, {});
    const accountId = accountOfLink(url);
    stripe.completeOnboarding(accountId);
    await deliverAll({ path: "/stripe/webhook" });
    await t.action(internal.payouts.payCreator, { creatorId: creator });
    expect(stripe.state.transfers).toEqual({});
    expect((await as(t, creator).query(api.payouts.mine, {}))!.waitingForOwnershipCents).toBe(1000);

    // Connecting the YouTube channel that posted the video proves ownership and pays.
    await connectYouTube(t, creator);
    await runScheduled(t);
    expect(Object.values(stripe.state.transfers).map((tr) => tr.amount)).toEqual([1000]);
    void video;
  });
});
