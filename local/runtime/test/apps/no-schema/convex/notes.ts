// An app without a schema: tables come into being on first insert, any document shape is
// accepted, and ids still name their table.
import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const add = mutationGeneric({
  args: { text: v.string(), extra: v.optional(v.any()) },
  handler: async (ctx, { text, extra }) => ctx.db.insert("notes", { text, extra }),
});

export const list = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.query("notes").order("desc").take(10)).map((n) => n.text),
});

export const get = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const noteId = ctx.db.normalizeId("notes", id);
    return noteId === null ? "not a notes id" : ((await ctx.db.get("notes", noteId))?.text ?? null);
  },
});
