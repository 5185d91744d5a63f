// How an idea's page is doing, for its poster only (product rules "Running an idea"): views of
// the idea page, shares (its share buttons used, and visits through its share link), backers and
// questions waiting for the poster's answer. Views and shares are counters on one row per idea
// (never on the idea itself, whose every write would re-run every list that shows it).
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** How many waiting questions are counted exactly; more read as this many and more. */
export const WAITING_COUNT_MAX = 99;

export const ideaStatsValidator = v.object({
  views: v.number(),
  shares: v.number(),
  shareVisits: v.number(),
  backers: v.number(),
  /** Questions waiting for the poster's answer, at most WAITING_COUNT_MAX + 1. */
  questionsWaiting: v.number(),
});
export type IdeaStats = Infer<typeof ideaStatsValidator>;

async function rowOf(ctx: QueryCtx, ideaId: Id<"proposals">) {
  return await ctx.db
    .query("ideaStats")
    .withIndex("by_idea", (q) => q.eq("ideaId", ideaId))
    .unique();
}

export type StatCounter = "views" | "shares" | "shareVisits";

export async function countOnce(ctx: MutationCtx, ideaId: Id<"proposals">, counter: StatCounter) {
  const row = await rowOf(ctx, ideaId);
  if (row === null)
    await ctx.db.insert("ideaStats", {
      ideaId,
      views: 0,
      shares: 0,
      shareVisits: 0,
      [counter]: 1,
    });
  else await ctx.db.patch("ideaStats", row._id, { [counter]: row[counter] + 1 });
}

/** A view of the idea page; the poster's own views do not count. */
export async function recordView(
  ctx: MutationCtx,
  idea: Doc<"proposals">,
  viewerId: Id<"users"> | null,
) {
  if (viewerId === idea.authorId) return;
  await countOnce(ctx, idea._id, "views");
}

export async function statsOf(ctx: QueryCtx, idea: Doc<"proposals">): Promise<IdeaStats> {
  const row = await rowOf(ctx, idea._id);
  const waiting = await ctx.db
    .query("ideaMessages")
    .withIndex("by_idea_awaiting", (q) => q.eq("ideaId", idea._id).eq("awaitingPoster", true))
    .take(WAITING_COUNT_MAX + 1);
  return {
    views: row?.views ?? 0,
    shares: row?.shares ?? 0,
    shareVisits: row?.shareVisits ?? 0,
    backers: idea.backerCount ?? 0,
    questionsWaiting: waiting.length,
  };
}
