// File storage served over HTTP: upload through an upload URL, store from an action, serve the
// bytes from an HTTP action with their content type.
import { actionGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const uploadUrl = mutationGeneric({
  args: {},
  handler: async (ctx) => ctx.storage.generateUploadUrl(),
});

export const storeText = actionGeneric({
  args: { text: v.string() },
  handler: async (ctx, { text }) =>
    ctx.storage.store(new Blob([text], { type: "text/plain; charset=utf-8" })),
});

export const url = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => ctx.storage.getUrl(id),
});
