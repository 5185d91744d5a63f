// Profile → Submissions' figures for a video, for its author only (they reveal contributors'
// picks): expected (if settlement ran now) and max (if it won everything it can) while they
// can change, the award once settled. The figures are the rules' (rules.ts payoutFigures),
// from the same buckets, picks and people's order settlement uses.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { countingCents, EMPTY_BUCKETS, ineligibleReasons, payoutFigures } from "./rules";
import { countsTowardBounty } from "./ledger";
import { peoplesOrder } from "./settlement";
import { pickedSubmission } from "./stake";
import { awardSummary } from "./views";

export async function payoutForSubmission(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  submissionId: Id<"submissions">,
) {
  const submission = await ctx.db.get("submissions", submissionId);
  if (submission === null || viewerId === null || submission.authorId !== viewerId) return null;
  const idea = await ctx.db.get("proposals", submission.ideaId);
  if (idea === null) return null;
  const reasons = ineligibleReasons(submission);
  const award = await awardSummary(
    ctx,
    await ctx.db
      .query("awards")
      .withIndex("by_submission", (q) => q.eq("submissionId", submissionId))
      .take(500),
  );
  const phase =
    idea.judgedAt !== undefined
      ? ("settled" as const)
      : idea.status === "open"
        ? ("open" as const)
        : ("judging" as const);
  const base = { phase, eligible: reasons.length === 0, ineligibleReasons: reasons, award };
  if (phase === "settled") return { ...base, expectedCents: null, maxCents: null };
  return { ...base, ...(await figuresFor(ctx, submission, idea)) };
}

async function figuresFor(ctx: QueryCtx, submission: Doc<"submissions">, idea: Doc<"proposals">) {
  if (ineligibleReasons(submission).length > 0) return { expectedCents: 0, maxCents: 0 };
  // The people's order as far as this video: who comes after it cannot take money from it.
  const order: Doc<"submissions">[] = [];
  for await (const s of peoplesOrder(ctx, idea)) {
    order.push(s);
    if (s._id === submission._id) break;
  }
  const contributions = [];
  const picks = new Map<string, Doc<"submissions"> | null>();
  const paid = ctx.db
    .query("contributions")
    .withIndex("by_idea_status", (q) => q.eq("ideaId", idea._id).eq("status", "paid"));
  for await (const c of paid) {
    if (c.unmatched || !countsTowardBounty(c)) continue;
    // Settled before judging ended (taken back after an extension): no video receives it.
    if (c.settled && c.outcome !== "awarded") continue;
    const key = `${c.contributorId ?? ""}:${c.payoutPreference}`;
    if (!picks.has(key)) picks.set(key, await pickedSubmission(ctx, c));
    const money = c.money ?? EMPTY_BUCKETS;
    contributions.push({
      giver: c,
      cents: countingCents(money),
      frozen: money.disputedCents > 0,
      pick: picks.get(key)!,
    });
  }
  return await payoutFigures(submission, contributions, order);
}
