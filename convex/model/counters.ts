// Counters that make the landing page's stats cost one read each, whatever the table sizes.
import { v, type Infer } from "convex/values";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** The platform's money totals (operator page), kept by model/money/ledger.ts. */
export const MONEY_COUNTERS = [
  "money.collected",
  "money.refunded",
  "money.refunding",
  "money.refundFailed",
  "money.transferred",
  "money.disputed",
  "money.lost",
  // Moved by backers between ideas: the same charge's money, counted again where it arrived.
  "money.moved",
] as const;
export type CounterName =
  | "users"
  | "bounties"
  | "originalVideos"
  | (typeof MONEY_COUNTERS)[number]
  // A person's followers (model/community/follows.ts).
  | `followers:${string}`;

/** The counter of a person's followers. */
export const followersCounter = (personId: string) => `followers:${personId}` as const;

export async function readCounter(ctx: QueryCtx, name: CounterName): Promise<number> {
  const counter = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", name))
    .unique();
  return counter?.value ?? 0;
}

export async function addToCounter(
  ctx: MutationCtx,
  name: CounterName,
  delta: number,
): Promise<void> {
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
