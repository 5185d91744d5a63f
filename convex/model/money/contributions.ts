// Contributions in the database: created pending, moved forward by Stripe's word (webhooks or a
// lookup of the session), counted into the idea's bounty and ledger exactly once (the ledger by
// its trigger: triggers.ts; the contributor's "payment confirmed" likewise: model/triggers.ts).
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { amountProblem, canMove, statusFromSession, type ContributionStatus } from "./amounts";
import { DAY_MS } from "../labels";
import type { SessionState } from "./states";
import { countsTowardBounty } from "./ledger";
import { planMovement } from "./movements";
import { isEligible, settlesOnArrival } from "./rules";
import { settleContribution } from "./settlement";
import { pickRight } from "./stake";
import { countBacker } from "./backers";
import { refuseIfHidden } from "../moderation/shown";

/** Pending and processing payments are re-read from Stripe daily (and before settlement). */
export const RECHECK_MS = DAY_MS;

export async function createPendingContribution(
  ctx: MutationCtx,
  args: {
    ideaId: Id<"proposals">;
    contributorId: Id<"users"> | null;
    amountCents: number;
    /** The backer's name on the idea's backers list (signed-in backers only; default hidden). */
    showName?: boolean;
  },
): Promise<{ contributionId: Id<"contributions">; title: string }> {
  const problem = amountProblem(args.amountCents);
  if (problem) throw new ConvexError({ message: problem });
  const idea = await ctx.db.get("proposals", args.ideaId);
  if (idea === null) throw new ConvexError({ message: "This idea does not exist." });
  if (idea.status !== "open" || idea.expiration <= Date.now()) {
    throw new ConvexError({ message: "This idea is no longer accepting contributions." });
  }
  const contributionId = await ctx.db.insert("contributions", {
    ideaId: args.ideaId,
    ...(args.contributorId ? { contributorId: args.contributorId } : {}),
    ...(args.contributorId && args.showName ? { showName: true } : {}),
    amountCents: args.amountCents,
    status: "pending",
    payoutPreference: "customer_choice",
    settled: false,
    recheckAt: Date.now() + RECHECK_MS,
  });
  return { contributionId, title: idea.title };
}

export async function contributionBySession(ctx: QueryCtx, sessionId: string) {
  return await ctx.db
    .query("contributions")
    .withIndex("by_session", (q) => q.eq("checkoutSessionId", sessionId))
    .unique();
}

/**
 * Applies what Stripe says about a Checkout Session (from any event, in any order, or from a
 * lookup). Only what Stripe collected counts; a paid contribution's session is never replaced
 * by another one. Returns the contribution's status afterwards.
 */
export async function applySessionState(
  ctx: MutationCtx,
  state: SessionState,
  failed = false,
): Promise<ContributionStatus | null> {
  let contribution = await contributionBySession(ctx, state.sessionId);
  if (contribution === null && state.contributionId) {
    const id = ctx.db.normalizeId("contributions", state.contributionId);
    const claimed = id ? await ctx.db.get("contributions", id) : null;
    // Another session carrying our contribution's id: its own payment, never this one's.
    if (claimed && claimed.checkoutSessionId && claimed.checkoutSessionId !== state.sessionId)
      return await applyUnmatchedSession(ctx, claimed, state);
    contribution = claimed;
  }
  if (contribution === null) return null;
  // An async payment that failed leaves the session "complete, unpaid": only the event says so.
  const target: ContributionStatus = failed ? "failed" : statusFromSession(state);
  if (!canMove(contribution.status, target)) return contribution.status;
  if (target === contribution.status) return target;
  const becamePaid = target === "paid";
  await ctx.db.patch("contributions", contribution._id, {
    status: target,
    checkoutSessionId: state.sessionId,
    ...(state.paymentIntentId ? { paymentIntentId: state.paymentIntentId } : {}),
    ...(state.customerDetails ? { customerDetails: state.customerDetails } : {}),
    ...(target === "pending" || target === "processing"
      ? { recheckAt: Date.now() + RECHECK_MS }
      : { recheckAt: undefined }),
    ...(becamePaid
      ? {
          paidAt: Date.now(),
          // What Stripe collected, not what we asked for.
          collectedCents: state.amountTotal ?? 0,
          currency: state.currency ?? "usd",
        }
      : {}),
  });
  if (becamePaid) await acceptPayment(ctx, contribution._id);
  return target;
}

/** A payment arrived: into the ledger; refunded when it cannot count; settled if it came late. */
async function acceptPayment(ctx: MutationCtx, contributionId: Id<"contributions">) {
  const contribution = (await ctx.db.get("contributions", contributionId))!;
  const idea = await ctx.db.get("proposals", contribution.ideaId);
  if (contribution.unmatched || !countsTowardBounty(contribution) || idea === null) {
    await ctx.db.patch("contributions", contributionId, { settled: true, outcome: "refund" });
    await planMovement(ctx, {
      kind: "refund",
      contribution,
      amountCents: contribution.collectedCents ?? 0,
      reason: contribution.unmatched ? "unmatched_session" : "not_usd",
    });
    return;
  }
  await countBacker(ctx, contribution, idea);
  // Paid after judging ended (a late bank transfer): it follows the frozen winner at once (or,
  // the idea hidden, goes back at once).
  if (settlesOnArrival(idea)) await settleContribution(ctx, contribution, idea);
}

/**
 * A paid session that names one of our contributions but is not its session (a second
 * checkout for the same contribution, say). Its money is real: it gets a record of its own and
 * goes back to its payer. Nothing of the named contribution changes.
 */
async function applyUnmatchedSession(
  ctx: MutationCtx,
  claimed: Doc<"contributions">,
  state: SessionState,
): Promise<ContributionStatus | null> {
  if (statusFromSession(state) !== "paid") return null;
  const id = await ctx.db.insert("contributions", {
    ideaId: claimed.ideaId,
    ...(claimed.contributorId ? { contributorId: claimed.contributorId } : {}),
    amountCents: state.amountTotal ?? 0,
    status: "pending",
    payoutPreference: claimed.payoutPreference,
    settled: false,
    unmatched: true,
  });
  return await applySessionState(ctx, { ...state, contributionId: id });
}

/** Until the idea's first submission its contributor may change how the money is awarded. */
export async function setPayoutPreference(
  ctx: MutationCtx,
  userId: Id<"users">,
  contribution: Doc<"contributions">,
  preference: Doc<"contributions">["payoutPreference"],
) {
  if (contribution.contributorId !== userId) {
    throw new ConvexError({
      message: "Only the person who contributed can change this payout method.",
    });
  }
  const idea = await ctx.db.get("proposals", contribution.ideaId);
  if (idea === null || idea.submissionCount > 0 || idea.status !== "open") {
    throw new ConvexError({
      message: "Payout methods can only be changed until the idea's first submission.",
    });
  }
  await ctx.db.patch("contributions", contribution._id, { payoutPreference: preference });
}

/**
 * A customer_choice contributor picks the winning video: from the first submission until the end
 * of judging, only an eligible video, never their own. The pick covers all their money on the
 * idea, including contributions paid after it.
 */
export async function pickWinner(
  ctx: MutationCtx,
  userId: Id<"users">,
  submission: Doc<"submissions">,
) {
  const idea = await ctx.db.get("proposals", submission.ideaId);
  if (idea === null) throw new ConvexError({ message: "This idea does not exist." });
  refuseIfHidden("video", submission);
  refuseIfHidden("idea", idea);
  const right = await pickRight(ctx, userId, idea, Date.now());
  if (!right.may && right.why === "closed") {
    throw new ConvexError({ message: "The winner of this idea can no longer be chosen." });
  }
  if (submission.authorId === userId)
    throw new ConvexError({ message: "You can't pick your own video." });
  if (!isEligible(submission))
    throw new ConvexError({ message: "This video can't win: it fails the idea's checks." });
  if (!right.may) {
    throw new ConvexError({
      message: "Only contributors who chose to pick the winner can choose one.",
    });
  }
  const existing = await ctx.db
    .query("picks")
    .withIndex("by_user_idea", (q) => q.eq("userId", userId).eq("ideaId", idea._id))
    .unique();
  if (existing) await ctx.db.patch("picks", existing._id, { submissionId: submission._id });
  else
    await ctx.db.insert("picks", {
      userId,
      ideaId: idea._id,
      submissionId: submission._id,
    });
}
