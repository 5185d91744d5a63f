// The operator page (admins only; the role is granted from the command line): movements that
// need attention, every held cent with its deadline, and totals to compare with Stripe.
//   npx convex run operator:grantAdmin '{"email": "ops@example.com"}'
import { ConvexError, v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { adminAction, adminQuery, publicQuery, internalMutation } from "./functions";
import { platformBalance } from "./model/money/stripe";
import { operatorOverview, operatorOverviewValidator } from "./model/money/operatorView";

export const grantAdmin = internalMutation({
  args: { email: v.string(), revoke: v.optional(v.boolean()) },
  handler: async (ctx, { email, revoke }) => {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .first();
    if (user === null) throw new ConvexError({ message: `No user with the email ${email}.` });
    await ctx.db.patch("users", user._id, { role: revoke ? undefined : "admin" });
    return user._id;
  },
});

/** For adminAction: the caller's id when they are an admin, else null. */
export const adminCheck = internalQuery({
  args: {},
  handler: async (ctx) => {
    const identity = await ctx.auth.getUserIdentity();
    const id = identity ? ctx.db.normalizeId("users", identity.subject.split("|")[0]!) : null;
    const user = id ? await ctx.db.get("users", id) : null;
    return user?.role === "admin" ? user._id : null;
  },
});

export const isAdmin = publicQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    if (ctx.viewerId === null) return false;
    return (await ctx.db.get("users", ctx.viewerId))?.role === "admin";
  },
});

export const overview = adminQuery({
  args: {},
  returns: operatorOverviewValidator,
  handler: async (ctx) => await operatorOverview(ctx),
});

export const stripeBalance = adminAction({
  args: {},
  returns: v.object({ availableCents: v.number(), pendingCents: v.number() }),
  handler: async (): Promise<{ availableCents: number; pendingCents: number }> =>
    await platformBalance(),
});
