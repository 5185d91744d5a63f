// Contributions in the database: created pending, moved forward by Stripe's word (webhooks or a
// lookup of the session), counted into the idea's bounty and ledger exactly once.
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { amountProblem, canMove, statusFromSession, type ContributionStatus } from "./money";
import { judgingEndsAt } from "./ideas";
import type { SessionState } from "./payments/stripe";

type LedgerKind = Doc<"ledgerEntries">["kind"];
const TOTAL_FIELD: Record<LedgerKind, keyof NonNullable<Doc<"proposals">["ledger"]>> = {
  contributed: "contributedCents",
  refunded: "refundedCents",
  awarded: "awardedCents",
  paid_out: "paidOutCents",
};
const EMPTY_LEDGER = { contributedCents: 0, refundedCents: 0, awardedCents: 0, paidOutCents: 0 };

/** Records a movement of money on an idea: a ledger line and the idea's totals (and bounty). */
export async function recordMoney(
  ctx: MutationCtx,
  proposalId: Id<"proposals">,
  kind: LedgerKind,
  amountCents: number,
  refs: { contributionId?: Id<"contributions">; submissionId?: Id<"submissions"> } = {},
) {
  if (amountCents <= 0) return;
  const proposal = await ctx.db.get("proposals", proposalId);
  if (proposal === null) return;
  await ctx.db.insert("ledgerEntries", { proposalId, kind, amountCents, ...refs });
  const ledger = { ...EMPTY_LEDGER, ...proposal.ledger };
  ledger[TOTAL_FIELD[kind]] += amountCents;
  // The bounty is what has been paid and not refunded (product rules).
  await ctx.db.patch("proposals", proposalId, {
    ledger,
    bountyCents: ledger.contributedCents - ledger.refundedCents,
  });
}

export async function createPendingContribution(
  ctx: MutationCtx,
  args: { proposalId: Id<"proposals">; contributorId: Id<"users"> | null; amountCents: number },
): Promise<{ contributionId: Id<"contributions">; title: string }> {
  const problem = amountProblem(args.amountCents);
  if (problem) throw new ConvexError({ message: problem });
  const proposal = await ctx.db.get("proposals", args.proposalId);
  if (proposal === null) throw new ConvexError({ message: "This idea does not exist." });
  if (proposal.status !== "open" || proposal.expiration <= Date.now()) {
    throw new ConvexError({ message: "This idea is no longer accepting contributions." });
  }
  const contributionId = await ctx.db.insert("contributions", {
    proposalId: args.proposalId,
    ...(args.contributorId ? { contributorId: args.contributorId } : {}),
    amountCents: args.amountCents,
    status: "pending",
    payoutPreference: "customer_choice",
    refundedCents: 0,
    settled: false,
  });
  return { contributionId, title: proposal.title };
}

export async function contributionBySession(ctx: QueryCtx, sessionId: string) {
  return await ctx.db
    .query("contributions")
    .withIndex("by_session", (q) => q.eq("checkoutSessionId", sessionId))
    .unique();
}

/**
 * Applies what Stripe says about a Checkout Session (from any event, in any order, or from a
 * lookup). Returns the contribution's status afterwards.
 */
export async function applySessionState(
  ctx: MutationCtx,
  state: SessionState,
  failed = false,
): Promise<ContributionStatus | null> {
  let contribution = await contributionBySession(ctx, state.sessionId);
  if (contribution === null && state.contributionId) {
    const id = ctx.db.normalizeId("contributions", state.contributionId);
    contribution = id ? await ctx.db.get("contributions", id) : null;
  }
  if (contribution === null) return null;
  // An async payment that failed leaves the session "complete, unpaid": only the event says so.
  const target: ContributionStatus = failed ? "failed" : statusFromSession(state);
  if (!canMove(contribution.status, target)) return contribution.status;
  if (target === contribution.status && target !== "paid") return target;
  const becamePaid = target === "paid" && contribution.status !== "paid";
  await ctx.db.patch("contributions", contribution._id, {
    status: target,
    checkoutSessionId: state.sessionId,
    ...(state.paymentIntentId ? { paymentIntentId: state.paymentIntentId } : {}),
    ...(state.customerDetails ? { customerDetails: state.customerDetails } : {}),
    ...(becamePaid ? { paidAt: Date.now() } : {}),
  });
  if (becamePaid) {
    await recordMoney(ctx, contribution.proposalId, "contributed", contribution.amountCents, {
      contributionId: contribution._id,
    });
    const updated = await ctx.db.get("contributions", contribution._id);
    if (updated) await syncRefund(ctx, updated);
    // Paid after the idea was settled (a late bank transfer): settle it now, by the same rule.
    const proposal = await ctx.db.get("proposals", contribution.proposalId);
    if (proposal?.status === "settled") {
      await ctx.scheduler.runAfter(0, internal.settlement.settleBatch, {
        proposalId: proposal._id,
      });
    }
  }
  return target;
}

/** Records a refund Stripe reports (the cumulative amount refunded on a payment). */
export async function applyRefund(
  ctx: MutationCtx,
  args: { paymentIntentId: string; amountRefundedCents: number },
) {
  const known = await ctx.db
    .query("stripeRefunds")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", args.paymentIntentId))
    .unique();
  if (known === null) {
    await ctx.db.insert("stripeRefunds", {
      paymentIntentId: args.paymentIntentId,
      amountRefundedCents: args.amountRefundedCents,
    });
  }
  if (known !== null && args.amountRefundedCents > known.amountRefundedCents) {
    await ctx.db.patch("stripeRefunds", known._id, {
      amountRefundedCents: args.amountRefundedCents,
    });
  }
  const contribution = await ctx.db
    .query("contributions")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", args.paymentIntentId))
    .unique();
  if (contribution) await syncRefund(ctx, contribution);
}

/** Brings a paid contribution's refunded amount (and the bounty) up to what Stripe reported. */
async function syncRefund(ctx: MutationCtx, contribution: Doc<"contributions">) {
  if (
    !contribution.paymentIntentId ||
    (contribution.status !== "paid" && contribution.status !== "refunded")
  )
    return;
  const reported = await ctx.db
    .query("stripeRefunds")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", contribution.paymentIntentId!))
    .unique();
  const refunded = Math.min(contribution.amountCents, reported?.amountRefundedCents ?? 0);
  const delta = refunded - contribution.refundedCents;
  if (delta <= 0) return;
  await ctx.db.patch("contributions", contribution._id, {
    refundedCents: refunded,
    ...(refunded >= contribution.amountCents ? { status: "refunded" as const } : {}),
  });
  await recordMoney(ctx, contribution.proposalId, "refunded", delta, {
    contributionId: contribution._id,
  });
}

/** Until the idea's first submission its contributor may change how the money is awarded. */
export async function setPayoutPreference(
  ctx: MutationCtx,
  userId: Id<"users">,
  contribution: Doc<"contributions">,
  preference: Doc<"contributions">["payoutPreference"],
) {
  if (contribution.contributorId !== userId) {
    throw new ConvexError({
      message: "Only the person who contributed can change this payout method.",
    });
  }
  const proposal = await ctx.db.get("proposals", contribution.proposalId);
  if (proposal === null || proposal.submissionCount > 0 || proposal.status !== "open") {
    throw new ConvexError({
      message: "Payout methods can only be changed until the idea's first submission.",
    });
  }
  await ctx.db.patch("contributions", contribution._id, { payoutPreference: preference });
}

/** The caller's paid contributions to an idea. */
export async function paidContributionsOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  proposalId: Id<"proposals">,
) {
  const mine = await ctx.db
    .query("contributions")
    .withIndex("by_contributor_proposal", (q) =>
      q.eq("contributorId", userId).eq("proposalId", proposalId),
    )
    .take(200);
  return mine.filter((c) => c.status === "paid");
}

/**
 * A customer_choice contributor picks the winning submission: any time after the first
 * submission and until the end of judging (expiration + 7 days).
 */
export async function pickWinner(
  ctx: MutationCtx,
  userId: Id<"users">,
  submission: Doc<"submissions">,
) {
  const proposal = await ctx.db.get("proposals", submission.proposalId);
  if (proposal === null) throw new ConvexError({ message: "This idea does not exist." });
  if (proposal.status === "settled" || Date.now() > judgingEndsAt(proposal.expiration)) {
    throw new ConvexError({ message: "The winner of this idea can no longer be chosen." });
  }
  const choosers = (await paidContributionsOf(ctx, userId, proposal._id)).filter(
    (c) => c.payoutPreference === "customer_choice" && !c.settled,
  );
  if (choosers.length === 0) {
    throw new ConvexError({
      message: "Only contributors who chose to pick the winner can choose one.",
    });
  }
  for (const c of choosers)
    await ctx.db.patch("contributions", c._id, { pickedSubmissionId: submission._id });
}
