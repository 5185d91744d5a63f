// The operator page (admins only; the role is granted from the command line): movements that
// need attention, every held cent with its deadline, and totals to compare with Stripe.
//   npx convex run operator:grantAdmin '{"email": "ops@example.com"}'
import { ConvexError, v, type Infer } from "convex/values";
import { literals } from "convex-helpers/validators";
import { internalMutation, internalQuery } from "./_generated/server";
import type { Doc } from "./_generated/dataModel";
import { adminAction, adminQuery, publicQuery } from "./functions";
import { readCounter } from "./model/counters";
import { judgingEndsAt } from "./model/ideas";
import { EMPTY_BUCKETS, heldCents } from "./model/money/ledger";
import { platformBalance } from "./model/money/stripe";
import { heldReasonValidator } from "./model/money/viewShapes";
import { moneyBucketsValidator } from "./model/validators";
import schema from "./schema";

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

/** Money still here, one contribution's worth: why, and until when (null: an operator is on it). */
const heldLineValidator = v.object({
  contributionId: v.id("contributions"),
  proposalId: v.id("proposals"),
  proposalTitle: v.string(),
  cents: v.number(),
  until: v.nullable(v.number()),
  reason: heldReasonValidator,
});

/** Why a contribution's money is still here, and until when. */
async function heldLine(
  ctx: { db: import("./_generated/server").QueryCtx["db"] },
  c: Doc<"contributions">,
): Promise<Infer<typeof heldLineValidator> | null> {
  const proposal = await ctx.db.get("proposals", c.proposalId);
  const b = c.money ?? EMPTY_BUCKETS;
  const cents = heldCents(b) + b.refundFailedCents;
  if (cents <= 0 || proposal === null) return null;
  const award = (
    await ctx.db
      .query("awards")
      .withIndex("by_contribution", (q) => q.eq("contributionId", c._id))
      .take(50)
  ).find((a) => a.status === "waiting" || a.status === "paying");
  const reason =
    b.refundFailedCents > 0
      ? ("refund_failed" as const)
      : award?.status === "waiting"
        ? ("waiting_for_creator" as const)
        : award
          ? ("being_paid" as const)
          : ("judging" as const);
  const until =
    reason === "waiting_for_creator"
      ? award!.claimDeadline
      : reason === "judging"
        ? judgingEndsAt(proposal.expiration)
        : null;
  return {
    contributionId: c._id,
    proposalId: proposal._id,
    proposalTitle: proposal.title,
    cents,
    until,
    reason,
  };
}

/** A movement an operator must look at. */
const attentionValidator = schema
  .doc("moneyMovements")
  .pick("kind", "amountCents", "proposalId", "contributionId", "attempts")
  .extend({
    movementId: v.id("moneyMovements"),
    state: literals("needs_attention", "failed"),
    proposalTitle: v.string(),
    lastError: v.nullable(v.string()),
    createdAt: v.number(),
  });

export const overview = adminQuery({
  args: {},
  returns: v.object({
    totals: moneyBucketsValidator.extend({ heldCents: v.number() }),
    attention: v.array(attentionValidator),
    held: v.array(heldLineValidator),
  }),
  handler: async (ctx) => {
    const counter = async (name: Parameters<typeof readCounter>[1]) => await readCounter(ctx, name);
    const platform = {
      collectedCents: await counter("money.collected"),
      refundedCents: await counter("money.refunded"),
      refundingCents: await counter("money.refunding"),
      refundFailedCents: await counter("money.refundFailed"),
      transferredCents: await counter("money.transferred"),
      disputedCents: await counter("money.disputed"),
      lostCents: await counter("money.lost"),
    };
    const attention = [];
    for (const state of ["needs_attention", "failed"] as const) {
      const rows = await ctx.db
        .query("moneyMovements")
        .withIndex("by_state_next", (q) => q.eq("state", state))
        .take(100);
      for (const m of rows) {
        attention.push({
          movementId: m._id,
          kind: m.kind,
          state,
          amountCents: m.amountCents,
          proposalId: m.proposalId,
          proposalTitle: (await ctx.db.get("proposals", m.proposalId))?.title ?? "Deleted idea",
          contributionId: m.contributionId,
          attempts: m.attempts,
          lastError: m.lastError ?? null,
          createdAt: m._creationTime,
        });
      }
    }
    const held = [];
    const paid = await ctx.db
      .query("contributions")
      .withIndex("by_status_recheck", (q) => q.eq("status", "paid"))
      .take(500);
    for (const c of paid) {
      const line = await heldLine(ctx, c);
      if (line) held.push(line);
    }
    held.sort((a, b) => (a.until ?? Infinity) - (b.until ?? Infinity));
    return {
      totals: { ...platform, heldCents: heldCents(platform) },
      attention,
      held: held.slice(0, 100),
    };
  },
});

export const stripeBalance = adminAction({
  args: {},
  returns: v.object({ availableCents: v.number(), pendingCents: v.number() }),
  handler: async (): Promise<{ availableCents: number; pendingCents: number }> =>
    await platformBalance(),
});
