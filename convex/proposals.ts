// Ideas: submit, list (live, paginated, sorted, searched), read, vote; their lifecycle.
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { getAuthUserId } from "@convex-dev/auth/server";
import { internalMutation, mutation, query } from "./_generated/server";
import { MESSAGES, validateIdea } from "./model/ideas";
import {
  closeProposal,
  createProposal,
  listProposals,
  overdueProposals,
  setProposalVote,
  settleProposal,
  toCard,
  voteOf,
} from "./model/proposals";
import { durationValidator, ideaPlatformValidator, voteValidator } from "./model/validators";

const viewValidator = v.union(v.literal("open"), v.literal("all"), v.literal("completed"));
const sortValidator = v.union(
  v.literal("recent"),
  v.literal("popular"),
  v.literal("payout"),
  v.literal("expiring"),
);

export const list = query({
  args: {
    view: viewValidator,
    sort: sortValidator,
    search: v.optional(v.string()),
    paginationOpts: paginationOptsValidator,
  },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    const result = await listProposals(ctx, args);
    return {
      ...result,
      page: await Promise.all(
        result.page.map(async (p) => toCard(p, await voteOf(ctx, userId, p._id))),
      ),
    };
  },
});

/** One idea, or null when the id is not an idea's. */
export const get = query({
  args: { proposalId: v.string() },
  handler: async (ctx, args) => {
    const proposalId = ctx.db.normalizeId("proposals", args.proposalId);
    const proposal = proposalId === null ? null : await ctx.db.get("proposals", proposalId);
    if (proposal === null) return null;
    return toCard(proposal, await voteOf(ctx, await getAuthUserId(ctx), proposal._id));
  },
});

export const create = mutation({
  args: {
    oneLiner: v.string(),
    platform: v.union(ideaPlatformValidator, v.null()),
    durations: v.array(durationValidator),
    expiration: v.number(),
    links: v.array(v.string()),
  },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: MESSAGES.signIn });
    const result = validateIdea(args, Date.now());
    if (!result.ok) throw new ConvexError({ message: result.message });
    return await createProposal(ctx, userId, result.idea);
  },
});

/** Sets the caller's vote: 1, -1, or 0 to clear it. Returns the new net count. */
export const vote = mutation({
  args: { proposalId: v.id("proposals"), vote: voteValidator },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: "You must be logged in to vote." });
    const proposal = await ctx.db.get("proposals", args.proposalId);
    if (proposal === null) throw new ConvexError({ message: "This idea no longer exists." });
    return await setProposalVote(ctx, userId, proposal, args.vote);
  },
});

export const close = internalMutation({
  args: { proposalId: v.id("proposals") },
  handler: async (ctx, { proposalId }) => closeProposal(ctx, proposalId, Date.now()),
});

export const settle = internalMutation({
  args: { proposalId: v.id("proposals") },
  handler: async (ctx, { proposalId }) => {
    await settleProposal(ctx, proposalId, Date.now());
  },
});

/** The periodic safety net for missed transitions (crons.ts). */
export const sweep = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const { toClose, toSettle } = await overdueProposals(ctx, now);
    for (const p of toClose) await closeProposal(ctx, p._id, now);
    for (const p of toSettle) await settleProposal(ctx, p._id, now);
    return { closed: toClose.length, settled: toSettle.length };
  },
});
