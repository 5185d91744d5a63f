// Stripe's webhooks, step two of three: a verified event's change (rest/payments.ts verified
// and parsed it) is applied here, at most once per event id, by the model function for its
// kind; the rows it writes move the ledger through their triggers (model/money/triggers.ts).
import { v } from "convex/values";
import { internalAction } from "./_generated/server";
import { internalMutation } from "./functions";
import { internal } from "./_generated/api";
import { applySessionState } from "./model/money/contributions";
import { applyDispute } from "./model/money/disputes";
import { recordRefund } from "./model/money/refunds";
import { applyAccountUpdate } from "./model/money/payoutAccounts";
import { listRefunds } from "./model/money/stripe";
import { eventChangeValidator, refundStateValidator } from "./model/money/states";

export const applyEvent = internalMutation({
  args: { eventId: v.string(), type: v.string(), change: eventChangeValidator },
  handler: async (ctx, { eventId, type, change }) => {
    const seen = await ctx.db
      .query("stripeEvents")
      .withIndex("by_event", (q) => q.eq("eventId", eventId))
      .unique();
    if (seen) return "duplicate";
    await ctx.db.insert("stripeEvents", { eventId, type });
    const now = Date.now();
    switch (change.kind) {
      case "session":
        await applySessionState(ctx, change.state, change.failed);
        break;
      case "refund":
        await recordRefund(ctx, change.refund, now);
        break;
      case "charge_refunds":
        await ctx.scheduler.runAfter(0, internal.stripe.syncRefunds, {
          paymentIntentId: change.paymentIntentId,
        });
        break;
      case "dispute":
        await applyDispute(ctx, change.dispute, now);
        break;
      case "account":
        await applyAccountUpdate(ctx, change.stripeAccountId, change.ready);
        break;
      case "ignored":
        break;
    }
    return "applied";
  },
});

/** Re-reads every refund of a payment from Stripe (its charge changed, or a periodic check). */
export const syncRefunds = internalAction({
  args: { paymentIntentId: v.string() },
  handler: async (ctx, { paymentIntentId }) => {
    const refunds = await listRefunds(paymentIntentId);
    await ctx.runMutation(internal.stripe.recordRefunds, { refunds });
  },
});

export const recordRefunds = internalMutation({
  args: { refunds: v.array(refundStateValidator) },
  handler: async (ctx, { refunds }) => {
    for (const refund of refunds) await recordRefund(ctx, refund, Date.now());
  },
});
