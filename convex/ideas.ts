// Ideas: submit, list (live, paginated, sorted, searched), read, vote; their lifecycle.
// Each public function has an internal twin for the REST edge (convex/rest/ideas.ts), which
// names the caller from its bearer token; both are thin over model/ideas.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { sharedQuery, userMutation, internalMutation } from "./functions";
import { MESSAGES } from "./model/ideaValidation";
import { ideaOutcomeOf, ideaOutcomeValidator } from "./model/ideaOutcome";
import { limit } from "./model/rateLimits";
import {
  closeIdea,
  ideaCard,
  ideaCardForViewerValidator,
  ideaCardValidator,
  listIdeaCards,
  listViewValidator,
  overdueIdeas,
  settleIdea,
  sortValidator,
  submitIdea,
  voteOnIdea,
  withViewerVote,
} from "./model/ideas";
import { durationValidator, ideaPlatformValidator, voteValidator } from "./model/validators";

const listArgs = {
  view: listViewValidator,
  sort: sortValidator,
  search: v.optional(v.string()),
  paginationOpts: paginationOptsValidator,
};
const listReturns = paginationResultValidator(ideaCardValidator);
const listForViewerReturns = paginationResultValidator(ideaCardForViewerValidator);
const ideaArgs = {
  oneLiner: v.string(),
  platform: v.union(ideaPlatformValidator, v.null()),
  durations: v.array(durationValidator),
  expiration: v.number(),
  links: v.array(v.string()),
  brief: v.optional(v.string()),
};

// The lists and the idea page read nobody's identity: one cached result serves every viewer,
// and a vote re-runs each once, not once per signed-in viewer. Own votes: convex/votes.ts.

export const list = sharedQuery({
  // Filters are the web lists' only (the REST list keeps the spec's arguments).
  args: {
    ...listArgs,
    platform: v.optional(ideaPlatformValidator),
    duration: v.optional(durationValidator),
  },
  returns: listReturns,
  handler: async (ctx, args) => await listIdeaCards(ctx, args),
});

/** One idea, or null when the id is not an idea's. */
export const get = sharedQuery({
  args: { ideaId: v.string() },
  returns: v.union(ideaCardValidator, v.null()),
  handler: async (ctx, args) => await ideaCard(ctx, args.ideaId),
});

/** How the idea ends (or stands): judging, its winners, or its refund. Null: not an idea. */
export const outcome = sharedQuery({
  args: { ideaId: v.string() },
  returns: v.nullable(ideaOutcomeValidator),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    const idea = id === null ? null : await ctx.db.get("proposals", id);
    return idea === null ? null : await ideaOutcomeOf(ctx, idea);
  },
});

export const create = userMutation({
  args: ideaArgs,
  returns: v.id("proposals"),
  signInMessage: MESSAGES.signIn,
  handler: async (ctx, args) => {
    await limit(ctx, "createIdea", ctx.userId);
    return await submitIdea(ctx, ctx.userId, args);
  },
});

/** Sets the caller's vote: 1, -1, or 0 to clear it. Returns the new net count. */
export const vote = userMutation({
  args: { ideaId: v.id("proposals"), vote: voteValidator },
  returns: v.number(),
  signInMessage: "You must be logged in to vote.",
  handler: async (ctx, args) => {
    await limit(ctx, "vote", ctx.userId);
    return await voteOnIdea(ctx, ctx.userId, args.ideaId, args.vote);
  },
});

// The REST edge's twins: the caller comes from the route's bearer token.

export const listFor = internalQuery({
  args: { ...listArgs, viewerId: v.union(v.id("users"), v.null()) },
  returns: listForViewerReturns,
  handler: async (ctx, { viewerId, ...args }) => {
    const result = await listIdeaCards(ctx, args);
    const page = await Promise.all(result.page.map((card) => withViewerVote(ctx, viewerId, card)));
    return { ...result, page };
  },
});

export const getFor = internalQuery({
  args: { ideaId: v.string(), viewerId: v.union(v.id("users"), v.null()) },
  returns: v.union(ideaCardForViewerValidator, v.null()),
  handler: async (ctx, args) => {
    const card = await ideaCard(ctx, args.ideaId);
    return card === null ? null : await withViewerVote(ctx, args.viewerId, card);
  },
});

export const createAs = internalMutation({
  args: { ...ideaArgs, userId: v.id("users") },
  returns: v.id("proposals"),
  handler: async (ctx, { userId, ...args }) => {
    await limit(ctx, "createIdea", userId);
    return await submitIdea(ctx, userId, args);
  },
});

export const voteAs = internalMutation({
  args: { ideaId: v.id("proposals"), vote: voteValidator, userId: v.id("users") },
  returns: v.number(),
  handler: async (ctx, args) => {
    await limit(ctx, "vote", args.userId);
    return await voteOnIdea(ctx, args.userId, args.ideaId, args.vote);
  },
});

// The idea's lifecycle (scheduled by model/ideas.ts).

export const close = internalMutation({
  args: { ideaId: v.id("proposals") },
  handler: async (ctx, { ideaId }) => closeIdea(ctx, ideaId, Date.now()),
});

export const settle = internalMutation({
  args: { ideaId: v.id("proposals") },
  handler: async (ctx, { ideaId }) => {
    await settleIdea(ctx, ideaId, Date.now());
  },
});

/** The periodic safety net for missed transitions (crons.ts). */
export const sweep = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const { toClose, toSettle } = await overdueIdeas(ctx, now);
    for (const p of toClose) await closeIdea(ctx, p._id, now);
    for (const p of toSettle) await settleIdea(ctx, p._id, now);
    return { closed: toClose.length, settled: toSettle.length };
  },
});
