// A poster extends their idea's deadline, once (product rules "Running an idea"): while it is
// open and at least 24 hours before the deadline, by 1 to 30 days. Everything timed by the
// deadline moves with it — the scheduled close, the 24-hours reminder, judging and the claim
// window (both computed from the deadline), and the held money's "until" — and every backer
// hears that they may take their money back until the original deadline.
import { ConvexError } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { DAY_MS } from "./labels";
import { MAX_DEADLINE_DAYS } from "./ideaText";
import { extensionProblem } from "./money/rules";
import { scheduleEndingSoon } from "./notify";
import { startBackerFanOut } from "./notifyPoster";

export const EXTENSION_TOO_FAR = `The new deadline must be within ${MAX_DEADLINE_DAYS} days.`;

export async function extendDeadline(
  ctx: MutationCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  days: number,
  now: number,
): Promise<number> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) throw new ConvexError({ message: "This idea no longer exists." });
  const problem = extensionProblem({ userId, idea, days, now });
  if (problem) throw new ConvexError({ message: problem });
  const expiration = idea.expiration + days * DAY_MS;
  if (expiration > now + MAX_DEADLINE_DAYS * DAY_MS)
    throw new ConvexError({ message: EXTENSION_TOO_FAR });
  // The close runs at the new deadline (closeIdea also re-checks the deadline when it runs).
  if (idea.closeJobId) await ctx.scheduler.cancel(idea.closeJobId);
  const closeJobId = await ctx.scheduler.runAt(expiration, internal.ideas.close, { ideaId });
  await ctx.db.patch("proposals", ideaId, {
    expiration,
    extension: { from: idea.expiration, days, at: now },
    closeJobId,
  });
  const extended = (await ctx.db.get("proposals", ideaId))!;
  await scheduleEndingSoon(ctx, extended);
  await ctx.scheduler.runAfter(0, internal.controlRoom.placeHeldDeadlines, {
    ideaId,
    cursor: null,
  });
  await startBackerFanOut(ctx, { ideaId, kind: "deadline_extended" });
  return expiration;
}
