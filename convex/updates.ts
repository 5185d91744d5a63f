// A poster's updates on their idea: thin over model/ideaUpdates.ts. The list reads no identity
// (one cached result for every open page).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { sharedQuery, userMutation } from "./functions";
import { limit } from "./model/rateLimits";
import { updateTopicValidator } from "./model/ideaPageKinds";
import { postUpdate, UPDATE_MESSAGES, updatesPage, updateViewValidator } from "./model/ideaUpdates";

export const list = sharedQuery({
  args: { ideaId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(updateViewValidator),
  handler: async (ctx, { ideaId, paginationOpts }) => {
    const id = ctx.db.normalizeId("proposals", ideaId);
    return id === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await updatesPage(ctx, id, paginationOpts);
  },
});

export const post = userMutation({
  args: { ideaId: v.id("proposals"), body: v.string(), topic: updateTopicValidator },
  returns: v.id("ideaUpdates"),
  signInMessage: UPDATE_MESSAGES.signIn,
  handler: async (ctx, { ideaId, body, topic }) => {
    await limit(ctx, "postUpdate", ctx.userId);
    return await postUpdate(ctx, ctx.userId, ideaId, body, topic);
  },
});
