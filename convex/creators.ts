// Creator pages (/creators/{id}): thin over model/creators.ts. The page's queries read no
// identity (one cached result for every visitor); a creator's own switch for hiding their
// totals is in Profile → Settings.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { publicQuery, sharedQuery, userMutation } from "./functions";
import {
  creatorProfile,
  creatorProfileValidator,
  creatorVideos,
  creatorVideoValidator,
} from "./model/creators";

/** A creator's public header; null when the id is not a person's. */
export const profile = sharedQuery({
  args: { creatorId: v.string() },
  returns: v.union(creatorProfileValidator, v.null()),
  handler: async (ctx, { creatorId }) => await creatorProfile(ctx, creatorId),
});

/** The creator's submitted videos, newest first, with each one's state. */
export const videos = sharedQuery({
  args: { creatorId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(creatorVideoValidator),
  handler: async (ctx, { creatorId, paginationOpts }) => {
    const id = ctx.db.normalizeId("users", creatorId);
    return id === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await creatorVideos(ctx, id, paginationOpts);
  },
});

/** Whether the caller hides their creator page's totals (null for a visitor). */
export const totalsHidden = publicQuery({
  args: {},
  returns: v.union(v.boolean(), v.null()),
  handler: async (ctx) => {
    if (ctx.viewerId === null) return null;
    return (await ctx.db.get("users", ctx.viewerId))?.hideCreatorTotals ?? false;
  },
});

export const setTotalsHidden = userMutation({
  args: { hidden: v.boolean() },
  returns: v.null(),
  signInMessage: "Please sign in to change your creator page.",
  handler: async (ctx, { hidden }) => {
    await ctx.db.patch("users", ctx.userId, { hideCreatorTotals: hidden });
    return null;
  },
});
