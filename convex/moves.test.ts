// Moving money to another idea (issue 36; product rules "Moving money to another idea"): each
// contribution's "if nobody delivers" choice, the week its money waits when nobody delivered
// (shown with its deadline everywhere), the move itself — a contribution to the destination from
// the same charge, which follows the destination's rules and is refunded to the original card if
// it comes to that — the rules' limits, and the week running out.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  chargeOfSession,
  cleanUp,
  DAY,
  ideaOf,
  moneyWorld,
  paid,
  payableCreator,
  runScheduled,
  setNow,
  submitVideo,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import { MOVE_MESSAGES, MOVE_WAIT_DAYS } from "./model/money/rules";
import { judgingEndsAt } from "./model/labels";
import { CHOICE_MESSAGES } from "./model/money/moves";

afterEach(cleanUp);

const contribution = (w: MoneyWorld, id: Id<"contributions">) =>
  w.t.run(async (ctx) => (await ctx.db.get("contributions", id))!);

async function postIdea(w: MoneyWorld, author: Id<"users">, days: number, title = "An idea") {
  return await as(w.t, author).mutation(api.ideas.create, {
    oneLiner: title,
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + days * DAY,
    links: [],
  });
}

/** The deadline passes with no video: the idea is settled at once. */
async function endWithNobody(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await ideaOf(w, ideaId))!;
  setNow(idea.expiration + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  await runScheduled(w.t);
  await w.stripe.deliver();
  await runScheduled(w.t);
}

async function quiet(w: MoneyWorld) {
  await w.stripe.deliver();
  await runScheduled(w.t);
  await sweepMovements(w);
  await w.stripe.deliver();
  await runScheduled(w.t);
}

/** A backer's $20 on an idea nobody delivers for, set to move, waiting; and an open destination. */
async function waitingMoney(w: MoneyWorld) {
  const poster = await createUser(w.t);
  const backer = await createUser(w.t, { name: "Bea Backer" });
  const other = await createUser(w.t);
  const source = await postIdea(w, poster, 2, "Source idea");
  const destination = await postIdea(w, other, 20, "Destination idea");
  const { sessionId, contributionId } = await paid(w, source, backer, 2000);
  await as(w.t, backer).mutation(api.moves.setIfNobodyDelivers, { contributionId, choice: "move" });
  await endWithNobody(w, source);
  return { poster, backer, other, source, destination, sessionId, contributionId };
}

describe("the choice: refund me, or let me move it", () => {
  test("refund by default; only its backer changes it, until the idea ends for the money", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const backer = await createUser(w.t);
    const stranger = await createUser(w.t);
    const ideaId = await postIdea(w, poster, 2);
    const { contributionId } = await paid(w, ideaId, backer, 1000);
    const mine = async () =>
      (await as(w.t, backer).query(api.contributions.myFates, { ideaId }))![0]!.options;
    expect(await mine()).toMatchObject({ ifNobodyDelivers: "refund", choiceOpen: true });
    await expect(
      as(w.t, stranger).mutation(api.moves.setIfNobodyDelivers, { contributionId, choice: "move" }),
    ).rejects.toThrow("Contribution not found.");
    await as(w.t, backer).mutation(api.moves.setIfNobodyDelivers, {
      contributionId,
      choice: "move",
    });
    expect(await mine()).toMatchObject({ ifNobodyDelivers: "move", choiceOpen: true });
    await endWithNobody(w, ideaId);
    expect((await mine()).choiceOpen).toBe(false);
    await expect(
      as(w.t, backer).mutation(api.moves.setIfNobodyDelivers, {
        contributionId,
        choice: "refund",
      }),
    ).rejects.toThrow(CHOICE_MESSAGES.closed);
  });
});

describe("nobody delivered", () => {
  test("'move' money waits a week, with its deadline on every screen; 'refund' money goes back at once", async () => {
    const w = moneyWorld();
    const poster = await createUser(w.t);
    const mover = await createUser(w.t);
    const refunder = await createUser(w.t);
    const admin = await createUser(w.t);
    await w.t.run((ctx) => ctx.db.patch("users", admin, { role: "admin" }));
    const ideaId = await postIdea(w, poster, 2);
    const moving = await paid(w, ideaId, mover, 2000);
    const back = await paid(w, ideaId, refunder, 700);
    await as(w.t, mover).mutation(api.moves.setIfNobodyDelivers, {
      contributionId: moving.contributionId,
      choice: "move",
    });
    await endWithNobody(w, ideaId);
    await quiet(w);
    const settledAt = (await contribution(w, moving.contributionId)).moveBy! - MOVE_WAIT_DAYS * DAY;
    const moveBy = settledAt + MOVE_WAIT_DAYS * DAY;
    expect(await contribution(w, moving.contributionId)).toMatchObject({
      outcome: "move_waiting",
      heldReason: "waiting_to_move",
      heldUntil: moveBy,
    });
    // The backer's own view: the money waits, until when, then is refunded.
    const fate = await as(w.t, mover).query(api.contributions.bySession, {
      sessionId: moving.sessionId,
    });
    expect(fate!.fate).toEqual([
      expect.objectContaining({ state: "waiting_to_move", amountCents: 2000, until: moveBy }),
    ]);
    expect(fate!.backer).toMatchObject({ moveBy });
    // The other backer's money went back at once.
    expect((await contribution(w, back.contributionId)).money?.refundedCents).toBe(700);
    // The idea's money box and the operator page list it with its deadline.
    const box = (await w.t.query(api.contributions.ledger, { ideaId }))!;
    expect(box.held).toEqual([{ reason: "waiting_to_move", cents: 2000, until: moveBy }]);
    const overview = await as(w.t, admin).query(api.operator.overview, {});
    expect(overview.held).toContainEqual(
      expect.objectContaining({ reason: "waiting_to_move", cents: 2000, until: moveBy }),
    );
    // My Bounties says what the backer can do.
    const backed = await as(w.t, mover).query(api.contributions.myBackedIdeas, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(backed.page[0]!.yourOptions[0]).toMatchObject({ moveBy, amountCents: 2000 });
    // The backer heard, once, with the amount and the deadline.
    const notices = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter((n) => n.kind === "move_waiting"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ recipientId: mover, amountCents: 2000, deadline: moveBy });
    // The card says what is happening: not "Refunded" while money waits.
    expect((await w.t.query(api.ideas.get, { ideaId }))!.ending).toMatchObject({
      kind: "refunded",
      pendingCents: 2000,
    });
  });

  test("the week runs out: the money is refunded to its card", async () => {
    const w = moneyWorld();
    const { contributionId, sessionId } = await waitingMoney(w);
    const waiting = await contribution(w, contributionId);
    setNow(waiting.moveBy! - 60_000);
    await w.t.mutation(internal.moves.expireOverdue, {});
    await quiet(w);
    expect((await contribution(w, contributionId)).outcome).toBe("move_waiting");
    setNow(waiting.moveBy! + 1000);
    await w.t.mutation(internal.moves.expireOverdue, {});
    await quiet(w);
    const after = await contribution(w, contributionId);
    expect(after).toMatchObject({ outcome: "refund", status: "refunded" });
    const charge = w.stripe.books().charges.find((c) => c.id === chargeOfSession(w, sessionId))!;
    expect(charge.refundedSucceeded).toBe(2000);
  });
});

describe("a move", () => {
  test("becomes a contribution to the destination from the same charge; both ledgers show it", async () => {
    const w = moneyWorld();
    const { backer, source, destination, sessionId, contributionId } = await waitingMoney(w);
    const chargesBefore = Object.keys(w.stripe.state.charges).length;
    const movedId = await as(w.t, backer).mutation(api.moves.move, {
      contributionId,
      ideaId: destination,
    });
    await quiet(w);
    const moved = await contribution(w, movedId);
    const original = await contribution(w, contributionId);
    expect(moved).toMatchObject({
      ideaId: destination,
      contributorId: backer,
      status: "paid",
      collectedCents: 2000,
      paymentIntentId: original.paymentIntentId,
      movedFrom: { contributionId, ideaId: source, paidAt: original.paidAt },
    });
    // No new payment at Stripe.
    expect(Object.keys(w.stripe.state.charges)).toHaveLength(chargesBefore);
    expect(original).toMatchObject({ outcome: "moved", movedToId: movedId });
    expect(original.money).toMatchObject({ collectedCents: 2000, movedCents: 2000 });
    // The source's box: moved out, nothing held or refunded; the destination's: moved in.
    const from = (await w.t.query(api.contributions.ledger, { ideaId: source }))!;
    expect(from.totals).toMatchObject({ movedOutCents: 2000, heldCents: 0, refundedCents: 0 });
    expect(from.entries[0]).toMatchObject({
      kind: "moved_out",
      amountCents: 2000,
      otherIdea: { _id: destination, title: "Destination idea" },
    });
    const to = (await w.t.query(api.contributions.ledger, { ideaId: destination }))!;
    expect(to.totals).toMatchObject({
      contributedCents: 2000,
      movedInCents: 2000,
      heldCents: 2000,
    });
    expect(to.entries[0]).toMatchObject({
      kind: "moved_in",
      otherIdea: { _id: source, title: "Source idea" },
    });
    const card = (await w.t.query(api.ideas.get, { ideaId: destination }))!;
    expect([card.bountyCents, card.backerCount]).toEqual([2000, 1]);
    expect((await w.t.query(api.ideas.get, { ideaId: source }))!.ending).toMatchObject({
      kind: "refunded",
      refundedCents: 0,
      pendingCents: 0,
      movedCents: 2000,
    });
    // The backer sees where their money went, with the date, on the source's contribution page…
    const page = await as(w.t, backer).query(api.contributions.bySession, { sessionId });
    expect(page!.fate).toEqual([
      expect.objectContaining({
        state: "moved",
        amountCents: 2000,
        at: original.movedAt,
        idea: { _id: destination, title: "Destination idea" },
      }),
    ]);
    // …and where it came from on the destination.
    const mine = (await as(w.t, backer).query(api.contributions.myFates, { ideaId: destination }))!;
    expect(mine[0]).toMatchObject({
      movedFrom: { ideaId: source, title: "Source idea" },
      options: { movedIn: true, ifNobodyDelivers: "refund" },
    });
    // Nobody was told their payment was confirmed again.
    const confirmations = await w.t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter(
        (n) => n.kind === "payment_confirmed" && n.contributionId === movedId,
      ),
    );
    expect(confirmations).toHaveLength(0);
  });

  test("its limits: not one's own idea, not back, not a closed idea, not too late, once, and only its backer's", async () => {
    const w = moneyWorld();
    const { poster, backer, source, destination, contributionId } = await waitingMoney(w);
    const mover = as(w.t, backer);
    const moveTo = (ideaId: Id<"proposals">) =>
      mover.mutation(api.moves.move, { contributionId, ideaId });
    await expect(moveTo(await postIdea(w, backer, 10, "Mine"))).rejects.toThrow(
      MOVE_MESSAGES.ownIdea,
    );
    await expect(moveTo(source)).rejects.toThrow(MOVE_MESSAGES.sameIdea);
    const paidAt = (await contribution(w, contributionId)).paidAt!;
    // Judging must end within 120 days of the payment: a deadline 113 days after it ends
    // judging on day 120 (allowed); 114 days is a day too late.
    const far = await postIdea(w, poster, (paidAt + 114 * DAY - Date.now()) / DAY, "Far away");
    await expect(moveTo(far)).rejects.toThrow(MOVE_MESSAGES.tooLate);
    const closing = await postIdea(w, poster, 1, "Closing soon");
    setNow(Date.now() + DAY + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId: closing });
    await expect(moveTo(closing)).rejects.toThrow(MOVE_MESSAGES.notOpen);
    await expect(
      as(w.t, poster).mutation(api.moves.move, { contributionId, ideaId: destination }),
    ).rejects.toThrow("Contribution not found.");
    const edge = await postIdea(w, poster, (paidAt + 113 * DAY - Date.now()) / DAY, "Just in time");
    expect(judgingEndsAt((await ideaOf(w, edge))!.expiration)).toBeLessThanOrEqual(
      paidAt + 120 * DAY,
    );
    const movedId = await moveTo(edge);
    await expect(moveTo(destination)).rejects.toThrow(MOVE_MESSAGES.movedAlready);
    // Moved money can't choose to move again.
    await expect(
      mover.mutation(api.moves.setIfNobodyDelivers, { contributionId: movedId, choice: "move" }),
    ).rejects.toThrow(CHOICE_MESSAGES.movedIn);
  });

  test("after its week, it can't move", async () => {
    const w = moneyWorld();
    const { backer, destination, contributionId } = await waitingMoney(w);
    setNow((await contribution(w, contributionId)).moveBy! + 1);
    await expect(
      as(w.t, backer).mutation(api.moves.move, { contributionId, ideaId: destination }),
    ).rejects.toThrow(MOVE_MESSAGES.timeUp);
  });

  test("moved money follows the destination: its winner is paid from the original charge", async () => {
    const w = moneyWorld();
    const { backer, destination, sessionId, contributionId } = await waitingMoney(w);
    const creator = await payableCreator(w);
    await submitVideo(w, destination, creator, "destwin0001");
    await as(w.t, backer).mutation(api.moves.move, { contributionId, ideaId: destination });
    const dest = (await ideaOf(w, destination))!;
    setNow(judgingEndsAt(dest.expiration) + 1000);
    await w.t.mutation(internal.ideas.close, { ideaId: destination });
    await w.t.action(internal.settlement.start, { ideaId: destination });
    await quiet(w);
    const charge = w.stripe.books().charges.find((c) => c.id === chargeOfSession(w, sessionId))!;
    expect([charge.amount, charge.transferred, charge.refundedSucceeded]).toEqual([2000, 2000, 0]);
    expect(charge.transfers[0]!.source_transaction).toBe(charge.id);
    const box = (await w.t.query(api.contributions.ledger, { ideaId: destination }))!;
    expect(box.totals).toMatchObject({ paidOutCents: 2000, heldCents: 0 });
  });

  test("if nobody delivers at the destination either, it is refunded to the original card", async () => {
    const w = moneyWorld();
    const { backer, destination, sessionId, contributionId } = await waitingMoney(w);
    const movedId = await as(w.t, backer).mutation(api.moves.move, {
      contributionId,
      ideaId: destination,
    });
    // Even with "move" chosen before, moved money is refunded (one move per contribution).
    await endWithNobody(w, destination);
    await quiet(w);
    const charge = w.stripe.books().charges.find((c) => c.id === chargeOfSession(w, sessionId))!;
    expect([charge.refundedSucceeded, charge.transferred]).toEqual([2000, 0]);
    expect(charge.refunds[0]!.payment_intent).toBe(
      (await contribution(w, movedId)).paymentIntentId,
    );
    expect(await contribution(w, movedId)).toMatchObject({ status: "refunded", outcome: "refund" });
    // The original stays "moved": its money left it once, by the move.
    expect((await contribution(w, contributionId)).money).toMatchObject({
      movedCents: 2000,
      refundedCents: 0,
    });
  });
});
