// An idea's public backers list (names where the backer chose so, and dates — never amounts),
// and a backer's switch for the poster's emails about that idea. Thin over
// model/money/backers.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { publicQuery, sharedQuery, userMutation } from "./functions";
import {
  backerRowOf,
  backersPage,
  backerViewValidator,
  setUpdateEmails as setEmails,
} from "./model/money/backers";

/** A page of an idea's backers, newest first; one cached result for everyone. */
export const list = sharedQuery({
  args: { ideaId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(backerViewValidator),
  handler: async (ctx, { ideaId, paginationOpts }) => {
    const id = ctx.db.normalizeId("proposals", ideaId);
    return id === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await backersPage(ctx, id, paginationOpts);
  },
});

/** Whether the caller backs the idea, and whether they get its poster's emails. */
export const mine = publicQuery({
  args: { ideaId: v.string() },
  returns: v.nullable(v.object({ updateEmails: v.boolean(), showName: v.boolean() })),
  handler: async (ctx, { ideaId }) => {
    const id = ctx.db.normalizeId("proposals", ideaId);
    if (id === null || ctx.viewerId === null) return null;
    const row = await backerRowOf(ctx, id, ctx.viewerId);
    if (row === null || !row.listed) return null;
    return { updateEmails: row.updateEmails !== false, showName: row.showName };
  },
});

/** Stops (or restarts) the poster's emails about one idea the caller backs. */
export const setUpdateEmails = userMutation({
  args: { ideaId: v.id("proposals"), on: v.boolean() },
  returns: v.null(),
  signInMessage: "Please sign in to change your emails.",
  handler: async (ctx, { ideaId, on }) => {
    if (!(await setEmails(ctx, ideaId, ctx.userId, on)))
      throw new ConvexError({ message: "You don't back this idea." });
    return null;
  },
});

/** Shows or hides the caller's name on the idea's backers list. */
export const setShowName = userMutation({
  args: { ideaId: v.id("proposals"), show: v.boolean() },
  returns: v.null(),
  signInMessage: "Please sign in to change how you appear.",
  handler: async (ctx, { ideaId, show }) => {
    const row = await backerRowOf(ctx, ideaId, ctx.userId);
    if (row === null) throw new ConvexError({ message: "You don't back this idea." });
    await ctx.db.patch("backers", row._id, { showName: show });
    return null;
  },
});
