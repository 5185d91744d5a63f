// A poster's control room for their idea (product rules "Running an idea"): edit the brief and
// links, extend the deadline once, see how the page is doing and who backs it, and email an
// update to the backers. Only the poster reads or changes any of it; the rules live in
// model/ideaEdits.ts, model/ideaExtension.ts, model/ideaStats.ts and model/money/.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import {
  internalMutation,
  publicMutation,
  sharedQuery,
  userMutation,
  userQuery,
} from "./functions";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { limit } from "./model/rateLimits";
import { editIdea, editsPage, ideaEditViewValidator, coreFieldsFixed } from "./model/ideaEdits";
import { extendDeadline } from "./model/ideaExtension";
import {
  countOnce,
  ideaStatsValidator,
  recordView as recordViewOf,
  statsOf,
} from "./model/ideaStats";
import { posterBackersPage, posterBackerViewValidator } from "./model/money/backers";
import { placeHeldDeadlinesPage } from "./model/money/extension";
import { lastBackerEmailAt, postUpdate, UPDATE_MESSAGES } from "./model/ideaUpdates";
import { updateTopicValidator } from "./model/ideaPageKinds";
import { durationValidator, ideaPlatformValidator } from "./model/validators";

const SIGN_IN = "Please sign in to manage your idea.";
export const NOT_POSTER = "Only the idea's poster can manage it.";

/** The idea, if the caller posted it; else null (the page then says it is not theirs). */
async function postersIdea(ctx: QueryCtx, userId: Id<"users">, rawId: string) {
  const ideaId = ctx.db.normalizeId("proposals", rawId);
  const idea = ideaId === null ? null : await ctx.db.get("proposals", ideaId);
  return idea !== null && idea.authorId === userId ? idea : null;
}

/** The control room's live view: what can change, the stats, the last email to backers. */
export const overview = userQuery({
  args: { ideaId: v.string() },
  returns: v.nullable(
    v.object({
      ideaId: v.id("proposals"),
      coreFixed: v.boolean(),
      extension: v.nullable(v.object({ from: v.number(), days: v.number(), at: v.number() })),
      stats: ideaStatsValidator,
      lastBackerEmailAt: v.nullable(v.number()),
    }),
  ),
  signInMessage: SIGN_IN,
  handler: async (ctx, { ideaId }) => {
    const idea = await postersIdea(ctx, ctx.userId, ideaId);
    if (idea === null) return null;
    return {
      ideaId: idea._id,
      coreFixed: coreFieldsFixed(idea),
      extension: idea.extension ?? null,
      stats: await statsOf(ctx, idea),
      lastBackerEmailAt: await lastBackerEmailAt(ctx, idea._id),
    };
  },
});

/** The poster's backers list, with what each paid in (the public list never shows amounts). */
export const backers = userQuery({
  args: { ideaId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(posterBackerViewValidator),
  signInMessage: SIGN_IN,
  handler: async (ctx, { ideaId, paginationOpts }) => {
    const idea = await postersIdea(ctx, ctx.userId, ideaId);
    if (idea === null) return { page: [], isDone: true, continueCursor: "" };
    return await posterBackersPage(ctx, idea._id, paginationOpts);
  },
});

export const edit = userMutation({
  args: {
    ideaId: v.id("proposals"),
    brief: v.optional(v.string()),
    links: v.optional(v.array(v.string())),
    title: v.optional(v.string()),
    platform: v.optional(ideaPlatformValidator),
    durations: v.optional(v.array(durationValidator)),
  },
  returns: v.id("ideaEdits"),
  signInMessage: SIGN_IN,
  handler: async (ctx, { ideaId, ...input }) => {
    if ((input.links?.length ?? 0) > 50) throw new ConvexError({ message: "Too many links." });
    await limit(ctx, "editIdea", ctx.userId);
    return await editIdea(ctx, ctx.userId, ideaId, input, Date.now());
  },
});

/** Extends the deadline once by 1 to 30 days; returns the new deadline. */
export const extend = userMutation({
  args: { ideaId: v.id("proposals"), days: v.number() },
  returns: v.number(),
  signInMessage: SIGN_IN,
  handler: async (ctx, { ideaId, days }) =>
    await extendDeadline(ctx, ctx.userId, ideaId, days, Date.now()),
});

/** Posts an update and emails it to the idea's backers (at most one such email a day). */
export const emailUpdate = userMutation({
  args: { ideaId: v.id("proposals"), body: v.string(), topic: updateTopicValidator },
  returns: v.id("ideaUpdates"),
  signInMessage: UPDATE_MESSAGES.signIn,
  handler: async (ctx, { ideaId, body, topic }) => {
    await limit(ctx, "postUpdate", ctx.userId);
    return await postUpdate(ctx, ctx.userId, ideaId, body, topic, true);
  },
});

/** An idea's edits, newest first (the idea page's "edited" history; anyone may read it). */
export const edits = sharedQuery({
  args: { ideaId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(ideaEditViewValidator),
  handler: async (ctx, { ideaId, paginationOpts }) => {
    const id = ctx.db.normalizeId("proposals", ideaId);
    return id === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await editsPage(ctx, id, paginationOpts);
  },
});

/** A view of the idea page (once per visit, from the page); the poster's own do not count. */
export const recordView = publicMutation({
  args: { ideaId: v.id("proposals") },
  returns: v.null(),
  handler: async (ctx, { ideaId }) => {
    const idea = await ctx.db.get("proposals", ideaId);
    if (idea === null) return null;
    await limit(ctx, "countView", ideaId);
    await recordViewOf(ctx, idea, ctx.viewerId);
    return null;
  },
});

/** One of the idea's share buttons was used (copy link, share sheet, a network). */
export const recordShare = publicMutation({
  args: { ideaId: v.id("proposals") },
  returns: v.null(),
  handler: async (ctx, { ideaId }) => {
    if ((await ctx.db.get("proposals", ideaId)) === null) return null;
    await limit(ctx, "countShare", ideaId);
    await countOnce(ctx, ideaId, "shares");
    return null;
  },
});

/** Someone opened the idea's share page (its share link), from rest/share.ts. */
export const recordShareVisit = internalMutation({
  args: { ideaId: v.id("proposals") },
  returns: v.null(),
  handler: async (ctx, { ideaId }) => {
    await limit(ctx, "countShare", ideaId);
    await countOnce(ctx, ideaId, "shareVisits");
    return null;
  },
});

/** After an extension, the held money's deadline moves with it, a page at a time. */
export const placeHeldDeadlines = internalMutation({
  args: { ideaId: v.id("proposals"), cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { ideaId, cursor }) => {
    const next = await placeHeldDeadlinesPage(ctx, ideaId, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.controlRoom.placeHeldDeadlines, {
        ideaId,
        cursor: next,
      });
    return null;
  },
});
