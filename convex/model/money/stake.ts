// A person's stake in an idea: their contributions to it, their pick, and whether they may pick
// the winner. One home for each, so the pick itself, the idea page's "Pick your winner", the
// "pick your winner by" notice, My Bounties, the confirmation page and the REST profile all read
// the same contributions through the same filter.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { countsTowardBounty } from "./ledger";
import { picksOpen } from "./rules";

/** How many of one person's contributions to one idea are read (more is not a person). */
const STAKE_READ = 200;

/**
 * Which of a person's contributions to an idea a use reads:
 * - `shown`: everything that is or was money — a checkout under way, paid, refunded (their own
 *   list of contributions and where each one's money is); abandoned and failed checkouts are no
 *   money and are not shown;
 * - `paid`: paid and not wholly refunded — what their stake adds up (what counts of each is its
 *   buckets' counting cents);
 * - `choosing`: paid money that follows its contributor's pick — customer_choice, counted toward
 *   the bounty (a payment in another currency or under another session is refunded, never
 *   awarded); who has any may pick the winner;
 * - `backed`: ever paid and counted — what makes a person one of the idea's backers.
 */
export const CONTRIBUTION_FILTERS = {
  shown: (c) =>
    c.status === "pending" ||
    c.status === "processing" ||
    c.status === "paid" ||
    c.status === "refunded",
  paid: (c) => c.status === "paid",
  choosing: (c) =>
    c.status === "paid" && c.payoutPreference === "customer_choice" && countsAsBacking(c),
  backed: (c) => c.paidAt !== undefined && countsAsBacking(c),
} satisfies Record<string, (c: Doc<"contributions">) => boolean>;
export type ContributionFilter = keyof typeof CONTRIBUTION_FILTERS;

/** A payment of this idea's own (not another session's), in USD: it counts toward the bounty. */
function countsAsBacking(c: Doc<"contributions">): boolean {
  return !c.unmatched && countsTowardBounty(c);
}

/** A person's contributions to an idea that `which` keeps, oldest first (or newest first). */
export async function contributionsOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  which: ContributionFilter,
  order: "asc" | "desc" = "asc",
): Promise<Doc<"contributions">[]> {
  const rows = await ctx.db
    .query("contributions")
    .withIndex("by_contributor_idea", (q) => q.eq("contributorId", userId).eq("ideaId", ideaId))
    .order(order)
    .take(STAKE_READ);
  return rows.filter(CONTRIBUTION_FILTERS[which]);
}

export async function pickOf(ctx: QueryCtx, userId: Id<"users">, ideaId: Id<"proposals">) {
  return await ctx.db
    .query("picks")
    .withIndex("by_user_idea", (q) => q.eq("userId", userId).eq("ideaId", ideaId))
    .unique();
}

/** The submission a contribution's contributor picked on its idea, if its money follows a pick. */
export async function pickedSubmission(
  ctx: QueryCtx,
  contribution: Pick<Doc<"contributions">, "contributorId" | "ideaId" | "payoutPreference">,
) {
  const contributor = contribution.contributorId;
  if (contribution.payoutPreference !== "customer_choice" || !contributor) return null;
  const pick = await pickOf(ctx, contributor, contribution.ideaId);
  return pick ? await ctx.db.get("submissions", pick.submissionId) : null;
}

export type PickRight =
  | { may: true; choosing: Doc<"contributions">[] }
  | { may: false; why: "closed" | "not_choosing"; choosing: Doc<"contributions">[] };

/**
 * May this person pick the winner of this idea, and why not: picks are open (rules.ts
 * picksOpen; `now` null in a query) and they have money that follows a pick. The one answer
 * for the pick itself (contributions.ts pickWinner), the idea page (myStake.canPick) and the
 * "pick your winner by" notice (notify.ts).
 */
export async function pickRight(
  ctx: QueryCtx,
  userId: Id<"users">,
  idea: Doc<"proposals">,
  now: number | null,
): Promise<PickRight> {
  const choosing = await contributionsOf(ctx, userId, idea._id, "choosing");
  const video = await ctx.db
    .query("submissions")
    .withIndex("by_idea_votes", (q) => q.eq("ideaId", idea._id))
    .first();
  if (!picksOpen(idea, video !== null, now)) return { may: false, why: "closed", choosing };
  if (choosing.length === 0) return { may: false, why: "not_choosing", choosing };
  return { may: true, choosing };
}

export async function mayPick(
  ctx: QueryCtx,
  userId: Id<"users">,
  idea: Doc<"proposals">,
  now: number | null,
): Promise<boolean> {
  return (await pickRight(ctx, userId, idea, now)).may;
}
