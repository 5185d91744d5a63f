// Argument, return and schema validation, checked by the runtime with Convex's rules.
import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const add = mutationGeneric({
  args: { name: v.string(), age: v.number() },
  returns: v.id("people"),
  handler: async (ctx, args) => ctx.db.insert("people", args),
});

/** Writes a document the schema refuses. */
export const addInvalid = mutationGeneric({
  args: {},
  handler: async (ctx) => ctx.db.insert("people", { name: "x", age: "old" } as never),
});

/** Returns what its `returns` validator refuses. */
export const wrongReturn = queryGeneric({
  args: {},
  returns: v.number(),
  handler: async () => "not a number" as never,
});

export const byId = queryGeneric({
  args: { id: v.id("people") },
  handler: async (ctx, { id }) => (await ctx.db.get("people", id))?.name ?? null,
});
