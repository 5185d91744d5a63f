// What the randomised money test checks after every sequence (test.moneyRandom.ts): the app's
// money against the Stripe stand-in's own books and the sequence's own record of which refunds
// failed and which were made again; that no held cent is past its deadline unless the operator
// page lists it; that no movement was planned over and over; and that every screen's figure is
// the rules module's, recomputed here from the raw records.
import { expect } from "vitest";
import { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { as } from "./test.setup";
import type { MoneyWorld } from "./test.money";
import {
  combinedAwardStatus,
  fullBuckets,
  heldCents,
  heldReasonOf,
  heldUntil,
  isLiveAward,
  moveWindowEndOf,
  operatorHolds,
  shownAwardStatus,
  type Buckets,
} from "./model/money/rules";
import { judgingEndsAt } from "./model/labels";
import type { FateState, HeldReason } from "./model/money/states";
import { BUCKET_TOTAL, EMPTY_TOTALS } from "./model/money/ledger";

/** What the sequence itself knows: failed refund money not refunded again, per charge. */
export class RefundModel {
  outstanding = new Map<string, number>();
  /** Dashboard refunds that stood for failed money. */
  redone = 0;
  constructor(private w: MoneyWorld) {}
  /** A refund fails at the bank: its money is back on the charge, owed to the contributor. */
  fail(refundId: string) {
    const refund = this.w.stripe.state.refunds[refundId]!;
    this.w.stripe.failRefund(refundId);
    this.add(refund.charge, refund.amount);
  }
  /** A refund from the Dashboard: it stands first for failed money of the charge (a redo). */
  dashboard(chargeId: string, amount: number) {
    this.w.stripe.dashboardRefund(chargeId, amount);
    const covered = Math.min(amount, this.outstanding.get(chargeId) ?? 0);
    if (covered > 0) this.redone++;
    this.add(chargeId, -covered);
  }
  private add(chargeId: string, cents: number) {
    this.outstanding.set(chargeId, (this.outstanding.get(chargeId) ?? 0) + cents);
  }
}

export interface Records {
  contributions: Doc<"contributions">[];
  movements: Doc<"moneyMovements">[];
  awards: Doc<"awards">[];
  entries: Doc<"ledgerEntries">[];
  idea: Doc<"proposals">;
}

export async function recordsOf(w: MoneyWorld, ideaId: Id<"proposals">): Promise<Records> {
  return await w.t.run(async (ctx) => ({
    contributions: await ctx.db
      .query("contributions")
      .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId))
      .collect(),
    movements: (await ctx.db.query("moneyMovements").collect()).filter((m) => m.ideaId === ideaId),
    awards: await ctx.db
      .query("awards")
      .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId))
      .collect(),
    entries: await ctx.db
      .query("ledgerEntries")
      .withIndex("by_idea", (q) => q.eq("ideaId", ideaId))
      .collect(),
    idea: (await ctx.db.get("proposals", ideaId))!,
  }));
}

const money = (c: Doc<"contributions">): Required<Buckets> => fullBuckets(c.money);

/** Two ideas' records as one (money moved from one to the other shares its charge). */
export function mergeRecords(a: Records, b: Records): Records {
  return {
    contributions: [...a.contributions, ...b.contributions],
    movements: [...a.movements, ...b.movements],
    awards: [...a.awards, ...b.awards],
    entries: [...a.entries, ...b.entries],
    idea: a.idea,
  };
}

/**
 * For every charge: the app's buckets are Stripe's, and every cent is somewhere. A charge whose
 * money moved to another idea is two contributions: what moved out of the first is what the
 * second collected, so it counts once.
 */
export function checkAgainstBooks(
  w: MoneyWorld,
  r: Records,
  sessions: string[],
  model: RefundModel,
  at: string,
) {
  const books = w.stripe.books();
  for (const sessionId of sessions) {
    const intent = w.stripe.state.sessions[sessionId]?.payment_intent as string | null;
    const charge = intent ? books.charges.find((c) => c.payment_intent === intent) : undefined;
    if (!charge) continue;
    const paidBy = r.contributions.filter((x) => x.paymentIntentId === intent);
    expect(
      paidBy.filter((x) => x.movedFrom === undefined),
      `${at}: a charge without its contribution`,
    ).toHaveLength(1);
    // Each contribution's own money adds up: no bucket below zero, nothing held below zero (a
    // refund or dispute of a charge whose money moved belongs to the one holding it). Money
    // taken back from outside after it was paid out (a dispute lost, a Dashboard refund) whose
    // transfer could not be reversed is the platform's loss: only that goes below zero.
    for (const c of paidBy) {
      const m = money(c);
      for (const [k, cents] of Object.entries(m))
        expect(cents, `${at}: ${k} below zero`).toBeGreaterThanOrEqual(0);
      const paidOutTwice = Math.min(
        m.lostCents + m.refundedCents + m.refundingCents,
        m.transferredCents,
      );
      expect(heldCents(m) + paidOutTwice, `${at}: held below zero`).toBeGreaterThanOrEqual(0);
    }
    const b = { ...money(paidBy[0]!) };
    for (const other of paidBy.slice(1))
      for (const k of Object.keys(b) as (keyof typeof b)[]) b[k] += money(other)[k];
    // What moved between ideas was collected again where it arrived: Stripe charged it once.
    b.collectedCents -= b.movedCents;
    b.movedCents = 0;
    expect(b.collectedCents, `${at}: collected`).toBe(charge.amount);
    expect(b.refundedCents, `${at}: refunded`).toBe(charge.refundedSucceeded);
    expect(b.refundingCents, `${at}: a refund still in flight`).toBe(charge.refundPending);
    expect(b.transferredCents, `${at}: transferred`).toBe(charge.transferred);
    expect(b.lostCents, `${at}: lost`).toBe(charge.lost);
    expect(b.disputedCents, `${at}: disputed`).toBe(charge.disputeOpen);
    // collected = refunded + transferred (net of reversals) + lost + disputed + held.
    const onPlatform =
      charge.amount -
      charge.refundedSucceeded -
      charge.refundPending -
      charge.transferred -
      charge.lost -
      charge.disputeOpen;
    // A failed refund counts until the same money is refunded again (or left another way).
    expect(b.refundFailedCents, `${at}: refund failed`).toBe(
      Math.min(model.outstanding.get(charge.id) ?? 0, Math.max(0, onPlatform)),
    );
    expect(heldCents(b) + b.refundFailedCents, `${at}: held`).toBe(onPlatform);
  }
}

/**
 * Money is held only with a deadline still ahead, or listed on the operator page (midway through
 * a sequence, also while a movement of it is under way).
 */
export async function checkHeld(
  w: MoneyWorld,
  admin: Id<"users">,
  r: Records,
  now: number,
  at: string,
  midway = false,
) {
  const overview = await as(w.t, admin).query(api.operator.overview, {});
  const listed = (c: Doc<"contributions">, reason: string) =>
    overview.held.some((l) => l.contributionId === c._id && l.reason === reason);
  for (const c of r.contributions) {
    const b = money(c);
    if (b.refundFailedCents > 0)
      expect(listed(c, "refund_failed"), `${at}: a failed refund the operator does not see`).toBe(
        true,
      );
    if (heldCents(b) === 0) continue;
    const reason = c.heldReason!;
    const ahead = c.heldUntil !== undefined && c.heldUntil > now;
    const operators = operatorHolds(reason) && listed(c, reason);
    const moving =
      midway &&
      r.movements.some(
        (m) => m.contributionId === c._id && (m.state === "planned" || m.state === "sent"),
      );
    if (process.env.MONEY_DEBUG && !(ahead || operators || moving))
      console.log(
        JSON.stringify({
          c: [c._id, c.money, c.settled, c.outcome, c.heldReason],
          movements: r.movements
            .filter((m) => m.contributionId === c._id)
            .map((m) => [m.kind, m.state, m.amountCents, m.reason, m.attempts, m.lastError]),
          awards: r.awards
            .filter((a) => a.contributionId === c._id)
            .map((a) => [a.status, a.amountCents]),
          stripe: Object.values(w.stripe.state.refunds)
            .filter((x) => x.payment_intent === c.paymentIntentId)
            .map((x) => [x.id, x.amount, x.status, x.created, x.metadata]),
          now: Date.now(),
        }),
      );
    expect(
      ahead || operators || moving,
      `${at}: ${heldCents(b)} held (${reason}) past its deadline`,
    ).toBe(true);
  }
}

/** One decision plans its movement once; retries reuse it. Never more than 3 of the same. */
export function checkPlannedOnce(r: Records, at: string) {
  const counts = new Map<string, number>();
  for (const m of r.movements) {
    const key = [m.contributionId, m.kind, m.awardId, m.transferId, m.amountCents].join("|");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, n] of counts)
    expect(n, `${at}: the same movement planned ${n} times (${key})`).toBeLessThanOrEqual(3);
}

/** Why each contribution's held money is held, recomputed from the raw records by the rules. */
function reasonOf(r: Records, c: Doc<"contributions">): HeldReason | null {
  const b = money(c);
  if (heldCents(b) === 0) return null;
  return heldReasonOf({
    disputed: b.disputedCents > 0,
    needsAttention: r.movements.some(
      (m) =>
        m.contributionId === c._id &&
        m.state === "needs_attention" &&
        (m.kind === "transfer" || m.kind === "reversal"),
    ),
    settled: c.settled,
    award: r.awards.find((a) => a.contributionId === c._id && isLiveAward(a)) ?? null,
    ...(c.outcome ? { outcome: c.outcome } : {}),
  });
}

const FATE_OF: Record<HeldReason, FateState> = {
  judging: "counting",
  waiting_for_creator: "awarded_waiting",
  being_paid: "awarded_paying",
  returning: "returning",
  needs_attention: "on_hold",
  frozen: "disputed",
  waiting_to_move: "waiting_to_move",
};

/** Every screen's figure equals what the rules make of the records. */
export async function checkScreens(w: MoneyWorld, admin: Id<"users">, r: Records, at: string) {
  const ideaId = r.idea._id;
  const usd = r.contributions.filter((c) => (c.currency ?? "usd") === "usd");
  const sum = (pick: (b: Required<Buckets>) => number, list = usd) =>
    list.reduce((s, c) => s + pick(money(c)), 0);
  const byReason = new Map<HeldReason, number>();
  for (const c of usd) {
    const reason = reasonOf(r, c);
    expect(c.heldReason ?? null, `${at}: the stored reason is the rules'`).toBe(reason);
    // Money that cannot move is never said to (product rules: a dispute freezes it all).
    if (reason !== null && money(c).disputedCents > 0)
      expect(reason, `${at}: money frozen by a dispute shown as ${reason}`).toBe("frozen");
    if (reason) byReason.set(reason, (byReason.get(reason) ?? 0) + heldCents(money(c)));
  }
  // The idea page's money box.
  const box = (await w.t.query(api.contributions.ledger, { ideaId }))!;
  expect(box.totals, `${at}: money box totals`).toMatchObject({
    contributedCents: sum((b) => b.collectedCents),
    refundedCents: sum((b) => b.refundedCents),
    refundingCents: sum((b) => b.refundingCents),
    refundFailedCents: sum((b) => b.refundFailedCents),
    paidOutCents: sum((b) => b.transferredCents),
    disputedCents: sum((b) => b.disputedCents),
    lostCents: sum((b) => b.lostCents),
    movedOutCents: sum((b) => b.movedCents),
    movedInCents: sum(
      (b) => b.collectedCents,
      usd.filter((c) => c.movedFrom !== undefined),
    ),
    heldCents: sum(heldCents),
    awardedWaitingCents: byReason.get("waiting_for_creator") ?? 0,
    awardedPayingCents: byReason.get("being_paid") ?? 0,
  });
  // Money waiting to move waits until each backer's week ends: the box says the latest.
  const lastMoveBy = Math.max(
    0,
    ...usd.filter((c) => reasonOf(r, c) === "waiting_to_move").map((c) => c.moveBy ?? 0),
  );
  const groups = [...byReason]
    .filter(([, cents]) => cents > 0)
    .map(([reason, cents]) => ({
      reason,
      cents,
      until: reason === "waiting_to_move" ? lastMoveBy : heldUntil(reason, r.idea.expiration),
    }));
  const failed = sum((b) => b.refundFailedCents);
  if (failed > 0) groups.push({ reason: "refund_failed" as never, cents: failed, until: null });
  const sorted = <T extends { reason: string }>(list: T[]) =>
    [...list].sort((a, b) => a.reason.localeCompare(b.reason));
  expect(sorted(box.held), `${at}: money box held groups`).toEqual(sorted(groups));

  // Each contribution's page, as its contributor (or anyone with an anonymous one's link) sees it.
  for (const c of r.contributions) {
    if (!c.checkoutSessionId || (c.status !== "paid" && c.status !== "refunded")) continue;
    const viewer = c.contributorId ? as(w.t, c.contributorId) : w.t;
    const page = await viewer.query(api.contributions.bySession, {
      sessionId: c.checkoutSessionId,
    });
    const parts = page!.fate;
    const b = money(c);
    const reason = reasonOf(r, c);
    const want = new Map<FateState, number>();
    const add = (state: FateState, cents: number) =>
      cents > 0 && want.set(state, (want.get(state) ?? 0) + cents);
    add("paid", b.transferredCents);
    if (reason) add(FATE_OF[reason], heldCents(b));
    add("refunding", b.refundingCents);
    add("refunded", b.refundedCents);
    add("refund_failed", b.refundFailedCents);
    add("disputed", b.disputedCents);
    add("lost", b.lostCents);
    add("moved", b.movedCents);
    expect(
      new Map(parts.map((p) => [p.state, p.amountCents])),
      `${at}: where a contributor sees their money`,
    ).toEqual(want);
  }

  // The creators' award figures on their profiles.
  const bySubmission = new Map<Id<"submissions">, Doc<"awards">[]>();
  for (const a of r.awards.filter(isLiveAward))
    bySubmission.set(a.submissionId, [...(bySubmission.get(a.submissionId) ?? []), a]);
  for (const [submissionId, list] of bySubmission) {
    const author = list[0]!.creatorId;
    const figures = await as(w.t, author).query(api.contributions.payoutForSubmission, {
      submissionId,
    });
    const statuses = list.map((a) =>
      shownAwardStatus(
        a.status as "waiting" | "paying" | "paid",
        reasonOf(
          r,
          r.contributions.find((c) => c._id === a.contributionId)!,
        ),
      ),
    );
    expect(figures?.award, `${at}: a creator's award on their profile`).toMatchObject({
      amountCents: list.reduce((s, a) => s + a.amountCents, 0),
      status: combinedAwardStatus(statuses),
    });
  }

  // The operator page's totals are the platform's: every contribution, every idea.
  const all = await w.t.run((ctx) => ctx.db.query("contributions").collect());
  const everyUsd = all.filter((c) => (c.currency ?? "usd") === "usd");
  const overview = await as(w.t, admin).query(api.operator.overview, {});
  expect(overview.totals, `${at}: operator totals`).toEqual({
    // What Stripe charged: moved money counted once.
    collectedCents: sum((b) => b.collectedCents, everyUsd) - sum((b) => b.movedCents, everyUsd),
    movedCents: sum((b) => b.movedCents, everyUsd),
    refundedCents: sum((b) => b.refundedCents, everyUsd),
    refundingCents: sum((b) => b.refundingCents, everyUsd),
    refundFailedCents: sum((b) => b.refundFailedCents, everyUsd),
    transferredCents: sum((b) => b.transferredCents, everyUsd),
    disputedCents: sum((b) => b.disputedCents, everyUsd),
    lostCents: sum((b) => b.lostCents, everyUsd),
    heldCents: sum(heldCents, everyUsd),
  });
}

/** Ledger lines, idea totals and records agree; every transfer went where the rules allow. */
export function checkLedger(
  w: MoneyWorld,
  r: Records,
  sessions: string[],
  forbidden: { neverPaid: Id<"users">; tooShort: Set<Id<"submissions">> },
  at: string,
  /** Every record the sessions' charges reach (their money may have moved to another idea). */
  all: Records = r,
) {
  const books = w.stripe.books();
  const intents = new Set(
    sessions.map((s) => w.stripe.state.sessions[s]?.payment_intent).filter(Boolean),
  );
  const ours = books.charges.filter((c) => intents.has(c.payment_intent));
  for (const list of [
    ours.flatMap((c) => c.refunds),
    ours.flatMap((c) => c.transfers),
    ours.flatMap((c) => c.reversals),
  ]) {
    const ids = list.flatMap((o) => (o.metadata?.movementId ? [o.metadata.movementId] : []));
    expect(new Set(ids).size, `${at}: a movement made twice`).toBe(ids.length);
  }
  for (const m of all.movements) {
    if (m.state === "confirmed" || m.state === "sent")
      expect(m.stripeId, `${at}: ${m.kind} without its Stripe object`).toBeTruthy();
    expect(m.state === "planned", `${at}: ${m.kind} never finished`).toBe(false);
  }
  for (const transfer of ours.flatMap((c) => c.transfers)) {
    const m = all.movements.find((x) => x._id === transfer.metadata?.movementId);
    expect(m, `${at}: a transfer we did not plan`).toBeDefined();
    const award = all.awards.find((a) => a._id === m!.awardId)!;
    expect(award.creatorId, `${at}: paid a creator who never proved ownership`).not.toBe(
      forbidden.neverPaid,
    );
    expect(forbidden.tooShort.has(award.submissionId), `${at}: paid an ineligible video`).toBe(
      false,
    );
    const contribution = all.contributions.find((c) => c._id === award.contributionId)!;
    expect(award.creatorId, `${at}: a contributor's money paid their own video`).not.toBe(
      contribution.contributorId,
    );
  }
  const usd = r.contributions.filter((c) => (c.currency ?? "usd") === "usd");
  const totals = { ...EMPTY_TOTALS, ...r.idea.ledger };
  for (const [bucket, total] of Object.entries(BUCKET_TOTAL) as [
    keyof Buckets,
    (typeof BUCKET_TOTAL)[keyof Buckets],
  ][]) {
    const records = usd.reduce((s, c) => s + money(c)[bucket], 0);
    const lines = r.entries.reduce((s, e) => s + (e.deltas?.[bucket] ?? 0), 0);
    expect(totals[total], `${at}: ${total} from the records`).toBe(records);
    expect(lines, `${at}: ${total} from the ledger lines`).toBe(records);
  }
  const sign: Record<string, number> = {
    awarded: 1,
    award_passed: -1,
    award_video_gone: -1,
    award_reduced: -1,
  };
  const awarded = r.entries.reduce((s, e) => s + (sign[e.kind] ?? 0) * e.amountCents, 0);
  expect(awarded, `${at}: awarded lines`).toBe(totals.awardedCents);
  expect(totals.awardedCents, `${at}: awarded total`).toBe(
    r.awards.filter(isLiveAward).reduce((s, a) => s + a.amountCents, 0),
  );
  expect(r.idea.bountyCents, `${at}: bounty`).toBe(
    usd.reduce((s, c) => s + heldCents(money(c)) + money(c).transferredCents, 0),
  );
  expect(totals.movedInCents, `${at}: moved in`).toBe(
    usd.filter((c) => c.movedFrom).reduce((s, c) => s + money(c).collectedCents, 0),
  );
}

/**
 * Moves kept the rules (product rules "Moving money to another idea"): never to the backer's
 * own idea, only where judging ends within 120 days of the original payment, one move per
 * contribution, exactly what was held; money taken back after an extension never paid anyone.
 */
export function checkMoves(
  all: Records,
  ideas: Doc<"proposals">[],
  withdrawn: Set<Id<"contributions">>,
  at: string,
) {
  for (const moved of all.contributions.filter((c) => c.movedFrom !== undefined)) {
    const source = all.contributions.find((c) => c._id === moved.movedFrom!.contributionId);
    expect(source, `${at}: moved money without its source`).toBeDefined();
    expect(source!.movedToId, `${at}: a move its source does not name`).toBe(moved._id);
    expect(moved.movedToId, `${at}: money that moved twice`).toBeUndefined();
    expect(
      all.contributions.filter((c) => c.movedFrom?.contributionId === source!._id),
      `${at}: one contribution moved more than once`,
    ).toHaveLength(1);
    expect(moved.paymentIntentId, `${at}: moved money on another charge`).toBe(
      source!.paymentIntentId,
    );
    expect(money(source!).movedCents, `${at}: moved out ≠ moved in`).toBe(moved.collectedCents);
    expect(moved.contributorId, `${at}: moved money changed hands`).toBe(source!.contributorId);
    expect(moved.movedFrom!.paidAt, `${at}: the original payment's time`).toBe(source!.paidAt);
  }
  for (const c of all.contributions.filter((x) => x.movedFrom !== undefined)) {
    const idea = ideas.find((i) => i._id === c.ideaId);
    expect(idea, `${at}: moved to an idea the sequence does not know`).toBeDefined();
    expect(idea!.authorId, `${at}: money moved to its backer's own idea`).not.toBe(c.contributorId);
    expect(idea!._id, `${at}: money moved back to its own idea`).not.toBe(c.movedFrom!.ideaId);
    // The deadline as it was at the move (an extension later may move it by up to 30 days).
    const deadlineAtMove =
      idea!.extension && idea!.extension.at > (c.paidAt ?? 0)
        ? idea!.extension.from
        : idea!.expiration;
    expect(
      judgingEndsAt(deadlineAtMove),
      `${at}: moved where judging ends more than 120 days after the payment`,
    ).toBeLessThanOrEqual(moveWindowEndOf(c.movedFrom!.paidAt));
  }
  for (const id of withdrawn) {
    const c = all.contributions.find((x) => x._id === id)!;
    expect(money(c).transferredCents, `${at}: money taken back was paid to a creator`).toBe(0);
    expect(heldCents(money(c)), `${at}: money taken back is still held`).toBe(0);
    expect(
      all.awards.filter((a) => a.contributionId === id),
      `${at}: money taken back was awarded`,
    ).toHaveLength(0);
  }
}

/**
 * The weekly leaderboards agree with the money (model/community/boards.ts): an idea's weekly
 * "funded" figures add up to its bounty, and each creator's weekly "paid" figures to the
 * transfers confirmed to them less the reversals, across the whole world.
 */
export async function checkBoards(w: MoneyWorld, r: Records, at: string) {
  const { weeks, creatorWeeks, movements, awards } = await w.t.run(async (ctx) => ({
    weeks: await ctx.db
      .query("weeklyIdeaStats")
      .withIndex("by_idea_week", (q) => q.eq("ideaId", r.idea._id))
      .collect(),
    creatorWeeks: await ctx.db.query("weeklyCreatorStats").collect(),
    movements: await ctx.db.query("moneyMovements").collect(),
    awards: await ctx.db.query("awards").collect(),
  }));
  const funded = weeks.reduce((s, row) => s + row.fundedCents, 0);
  expect(funded, `${at}: the boards' funded figures against the bounty`).toBe(r.idea.bountyCents);
  const paid = new Map<string, number>();
  const add = (creator: string, cents: number) =>
    paid.set(creator, (paid.get(creator) ?? 0) + cents);
  for (const m of movements) {
    if (m.state !== "confirmed" || (m.kind !== "transfer" && m.kind !== "reversal")) continue;
    const award = awards.find((a) => a._id === m.awardId);
    if (award) add(award.creatorId, m.kind === "transfer" ? m.amountCents : -m.amountCents);
  }
  const onBoards = new Map<string, number>();
  for (const row of creatorWeeks)
    onBoards.set(row.creatorId, (onBoards.get(row.creatorId) ?? 0) + row.paidCents);
  for (const [creator, cents] of paid)
    expect(onBoards.get(creator) ?? 0, `${at}: creator ${creator} paid on the boards`).toBe(cents);
}
