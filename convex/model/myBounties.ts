// Profile → My Bounties: the ideas a person posted and the ideas they backed, page by page (no
// silent cap), each with how it ended and where the person's own money is.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import schema from "../schema";
import { fateOf } from "./money/views";
import { endingFor, ideaEndingValidator } from "./ideaOutcome";
import { totalsOf } from "./money/ledger";
import { fatePartValidator, type FatePart } from "./money/states";
import { CONTRIBUTION_FILTERS, contributionsOf } from "./money/stake";
import { backerOptionsOf, backerOptionsValidator, movedFromOf } from "./money/backerOptions";
import { moveRefValidator } from "./money/viewShapes";
import { fullBuckets, heldCents } from "./money/rules";
import { shownVideoCount } from "./moderation/shown";

export const myIdeaValidator = schema
  .doc("proposals")
  .pick("_id", "title", "submissionCount", "status", "expiration", "bountyCents")
  .extend({
    backerCount: v.number(),
    votes: v.number(),
    totalCents: v.number(),
    youContributedCents: v.number(),
    ending: ideaEndingValidator,
    /** Where the person's own money on this idea is, parts of the same kind added up. */
    yourMoney: v.array(fatePartValidator),
    /**
     * What they can still do with each of their paid contributions here: the "if nobody
     * delivers" choice, taking it back after an extension, moving it when nobody delivered.
     */
    yourOptions: v.array(backerOptionsValidator.extend({ amountCents: v.number() })),
    /** Their money that moved here from other ideas, with when (product rules: shown with its date). */
    movedIn: v.array(moveRefValidator.extend({ amountCents: v.number() })),
  });
export type MyIdea = Infer<typeof myIdeaValidator>;

/** Adds up parts of the same state for the same video (several payments to one idea). */
export function mergeParts(parts: FatePart[]): FatePart[] {
  const merged = new Map<string, FatePart>();
  for (const p of parts) {
    const key = `${p.state}|${p.submission?._id ?? ""}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...p });
    else
      merged.set(key, {
        ...seen,
        amountCents: seen.amountCents + p.amountCents,
        at: Math.max(seen.at ?? 0, p.at ?? 0) || null,
        until:
          seen.until === null || p.until === null
            ? (seen.until ?? p.until)
            : Math.min(seen.until, p.until),
      });
  }
  return [...merged.values()];
}

async function myIdea(ctx: QueryCtx, userId: Id<"users">, idea: Doc<"proposals">): Promise<MyIdea> {
  // Contributions that never became money (an abandoned or failed checkout) are not shown.
  const mine = await contributionsOf(ctx, userId, idea._id, "shown");
  const parts: FatePart[] = [];
  for (const c of mine) parts.push(...(await fateOf(ctx, c, idea)));
  const movedIn = [];
  for (const c of mine) {
    const { movedFrom } = await movedFromOf(ctx, c);
    if (movedFrom) movedIn.push({ ...movedFrom, amountCents: c.collectedCents ?? c.amountCents });
  }
  return {
    _id: idea._id,
    title: idea.title,
    submissionCount: shownVideoCount(idea),
    status: idea.status,
    // The card's facts, so the row says what the card and the idea page say (ideaStatusOf).
    expiration: idea.expiration,
    bountyCents: idea.bountyCents,
    backerCount: idea.backerCount ?? 0,
    votes: idea.netVotes,
    // What was paid in, by the person and by everyone: a refunded idea still shows what its
    // backers gave (where that money went is in `yourMoney` and on the idea page).
    totalCents: totalsOf(idea).contributedCents,
    youContributedCents: mine.reduce((sum, c) => sum + (c.money?.collectedCents ?? 0), 0),
    ending: await endingFor(ctx, idea),
    yourMoney: mergeParts(parts),
    yourOptions: mine
      .filter((c) => c.status === "paid")
      .map((c) => ({
        ...backerOptionsOf(c, idea),
        amountCents: c.outcome === "move_waiting" ? heldCents(fullBuckets(c.money)) : c.amountCents,
      })),
    movedIn,
  };
}

/** The ideas the person posted, newest first. */
export async function postedIdeas(
  ctx: QueryCtx,
  userId: Id<"users">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<MyIdea>> {
  const result = await ctx.db
    .query("proposals")
    .withIndex("by_author", (q) => q.eq("authorId", userId))
    .order("desc")
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .paginate(paginationOpts);
  return { ...result, page: await Promise.all(result.page.map((p) => myIdea(ctx, userId, p))) };
}

/**
 * The ideas the person funded but did not post. Pages walk their contributions (grouped by idea
 * in the index), so an idea whose payments straddle two pages can appear in both: the client
 * keeps the first.
 */
export async function backedIdeas(
  ctx: QueryCtx,
  userId: Id<"users">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<MyIdea>> {
  const result = await ctx.db
    .query("contributions")
    .withIndex("by_contributor_idea", (q) => q.eq("contributorId", userId))
    .paginate(paginationOpts);
  const ids = [...new Set(result.page.filter(CONTRIBUTION_FILTERS.shown).map((c) => c.ideaId))];
  const page: MyIdea[] = [];
  for (const id of ids) {
    const idea = await ctx.db.get("proposals", id);
    if (idea !== null && idea.authorId !== userId) page.push(await myIdea(ctx, userId, idea));
  }
  return { ...result, page };
}
