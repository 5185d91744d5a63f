// Durable movements: whatever Stripe or the network does, each refund, transfer and reversal
// is made exactly once, or ends as "needs attention".
import { afterEach, describe, expect, test } from "vitest";
import { internal } from "./_generated/api";
import { createUser } from "./test.setup";
import {
  cleanUp,
  docs,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import type { Id } from "./_generated/dataModel";
import { KEY_REUSE_MS, MAX_ATTEMPTS, keyFor, nextKey } from "./model/money/movements";

afterEach(cleanUp);

/** An idea with one paid contribution and no video: settlement plans a full refund. */
async function refundPlanned(w: MoneyWorld, amountCents = 1000) {
  const { ideaId } = await newIdea(w);
  await paid(w, ideaId, await createUser(w.t), amountCents);
  await settle(w, ideaId);
  return ideaId;
}

/** Lets the clock pass each movement's backoff and sweeps, `rounds` times. */
async function retry(w: MoneyWorld, rounds = 1) {
  for (let i = 0; i < rounds; i++) {
    setNow(Date.now() + 7 * 3600 * 1000);
    await sweepMovements(w);
  }
}

const refunds = (w: MoneyWorld) => Object.values(w.stripe.state.refunds);
const transfers = (w: MoneyWorld) => Object.values(w.stripe.state.transfers);

describe("refunds", () => {
  test("a 500 is retried under a new key, after asking Stripe that nothing was made: one refund", async () => {
    const w = moneyWorld();
    w.stripe.failNext(1, "error_500", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    expect(refunds(w)).toHaveLength(0);
    const [m] = await docs(w, "moneyMovements");
    expect(m).toMatchObject({ state: "planned", lastOutcome: "server", attempts: 1 });
    await retry(w);
    expect(refunds(w).map((r) => r.amount)).toEqual([1000]);
    const posts = w.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(new Set(posts.map((r) => r.idempotencyKey)).size).toBe(2);
    expect((await docs(w, "moneyMovements"))[0]!.state).toBe("confirmed");
  });

  test("a lost response (Stripe made the refund) is found by its metadata, not made again", async () => {
    const w = moneyWorld();
    w.stripe.failNext(1, "lost_response", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    expect(refunds(w)).toHaveLength(1);
    await retry(w, 3);
    expect(refunds(w)).toHaveLength(1);
    expect((await docs(w, "moneyMovements"))[0]).toMatchObject({ state: "confirmed" });
  });

  test("a timeout reuses the same key within 24 hours; a lost action is picked up by the sweep", async () => {
    const w = moneyWorld();
    w.stripe.failNext(1, "timeout", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    await retry(w);
    const posts = w.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey);
    expect(refunds(w)).toHaveLength(1);
  });

  test("after a network failure older than 24 hours a new key is used, once Stripe shows nothing was made", async () => {
    const w = moneyWorld();
    w.stripe.failNext(1, "timeout", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    setNow(Date.now() + KEY_REUSE_MS + 1000);
    await sweepMovements(w);
    const posts = w.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).not.toBe(posts[1]!.idempotencyKey);
    expect(refunds(w)).toHaveLength(1);
  });

  test("a 429 is retried with the same key and makes one refund", async () => {
    const w = moneyWorld();
    w.stripe.failNext(2, "rate_limit_429", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    await retry(w, 3);
    expect(refunds(w)).toHaveLength(1);
  });

  test("after repeated failure the movement needs attention, never dropped, and the ledger says so", async () => {
    const w = moneyWorld();
    w.stripe.failNext(100, "error_500", { method: "POST", path: "/v1/refunds" });
    const ideaId = await refundPlanned(w);
    await retry(w, MAX_ATTEMPTS + 2);
    const [m] = await docs(w, "moneyMovements");
    expect(m).toMatchObject({ state: "needs_attention", attempts: MAX_ATTEMPTS });
    expect(refunds(w)).toHaveLength(0);
    const ledger = await w.t.query(internal.contributions.myContributions, {
      userId: (await docs(w, "contributions"))[0]!.contributorId!,
      ideaIds: [ideaId],
    });
    expect(ledger.userTotal).toBe(0);
  });
});

describe("idempotency keys (product rules: the same key only within 24 h)", () => {
  const id = "m1" as Id<"moneyMovements">;
  const made = 1_000_000;
  const HOUR = 3600 * 1000;
  type Outcome = Parameters<typeof nextKey>[0]["lastOutcome"];
  test.each<[string, boolean, Outcome, number, number]>([
    ["never sent, however old", true, undefined, 0, made + 3 * KEY_REUSE_MS],
    ["a network failure, an hour later", true, "network", 1, made + HOUR],
    ["a 429 or 409, an hour later", true, "rate_limited", 1, made + HOUR],
    ["a 5xx, at once", false, "server", 1, made + 1],
    ["a refusal, at once", false, "refused", 1, made + 1],
    ["a network failure, past 24 h", false, "network", 1, made + KEY_REUSE_MS],
    ["a 429 or 409, past 24 h", false, "rate_limited", 3, made + KEY_REUSE_MS + HOUR],
    ["an attempt never heard of, past 24 h", false, undefined, 2, made + KEY_REUSE_MS],
  ])("%s: same key %s", (_what, same, lastOutcome, attempts, now) => {
    const m = { _id: id, attempts, keyGeneration: 2, keyCreatedAt: made, lastOutcome };
    const next = nextKey(m, now);
    expect(next.key).toBe(keyFor(id, same ? 2 : 3));
    expect(next.fresh).toBe(!same);
  });

  test("a 429 retried past 24 h takes a new key, only after Stripe shows nothing was made", async () => {
    const w = moneyWorld();
    w.stripe.failNext(1, "rate_limit_429", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    expect((await docs(w, "moneyMovements"))[0]).toMatchObject({
      state: "planned",
      lastOutcome: "rate_limited",
    });
    setNow(Date.now() + KEY_REUSE_MS + 1000);
    await sweepMovements(w);
    const calls = w.stripe.requests.filter((r) => r.path.startsWith("/v1/refunds"));
    const posts = calls.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).not.toBe(posts[1]!.idempotencyKey);
    // Between the two: the lookup of what Stripe made for the payment.
    const second = calls.indexOf(posts[1]!);
    expect(calls.slice(0, second).some((r) => r.method === "GET")).toBe(true);
    expect(refunds(w).map((r) => r.amount)).toEqual([1000]);
  });

  test("a 429 retried within 24 h keeps its key", async () => {
    const w = moneyWorld();
    w.stripe.failNext(1, "rate_limit_429", { method: "POST", path: "/v1/refunds" });
    await refundPlanned(w);
    await retry(w);
    const posts = w.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey);
    expect(refunds(w)).toHaveLength(1);
  });
});

describe("transfers", () => {
  test("a transfer that fails with 5xx is retried and made once", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, await payableCreator(w), "winner00001");
    await paid(w, ideaId, null, 2000);
    w.stripe.failNext(1, "error_500", { method: "POST", path: "/v1/transfers" });
    await settle(w, ideaId);
    expect(transfers(w)).toHaveLength(0);
    await retry(w);
    expect(transfers(w).map((t) => t.amount)).toEqual([2000]);
  });

  test("a transfer whose answer was lost and then got a 429 is made once", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, await payableCreator(w), "winner00002");
    await paid(w, ideaId, null, 2000);
    w.stripe.failNext(1, "lost_response", { method: "POST", path: "/v1/transfers" });
    await settle(w, ideaId);
    w.stripe.failNext(1, "rate_limit_429", { method: "GET", path: "/v1/transfers" });
    await retry(w, 3);
    expect(transfers(w)).toHaveLength(1);
    expect((await docs(w, "moneyMovements")).find((m) => m.kind === "transfer")!.state).toBe(
      "confirmed",
    );
  });

  test("a movement whose scheduled attempt was lost (a crashed action) is driven by the sweep", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await paid(w, ideaId, null, 900);
    // Settle without running what it scheduled: the drive is "lost".
    const unconfirmed = await w.t.query(internal.settlement.unconfirmedSessions, { ideaId });
    expect(unconfirmed).toEqual([]);
    const idea = (await w.t.run((ctx) => ctx.db.get("proposals", ideaId)))!;
    setNow(idea.expiration + 8 * 24 * 3600 * 1000);
    await w.t.mutation(internal.ideas.close, { ideaId });
    await w.t.mutation(internal.settlement.settleBatch, { ideaId, cursor: null });
    await w.t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").collect())
        if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
    });
    expect(refunds(w)).toHaveLength(0);
    await sweepMovements(w);
    await runScheduled(w.t);
    expect(refunds(w).map((r) => r.amount)).toEqual([900]);
  });
});
