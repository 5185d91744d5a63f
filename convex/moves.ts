// Moving money to another idea, and taking it back after an extension: thin over
// model/money/moves.ts and model/money/extension.ts (the rules are model/money/rules.ts's).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { internalMutation, publicMutation, publicQuery, userMutation } from "./functions";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { limit } from "./model/rateLimits";
import {
  expireMoveWait,
  expireMoveWaitsPage,
  moveMoney,
  setIfNobodyDelivers as setChoice,
} from "./model/money/moves";
import { withdrawContribution } from "./model/money/extension";
import { ifNobodyDeliversValidator } from "./model/money/states";
import {
  destinationProblem,
  fullBuckets,
  heldCents,
  moveWindowEndOf,
  originalPaidAt,
} from "./model/money/rules";
import { ideaCardValidator, listIdeas, toCard } from "./model/ideas";

const SIGN_IN = "Please sign in to manage your contribution.";
export const NOT_FOUND = "Contribution not found.";

async function ownContribution(
  ctx: QueryCtx,
  contributionId: Id<"contributions">,
  userId: Id<"users">,
): Promise<Doc<"contributions">> {
  const c = await ctx.db.get("contributions", contributionId);
  if (c === null || c.contributorId !== userId) throw new ConvexError({ message: NOT_FOUND });
  return c;
}

/** "If nobody delivers": refund me, or let me move it to another idea (until the idea ends). */
export const setIfNobodyDelivers = userMutation({
  args: { contributionId: v.id("contributions"), choice: ifNobodyDeliversValidator },
  returns: v.null(),
  signInMessage: SIGN_IN,
  handler: async (ctx, { contributionId, choice }) => {
    await limit(ctx, "moneyChoice", ctx.userId);
    await setChoice(
      ctx,
      ctx.userId,
      await ownContribution(ctx, contributionId, ctx.userId),
      choice,
    );
    return null;
  },
});

/** Moves money waiting to move to an open idea; returns the contribution it became there. */
export const move = userMutation({
  args: { contributionId: v.id("contributions"), ideaId: v.id("proposals") },
  returns: v.id("contributions"),
  signInMessage: SIGN_IN,
  handler: async (ctx, { contributionId, ideaId }) => {
    await limit(ctx, "moneyChoice", ctx.userId);
    await ownContribution(ctx, contributionId, ctx.userId);
    return await moveMoney(ctx, ctx.userId, contributionId, ideaId, Date.now());
  },
});

/**
 * Takes a contribution's money back after the poster extended the deadline (until the original
 * deadline). A signed-in backer's own; an anonymous payment's through its confirmation link
 * (its Checkout Session id, which only its payer has).
 */
export const withdraw = publicMutation({
  args: { contributionId: v.id("contributions"), sessionId: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { contributionId, sessionId }) => {
    const c = await ctx.db.get("contributions", contributionId);
    const allowed =
      c !== null &&
      (c.contributorId === undefined
        ? sessionId !== undefined && c.checkoutSessionId === sessionId
        : c.contributorId === ctx.viewerId);
    if (!allowed) throw new ConvexError({ message: NOT_FOUND });
    await limit(ctx, "moneyChoice", c.contributorId ?? c._id);
    await withdrawContribution(ctx, c, Date.now());
    return null;
  },
});

const moveStateValidator = v.object({
  contributionId: v.id("contributions"),
  from: v.object({ _id: v.id("proposals"), title: v.string() }),
  /** What waits to move now (0 once it moved or went back). */
  heldCents: v.number(),
  /** waiting: pick an idea by `moveBy`; moved: where to; refunding: its week ended. */
  state: v.union(v.literal("waiting"), v.literal("moved"), v.literal("refunding")),
  moveBy: v.nullable(v.number()),
  /** The latest a destination's judging may end (120 days after the original payment). */
  judgingMustEndBy: v.nullable(v.number()),
  movedTo: v.nullable(
    v.object({
      _id: v.id("proposals"),
      title: v.string(),
      at: v.number(),
      amountCents: v.number(),
    }),
  ),
});

/** The move page's view of one of the caller's contributions (null: not theirs, or none). */
export const moveState = publicQuery({
  args: { contributionId: v.string() },
  returns: v.nullable(moveStateValidator),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("contributions", args.contributionId);
    const c = id === null ? null : await ctx.db.get("contributions", id);
    if (c === null || ctx.viewerId === null || c.contributorId !== ctx.viewerId) return null;
    const from = await ctx.db.get("proposals", c.ideaId);
    if (from === null) return null;
    const moved = c.movedToId ? await ctx.db.get("contributions", c.movedToId) : null;
    const to = moved ? await ctx.db.get("proposals", moved.ideaId) : null;
    const paidAt = originalPaidAt(c);
    return {
      contributionId: c._id,
      from: { _id: from._id, title: from.title },
      heldCents: heldCents(fullBuckets(c.money)),
      state:
        c.outcome === "moved"
          ? ("moved" as const)
          : c.outcome === "move_waiting"
            ? ("waiting" as const)
            : ("refunding" as const),
      moveBy: c.moveBy ?? null,
      judgingMustEndBy: paidAt === null ? null : moveWindowEndOf(paidAt),
      movedTo:
        moved && to
          ? {
              _id: to._id,
              title: to.title,
              at: c.movedAt ?? moved._creationTime,
              amountCents: moved.collectedCents ?? 0,
            }
          : null,
    };
  },
});

/** Open ideas the caller's money could move to, each with why not when it can't. */
export const destinations = publicQuery({
  args: {
    contributionId: v.string(),
    search: v.optional(v.string()),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(
    v.object({ card: ideaCardValidator, problem: v.nullable(v.string()) }),
  ),
  handler: async (ctx, { contributionId, search, paginationOpts }) => {
    const empty = { page: [], isDone: true, continueCursor: "" };
    const id = ctx.db.normalizeId("contributions", contributionId);
    const c = id === null ? null : await ctx.db.get("contributions", id);
    const viewerId = ctx.viewerId;
    if (c === null || viewerId === null || c.contributorId !== viewerId) return empty;
    const result = await listIdeas(ctx, {
      view: "open",
      sort: "expiring",
      paginationOpts,
      ...(search ? { search } : {}),
    });
    return {
      ...result,
      page: await Promise.all(
        result.page.map(async (idea) => ({
          card: await toCard(ctx, idea),
          problem: destinationProblem(viewerId, c, idea, null),
        })),
      ),
    };
  },
});

/** The scheduled end of the week to move: money still waiting goes back to its card. */
export const expire = internalMutation({
  args: { contributionId: v.id("contributions") },
  returns: v.null(),
  handler: async (ctx, { contributionId }) => {
    await expireMoveWait(ctx, contributionId, Date.now());
    return null;
  },
});

/** The safety net for weeks whose scheduled end was missed (crons.ts). */
export const expireOverdue = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (await expireMoveWaitsPage(ctx, Date.now()))
      await ctx.scheduler.runAfter(0, internal.moves.expireOverdue, {});
    return null;
  },
});
