// Following people (creators and posters): thin over model/community/follows.ts. The button on
// a person's page reads `person`; their news reaches followers through `fanOut`, scheduled by
// model/notify.ts when they post an idea or submit a video.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, publicQuery, userMutation } from "./functions";
import { limit } from "./model/rateLimits";
import {
  FOLLOW_MESSAGES,
  followerCountOf,
  followsPerson,
  personFanOutPage,
  setFollowingPerson,
} from "./model/community/follows";

/** Whether the caller follows a person (null: a visitor, or themselves), and how many do. */
export const person = publicQuery({
  args: { personId: v.id("users") },
  returns: v.object({ following: v.union(v.boolean(), v.null()), followers: v.number() }),
  handler: async (ctx, { personId }) => ({
    following:
      ctx.viewerId === null || ctx.viewerId === personId
        ? null
        : await followsPerson(ctx, ctx.viewerId, personId),
    followers: await followerCountOf(ctx, personId),
  }),
});

export const follow = userMutation({
  args: { personId: v.id("users"), follow: v.boolean() },
  returns: v.null(),
  signInMessage: FOLLOW_MESSAGES.signIn,
  handler: async (ctx, { personId, follow }) => {
    await limit(ctx, "follow", ctx.userId);
    await setFollowingPerson(ctx, ctx.userId, personId, follow);
    return null;
  },
});

export const fanOut = internalMutation({
  args: {
    kind: v.union(v.literal("followed_idea"), v.literal("followed_video")),
    personId: v.id("users"),
    ideaId: v.id("proposals"),
    submissionId: v.optional(v.id("submissions")),
    cursor: v.union(v.string(), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, { cursor, ...args }) => {
    const event =
      args.kind === "followed_video" && args.submissionId !== undefined
        ? { ...args, kind: "followed_video" as const, submissionId: args.submissionId }
        : { kind: "followed_idea" as const, personId: args.personId, ideaId: args.ideaId };
    const next = await personFanOutPage(ctx, event, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.follows.fanOut, { ...args, cursor: next });
    return null;
  },
});
