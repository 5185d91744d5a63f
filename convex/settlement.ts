// Settlement's scheduled steps: settle an idea's contributions in batches, refund through Stripe
// (retrying with backoff), expire checkouts left open at the deadline.
import { v } from "convex/values";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { internal } from "./_generated/api";
import { settleBatch as settleContributions } from "./model/settlement";
import { applyRefund } from "./model/contributions";
import {
  expireCheckoutSession,
  refundPayment,
  retrieveCheckoutSession,
} from "./model/payments/stripe";

const MAX_REFUND_ATTEMPTS = 8;

export const settleBatch = internalMutation({
  args: { proposalId: v.id("proposals") },
  handler: async (ctx, { proposalId }) => {
    await settleContributions(ctx, proposalId, Date.now());
  },
});

export const contributionForRefund = internalQuery({
  args: { contributionId: v.id("contributions") },
  handler: async (ctx, { contributionId }) => await ctx.db.get("contributions", contributionId),
});

export const recordRefund = internalMutation({
  args: { paymentIntentId: v.string(), amountRefundedCents: v.number() },
  handler: async (ctx, args) => applyRefund(ctx, args),
});

/** Refunds a contribution in full through Stripe (idempotent), retrying on failure. */
export const refund = internalAction({
  args: { contributionId: v.id("contributions"), attempt: v.number() },
  handler: async (ctx, { contributionId, attempt }) => {
    const contribution = await ctx.runQuery(internal.settlement.contributionForRefund, {
      contributionId,
    });
    // Only contributions that settlement decided to refund; awarded money stays awarded.
    if (
      contribution === null ||
      contribution.outcome !== "refund" ||
      contribution.status !== "paid"
    )
      return;
    if (!contribution.paymentIntentId) return;
    const remaining = contribution.amountCents - contribution.refundedCents;
    if (remaining <= 0) return;
    try {
      await refundPayment({
        contributionId,
        paymentIntentId: contribution.paymentIntentId,
        amountCents: remaining,
      });
      await ctx.runMutation(internal.settlement.recordRefund, {
        paymentIntentId: contribution.paymentIntentId,
        amountRefundedCents: contribution.amountCents,
      });
    } catch (e) {
      console.error(`Refund of ${contributionId} failed (attempt ${attempt + 1})`, e);
      if (attempt + 1 < MAX_REFUND_ATTEMPTS) {
        await ctx.scheduler.runAfter(2 ** attempt * 60_000, internal.settlement.refund, {
          contributionId,
          attempt: attempt + 1,
        });
      }
    }
  },
});

export const openCheckouts = internalQuery({
  args: { proposalId: v.id("proposals") },
  handler: async (ctx, { proposalId }) => {
    const pending = await ctx.db
      .query("contributions")
      .withIndex("by_proposal_status", (q) =>
        q.eq("proposalId", proposalId).eq("status", "pending"),
      )
      .take(200);
    return pending.flatMap((c) => (c.checkoutSessionId ? [c.checkoutSessionId] : []));
  },
});

/**
 * At the deadline, checkouts still open are expired so nobody pays into a closed idea; one that
 * was completed meanwhile (its webhook still on the way) is brought up to date instead.
 */
export const expireOpenCheckouts = internalAction({
  args: { proposalId: v.id("proposals") },
  handler: async (ctx, { proposalId }) => {
    for (const sessionId of await ctx.runQuery(internal.settlement.openCheckouts, { proposalId })) {
      try {
        const state = await retrieveCheckoutSession(sessionId);
        if (state.status === "open") await expireCheckoutSession(sessionId);
        else await ctx.runMutation(internal.contributions.applySession, { state });
      } catch (e) {
        console.warn(`Could not close checkout ${sessionId}:`, (e as Error).message);
      }
    }
  },
});
