// Stripe's webhook events, each applied at most once, whatever the order they arrive in.
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { internal } from "./_generated/api";
import { applyRefund, applySessionState } from "./model/contributions";
import type { SessionState } from "./model/payments/stripe";
import { sessionStateValidator } from "./model/validators";

/** What the webhook route extracted (and validated) from an event. */
export const eventChangeValidator = v.union(
  v.object({ kind: v.literal("session"), state: sessionStateValidator, failed: v.boolean() }),
  v.object({
    kind: v.literal("refund"),
    paymentIntentId: v.string(),
    amountRefundedCents: v.number(),
  }),
  v.object({ kind: v.literal("account"), stripeAccountId: v.string(), ready: v.boolean() }),
  v.object({ kind: v.literal("ignored") }),
);

export const applyEvent = internalMutation({
  args: { eventId: v.string(), type: v.string(), change: eventChangeValidator },
  handler: async (ctx, { eventId, type, change }) => {
    const seen = await ctx.db
      .query("stripeEvents")
      .withIndex("by_event", (q) => q.eq("eventId", eventId))
      .unique();
    if (seen) return "duplicate";
    await ctx.db.insert("stripeEvents", { eventId, type });
    switch (change.kind) {
      case "session":
        await applySessionState(ctx, change.state as SessionState, change.failed);
        break;
      case "refund":
        await applyRefund(ctx, change);
        break;
      case "account":
        await ctx.runMutation(internal.payouts.applyAccountUpdate, {
          stripeAccountId: change.stripeAccountId,
          ready: change.ready,
        });
        break;
      case "ignored":
        break;
    }
    return "applied";
  },
});
