// The engine's query results are bounded: convex-test keeps every query's results forever
// (14,594 entries after one benchmark run); the runtime forgets a query's cursor when it is
// read to its end, and every cursor still open when the outermost transaction ends.
import { expect, test } from "vitest";
import { defineSchema, defineTable, queryGeneric, mutationGeneric } from "convex/server";
import { v } from "convex/values";
import { fixedModules, type BuiltApp } from "../bundle.js";
import { Engine } from "../engine/engine.js";
import { emptyState } from "../engine/state.js";

const functions = {
  seed: mutationGeneric({
    args: {},
    handler: async (ctx) => {
      for (let n = 0; n < 50; n++) await ctx.db.insert("rows", { n, body: `row number ${n}` });
    },
  }),
  // Opens many queries and abandons each after its first row, in one transaction.
  firsts: queryGeneric({
    args: { times: v.number() },
    handler: async (ctx, { times }) => {
      let sum = 0;
      for (let i = 0; i < times; i++) {
        const row = await ctx.db
          .query("rows")
          .withIndex("by_n", (q) => q.gte("n", i % 50))
          .first();
        sum += row?.n ?? 0;
      }
      return sum;
    },
  }),
  search: queryGeneric({
    args: {},
    handler: async (ctx) =>
      (await ctx.db
        .query("rows")
        .withSearchIndex("search_body", (q) => q.search("body", "row"))
        .first()) !== null,
  }),
};

test("open query results do not accumulate across calls or within one", async () => {
  const app: BuiltApp = {
    modules: fixedModules({ cache: functions }),
    schema: defineSchema({
      rows: defineTable({ n: v.number(), body: v.string() })
        .index("by_n", ["n"])
        .searchIndex("search_body", { searchField: "body" }),
    }),
    authConfig: null,
    sourceDir: "",
  };
  const engine = await Engine.create(app, emptyState(), () => undefined);
  await engine.run("mutation", "cache:seed", {}, null);
  for (let call = 0; call < 200; call++) {
    const result = await engine.run("query", "cache:firsts", { times: 10 }, null);
    expect(result.ok && result.value).toBe(45);
    const found = await engine.run("query", "cache:search", {}, null);
    expect(found.ok && found.value).toBe(true);
    expect(engine.openQueryCount).toBe(0);
  }
  // 2,000 abandoned cursors in one transaction: each still reads the right row.
  const many = await engine.run("query", "cache:firsts", { times: 2000 }, null);
  expect(many.ok && many.value).toBe(40 * 49 * 25);
  expect(engine.openQueryCount).toBe(0);
});
