// Creators' Stripe Connect accounts: ready means Stripe lets them receive transfers.
import type { MutationCtx } from "../../_generated/server";
import { creatorBecamePayable } from "./claims";

/** From Stripe (a Connect webhook, or a re-read when the creator returns from onboarding). */
export async function applyAccountUpdate(
  ctx: MutationCtx,
  stripeAccountId: string,
  ready: boolean,
) {
  const account = await ctx.db
    .query("payoutAccounts")
    .withIndex("by_account", (q) => q.eq("stripeAccountId", stripeAccountId))
    .unique();
  if (account === null) return;
  if (account.ready !== ready) await ctx.db.patch("payoutAccounts", account._id, { ready });
  if (ready) await creatorBecamePayable(ctx, account.userId);
}
