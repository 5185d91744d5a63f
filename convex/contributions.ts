// Funding ideas: Stripe Checkout, the confirmation page (live), payout preferences, winner picks,
// the idea's ledger and the profile's figures.
import { ConvexError, v } from "convex/values";
import { getAuthUserId } from "@convex-dev/auth/server";
import { action, internalMutation, query, mutation } from "./_generated/server";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  applySessionState,
  contributionBySession,
  createPendingContribution,
  paidContributionsOf,
  pickWinner as pickWinnerFor,
  setPayoutPreference as setPreference,
} from "./model/contributions";
import {
  createCheckoutSession,
  retrieveCheckoutSession,
  type SessionState,
} from "./model/payments/stripe";
import { judgingEndsAt } from "./model/ideas";
import { payoutFigures } from "./model/money";
import { payoutPreferenceValidator, sessionStateValidator } from "./model/validators";
import { submissionsOf } from "./model/submissions";
import { PlatformError } from "./model/platforms/http";

/** Starts a Stripe Checkout for a contribution; returns the page to send the browser to. */
export const startCheckout = action({
  args: { proposalId: v.string(), amountCents: v.number() },
  handler: async (ctx, args): Promise<{ url: string; contributionId: Id<"contributions"> }> => {
    const contributorId = await getAuthUserId(ctx);
    const { contributionId, title, email } = await ctx.runMutation(
      internal.contributions.createPending,
      {
        proposalId: args.proposalId,
        amountCents: args.amountCents,
        contributorId,
      },
    );
    try {
      const session = await createCheckoutSession({
        contributionId,
        proposalId: args.proposalId,
        title,
        amountCents: args.amountCents,
        email: email ?? undefined,
      });
      await ctx.runMutation(internal.contributions.attachSession, {
        contributionId,
        sessionId: session.id,
      });
      return { url: session.url, contributionId };
    } catch (e) {
      if (e instanceof PlatformError) throw e;
      console.error("Checkout could not be created", e);
      throw new ConvexError({ message: "Failed to create checkout session" });
    }
  },
});

export const createPending = internalMutation({
  args: {
    proposalId: v.string(),
    amountCents: v.number(),
    contributorId: v.union(v.id("users"), v.null()),
  },
  handler: async (ctx, args) => {
    const proposalId = ctx.db.normalizeId("proposals", args.proposalId);
    if (proposalId === null) throw new ConvexError({ message: "This idea does not exist." });
    const created = await createPendingContribution(ctx, { ...args, proposalId });
    const email = args.contributorId
      ? ((await ctx.db.get("users", args.contributorId))?.email ?? null)
      : null;
    return { ...created, email };
  },
});

export const attachSession = internalMutation({
  args: { contributionId: v.id("contributions"), sessionId: v.string() },
  handler: async (ctx, { contributionId, sessionId }) => {
    await ctx.db.patch("contributions", contributionId, { checkoutSessionId: sessionId });
  },
});

export const applySession = internalMutation({
  args: {
    state: sessionStateValidator,
  },
  handler: async (ctx, { state }) => applySessionState(ctx, state as SessionState),
});

/**
 * Looks the session up at Stripe and applies it: the confirmation page calls this so a late
 * webhook never leaves a paid contribution looking unpaid.
 */
export const reconcile = action({
  args: { sessionId: v.string() },
  handler: async (ctx, { sessionId }): Promise<Doc<"contributions">["status"] | null> => {
    if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId))
      throw new ConvexError({ message: "Contribution not found." });
    let state: SessionState;
    try {
      state = await retrieveCheckoutSession(sessionId);
    } catch (e) {
      console.warn(`Could not look up ${sessionId}`, e);
      throw new ConvexError({ message: "Failed to fetch contribution details" });
    }
    return await ctx.runMutation(internal.contributions.applySession, { state });
  },
});

function contributionView(contribution: Doc<"contributions">) {
  return {
    amountCents: contribution.amountCents,
    status: contribution.status,
    created: contribution._creationTime,
    paidAt: contribution.paidAt ?? null,
    customerDetails: contribution.customerDetails ?? null,
    payoutPreference: contribution.payoutPreference,
    refundedCents: contribution.refundedCents,
    outcome: contribution.outcome ?? null,
  };
}

/** The confirmation page's data for a Checkout Session, live. Null when unknown. */
export const bySession = query({
  args: { sessionId: v.string() },
  handler: async (ctx, { sessionId }) => {
    const contribution = await contributionBySession(ctx, sessionId);
    if (contribution === null) return null;
    const proposal = await ctx.db.get("proposals", contribution.proposalId);
    if (proposal === null) return null;
    const viewer = await getAuthUserId(ctx);
    const isContributor = viewer !== null && contribution.contributorId === viewer;
    const anonymous = contribution.contributorId === undefined;
    const view = contributionView(contribution);
    return {
      proposal: {
        _id: proposal._id,
        title: proposal.title,
        submissionCount: proposal.submissionCount,
      },
      // The payer's name and email are for the payer: a signed-in contributor's are shown only
      // to them; an anonymous contribution's exist only behind its unguessable session link.
      contribution: isContributor || anonymous ? view : { ...view, customerDetails: null },
      winnerSelectionDeadline: judgingEndsAt(proposal.expiration),
      isContributor,
      anonymous,
      // Preferences can change until the idea's first submission (server enforces).
      canChangePayout:
        isContributor && proposal.submissionCount === 0 && proposal.status === "open",
    };
  },
});

export const setPayoutPreference = mutation({
  args: { sessionId: v.string(), preference: payoutPreferenceValidator },
  handler: async (ctx, { sessionId, preference }) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null)
      throw new ConvexError({ message: "Please sign in to change payout method" });
    const contribution = await contributionBySession(ctx, sessionId);
    if (contribution === null) throw new ConvexError({ message: "Contribution not found." });
    await setPreference(ctx, userId, contribution, preference);
    return null;
  },
});

/** A customer_choice contributor picks the winning submission of an idea they funded. */
export const pickWinner = mutation({
  args: { submissionId: v.id("submissions") },
  handler: async (ctx, { submissionId }) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw new ConvexError({ message: "Please sign in to choose a winner." });
    const submission = await ctx.db.get("submissions", submissionId);
    if (submission === null) throw new ConvexError({ message: "This video is no longer here." });
    await pickWinnerFor(ctx, userId, submission);
    return null;
  },
});

/** The caller's stake in an idea: what they gave, whether and until when they pick, their pick. */
export const myStake = query({
  args: { proposalId: v.string() },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    const proposalId = ctx.db.normalizeId("proposals", args.proposalId);
    if (userId === null || proposalId === null) return null;
    const proposal = await ctx.db.get("proposals", proposalId);
    if (proposal === null) return null;
    const paid = await paidContributionsOf(ctx, userId, proposalId);
    const choosing = paid.filter((c) => c.payoutPreference === "customer_choice" && !c.settled);
    return {
      contributedCents: paid.reduce((sum, c) => sum + c.amountCents - c.refundedCents, 0),
      choosingCents: choosing.reduce((sum, c) => sum + c.amountCents, 0),
      pickedSubmissionId: choosing.find((c) => c.pickedSubmissionId)?.pickedSubmissionId ?? null,
      pickDeadline: judgingEndsAt(proposal.expiration),
      canPick: choosing.length > 0 && proposal.submissionCount > 0 && proposal.status !== "settled",
    };
  },
});

/** The idea's money: totals and the latest movements. */
export const ledger = query({
  args: { proposalId: v.string() },
  handler: async (ctx, args) => {
    const proposalId = ctx.db.normalizeId("proposals", args.proposalId);
    const proposal = proposalId === null ? null : await ctx.db.get("proposals", proposalId);
    if (proposal === null) return null;
    const entries = await ctx.db
      .query("ledgerEntries")
      .withIndex("by_proposal", (q) => q.eq("proposalId", proposal._id))
      .order("desc")
      .take(50);
    return {
      totals: {
        contributedCents: 0,
        refundedCents: 0,
        awardedCents: 0,
        paidOutCents: 0,
        ...proposal.ledger,
      },
      entries: entries.map((e) => ({
        _id: e._id,
        kind: e.kind,
        amountCents: e.amountCents,
        at: e._creationTime,
      })),
    };
  },
});

/** Profile → My Bounties: the caller's ideas with what they and everyone contributed. */
export const myBounties = query({
  args: {},
  handler: async (ctx) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) return [];
    const ideas = await ctx.db
      .query("proposals")
      .withIndex("by_author", (q) => q.eq("authorId", userId))
      .order("desc")
      .take(100);
    return await Promise.all(
      ideas.map(async (idea) => {
        const mine = await paidContributionsOf(ctx, userId, idea._id);
        return {
          _id: idea._id,
          title: idea.title,
          submissionCount: idea.submissionCount,
          votes: idea.netVotes,
          youContributedCents: mine.reduce((sum, c) => sum + c.amountCents - c.refundedCents, 0),
          totalCents: idea.bountyCents,
          status: idea.status,
        };
      }),
    );
  },
});

/** Profile → Submissions' figures: expected (if settled now) and max (if it won everything). */
export const payoutForSubmission = query({
  args: { submissionId: v.id("submissions") },
  handler: async (ctx, { submissionId }) => {
    const submission = await ctx.db.get("submissions", submissionId);
    if (submission === null) return null;
    const proposal = await ctx.db.get("proposals", submission.proposalId);
    if (proposal === null) return null;
    if (proposal.status === "settled") {
      const earned = await ctx.db
        .query("earnings")
        .withIndex("by_submission", (q) => q.eq("submissionId", submissionId))
        .take(1000);
      const total = earned.reduce((sum, e) => sum + e.amountCents, 0);
      return { expectedCents: total, maxCents: total };
    }
    const contributions = await ctx.db
      .query("contributions")
      .withIndex("by_proposal_status", (q) => q.eq("proposalId", proposal._id).eq("status", "paid"))
      .take(1000);
    const candidates = (await submissionsOf(ctx, proposal._id)).map((s) => ({
      id: s._id as string,
      votes: s.netVotes,
      createdAt: s._creationTime,
    }));
    return payoutFigures(
      submissionId,
      contributions.map((c) => ({
        amountCents: c.amountCents - c.refundedCents,
        preference: c.payoutPreference,
        anonymous: c.contributorId === undefined,
        pickedId: c.pickedSubmissionId,
      })),
      candidates,
    );
  },
});

/** The caller's contributions to the given ideas, with each idea's total (REST profile route). */
export const myContributions = query({
  args: { proposalIds: v.array(v.string()) },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) return { contributions: {}, userTotal: 0 };
    const contributions: Record<string, { user: number; total: number }> = {};
    let userTotal = 0;
    for (const raw of args.proposalIds.slice(0, 100)) {
      const proposalId = ctx.db.normalizeId("proposals", raw);
      const proposal = proposalId === null ? null : await ctx.db.get("proposals", proposalId);
      if (proposal === null) continue;
      const mine = await paidContributionsOf(ctx, userId, proposal._id);
      const user = mine.reduce((sum, c) => sum + c.amountCents - c.refundedCents, 0);
      userTotal += user;
      contributions[proposal._id] = { user: user / 100, total: proposal.bountyCents / 100 };
    }
    return { contributions, userTotal: userTotal / 100 };
  },
});
