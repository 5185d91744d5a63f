// Awards follow Stripe's view of each charge: refunds after the award, disputes, failed
// refunds, what Stripe actually collected, and sessions that are not the contribution's own.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { as, createUser } from "./test.setup";
import { deliver, STRIPE_ENV } from "./test.stripe";
import {
  accountOf,
  chargeOfSession,
  cleanUp,
  fateOfSession,
  DAY,
  setNow,
  docs,
  ideaOf,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  runScheduled,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";

afterEach(cleanUp);

const fateOf = fateOfSession;

/** An awarded (and transferred) contribution of `amount` to a payable creator's video. */
async function awardedAndPaid(w: MoneyWorld, amount = 2000) {
  const { ideaId } = await newIdea(w);
  await submitVideo(w, ideaId, await payableCreator(w), "winner00001");
  const { sessionId } = await paid(w, ideaId, null, amount);
  await settle(w, ideaId);
  return { ideaId, sessionId };
}

describe("refunds after the award", () => {
  test("a Dashboard refund after the transfer lowers the award and reverses that part", async () => {
    const w = moneyWorld();
    const { ideaId, sessionId } = await awardedAndPaid(w);
    expect(await fateOf(w, sessionId)).toEqual([["paid", 2000]]);
    w.stripe.dashboardRefund(chargeOfSession(w, sessionId), 500);
    await w.stripe.deliver();
    await runScheduled(w.t);
    const reversals = Object.values(w.stripe.state.reversals ?? {});
    expect(reversals.map((r) => r.amount)).toEqual([500]);
    expect((await docs(w, "awards"))[0]!.amountCents).toBe(1500);
    expect(await fateOf(w, sessionId)).toEqual([
      ["paid", 1500],
      ["refunded", 500],
    ]);
    const idea = (await ideaOf(w, ideaId))!;
    expect(idea.bountyCents).toBe(1500);
  });

  test("a refund before the transfer lowers the award so refunded money is never paid out", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const creator = await createUser(w.t);
    await submitVideo(w, ideaId, creator, "waiting0001");
    const { sessionId } = await paid(w, ideaId, null, 1000);
    await settle(w, ideaId);
    w.stripe.dashboardRefund(chargeOfSession(w, sessionId), 400);
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect((await docs(w, "awards"))[0]!.amountCents).toBe(600);
  });
});

describe("disputes", () => {
  test("a dispute freezes the money and reverses a made transfer; won, it is paid again", async () => {
    const w = moneyWorld();
    const { sessionId } = await awardedAndPaid(w, 1000);
    const dispute = w.stripe.openDispute(chargeOfSession(w, sessionId));
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect(Object.values(w.stripe.state.reversals ?? {}).map((r) => r.amount)).toEqual([1000]);
    expect(await fateOf(w, sessionId)).toEqual([["disputed", 1000]]);
    w.stripe.closeDispute(dispute.id, "won");
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect(Object.values(w.stripe.state.transfers).map((t) => t.amount)).toEqual([1000, 1000]);
    expect(await fateOf(w, sessionId)).toEqual([["paid", 1000]]);
  });

  test("a dispute before settlement keeps the money out of the award; lost, it is recorded as lost", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, await payableCreator(w), "winner00003");
    const { sessionId } = await paid(w, ideaId, null, 800);
    const dispute = w.stripe.openDispute(chargeOfSession(w, sessionId));
    await w.stripe.deliver();
    await settle(w, ideaId);
    expect(Object.values(w.stripe.state.transfers)).toHaveLength(0);
    w.stripe.closeDispute(dispute.id, "lost");
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect(Object.values(w.stripe.state.transfers)).toHaveLength(0);
    expect(await fateOf(w, sessionId)).toEqual([["lost", 800]]);
    const idea = (await ideaOf(w, ideaId))!;
    expect(idea.ledger?.lostCents).toBe(800);
    expect(idea.bountyCents).toBe(0);
  });
});

describe("failed refunds", () => {
  test("refund.failed shows the refund as failed, never as returned, and lists it for the operator", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const { sessionId } = await paid(w, ideaId, await createUser(w.t), 700);
    await settle(w, ideaId);
    expect(await fateOf(w, sessionId)).toEqual([["refunded", 700]]);
    const refund = Object.values(w.stripe.state.refunds)[0]!;
    w.stripe.failRefund(refund.id);
    await w.stripe.deliver();
    await runScheduled(w.t);
    expect(await fateOf(w, sessionId)).toEqual([["refund_failed", 700]]);
    const contributorView = as(w.t, (await docs(w, "contributions"))[0]!.contributorId!);
    const details = (await contributorView.query(api.contributions.bySession, { sessionId }))!;
    expect(details.contribution.status).toBe("paid");
    expect((await docs(w, "moneyMovements"))[0]!.state).toBe("failed");
  });
});

describe("what Stripe collected", () => {
  test("an event whose amount is lower counts the lower amount", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const { url } = await w.t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 1000,
    });
    const sessionId = url.split("/").pop()!;
    const session = { ...w.stripe.pay(sessionId, "paid"), amount_total: 600 };
    await w.stripe.deliver([]); // the stand-in's own events stay held
    const event = w.stripe.signedEvent("checkout.session.completed", session);
    expect(await deliver(w.t, event)).toBe(200);
    expect((await ideaOf(w, ideaId))!.bountyCents).toBe(600);
  });

  test("another currency counts nothing and is refunded in full", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const { url } = await w.t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 1000,
    });
    const sessionId = url.split("/").pop()!;
    const session = { ...w.stripe.pay(sessionId, "paid"), currency: "eur" };
    const event = w.stripe.signedEvent("checkout.session.completed", session);
    expect(await deliver(w.t, event)).toBe(200);
    await runScheduled(w.t);
    expect((await ideaOf(w, ideaId))!.bountyCents).toBe(0);
    expect(Object.values(w.stripe.state.refunds).map((r) => r.amount)).toEqual([1000]);
  });

  test("a signed event of another session carrying our contribution id never rewrites a paid contribution", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const donor = await createUser(w.t);
    const { sessionId, contributionId } = await paid(w, ideaId, donor, 500);
    const other = {
      ...w.stripe.state.sessions[sessionId]!,
      id: "cs_test_other_session_0001",
      payment_intent: "pi_other_0001",
    };
    const event = w.stripe.signedEvent("checkout.session.completed", other);
    expect(await deliver(w.t, event)).toBe(200);
    const mine = await w.t.run((ctx) => ctx.db.get("contributions", contributionId));
    expect(mine).toMatchObject({ checkoutSessionId: sessionId, status: "paid" });
    expect(await w.t.query(api.contributions.bySession, { sessionId })).not.toBeNull();
    // The stray payment has a record of its own and is on its way back to its payer.
    const stray = (await docs(w, "contributions")).find((c) => c.unmatched);
    expect(stray).toMatchObject({
      checkoutSessionId: "cs_test_other_session_0001",
      outcome: "refund",
    });
  });
});

describe("webhook endpoints", () => {
  test("Connect events are accepted only on the Connect endpoint, with its own secret", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t);
    await as(w.t, creator).action(api.payouts.startOnboarding, {});
    const account = w.stripe.state.accounts[accountOf(w, creator)]!;
    const object = { ...account, payouts_enabled: true, capabilities: { transfers: "active" } };
    const platformSigned = w.stripe.signedEvent("account.updated", object, {
      account: account.id,
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    });
    expect(await deliver(w.t, platformSigned, "/stripe/connect-webhook")).toBe(400);
    const connectSigned = w.stripe.signedEvent("account.updated", object, {
      account: account.id,
      secret: STRIPE_ENV.STRIPE_CONNECT_WEBHOOK_SECRET,
    });
    expect(await deliver(w.t, connectSigned, "/stripe/connect-webhook")).toBe(200);
    expect((await as(w.t, creator).query(api.payouts.mine, {}))!.account).toEqual({ ready: true });
  });

  test("returning from onboarding re-reads the account from Stripe", async () => {
    const w = moneyWorld();
    const creator = await createUser(w.t);
    await as(w.t, creator).action(api.payouts.startOnboarding, {});
    const account = w.stripe.state.accounts[accountOf(w, creator)]!;
    w.stripe.completeOnboarding(account.id); // its webhook is never delivered
    expect(await as(w.t, creator).action(api.payouts.refreshAccount, {})).toEqual({ ready: true });
  });
});

describe("payments Stripe has not confirmed to us", () => {
  test("a bank payment whose success webhook is lost is re-read the next day", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w, 20);
    const { url } = await w.t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 900,
    });
    const sessionId = url.split("/").pop()!;
    w.stripe.pay(sessionId, "async_pending");
    await w.stripe.deliver();
    w.stripe.settleAsync(sessionId, "succeeded");
    // Its webhook never arrives; a day later the reconciler asks Stripe.
    setNow(Date.now() + DAY + 1000);
    await w.t.action(internal.settlement.recheckPending, {});
    expect((await ideaOf(w, ideaId))!.bountyCents).toBe(900);
  });

  test("settlement asks Stripe about payments still pending before it decides", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await submitVideo(w, ideaId, await payableCreator(w), "winner00009");
    await paid(w, ideaId, null, 1100, { deliver: false });
    await settle(w, ideaId);
    expect(Object.values(w.stripe.state.transfers).map((t) => t.amount)).toEqual([1100]);
  });

  test("a well-formed session Stripe does not know is 'Contribution not found.', not an error", async () => {
    const w = moneyWorld();
    await expect(
      w.t.action(api.contributions.reconcile, { sessionId: "cs_test_unknown_session_000" }),
    ).rejects.toThrow("Contribution not found.");
    w.stripe.failNext(3, "error_500", { method: "GET", path: "/v1/checkout/sessions" });
    // Stripe's "no such session" is remembered for a while: the same id is not asked again.
    await expect(
      w.t.action(api.contributions.reconcile, { sessionId: "cs_test_unknown_session_000" }),
    ).rejects.toThrow("Contribution not found.");
    // Another id reaches Stripe, which fails: that is an error, not "not found".
    await expect(
      w.t.action(api.contributions.reconcile, { sessionId: "cs_test_unknown_session_001" }),
    ).rejects.toThrow("Failed to fetch contribution details");
  });
});
