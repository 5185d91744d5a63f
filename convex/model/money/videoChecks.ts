// A video must still exist on its platform to win or be paid (product rules "Eligible
// submissions"): looked up again when judging ends and before every transfer. A video deleted
// or made private cannot win; its awards not yet paid pass on (videoGone, then claims.ts passOn).
// The look-up itself is an action's (model/platforms/presence.ts stillOnPlatform); what follows
// from its answer is here, in mutations, which need none of the platforms' code.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { isLiveAward } from "./rules";

/**
 * A winning video found gone from its platform (before its transfer): it can no longer win or
 * be paid, so its awards not yet paid pass on (settlement.passOnAward, one transaction each),
 * and its planned transfer is called off (movements.ts).
 */
export async function videoGone(ctx: MutationCtx, submissionId: Id<"submissions">) {
  const submission = await ctx.db.get("submissions", submissionId);
  if (submission === null) return;
  if (submission.checklist.exists)
    await ctx.db.patch("submissions", submissionId, {
      checklist: { ...submission.checklist, exists: false },
      eligible: false,
    });
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_submission", (q) => q.eq("submissionId", submissionId))
    .take(500);
  for (const award of awards) {
    if (!isLiveAward(award) || award.status === "paid") continue;
    await ctx.scheduler.runAfter(0, internal.settlement.passOnAward, { awardId: award._id });
  }
}
