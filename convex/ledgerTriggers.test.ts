// Derived money is kept in one place (issue 35): a write to a table the ledger reads refreshes
// the contribution's buckets, its ledger lines and the idea's totals before it returns, whatever
// code made the write — no flow calls the refresh. Every mutation gets that database
// (functions.ts; lint forbids the raw registrars elsewhere); writes to other tables (a vote's)
// cost no extra read.
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { MutationCtx } from "./_generated/server";
import { as, createUser } from "./test.setup";
import { cleanUp, docs, ideaOf, moneyWorld, newIdea, paid } from "./test.money";
import { dbWithTriggers } from "./model/triggers";
import { awardLineFor } from "./model/money/ledger";

afterEach(cleanUp);

/** A paid contribution of 1,000 cents and its payment. */
async function paidContribution() {
  const w = moneyWorld();
  const { ideaId } = await newIdea(w);
  await paid(w, ideaId, await createUser(w.t), 1000);
  const [c] = await docs(w, "contributions");
  return { w, ideaId, contribution: c! };
}

describe("the ledger follows every write to what it reads", () => {
  test("a refund row written by any code moves the buckets, the ledger lines and the totals", async () => {
    const { w, ideaId, contribution } = await paidContribution();
    expect((await ideaOf(w, ideaId))!.bountyCents).toBe(1000);
    // No flow, no refresh call: just the row Stripe's report would write.
    await w.t.run(async (raw) => {
      const ctx = { ...raw, db: dbWithTriggers(raw as MutationCtx) } as MutationCtx;
      await ctx.db.insert("stripeRefunds", {
        refundId: "re_any_code",
        paymentIntentId: contribution.paymentIntentId!,
        amountCents: 400,
        status: "succeeded",
        updatedAt: Date.now(),
      });
    });
    const after = (await docs(w, "contributions"))[0]!;
    expect(after.money).toMatchObject({ collectedCents: 1000, refundedCents: 400 });
    const idea = (await ideaOf(w, ideaId))!;
    expect(idea.bountyCents).toBe(600);
    expect(idea.ledger).toMatchObject({ contributedCents: 1000, refundedCents: 400 });
    const lines = (await docs(w, "ledgerEntries")).map((l) => [l.kind, l.amountCents]);
    expect(lines).toEqual([
      ["contributed", 1000],
      ["refunded", 400],
    ]);
    // The contributor heard of it through the same row (notifications react to money's rows).
    const notices = await w.t.run((ctx) => ctx.db.query("notifications").collect());
    const [notice] = notices.filter((n) => n.kind === "refund_sent");
    expect(notice).toMatchObject({ amountCents: 400, contributionId: contribution._id });
  });

  test("without the triggered database the same write leaves the ledger behind (what lint prevents)", async () => {
    const { w, ideaId, contribution } = await paidContribution();
    await w.t.run(async (ctx) => {
      await ctx.db.insert("stripeRefunds", {
        refundId: "re_raw",
        paymentIntentId: contribution.paymentIntentId!,
        amountCents: 400,
        status: "succeeded",
        updatedAt: Date.now(),
      });
    });
    expect((await ideaOf(w, ideaId))!.bountyCents).toBe(1000);
  });

  test("an award's rows write its lines: made, reduced, passed on", () => {
    const award = {
      _id: "a1",
      status: "waiting",
      amountCents: 1000,
    } as unknown as Parameters<typeof awardLineFor>[0] & object;
    expect(awardLineFor(null, award)).toEqual({ kind: "awarded", cents: 1000 });
    expect(awardLineFor(award, { ...award, amountCents: 600 })).toEqual({
      kind: "award_reduced",
      cents: 400,
    });
    expect(awardLineFor(award, { ...award, status: "passed", passedBecause: "unclaimed" })).toEqual(
      { kind: "award_passed", cents: 1000 },
    );
    expect(
      awardLineFor(award, {
        ...award,
        status: "paid",
        amountCents: 300,
        passedBecause: "video_gone",
      }),
    ).toEqual({ kind: "award_video_gone", cents: 700 });
    expect(awardLineFor(award, { ...award, status: "paying" })).toBeNull();
  });
});

describe("the cost", () => {
  /** A database that counts its reads. */
  function counting(db: MutationCtx["db"]) {
    const reads = { count: 0 };
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "get" && key !== "query") return value;
        return (...args: unknown[]) => {
          reads.count++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    return { db: counted, reads };
  }

  test("a write to a table nobody watches (a vote's idea) reads nothing more", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    await w.t.run(async (raw) => {
      const { db, reads } = counting(raw.db as MutationCtx["db"]);
      const triggered = dbWithTriggers({ ...raw, db } as MutationCtx);
      await triggered.patch("proposals", ideaId, { netVotes: 1 });
      expect(reads.count).toBe(0);
      // A watched table's write reads the row before and after, and runs its triggers.
      const contributionId = await triggered.insert("contributions", {
        ideaId,
        amountCents: 500,
        status: "pending",
        payoutPreference: "customer_choice",
        settled: false,
      });
      reads.count = 0;
      await triggered.patch("contributions", contributionId, { recheckAt: 1 });
      expect(reads.count).toBe(2);
    });
  });

  test("a vote through the public function leaves the money untouched", async () => {
    const w = moneyWorld();
    const { ideaId } = await newIdea(w);
    const voter = await createUser(w.t);
    const before = await docs(w, "ledgerEntries");
    await as(w.t, voter).mutation(api.ideas.vote, { ideaId, vote: 1 });
    expect(await docs(w, "ledgerEntries")).toEqual(before);
    expect((await ideaOf(w, ideaId))!.netVotes).toBe(1);
  });
});
