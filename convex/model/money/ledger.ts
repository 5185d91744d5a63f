// The ledger: where each paid contribution's money is, in cents, always recomputed from the
// records that say so — Stripe's refunds and disputes of the payment, and our confirmed
// transfers and reversals — never kept by hand. Every change becomes a dated ledger line and
// moves the idea's totals and the platform's, in the same transaction.
import type { Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { addToCounter, type CounterName } from "../counters";
import { disputeIsOpen } from "./stripeEvents";
import type { LedgerKind } from "./states";
import type { ledgerTotalsValidator, moneyBucketsValidator } from "../validators";

export type Buckets = Infer<typeof moneyBucketsValidator>;
export type LedgerTotals = Infer<typeof ledgerTotalsValidator>;

export const EMPTY_BUCKETS: Buckets = {
  collectedCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  refundFailedCents: 0,
  transferredCents: 0,
  disputedCents: 0,
  lostCents: 0,
};

export const EMPTY_TOTALS: Required<LedgerTotals> = {
  contributedCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  refundFailedCents: 0,
  paidOutCents: 0,
  disputedCents: 0,
  lostCents: 0,
  awardedCents: 0,
};

/** Money still on the platform: what is neither returned, paid out, frozen nor lost. */
export function heldCents(b: Buckets): number {
  return (
    b.collectedCents -
    b.refundedCents -
    b.refundingCents -
    b.refundFailedCents -
    b.transferredCents -
    b.disputedCents -
    b.lostCents
  );
}

/** What can still go to a creator: collected, less refunds (any state), disputes and losses. */
export function awardableCents(b: Buckets): number {
  return b.collectedCents - b.refundedCents - b.refundingCents - b.refundFailedCents - b.lostCents;
}

export function totalsOf(proposal: Doc<"proposals">): Required<LedgerTotals> {
  return { ...EMPTY_TOTALS, ...proposal.ledger };
}

/** An idea's totals as buckets, so the bucket rules (heldCents) serve the idea as a whole. */
export function bucketsOfTotals(t: Required<LedgerTotals>): Buckets {
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

/** The bounty: paid money that is neither refunded (in any state), disputed nor lost. */
export function bountyOf(t: Required<LedgerTotals>): number {
  return (
    t.contributedCents -
    t.refundedCents -
    t.refundingCents -
    t.refundFailedCents -
    t.disputedCents -
    t.lostCents
  );
}

/** Only USD counts (product rules); other currencies are refunded and never reach the totals. */
export function countsTowardBounty(contribution: Doc<"contributions">): boolean {
  return (contribution.currency ?? "usd") === "usd";
}

/** A contribution's buckets, from Stripe's records of its payment and our movements. */
export async function bucketsOf(
  ctx: QueryCtx,
  contribution: Doc<"contributions">,
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
  for (const refund of refunds) {
    if (refund.status === "succeeded") b.refundedCents += refund.amountCents;
    else if (refund.status === "failed" || refund.status === "canceled")
      b.refundFailedCents += refund.amountCents;
    else b.refundingCents += refund.amountCents;
  }
  const movements = await ctx.db
    .query("moneyMovements")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contribution._id))
    .take(200);
  for (const m of movements) {
    if (m.kind === "refund" && !atStripe.has(m._id)) {
      // Asked of Stripe but not seen there yet; given up on: the operator's to sort out.
      if (m.state === "planned" || m.state === "sent") b.refundingCents += m.amountCents;
      else if (m.state === "needs_attention") b.refundFailedCents += m.amountCents;
    }
    if (m.state !== "confirmed") continue;
    if (m.kind === "transfer") b.transferredCents += m.amountCents;
    if (m.kind === "reversal") b.transferredCents -= m.amountCents;
  }
  const disputes = await ctx.db
    .query("stripeDisputes")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", intent))
    .take(20);
  for (const dispute of disputes) {
    if (disputeIsOpen(dispute.status)) b.disputedCents += dispute.amountCents;
    else if (dispute.status === "lost") b.lostCents += dispute.amountCents;
  }
  return b;
}

const BUCKET_TOTAL: Record<keyof Buckets, keyof LedgerTotals> = {
  collectedCents: "contributedCents",
  refundedCents: "refundedCents",
  refundingCents: "refundingCents",
  refundFailedCents: "refundFailedCents",
  transferredCents: "paidOutCents",
  disputedCents: "disputedCents",
  lostCents: "lostCents",
};
const BUCKET_COUNTER: Record<keyof Buckets, CounterName> = {
  collectedCents: "money.collected",
  refundedCents: "money.refunded",
  refundingCents: "money.refunding",
  refundFailedCents: "money.refundFailed",
  transferredCents: "money.transferred",
  disputedCents: "money.disputed",
  lostCents: "money.lost",
};

export interface LedgerLine {
  kind: LedgerKind;
  cents: number;
  /** The change of each bucket this line stands for: the lines of a change add up to it. */
  deltas: Partial<Buckets>;
}

/**
 * The ledger lines a change of buckets means, in plain kinds. Every cent of the change belongs
 * to exactly one line (a refund that failed moves money out of "refunded" into "refund failed"
 * in one line), so summing the lines' deltas gives back the totals.
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
  const drop = (k: keyof Buckets, upTo: number) => Math.min(upTo, Math.max(0, -rest[k]));
  line("contributed", { collectedCents: rest.collectedCents }, rest.collectedCents);
  if (rest.lostCents > 0) {
    const fromDispute = drop("disputedCents", rest.lostCents);
    line("lost", { lostCents: rest.lostCents, disputedCents: -fromDispute }, rest.lostCents);
  }
  line("disputed", { disputedCents: rest.disputedCents }, rest.disputedCents);
  line("dispute_won", { disputedCents: rest.disputedCents }, -rest.disputedCents);
  if (rest.refundFailedCents > 0) {
    const failed = rest.refundFailedCents;
    const fromRefunded = drop("refundedCents", failed);
    const fromRefunding = drop("refundingCents", failed - fromRefunded);
    line(
      "refund_failed",
      { refundFailedCents: failed, refundedCents: -fromRefunded, refundingCents: -fromRefunding },
      failed,
    );
  }
  if (rest.refundedCents > 0) {
    const refunded = rest.refundedCents;
    line(
      "refunded",
      { refundedCents: refunded, refundingCents: -drop("refundingCents", refunded) },
      refunded,
    );
  }
  line("refund_started", { refundingCents: rest.refundingCents }, rest.refundingCents);
  // A planned refund called off before Stripe made it (a Dashboard refund came first, say).
  line("refund_cancelled", { refundingCents: rest.refundingCents }, -rest.refundingCents);
  line("paid_out", { transferredCents: rest.transferredCents }, rest.transferredCents);
  line("reversed", { transferredCents: rest.transferredCents }, -rest.transferredCents);
  return lines;
}

/**
 * Brings a contribution's buckets up to date with its records and writes what changed into the
 * ledger and the totals. Every change of money goes through here. Returns the new buckets.
 */
export async function syncMoney(
  ctx: MutationCtx,
  contributionId: Id<"contributions">,
): Promise<Buckets> {
  const contribution = await ctx.db.get("contributions", contributionId);
  if (contribution === null) return EMPTY_BUCKETS;
  const before = contribution.money ?? EMPTY_BUCKETS;
  const after = await bucketsOf(ctx, contribution);
  const keys = Object.keys(EMPTY_BUCKETS) as (keyof Buckets)[];
  if (keys.every((k) => before[k] === after[k])) return after;
  // "Refunded" only while Stripe says every cent came back (a refund can still fail later).
  const fullyRefunded = after.collectedCents > 0 && after.refundedCents >= after.collectedCents;
  const status =
    contribution.status === "paid" || contribution.status === "refunded"
      ? fullyRefunded
        ? ("refunded" as const)
        : ("paid" as const)
      : contribution.status;
  await ctx.db.patch("contributions", contributionId, { money: after, status });
  if (!countsTowardBounty(contribution)) return after;
  const proposal = await ctx.db.get("proposals", contribution.proposalId);
  if (proposal === null) return after;
  for (const line of linesFor(before, after)) {
    await ctx.db.insert("ledgerEntries", {
      proposalId: proposal._id,
      kind: line.kind,
      amountCents: line.cents,
      deltas: line.deltas,
      contributionId,
      ...(contribution.awardedSubmissionId
        ? { submissionId: contribution.awardedSubmissionId }
        : {}),
    });
  }
  const totals = totalsOf(proposal);
  for (const k of keys) {
    const delta = after[k] - before[k];
    if (delta === 0) continue;
    totals[BUCKET_TOTAL[k]] += delta;
    await addToCounter(ctx, BUCKET_COUNTER[k], delta);
  }
  await ctx.db.patch("proposals", proposal._id, { ledger: totals, bountyCents: bountyOf(totals) });
  return after;
}

/** Awards are decisions, not movements: their lines move only the idea's awarded total. */
export async function recordAwardLine(
  ctx: MutationCtx,
  award: Doc<"awards">,
  kind: "awarded" | "award_passed" | "award_reduced",
  cents: number,
) {
  if (cents <= 0) return;
  const proposal = await ctx.db.get("proposals", award.proposalId);
  if (proposal === null) return;
  await ctx.db.insert("ledgerEntries", {
    proposalId: proposal._id,
    kind,
    amountCents: cents,
    contributionId: award.contributionId,
    submissionId: award.submissionId,
  });
  const totals = totalsOf(proposal);
  totals.awardedCents += kind === "awarded" ? cents : -cents;
  await ctx.db.patch("proposals", proposal._id, { ledger: totals });
}
