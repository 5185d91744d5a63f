// The app's side of the fixture: calls into the component, schedules its functions (by
// reference and by handle), and keeps its own `counters` table.
import {
  componentsGeneric,
  createFunctionHandle,
  mutationGeneric,
  queryGeneric,
} from "convex/server";
import { v } from "convex/values";

// The fixture has no generated code; this is what _generated/api.js exports as `components`.
const components = componentsGeneric() as any;

export const add = mutationGeneric({
  args: { name: v.string(), count: v.number() },
  handler: async (ctx, { name, count }) => {
    await ctx.runMutation(components.shardedCounter.public.add, { name, count });
  },
});

export const addToBoth = mutationGeneric({
  args: { name: v.string(), count: v.number(), fail: v.optional(v.boolean()) },
  handler: async (ctx, { name, count, fail }) => {
    await ctx.runMutation(components.shardedCounter.public.add, { name, count });
    await ctx.runMutation(components.otherCounter.public.add, { name, count: count * 10 });
    await ctx.db.insert("counters", { name, value: count });
    if (fail) throw new Error("rolled back on purpose");
  },
});

export const count = queryGeneric({
  args: { name: v.string() },
  handler: async (ctx, { name }) => ({
    shardedCounter: await ctx.runQuery(components.shardedCounter.public.count, { name }),
    otherCounter: await ctx.runQuery(components.otherCounter.public.count, { name }),
    app: (await ctx.db.query("counters").collect())
      .filter((row) => row.name === name)
      .reduce((sum, row) => sum + row.value, 0),
  }),
});

export const scheduleAdd = mutationGeneric({
  args: { name: v.string(), count: v.number(), byHandle: v.boolean() },
  handler: async (ctx, { name, count, byHandle }) => {
    const target = byHandle
      ? await createFunctionHandle(components.otherCounter.public.add)
      : components.shardedCounter.public.add;
    await ctx.scheduler.runAfter(0, target, { name, count });
  },
});

/** An id of the app's `counters` table, for the check that a component cannot name it. */
export const appCounterId = mutationGeneric({
  args: {},
  handler: async (ctx) => ctx.db.insert("counters", { name: "probe", value: 0 }),
});

export const normalizeIn = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => ctx.db.normalizeId("counters", id),
});

export const probe = mutationGeneric({
  args: { op: v.string(), text: v.optional(v.string()), id: v.optional(v.string()) },
  handler: async (ctx, { op, text, id }): Promise<any> => {
    const notes = components.probe.notes;
    if (op === "add") return ctx.runMutation(notes.add, { text: text! });
    if (op === "addAfter") return ctx.runMutation(notes.add, { text: text!, previous: id });
    if (op === "get") return ctx.runQuery(notes.get, { id });
    if (op === "normalize") return ctx.runQuery(notes.normalize, { id: id! });
    if (op === "scheduleBump") return ctx.runMutation(notes.scheduleBump, { text: text! });
    if (op === "jobState") return ctx.runQuery(notes.jobState, { id: id! });
    if (op === "bumps") return ctx.runQuery(notes.bumps, {});
    throw new Error(`unknown op ${op}`);
  },
});

export const creationTime = queryGeneric({
  args: { id: v.id("counters") },
  handler: async (ctx, { id }) => (await ctx.db.get("counters", id))?._creationTime ?? null,
});
