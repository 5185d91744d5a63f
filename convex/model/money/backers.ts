// An idea's backers (product rules "Running an idea"): who backed it and since when, whether
// their name shows, and whether they still back it. A payment that counts makes its payer a
// backer once per signed-in person per idea (each anonymous payment alone); a backer who took
// all their money back after an extension is no longer listed or counted.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { contributionsOf } from "./stake";
import { countingCents, fullBuckets } from "./rules";
import { publicName } from "../users";

export async function backerRowOf(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  userId: Id<"users">,
): Promise<Doc<"backers"> | null> {
  return await ctx.db
    .query("backers")
    .withIndex("by_idea_user", (q) => q.eq("ideaId", ideaId).eq("userId", userId))
    .unique();
}

/**
 * A payment that counts (or money moved in from another idea) makes its payer a backer: listed
 * from their first one, their name shown once any of their payments chose so. Runs once per
 * contribution, when it becomes paid.
 */
export async function countBacker(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  idea: Doc<"proposals">,
) {
  const now = contribution.paidAt ?? Date.now();
  const showName = contribution.showName === true;
  const userId = contribution.contributorId;
  const count = async (delta: number) => {
    const fresh = (await ctx.db.get("proposals", idea._id))!;
    await ctx.db.patch("proposals", idea._id, {
      backerCount: Math.max(0, (fresh.backerCount ?? 0) + delta),
    });
  };
  if (userId === undefined) {
    await ctx.db.insert("backers", {
      ideaId: idea._id,
      contributionId: contribution._id,
      since: now,
      showName: false,
      listed: true,
    });
    return await count(1);
  }
  const row = await backerRowOf(ctx, idea._id, userId);
  if (row !== null) {
    await ctx.db.patch("backers", row._id, {
      showName: row.showName || showName,
      ...(row.listed ? {} : { listed: true, since: now }),
    });
    if (!row.listed) await count(1);
    return;
  }
  await ctx.db.insert("backers", {
    ideaId: idea._id,
    userId,
    since: now,
    showName,
    listed: true,
  });
  // Backers counted before this list was kept have no row: counted already.
  const backed = await contributionsOf(ctx, userId, idea._id, "backed");
  if (!backed.some((c) => c._id !== contribution._id)) await count(1);
}

/**
 * After a backer took money back: still a backer while any of their money there counts;
 * otherwise no longer listed or counted. An anonymous payment is a backer of its own.
 */
export async function uncountIfGone(ctx: MutationCtx, leaving: Doc<"contributions">) {
  const { ideaId, contributorId: userId } = leaving;
  const row =
    userId === undefined
      ? await ctx.db
          .query("backers")
          .withIndex("by_contribution", (q) => q.eq("contributionId", leaving._id))
          .unique()
      : await backerRowOf(ctx, ideaId, userId);
  if (row === null || !row.listed) return;
  const paid = userId === undefined ? [] : await contributionsOf(ctx, userId, ideaId, "paid");
  const stays = paid.some(
    (c) => c._id !== leaving._id && !c.settled && countingCents(fullBuckets(c.money)) > 0,
  );
  if (stays) return;
  await ctx.db.patch("backers", row._id, { listed: false });
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea)
    await ctx.db.patch("proposals", ideaId, {
      backerCount: Math.max(0, (idea.backerCount ?? 0) - 1),
    });
}

/** Whether a person gets the poster's emails to this idea's backers (on unless they stopped them). */
export async function wantsUpdateEmails(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  userId: Id<"users">,
): Promise<boolean> {
  return (await backerRowOf(ctx, ideaId, userId))?.updateEmails !== false;
}

/** Stops (or restarts) the poster's emails to this backer for this idea. */
export async function setUpdateEmails(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  userId: Id<"users">,
  on: boolean,
): Promise<boolean> {
  const row = await backerRowOf(ctx, ideaId, userId);
  if (row === null) return false;
  await ctx.db.patch("backers", row._id, { updateEmails: on });
  return true;
}

// --- The backers list ------------------------------------------------------------------------

/** A backer as anyone sees them: their name only if they chose so ("a backer" otherwise). */
export const backerViewValidator = v.object({
  _id: v.id("backers"),
  name: v.nullable(v.string()),
  avatarUrl: v.nullable(v.string()),
  since: v.number(),
});
/** The poster's list (control room) also says what each backer paid in. */
export const posterBackerViewValidator = backerViewValidator.extend({ paidCents: v.number() });
export type BackerView = Infer<typeof backerViewValidator>;
export type PosterBackerView = Infer<typeof posterBackerViewValidator>;

async function viewOf(ctx: QueryCtx, row: Doc<"backers">): Promise<BackerView> {
  const user = row.showName && row.userId ? await ctx.db.get("users", row.userId) : null;
  return {
    _id: row._id,
    name: user ? publicName(user) : null,
    avatarUrl: user ? (user.avatarUrl ?? user.image ?? null) : null,
    since: row.since,
  };
}

/** What a backer paid into the idea (moved-in money included), never shown publicly. */
async function paidInto(ctx: QueryCtx, row: Doc<"backers">): Promise<number> {
  const paid = row.userId
    ? await contributionsOf(ctx, row.userId, row.ideaId, "backed")
    : row.contributionId
      ? [await ctx.db.get("contributions", row.contributionId)].filter((c) => c !== null)
      : [];
  return paid.reduce((sum, c) => sum + (c.collectedCents ?? 0), 0);
}

/** A page of an idea's current backers, newest first. */
export async function backersPage(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<BackerView>> {
  const result = await ctx.db
    .query("backers")
    .withIndex("by_idea_listed", (q) => q.eq("ideaId", ideaId).eq("listed", true))
    .order("desc")
    .paginate(paginationOpts);
  return { ...result, page: await Promise.all(result.page.map((row) => viewOf(ctx, row))) };
}

/** The same page for the idea's poster, with what each backer paid in. */
export async function posterBackersPage(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<PosterBackerView>> {
  const result = await ctx.db
    .query("backers")
    .withIndex("by_idea_listed", (q) => q.eq("ideaId", ideaId).eq("listed", true))
    .order("desc")
    .paginate(paginationOpts);
  return {
    ...result,
    page: await Promise.all(
      result.page.map(async (row) => ({
        ...(await viewOf(ctx, row)),
        paidCents: await paidInto(ctx, row),
      })),
    ),
  };
}
