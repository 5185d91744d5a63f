// What an extension of an idea's deadline means for its money (product rules "Running an idea"):
// the held money's deadline moves with it (judging ends later), and every backer who paid before
// the extension may take their money back — a full refund through the movements — until the
// original deadline. The rules are rules.ts's (withdrawProblem); the ledger follows the rows.
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { heldCents, withdrawProblem } from "./rules";
import { currentBuckets } from "./ledger";
import { refundHeld } from "./settlement";
import { uncountIfGone } from "./backers";

const PLACE_PAGE = 100;

/**
 * Rewrites each unsettled paid contribution's `placedForExpiration` to the idea's new deadline,
 * a page at a time: the contributions trigger then places its held money against it (its
 * "until" moves with judging). Returns the next cursor (null: done).
 */
export async function placeHeldDeadlinesPage(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  cursor: string | null,
): Promise<string | null> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) return null;
  const page = await ctx.db
    .query("contributions")
    .withIndex("by_idea_status", (q) =>
      q.eq("ideaId", ideaId).eq("status", "paid").eq("settled", false),
    )
    .paginate({ numItems: PLACE_PAGE, cursor });
  for (const c of page.page)
    if (c.placedForExpiration !== idea.expiration)
      await ctx.db.patch("contributions", c._id, { placedForExpiration: idea.expiration });
  return page.isDone ? null : page.continueCursor;
}

/**
 * A backer takes their money back after an extension: what the contribution still holds is
 * refunded to their card (a movement), and they stop being a backer when nothing of theirs
 * counts any more.
 */
export async function withdrawContribution(
  ctx: MutationCtx,
  contribution: Doc<"contributions">,
  now: number,
) {
  const idea = await ctx.db.get("proposals", contribution.ideaId);
  if (idea === null) throw new ConvexError({ message: "This idea no longer exists." });
  const buckets = await currentBuckets(ctx, contribution._id);
  const problem = withdrawProblem({
    contribution,
    extension: idea.extension,
    held: heldCents(buckets),
    disputed: buckets.disputedCents > 0,
    now,
  });
  if (problem) throw new ConvexError({ message: problem });
  await refundHeld(ctx, contribution, "withdrawn_after_extension");
  await uncountIfGone(ctx, contribution);
}
