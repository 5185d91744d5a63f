// Creators' payouts through Stripe Connect: a payout account from the profile, and transfers of
// owed earnings once the account is ready and the video's ownership is proven.
import { ConvexError, v } from "convex/values";
import { getAuthUserId } from "@convex-dev/auth/server";
import Stripe from "stripe";
import {
  action,
  internalAction,
  internalMutation,
  internalQuery,
  query,
} from "./_generated/server";
import { internal } from "./_generated/api";
import { recordMoney } from "./model/contributions";
import {
  chargeOf,
  createPayoutAccount,
  payoutAccountLink,
  transferEarning,
} from "./model/payments/stripe";

/** Opens (or resumes) Stripe's onboarding for the caller's payout account. */
export const startOnboarding = action({
  args: {},
  handler: async (ctx): Promise<{ url: string }> => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: "Please sign in to set up payouts." });
    const existing = await ctx.runQuery(internal.payouts.accountOf, { userId });
    let accountId = existing?.stripeAccountId;
    if (!accountId) {
      const email = await ctx.runQuery(internal.payouts.emailOf, { userId });
      accountId = await createPayoutAccount({ userId, email: email ?? undefined });
      await ctx.runMutation(internal.payouts.saveAccount, { userId, stripeAccountId: accountId });
    }
    return { url: await payoutAccountLink(accountId) };
  },
});

/** The caller's payout account and earnings: owed (about to be paid), waiting, paid. */
export const mine = query({
  args: {},
  handler: async (ctx) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) return null;
    const account = await ctx.db
      .query("payoutAccounts")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique();
    const owed = await ctx.db
      .query("earnings")
      .withIndex("by_creator_status", (q) => q.eq("creatorId", userId).eq("status", "owed"))
      .take(500);
    const paid = await ctx.db
      .query("earnings")
      .withIndex("by_creator_status", (q) => q.eq("creatorId", userId).eq("status", "paid"))
      .take(500);
    let pendingCents = 0;
    let waitingForOwnershipCents = 0;
    for (const earning of owed) {
      const submission = await ctx.db.get("submissions", earning.submissionId);
      if (submission?.checklist.ownedBySubmitter) pendingCents += earning.amountCents;
      else waitingForOwnershipCents += earning.amountCents;
    }
    return {
      account: account ? { ready: account.ready } : null,
      owedCents: pendingCents + waitingForOwnershipCents,
      pendingCents,
      waitingForOwnershipCents,
      paidCents: paid.reduce((sum, e) => sum + e.amountCents, 0),
    };
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

/** From Stripe's account.updated: a ready account gets its owed earnings. */
export const applyAccountUpdate = internalMutation({
  args: { stripeAccountId: v.string(), ready: v.boolean() },
  handler: async (ctx, { stripeAccountId, ready }) => {
    const account = await ctx.db
      .query("payoutAccounts")
      .withIndex("by_account", (q) => q.eq("stripeAccountId", stripeAccountId))
      .unique();
    if (account === null || account.ready === ready) return;
    await ctx.db.patch("payoutAccounts", account._id, { ready });
    if (ready)
      await ctx.scheduler.runAfter(0, internal.payouts.payCreator, { creatorId: account.userId });
  },
});

/** Earnings ready to transfer: owed, for a video whose ownership is proven. */
export const payableEarnings = internalQuery({
  args: { creatorId: v.id("users") },
  handler: async (ctx, { creatorId }) => {
    const owed = await ctx.db
      .query("earnings")
      .withIndex("by_creator_status", (q) => q.eq("creatorId", creatorId).eq("status", "owed"))
      .take(100);
    const payable = [];
    for (const earning of owed) {
      const submission = await ctx.db.get("submissions", earning.submissionId);
      const contribution = await ctx.db.get("contributions", earning.contributionId);
      if (!submission?.checklist.ownedBySubmitter || !contribution?.paymentIntentId) continue;
      payable.push({ ...earning, paymentIntentId: contribution.paymentIntentId });
    }
    return payable;
  },
});

export const markPaid = internalMutation({
  args: { earningId: v.id("earnings"), transferId: v.string() },
  handler: async (ctx, { earningId, transferId }) => {
    const earning = await ctx.db.get("earnings", earningId);
    if (earning === null || earning.status === "paid") return;
    await ctx.db.patch("earnings", earningId, { status: "paid", transferId });
    await recordMoney(ctx, earning.proposalId, "paid_out", earning.amountCents, {
      contributionId: earning.contributionId,
      submissionId: earning.submissionId,
    });
  },
});

export const markRefused = internalMutation({
  args: { earningId: v.id("earnings") },
  handler: async (ctx, { earningId }) => {
    const earning = await ctx.db.get("earnings", earningId);
    if (earning)
      await ctx.db.patch("earnings", earningId, {
        refusedTransfers: (earning.refusedTransfers ?? 0) + 1,
      });
  },
});

/** Transfers a creator's payable earnings to their ready payout account. */
export const payCreator = internalAction({
  args: { creatorId: v.id("users") },
  handler: async (ctx, { creatorId }) => {
    const account = await ctx.runQuery(internal.payouts.accountOf, { userId: creatorId });
    if (!account?.ready) return;
    for (const earning of await ctx.runQuery(internal.payouts.payableEarnings, { creatorId })) {
      try {
        const transferId = await transferEarning({
          // A refused transfer (e.g. funds not yet available) is retried under a new key;
          // a network failure reuses the key, so Stripe never pays twice.
          earningId: `${earning._id}-${earning.refusedTransfers ?? 0}`,
          accountId: account.stripeAccountId,
          amountCents: earning.amountCents,
          proposalId: earning.proposalId,
          chargeId: await chargeOf(earning.paymentIntentId),
        });
        await ctx.runMutation(internal.payouts.markPaid, { earningId: earning._id, transferId });
      } catch (e) {
        console.error(`Transfer of earning ${earning._id} failed`, e);
        if (
          e instanceof Stripe.errors.StripeError &&
          e.statusCode !== undefined &&
          e.statusCode < 500
        ) {
          await ctx.runMutation(internal.payouts.markRefused, { earningId: earning._id });
        }
      }
    }
  },
});
