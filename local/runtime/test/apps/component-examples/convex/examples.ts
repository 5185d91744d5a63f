// The components used as their READMEs show: each client object is created once at module
// level, as apps do (sharded-counter keeps its per-transaction sticky shard in it).
import { ActionRetrier, type RunId } from "@convex-dev/action-retrier";
import { DirectAggregate } from "@convex-dev/aggregate";
import { MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { ShardedCounter } from "@convex-dev/sharded-counter";
import { Workpool, vOnCompleteArgs } from "@convex-dev/workpool";
import { v } from "convex/values";
import { components, internal } from "./_generated/api.js";
import { action, internalAction, internalMutation, mutation, query } from "./_generated/server.js";

// ----- sharded-counter -----
const counter = new ShardedCounter(components.shardedCounter, { shards: { likes: 4, burst: 4 } });

export const like = mutation({
  args: { times: v.number(), name: v.optional(v.union(v.literal("likes"), v.literal("burst"))) },
  handler: async (ctx, { times, name }) => {
    for (let i = 0; i < times; i++) await counter.inc(ctx, name ?? "likes");
  },
});

export const likes = query({
  args: {
    name: v.optional(v.union(v.literal("likes"), v.literal("burst"))),
    readFromShards: v.number(),
  },
  handler: async (ctx, { name, readFromShards }) => ({
    count: await counter.count(ctx, name ?? "likes"),
    estimate: await counter.estimateCount(ctx, name ?? "likes", readFromShards),
  }),
});

// ----- action-retrier (its component has a daily cron that clears runs older than a week) -----
const retrier = new ActionRetrier(components.actionRetrier, { initialBackoffMs: 10, base: 2 });

/** Fails until its third attempt; attempts are counted in the database (module state is fresh). */
export const flaky = internalAction({
  args: { key: v.string() },
  handler: async (ctx, { key }): Promise<string> => {
    const attempt: number = await ctx.runMutation(internal.examples.countAttempt, { key });
    if (attempt < 3) throw new Error(`attempt ${attempt} failed on purpose`);
    return `done after ${attempt} attempts`;
  },
});

export const countAttempt = internalMutation({
  args: { key: v.string() },
  handler: async (ctx, { key }) => {
    const row = await ctx.db
      .query("attempts")
      .withIndex("by_key", (q) => q.eq("key", key))
      .unique();
    if (!row) {
      await ctx.db.insert("attempts", { key, count: 1 });
      return 1;
    }
    await ctx.db.patch("attempts", row._id, { count: row.count + 1 });
    return row.count + 1;
  },
});

export const startFlaky = mutation({
  args: { key: v.string() },
  handler: async (ctx, { key }): Promise<string> =>
    (await retrier.run(ctx, internal.examples.flaky, { key })) as unknown as string,
});

export const runStatus = query({
  args: { runId: v.string() },
  handler: async (ctx, { runId }) => {
    try {
      return await retrier.status(ctx, runId as unknown as RunId);
    } catch (e) {
      return { type: "gone", message: (e as Error).message };
    }
  },
});

// ----- aggregate -----
const scores = new DirectAggregate<{ Key: number; Id: string }>(components.aggregate);

export const addScore = mutation({
  args: { id: v.string(), score: v.number() },
  handler: async (ctx, { id, score }) => scores.insert(ctx, { key: score, id, sumValue: score }),
});

export const removeScore = mutation({
  args: { id: v.string(), score: v.number() },
  handler: async (ctx, { id, score }) => scores.delete(ctx, { key: score, id }),
});

export const scoreStats = query({
  args: { score: v.number() },
  handler: async (ctx, { score }) => ({
    count: await scores.count(ctx),
    sum: await scores.sum(ctx),
    lowest: (await scores.at(ctx, 0)).key,
    highest: (await scores.at(ctx, -1)).key,
    rankOf: await scores.indexOf(ctx, score),
    below: await scores.count(ctx, { bounds: { upper: { key: score, inclusive: false } } }),
  }),
});

// ----- rate-limiter -----
const limiter = new RateLimiter(components.rateLimiter, {
  send: { kind: "token bucket", rate: 3, period: MINUTE, capacity: 3 },
});

export const send = mutation({
  args: { key: v.string() },
  handler: async (ctx, { key }) => limiter.limit(ctx, "send", { key }),
});

// ----- workpool -----
const pool = new Workpool(components.workpool, { maxParallelism: 2 });

export const double = internalMutation({
  args: { n: v.number() },
  handler: async (_ctx, { n }) => n * 2,
});

export const recordResult = internalMutation({
  args: vOnCompleteArgs(v.object({ key: v.string() })),
  handler: async (ctx, { context, result }) => {
    await ctx.db.insert("finished", { key: context.key, result });
  },
});

export const enqueueDoubles = mutation({
  args: { values: v.array(v.number()) },
  handler: async (ctx, { values }) => {
    for (const n of values)
      await pool.enqueueMutation(
        ctx,
        internal.examples.double,
        { n },
        { onComplete: internal.examples.recordResult, context: { key: `double-${n}` } },
      );
  },
});

export const finished = query({
  args: {},
  handler: async (ctx) =>
    (await ctx.db.query("finished").collect()).map(({ key, result }) => ({ key, result })),
});

/** An action, to show the app's actions run beside the components' own. */
export const ping = action({ args: {}, handler: async () => "pong" });
