// Creators' payouts through Stripe Connect: a payout account from the profile, its readiness
// from Stripe (the Connect webhook, or a re-read when the creator returns from onboarding), and
// the creator's awards. Transfers themselves are movements (convex/movements.ts).
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { internal } from "./_generated/api";
import { publicQuery, userAction, internalMutation } from "./functions";
import { applyAccountUpdate } from "./model/money/payoutAccounts";
import { limitAction } from "./model/rateLimits";
import { creatorAwardValidator } from "./model/money/viewShapes";
import { winsOf } from "./model/money/views";
import schema from "./schema";
import {
  createPayoutAccount,
  payoutAccountLink,
  retrievePayoutAccountReady,
} from "./model/money/stripe";

/** Opens (or resumes) Stripe's onboarding for the caller's payout account. */
export const startOnboarding = userAction({
  args: {},
  returns: v.object({ url: v.string() }),
  signInMessage: "Please sign in to set up payouts.",
  handler: async (ctx): Promise<{ url: string }> => {
    await limitAction(ctx, "payoutOnboarding", ctx.userId);
    const existing = await ctx.runQuery(internal.payouts.accountOf, { userId: ctx.userId });
    let accountId = existing?.stripeAccountId;
    if (!accountId) {
      const email = await ctx.runQuery(internal.payouts.emailOf, { userId: ctx.userId });
      accountId = await createPayoutAccount({ userId: ctx.userId, email: email ?? undefined });
      await ctx.runMutation(internal.payouts.saveAccount, {
        userId: ctx.userId,
        stripeAccountId: accountId,
      });
    }
    return { url: await payoutAccountLink(accountId) };
  },
});

/** Back from Stripe's onboarding: re-read the account, so readiness never waits for a webhook. */
export const refreshAccount = userAction({
  args: {},
  returns: v.nullable(schema.doc("payoutAccounts").pick("ready")),
  signInMessage: "Please sign in to set up payouts.",
  handler: async (ctx): Promise<{ ready: boolean } | null> => {
    const account = await ctx.runQuery(internal.payouts.accountOf, { userId: ctx.userId });
    if (account === null) return null;
    await limitAction(ctx, "payoutRefresh", ctx.userId);
    const ready = await retrievePayoutAccountReady(account.stripeAccountId);
    await ctx.runMutation(internal.payouts.applyAccount, {
      stripeAccountId: account.stripeAccountId,
      ready,
    });
    return { ready };
  },
});

export const applyAccount = internalMutation({
  args: { stripeAccountId: v.string(), ready: v.boolean() },
  handler: async (ctx, { stripeAccountId, ready }) =>
    await applyAccountUpdate(ctx, stripeAccountId, ready),
});

/** The caller's payout account and awards (waiting for them, being paid, paid). */
export const mine = publicQuery({
  args: {},
  returns: v.nullable(
    v.object({
      account: v.nullable(schema.doc("payoutAccounts").pick("ready")),
      awards: v.array(creatorAwardValidator),
    }),
  ),
  handler: async (ctx) => {
    const userId = ctx.viewerId;
    if (userId === null) return null;
    const account = await ctx.db
      .query("payoutAccounts")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique();
    const awards = await winsOf(ctx, userId);
    return { account: account ? { ready: account.ready } : null, awards };
  },
});

export const accountOf = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) =>
    await ctx.db
      .query("payoutAccounts")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique(),
});

export const emailOf = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => (await ctx.db.get("users", userId))?.email ?? null,
});

export const saveAccount = internalMutation({
  args: { userId: v.id("users"), stripeAccountId: v.string() },
  handler: async (ctx, args) => {
    const existing = await ctx.db
      .query("payoutAccounts")
      .withIndex("by_user", (q) => q.eq("userId", args.userId))
      .unique();
    if (!existing) await ctx.db.insert("payoutAccounts", { ...args, ready: false });
  },
});
