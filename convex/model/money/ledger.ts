// The ledger: where each paid contribution's money is, in cents, always recomputed from the
// records that say so — Stripe's refunds and disputes of the payment, and our movements — never
// kept by hand, and why its held money is still here (the rules decide both: rules.ts). Every
// change becomes a dated ledger line and moves the idea's totals and the platform's, in the same
// transaction. Nothing calls the refresh by hand: triggers.ts runs it after every write to a
// table it reads (README.md, "Derived money").
import type { Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { addToCounter, type CounterName } from "../counters";
import {
  capFailures,
  countingCents,
  EMPTY_BUCKETS,
  heldCents,
  heldReasonOf,
  heldUntil,
  isLiveAward,
  refundBuckets,
  refundFinished,
  type Buckets,
  type RefundRecord,
} from "./rules";
import {
  HELD_REASONS,
  type HeldReason,
  type LedgerKind,
  type ledgerTotalsValidator,
} from "./states";
import { disputeIsOpen } from "./rules";

export type LedgerTotals = Infer<typeof ledgerTotalsValidator>;
export type HeldBy = Record<HeldReason, number>;

export const EMPTY_TOTALS: Required<Omit<LedgerTotals, "heldBy">> = {
  contributedCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  refundFailedCents: 0,
  paidOutCents: 0,
  disputedCents: 0,
  lostCents: 0,
  awardedCents: 0,
};

export function totalsOf(idea: Doc<"proposals">) {
  const { heldBy, ...totals }: LedgerTotals = idea.ledger ?? EMPTY_TOTALS;
  return { ...EMPTY_TOTALS, ...totals, heldBy: heldByOf(heldBy) };
}

export function heldByOf(heldBy: LedgerTotals["heldBy"]): HeldBy {
  return Object.fromEntries(HELD_REASONS.map((r) => [r, heldBy?.[r] ?? 0])) as HeldBy;
}

/** An idea's totals as buckets, so the bucket rules serve the idea as a whole. */
export function bucketsOfTotals(t: ReturnType<typeof totalsOf>): Buckets {
  return {
    collectedCents: t.contributedCents,
    refundedCents: t.refundedCents,
    refundingCents: t.refundingCents,
    refundFailedCents: t.refundFailedCents,
    transferredCents: t.paidOutCents,
    disputedCents: t.disputedCents,
    lostCents: t.lostCents,
  };
}

/** Only USD counts (product rules); other currencies are refunded and never reach the totals. */
export function countsTowardBounty(contribution: Doc<"contributions">): boolean {
  return (contribution.currency ?? "usd") === "usd";
}

export async function movementsOf(ctx: QueryCtx, contributionId: Id<"contributions">) {
  return await ctx.db
    .query("moneyMovements")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contributionId))
    .take(200);
}

export async function awardsOf(ctx: QueryCtx, contributionId: Id<"contributions">) {
  return await ctx.db
    .query("awards")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contributionId))
    .take(50);
}

/** The award that holds a contribution's money now (one at most), if any. */
export async function liveAwardOf(ctx: QueryCtx, contributionId: Id<"contributions">) {
  return (await awardsOf(ctx, contributionId)).find(isLiveAward) ?? null;
}

/** A contribution's buckets, from Stripe's records of its payment and our movements. */
export async function bucketsOf(
  ctx: QueryCtx,
  contribution: Doc<"contributions">,
  movements?: Doc<"moneyMovements">[],
): Promise<Buckets> {
  const collected = contribution.collectedCents ?? 0;
  if (collected === 0 || !contribution.paymentIntentId) return EMPTY_BUCKETS;
  const intent = contribution.paymentIntentId;
  const b = { ...EMPTY_BUCKETS, collectedCents: collected };
  const refunds = await ctx.db
    .query("stripeRefunds")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", intent))
    .take(100);
  const atStripe = new Set(refunds.flatMap((r) => (r.movementId ? [r.movementId] : [])));
  const records: RefundRecord[] = refunds.map((r) => ({
    amountCents: r.amountCents,
    status: r.status,
    createdAt: r.createdAt ?? r._creationTime,
    failedAt: refundFinished(r.status) === "failed" ? (r.failedAt ?? r.updatedAt) : null,
    // A refund we planned was for money that no failure holds; any other may be a redo.
    mayRedo: r.movementId === undefined,
  }));
  for (const m of movements ?? (await movementsOf(ctx, contribution._id))) {
    if (m.kind === "refund" && !atStripe.has(m._id)) {
      // Asked of Stripe but not seen there yet; given up on: the operator's to sort out.
      if (m.state === "planned" || m.state === "sent" || m.state === "needs_attention")
        records.push({
          amountCents: m.amountCents,
          status: m.state === "needs_attention" ? "failed" : "pending",
          createdAt: m._creationTime,
          failedAt: m.state === "needs_attention" ? (m.settledAt ?? m._creationTime) : null,
          mayRedo: false,
        });
    }
    if (m.state !== "confirmed") continue;
    if (m.kind === "transfer") b.transferredCents += m.amountCents;
    if (m.kind === "reversal") b.transferredCents -= m.amountCents;
  }
  Object.assign(b, refundBuckets(records));
  const disputes = await ctx.db
    .query("stripeDisputes")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", intent))
    .take(20);
  for (const dispute of disputes) {
    if (disputeIsOpen(dispute.status)) b.disputedCents += dispute.amountCents;
    else if (dispute.status === "lost") b.lostCents += dispute.amountCents;
  }
  return capFailures(b);
}

/** Where a contribution's money is and why what is held is held, by the rules. */
export async function placeOf(ctx: QueryCtx, contribution: Doc<"contributions">) {
  const movements = await movementsOf(ctx, contribution._id);
  const buckets = await bucketsOf(ctx, contribution, movements);
  const held = heldCents(buckets);
  const reason = heldReasonOf({
    disputed: buckets.disputedCents > 0,
    needsAttention: movements.some(
      (m) => m.state === "needs_attention" && (m.kind === "transfer" || m.kind === "reversal"),
    ),
    settled: contribution.settled,
    award: await liveAwardOf(ctx, contribution._id),
  });
  return { buckets, held, reason: held === 0 ? null : reason };
}

/** Each bucket's idea total (the money box) and platform counter (the operator page). */
export const BUCKET_TOTAL = {
  collectedCents: "contributedCents",
  refundedCents: "refundedCents",
  refundingCents: "refundingCents",
  refundFailedCents: "refundFailedCents",
  transferredCents: "paidOutCents",
  disputedCents: "disputedCents",
  lostCents: "lostCents",
} as const satisfies Record<keyof Buckets, keyof LedgerTotals>;
export const BUCKET_COUNTER = Object.fromEntries(
  Object.keys(EMPTY_BUCKETS).map((k) => [k, `money.${k.replace(/Cents$/, "")}`]),
) as Record<keyof Buckets, CounterName>;

export interface LedgerLine {
  kind: LedgerKind;
  cents: number;
  /** The change of each bucket this line stands for: the lines of a change add up to it. */
  deltas: Partial<Buckets>;
}

/**
 * The ledger lines a change of buckets means, in plain kinds. Every cent of the change belongs
 * to exactly one line (a refund that failed moves money out of "refunded" into "refund failed"
 * in one line; its redo moves it from "refund failed" into "refunded"), so summing the lines'
 * deltas gives back the totals.
 */
export function linesFor(before: Buckets, after: Buckets): LedgerLine[] {
  const rest = {} as Buckets;
  for (const k of Object.keys(EMPTY_BUCKETS) as (keyof Buckets)[]) rest[k] = after[k] - before[k];
  const lines: LedgerLine[] = [];
  const line = (kind: LedgerKind, deltas: Partial<Buckets>, cents: number) => {
    if (cents <= 0) return;
    for (const [k, v] of Object.entries(deltas) as [keyof Buckets, number][]) rest[k] -= v;
    lines.push({ kind, cents, deltas });
  };
  /** How much bucket k fell in this change (not yet given to a line), up to `upTo`. */
  const drop = (k: keyof Buckets, upTo: number) => Math.min(upTo, Math.max(0, -rest[k]));
  /** A bucket that rose, its cents taken first from these buckets where they fell. */
  const rise = (kind: LedgerKind, k: keyof Buckets, from: (keyof Buckets)[]) => {
    const cents = rest[k];
    const deltas: Partial<Buckets> = { [k]: cents };
    let left = cents;
    for (const f of from) {
      deltas[f] = -drop(f, left);
      left += deltas[f];
    }
    line(kind, deltas, cents);
  };
  line("contributed", { collectedCents: rest.collectedCents }, rest.collectedCents);
  rise("lost", "lostCents", ["disputedCents"]);
  line("disputed", { disputedCents: rest.disputedCents }, rest.disputedCents);
  line("dispute_won", { disputedCents: rest.disputedCents }, -rest.disputedCents);
  // A failed refund's money comes back from refunded (or refunding); a redo takes it from failed.
  rise("refund_failed", "refundFailedCents", ["refundedCents", "refundingCents"]);
  rise("refunded", "refundedCents", ["refundingCents", "refundFailedCents"]);
  rise("refund_started", "refundingCents", ["refundFailedCents"]);
  // A planned refund called off before Stripe made it (a Dashboard refund came first, say).
  line("refund_cancelled", { refundingCents: rest.refundingCents }, -rest.refundingCents);
  // A refund that failed when its money had already been refunded again.
  line("refund_failed", { refundedCents: rest.refundedCents }, -rest.refundedCents);
  // A refund seen before as other money turns out to be a failed one's redo (its failure's
  // date came later than the redo itself).
  line("refund_redone", { refundFailedCents: rest.refundFailedCents }, -rest.refundFailedCents);
  line("paid_out", { transferredCents: rest.transferredCents }, rest.transferredCents);
  line("reversed", { transferredCents: rest.transferredCents }, -rest.transferredCents);
  return lines;
}

/**
 * A contribution's buckets as the ledger keeps them. Always current inside a mutation: every
 * write that can change them refreshes them before it returns (triggers.ts).
 */
export async function currentBuckets(
  ctx: QueryCtx,
  contributionId: Id<"contributions">,
): Promise<Buckets> {
  return (await ctx.db.get("contributions", contributionId))?.money ?? EMPTY_BUCKETS;
}

/**
 * Brings a contribution's money up to date with its records — its buckets, and why its held
 * money is held — and writes what changed into the ledger and the totals. Run by triggers.ts
 * after every write to the tables it reads, with a database whose writes trigger nothing (what
 * it writes is read by nothing it depends on); and once by the backfill of held reasons.
 */
export async function refreshMoney(
  ctx: MutationCtx,
  contributionId: Id<"contributions">,
): Promise<void> {
  const contribution = await ctx.db.get("contributions", contributionId);
  if (contribution === null) return;
  const idea = await ctx.db.get("proposals", contribution.ideaId);
  const before = contribution.money ?? EMPTY_BUCKETS;
  const { buckets: after, held, reason } = await placeOf(ctx, contribution);
  const until = reason === null || idea === null ? null : heldUntil(reason, idea.expiration);
  const keys = Object.keys(EMPTY_BUCKETS) as (keyof Buckets)[];
  const moneyChanged = keys.some((k) => before[k] !== after[k]);
  const heldBefore = contribution.heldReason ?? null;
  const placeChanged = heldBefore !== reason || (contribution.heldUntil ?? null) !== until;
  if (!moneyChanged && !placeChanged) return;
  // "Refunded" only while Stripe says every cent came back (a refund can still fail later).
  const fullyRefunded = after.collectedCents > 0 && after.refundedCents >= after.collectedCents;
  const status =
    contribution.status === "paid" || contribution.status === "refunded"
      ? fullyRefunded
        ? ("refunded" as const)
        : ("paid" as const)
      : contribution.status;
  await ctx.db.patch("contributions", contributionId, {
    money: after,
    status,
    heldReason: reason ?? undefined,
    heldUntil: until ?? undefined,
  });
  if (!countsTowardBounty(contribution) || idea === null) return;
  if (moneyChanged)
    for (const line of linesFor(before, after)) {
      await ctx.db.insert("ledgerEntries", {
        ideaId: idea._id,
        kind: line.kind,
        amountCents: line.cents,
        deltas: line.deltas,
        contributionId,
        ...(contribution.awardedSubmissionId
          ? { submissionId: contribution.awardedSubmissionId }
          : {}),
      });
    }
  const totals = totalsOf(idea);
  for (const k of keys) {
    const delta = after[k] - before[k];
    if (delta === 0) continue;
    totals[BUCKET_TOTAL[k]] += delta;
    await addToCounter(ctx, BUCKET_COUNTER[k], delta);
  }
  if (heldBefore !== null) totals.heldBy[heldBefore] -= heldCents(before);
  if (reason !== null) totals.heldBy[reason] += held;
  await ctx.db.patch("proposals", idea._id, {
    ledger: totals,
    bountyCents: countingCents(bucketsOfTotals(totals)),
  });
}

/** What an award holds of the idea's awarded total: its amount while it is someone's. */
function awardedBy(award: Doc<"awards"> | null): number {
  return award !== null && isLiveAward(award) ? award.amountCents : 0;
}

/**
 * The ledger line a change of an award means. Awards are decisions, not movements: their lines
 * move only the idea's awarded total. Made: "awarded"; passed to the next video (its
 * `passedBecause` just set): "award_passed" or "award_video_gone" for what it no longer holds;
 * any other lowering (a refund or chargeback after the award, a cancellation): "award_reduced".
 */
export function awardLineFor(
  before: Doc<"awards"> | null,
  after: Doc<"awards"> | null,
): { kind: LedgerKind; cents: number } | null {
  const delta = awardedBy(after) - awardedBy(before);
  if (delta === 0) return null;
  if (delta > 0) return { kind: "awarded", cents: delta };
  const passed = before?.passedBecause === undefined ? after?.passedBecause : undefined;
  const kind =
    passed === "video_gone"
      ? "award_video_gone"
      : passed === "unclaimed"
        ? "award_passed"
        : "award_reduced";
  return { kind, cents: -delta };
}

/** Writes an award change's line and moves the idea's awarded total (triggers.ts). */
export async function refreshAwardLine(
  ctx: MutationCtx,
  before: Doc<"awards"> | null,
  after: Doc<"awards"> | null,
): Promise<void> {
  const award = after ?? before;
  const line = awardLineFor(before, after);
  if (award === null || line === null) return;
  const idea = await ctx.db.get("proposals", award.ideaId);
  if (idea === null) return;
  await ctx.db.insert("ledgerEntries", {
    ideaId: idea._id,
    kind: line.kind,
    amountCents: line.cents,
    contributionId: award.contributionId,
    submissionId: award.submissionId,
  });
  const totals = totalsOf(idea);
  totals.awardedCents += line.kind === "awarded" ? line.cents : -line.cents;
  await ctx.db.patch("proposals", idea._id, { ledger: totals });
}
