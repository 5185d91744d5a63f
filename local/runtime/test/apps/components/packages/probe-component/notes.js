import {
  componentsGeneric,
  internalMutationGeneric,
  makeFunctionReference,
  mutationGeneric,
  queryGeneric,
} from "convex/server";
import { v } from "convex/values";

const components = componentsGeneric();

export const add = mutationGeneric({
  args: { text: v.string(), previous: v.optional(v.id("counters")) },
  returns: v.id("counters"),
  handler: async (ctx, args) => ctx.db.insert("counters", args),
});

export const get = queryGeneric({
  args: { id: v.id("counters") },
  handler: async (ctx, { id }) => (await ctx.db.get(id))?.text ?? null,
});

export const normalize = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => ctx.db.normalizeId("counters", id),
});

export const bump = internalMutationGeneric({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.db.insert("counters", { text });
    await ctx.runMutation(components.tally.public.add, { name: "bumps", count: 1 });
  },
});

/** Schedules its own function by name, as work pools do. */
export const scheduleBump = mutationGeneric({
  args: { text: v.string() },
  handler: async (ctx, { text }) =>
    ctx.scheduler.runAfter(0, makeFunctionReference("notes:bump"), { text }),
});

/** Its own job, read through `db.system`, as work pools read theirs. */
export const jobState = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const jobId = ctx.db.system.normalizeId("_scheduled_functions", id);
    return jobId ? ((await ctx.db.system.get(jobId))?.state.kind ?? null) : "not a job of mine";
  },
});

export const bumps = queryGeneric({
  args: {},
  handler: async (ctx) => ctx.runQuery(components.tally.public.count, { name: "bumps" }),
});
