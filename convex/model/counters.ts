// Counters that make the landing page's stats cost one read each, whatever the table sizes,
// and the platform's money totals.
//
// The money totals are added to by every payment, refund and transfer, so on a single document
// concurrent payments would conflict with each other (Convex retries, then fails, a mutation
// whose reads changed). They are kept by the sharded counter component: each add writes one of
// 16 shards picked at random, and only the operator page reads them (all shards). The landing
// counters change rarely (a sign-up, a new idea, a video) and are read on every landing view,
// so they stay one document each: one read, not sixteen.
import { v, type Infer } from "convex/values";
import { ShardedCounter } from "@convex-dev/sharded-counter";
import { components } from "../_generated/api";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** The platform's money totals (operator page), kept by model/ledger.ts. */
export const MONEY_COUNTERS = [
  "money.collected",
  "money.refunded",
  "money.refunding",
  "money.refundFailed",
  "money.transferred",
  "money.disputed",
  "money.lost",
] as const;
export type CounterName = "users" | "bounties" | "originalVideos" | (typeof MONEY_COUNTERS)[number];

type MoneyCounter = (typeof MONEY_COUNTERS)[number];
const isMoneyCounter = (name: CounterName): name is MoneyCounter =>
  (MONEY_COUNTERS as readonly string[]).includes(name);

const moneyTotals = new ShardedCounter<MoneyCounter>(components.shardedCounter, {
  defaultShards: 16,
});

export async function readCounter(ctx: QueryCtx, name: CounterName): Promise<number> {
  const counter = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", name))
    .unique();
  // A money total: what was counted on its document before it was sharded, plus the shards.
  const sharded = isMoneyCounter(name) ? await moneyTotals.count(ctx, name) : 0;
  return (counter?.value ?? 0) + sharded;
}

export async function addToCounter(
  ctx: MutationCtx,
  name: CounterName,
  delta: number,
): Promise<void> {
  if (isMoneyCounter(name)) return moneyTotals.add(ctx, name, delta);
  const counter = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", name))
    .unique();
  if (counter === null) await ctx.db.insert("counters", { name, value: delta });
  else await ctx.db.patch("counters", counter._id, { value: counter.value + delta });
}

/** The landing page's stats (spec §2). */
export const statsValidator = v.object({
  activeUsers: v.number(),
  bounties: v.number(),
  originalVideos: v.number(),
});

export async function readStats(ctx: QueryCtx): Promise<Infer<typeof statsValidator>> {
  return {
    activeUsers: await readCounter(ctx, "users"),
    bounties: await readCounter(ctx, "bounties"),
    originalVideos: await readCounter(ctx, "originalVideos"),
  };
}
