// Profile → My Bounties: the ideas a person posted and backed, page by page, each with its
// ending and where the person's own money is.
import { afterEach, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import { cleanUp, DAY, moneyWorld, newIdea, paid, settle, type MoneyWorld } from "./test.money";

afterEach(cleanUp);

const ideaBy = (w: MoneyWorld, author: Id<"users">, title: string) =>
  as(w.t, author).mutation(api.ideas.create, {
    oneLiner: title,
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + 5 * DAY,
    links: [],
  });

test("the ideas a person posted come page by page, newest first, with no cap", async () => {
  const w = moneyWorld();
  const author = await createUser(w.t);
  for (const title of ["First", "Second", "Third"]) await ideaBy(w, author, title);
  const me = as(w.t, author);
  const first = await me.query(api.contributions.myPostedIdeas, {
    paginationOpts: { numItems: 2, cursor: null },
  });
  expect(first.page.map((i) => i.title)).toEqual(["Third", "Second"]);
  expect(first.isDone).toBe(false);
  const rest = await me.query(api.contributions.myPostedIdeas, {
    paginationOpts: { numItems: 2, cursor: first.continueCursor },
  });
  expect(rest.page.map((i) => i.title)).toEqual(["First"]);
  expect(rest.page[0]!.ending).toEqual({ kind: "open" });
  // A visitor has none; nobody sees someone else's.
  expect(
    (
      await w.t.query(api.contributions.myPostedIdeas, {
        paginationOpts: { numItems: 5, cursor: null },
      })
    ).page,
  ).toEqual([]);
  const stranger = as(w.t, await createUser(w.t));
  expect(
    (
      await stranger.query(api.contributions.myPostedIdeas, {
        paginationOpts: { numItems: 5, cursor: null },
      })
    ).page,
  ).toEqual([]);
});

test("the ideas a person backed (not their own), each once, with the fate of their money", async () => {
  const w = moneyWorld();
  const backer = await createUser(w.t);
  const { ideaId: funded } = await newIdea(w);
  const { ideaId: refunded } = await newIdea(w, 3);
  const own = await ideaBy(w, backer, "My own idea");
  await paid(w, funded, backer, 500);
  await paid(w, funded, backer, 200);
  await paid(w, refunded, backer, 300);
  await paid(w, own, backer, 100);

  await settle(w, refunded);
  await w.stripe.deliver();

  const backed = await as(w.t, backer).query(api.contributions.myBackedIdeas, {
    paginationOpts: { numItems: 50, cursor: null },
  });
  const byId = new Map(backed.page.map((i) => [i._id, i]));
  expect([...byId.keys()].sort()).toEqual([funded, refunded].sort());
  // Settling moved the clock past the first idea's deadline too; it has not been judged.
  expect(byId.get(funded)!.youContributedCents).toBe(700);
  expect(byId.get(funded)!.yourMoney.map((p) => [p.state, p.amountCents])).toEqual([
    ["counting", 700],
  ]);
  expect(byId.get(refunded)!.ending).toEqual({
    kind: "refunded",
    refundedCents: 300,
    pendingCents: 0,
  });
  expect(byId.get(refunded)!.yourMoney.map((p) => [p.state, p.amountCents])).toEqual([
    ["refunded", 300],
  ]);
  // What the backer gave stays visible after the refund (not "$0.00"); the fate says where it went.
  expect(byId.get(refunded)!.youContributedCents).toBe(300);
  expect(byId.get(refunded)!.totalCents).toBe(300);
});

test("a checkout left before paying reads 'Not finished', never money on its way", async () => {
  const w = moneyWorld();
  const backer = await createUser(w.t);
  const { ideaId: left } = await newIdea(w);
  const { ideaId: bank } = await newIdea(w, 2);
  // Checkout started and abandoned: Stripe never took the money.
  await as(w.t, backer).action(api.contributions.startCheckout, {
    ideaId: left,
    amountCents: 500,
  });
  // A bank payment made at checkout, not yet confirmed by Stripe: that is money in flight.
  const { url } = await as(w.t, backer).action(api.contributions.startCheckout, {
    ideaId: bank,
    amountCents: 800,
  });
  w.stripe.pay(url.split("/").pop()!, "async_pending");
  await w.stripe.deliver();

  const backed = await as(w.t, backer).query(api.contributions.myBackedIdeas, {
    paginationOpts: { numItems: 50, cursor: null },
  });
  const byId = new Map(backed.page.map((i) => [i._id, i]));
  expect(byId.get(left)!.yourMoney.map((p) => [p.state, p.amountCents])).toEqual([
    ["not_finished", 500],
  ]);
  expect(byId.get(left)!.youContributedCents).toBe(0);
  expect(byId.get(bank)!.yourMoney.map((p) => [p.state, p.amountCents])).toEqual([
    ["processing", 800],
  ]);
});
