// Creator pages (/creators/{id}): thin over model/creators.ts. The page's queries read no
// identity (one cached result for every visitor); a creator's own switch for hiding their
// totals is in Profile → Settings.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { publicQuery, sharedQuery, userMutation } from "./functions";
import {
  channelVideos as channelVideosOf,
  channelVideoValidator,
  creatorProfile,
  creatorProfileValidator,
  creatorVideos,
  creatorVideoValidator,
  validBio,
} from "./model/creators";
import { INVITE_MESSAGES, invitableIdeas, inviteCreator } from "./model/invitations";
import { limit } from "./model/rateLimits";

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

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
    return id === null ? EMPTY_PAGE : await creatorVideos(ctx, id, paginationOpts);
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

/** The creator's channel uploads, newest first (what the platform says of each). */
export const channelVideos = sharedQuery({
  args: { creatorId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(channelVideoValidator),
  handler: async (ctx, { creatorId, paginationOpts }) => {
    const id = ctx.db.normalizeId("users", creatorId);
    return id === null ? EMPTY_PAGE : await channelVideosOf(ctx, id, paginationOpts);
  },
});

/** The creator's bio on their page (280 characters at most; empty removes it). */
export const setBio = userMutation({
  args: { bio: v.string() },
  returns: v.null(),
  signInMessage: "Please sign in to change your creator page.",
  handler: async (ctx, { bio }) => {
    await limit(ctx, "creatorProfile", ctx.userId);
    // A body far over the limit is refused before the content filter reads it.
    await ctx.db.patch("users", ctx.userId, { creatorBio: validBio(bio.slice(0, 2_000)) });
    return null;
  },
});

/** The viewer's open ideas they could invite this creator to (none for a visitor). */
export const invitableIdeasFor = publicQuery({
  args: { creatorId: v.string() },
  returns: v.array(v.object({ _id: v.id("proposals"), title: v.string(), invited: v.boolean() })),
  handler: async (ctx, args) => {
    const creatorId = ctx.db.normalizeId("users", args.creatorId);
    if (creatorId === null || ctx.viewerId === null) return [];
    return await invitableIdeas(ctx, ctx.viewerId, creatorId);
  },
});

/** A poster invites the creator to one of their open ideas; the creator is told. */
export const invite = userMutation({
  args: { creatorId: v.id("users"), ideaId: v.id("proposals") },
  returns: v.object({ invited: v.boolean() }),
  signInMessage: INVITE_MESSAGES.signIn,
  handler: async (ctx, { creatorId, ideaId }) => ({
    invited: await inviteCreator(ctx, ctx.userId, creatorId, ideaId),
  }),
});
