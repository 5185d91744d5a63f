// The convex-test Stripe harness drives the real stand-in in memory: the official SDK's requests
// reach it through fetch, its objects and books change, and its faults look like Stripe's.
import Stripe from "stripe";
import { afterEach, describe, expect, test, vi } from "vitest";
import { newBackend } from "./test.setup";
import { mockStripe, STRIPE_ENV } from "./test.stripe";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const sdk = () =>
  new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY, {
    host: "stripe.test",
    protocol: "https",
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 0,
  });

async function paidCharge(stripe: Stripe, harness: ReturnType<typeof mockStripe>, cents: number) {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: cents, product_data: { name: "Bounty" } },
      },
    ],
    success_url: "https://app.test/contribution/{CHECKOUT_SESSION_ID}",
  });
  const paid = harness.pay(session.id, "paid");
  const intent = harness.state.paymentIntents[paid.payment_intent!]!;
  return { sessionId: session.id, intentId: intent.id, chargeId: intent.latest_charge! };
}

describe("the in-memory Stripe harness", () => {
  test("a refund made through the SDK shows in the books, the balance and the request log", async () => {
    const harness = mockStripe(newBackend());
    const stripe = sdk();
    const { intentId, chargeId } = await paidCharge(stripe, harness, 1500);
    const refund = await stripe.refunds.create(
      { payment_intent: intentId, amount: 400 },
      { idempotencyKey: "refund-1" },
    );
    expect(refund).toMatchObject({ object: "refund", status: "succeeded", amount: 400 });
    const [book] = harness.books().charges;
    expect(book).toMatchObject({ id: chargeId, amount: 1500, refundedSucceeded: 400 });
    expect(book!.refunds.map((r) => r.id)).toEqual([refund.id]);
    expect(harness.balance().availableCents).toBe(1100);
    expect(harness.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/refunds",
      idempotencyKey: "refund-1",
      status: 200,
    });
    expect(harness.requests.at(-1)!.params.get("amount")).toBe("400");
    expect((await stripe.refunds.list({ charge: chargeId })).data.map((r) => r.id)).toEqual([
      refund.id,
    ]);
  });

  test("faults: a lost response acted, a timeout did not; a saved 500 replays under its key", async () => {
    const harness = mockStripe(newBackend());
    const stripe = sdk();
    const { intentId } = await paidCharge(stripe, harness, 1000);
    harness.failNext(1, "lost_response", { path: "/v1/refunds" });
    await expect(
      stripe.refunds.create({ payment_intent: intentId, amount: 100 }, { idempotencyKey: "a" }),
    ).rejects.toMatchObject({ type: "StripeConnectionError" });
    expect(harness.books().charges[0]!.refundedSucceeded).toBe(100);
    // The retry with the same key gets the first result, not a second refund.
    const again = await stripe.refunds.create(
      { payment_intent: intentId, amount: 100 },
      { idempotencyKey: "a" },
    );
    expect(Object.keys(harness.state.refunds)).toEqual([again.id]);

    harness.failNext(1, "timeout", { method: "POST" });
    await expect(
      stripe.refunds.create({ payment_intent: intentId, amount: 100 }, { idempotencyKey: "b" }),
    ).rejects.toMatchObject({ type: "StripeConnectionError" });
    expect(Object.keys(harness.state.refunds)).toHaveLength(1);

    harness.failNext(1, "error_500");
    const params = { payment_intent: intentId, amount: 200 };
    await expect(stripe.refunds.create(params, { idempotencyKey: "c" })).rejects.toMatchObject({
      statusCode: 500,
      type: "StripeAPIError",
    });
    await expect(stripe.refunds.create(params, { idempotencyKey: "c" })).rejects.toMatchObject({
      statusCode: 500,
    });
    // The second 500 is the saved one, replayed: no fault was left to inject.
    expect(harness.requests.slice(-3).map((r) => [r.fault ?? null, r.status])).toEqual([
      ["timeout", null],
      ["error_500", 500],
      [null, 500],
    ]);
    expect(Object.keys(harness.state.refunds)).toHaveLength(1);
  });

  test("events are held until delivered, and each goes to its endpoint", async () => {
    const t = newBackend();
    const harness = mockStripe(t);
    const stripe = sdk();
    const account = await stripe.accounts.create({
      type: "express",
      capabilities: { transfers: { requested: true } },
    });
    harness.completeOnboarding(account.id);
    const [updated] = harness.pendingEvents();
    expect(updated).toMatchObject({ type: "account.updated", account: account.id });
    // A Connect event goes to the Connect endpoint, signed with its secret: the app takes it.
    const requests: string[] = [];
    const appFetch = t.fetch.bind(t);
    t.fetch = (async (path: string, init?: RequestInit) => {
      requests.push(path);
      return await appFetch(path, init);
    }) as typeof t.fetch;
    expect(await harness.deliver()).toEqual([200]);
    expect(requests).toEqual(["/stripe/connect-webhook"]);
    expect(harness.pendingEvents()).toEqual([]);
  });

  test("a bank transfer in flight waits for the test, even when fake timers run far ahead", async () => {
    const harness = mockStripe(newBackend());
    const stripe = sdk();
    vi.useFakeTimers();
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 900, product_data: { name: "Bounty" } },
        },
      ],
      success_url: "https://app.test/contribution/{CHECKOUT_SESSION_ID}",
    });
    const pending = harness.pay(session.id, "async_pending");
    expect(pending).toMatchObject({ status: "complete", payment_status: "unpaid" });
    vi.advanceTimersByTime(400 * 24 * 3600 * 1000);
    const intentId = pending.payment_intent!;
    expect(harness.state.paymentIntents[intentId]!.status).toBe("processing");
    harness.settleAsync(session.id, "succeeded");
    expect(harness.state.paymentIntents[intentId]!.status).toBe("succeeded");
    expect(() => harness.settleAsync(session.id, "failed")).toThrow(/No bank transfer in flight/);
  });

  test("disputes, refunds that fail or wait, and Dashboard refunds keep the books adding up", async () => {
    const harness = mockStripe(newBackend());
    const stripe = sdk();
    const a = await paidCharge(stripe, harness, 1000);
    const b = await paidCharge(stripe, harness, 2000);
    const dispute = harness.openDispute(a.chargeId, 600);
    expect(dispute).toMatchObject({ object: "dispute", amount: 600, status: "needs_response" });
    await expect(stripe.refunds.create({ charge: a.chargeId, amount: 100 })).rejects.toMatchObject({
      code: "charge_disputed",
    });
    harness.closeDispute(dispute.id, "lost");

    harness.setRefundsPending(true);
    const waiting = harness.dashboardRefund(b.intentId, 500);
    expect(waiting).toMatchObject({ status: "pending", metadata: {} });
    const failing = harness.dashboardRefund(b.chargeId, 300);
    harness.setRefundsPending(false);
    harness.succeedRefund(waiting.id);
    harness.failRefund(failing.id, "lost_or_stolen_card");
    expect(harness.state.refunds[failing.id]).toMatchObject({
      status: "failed",
      failure_reason: "lost_or_stolen_card",
    });
    expect(() => harness.failRefund(failing.id)).toThrow(/only a pending or succeeded/);

    const byId = Object.fromEntries(harness.books().charges.map((c) => [c.id, c]));
    expect(byId[a.chargeId]).toMatchObject({ amount: 1000, lost: 600, disputeOpen: 0 });
    expect(byId[b.chargeId]).toMatchObject({
      amount: 2000,
      refundedSucceeded: 500,
      refundPending: 0,
      refundFailed: 300,
    });
    expect(harness.balance().availableCents).toBe(1000 - 600 + 2000 - 500);
    const types = harness.pendingEvents().map((e) => e.type);
    for (const type of [
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.closed",
      "refund.failed",
      "charge.refund.updated",
    ])
      expect(types).toContain(type);
  });

  test("deliverShuffled delivers every pending event, some twice and some under new ids", async () => {
    const t = newBackend();
    const harness = mockStripe(t);
    const stripe = sdk();
    await paidCharge(stripe, harness, 700);
    const ids = harness.pendingEvents().map((e) => e.id);
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    await harness.deliverShuffled(rand, { duplicateRate: 0.5, newIdRate: 0.5 });
    expect(harness.pendingEvents()).toEqual([]);
    const delivered = Object.values(harness.state.events).filter(
      (e) => e.delivery.status === "delivered",
    );
    expect(delivered.map((e) => e.event.id)).toEqual(expect.arrayContaining(ids));
    expect(delivered.length).toBeGreaterThan(ids.length);
    const attempts = delivered.reduce((n, e) => n + e.delivery.attempts.length, 0);
    expect(attempts).toBeGreaterThan(delivered.length);
  });
});
