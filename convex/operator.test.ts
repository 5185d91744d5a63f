// The operator page's functions: admins only, granted from the command line.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { as, createUser } from "./test.setup";
import { cleanUp, moneyWorld, newIdea, paid, settle } from "./test.money";

afterEach(cleanUp);

describe("operator", () => {
  test("nobody but an admin can read the overview or Stripe's balance; the role comes from an internal function", async () => {
    const w = moneyWorld();
    const stranger = await createUser(w.t, { email: "stranger@example.com" });
    await expect(w.t.query(api.operator.overview, {})).rejects.toThrow("Not found.");
    await expect(as(w.t, stranger).query(api.operator.overview, {})).rejects.toThrow("Not found.");
    await expect(as(w.t, stranger).action(api.operator.stripeBalance, {})).rejects.toThrow(
      "Not found.",
    );
    expect(await as(w.t, stranger).query(api.operator.isAdmin, {})).toBe(false);
    await w.t.mutation(internal.operator.grantAdmin, { email: "stranger@example.com" });
    expect(await as(w.t, stranger).query(api.operator.isAdmin, {})).toBe(true);
    const overview = await as(w.t, stranger).query(api.operator.overview, {});
    expect(overview.totals.collectedCents).toBe(0);
  });

  test("lists a failed refund, held money with its deadline, and totals that match Stripe's books", async () => {
    const w = moneyWorld();
    const admin = await createUser(w.t, { email: "ops@example.com" });
    await w.t.mutation(internal.operator.grantAdmin, { email: "ops@example.com" });
    const held = await newIdea(w, 20);
    await paid(w, held.ideaId, null, 300);
    const refunded = await newIdea(w);
    await paid(w, refunded.ideaId, null, 700);
    await settle(w, refunded.ideaId);
    const refund = Object.values(w.stripe.state.refunds)[0]!;
    w.stripe.failRefund(refund.id);
    await w.stripe.deliver();
    await w.t.finishAllScheduledFunctions(() => undefined);
    const overview = await as(w.t, admin).query(api.operator.overview, {});
    expect(overview.attention.map((a) => [a.kind, a.state, a.amountCents])).toEqual([
      ["refund", "failed", 700],
    ]);
    expect(overview.held.map((h) => [h.reason, h.cents])).toEqual(
      expect.arrayContaining([
        ["judging", 300],
        ["refund_failed", 700],
      ]),
    );
    expect(overview.totals).toMatchObject({
      collectedCents: 1000,
      refundedCents: 0,
      refundFailedCents: 700,
    });
    const balance = await as(w.t, admin).action(api.operator.stripeBalance, {});
    expect(balance.availableCents + balance.pendingCents).toBe(1000);
  });
});
