// Funding ideas: Stripe Checkout, the confirmation page (live), payout preferences, winner picks,
// each contribution's fate, the idea's money box and the profile's figures.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { literals } from "convex-helpers/validators";
import {
  internalAction,
  internalQuery,
  type ActionCtx,
  type MutationCtx,
  type QueryCtx,
} from "./_generated/server";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { publicAction, publicQuery, userMutation, internalMutation } from "./functions";
import {
  applySessionState,
  contributionBySession,
  createPendingContribution,
  pickWinner as pickWinnerFor,
  setPayoutPreference as setPreference,
} from "./model/money/contributions";
import {
  createCheckoutSession,
  INTERACTIVE_LOOKUP,
  retrieveCheckoutSession,
} from "./model/money/stripe";
import { judgingEndsAt } from "./model/labels";
import { fateOf, moneyBoxOf } from "./model/money/views";
import { countingCents, EMPTY_BUCKETS } from "./model/money/rules";
import { contributionsOf, pickOf, pickRight } from "./model/money/stake";
import { payoutForSubmission as payoutFiguresFor } from "./model/money/payoutFigures";
import {
  contributionStatusValidator,
  fatePartValidator,
  payoutPreferenceValidator,
  sessionStateValidator,
  type SessionState,
} from "./model/money/states";
import { PlatformError } from "./model/platforms/http";
import {
  awardSummaryValidator,
  contributionFateValidator,
  contributionViewValidator,
  ledgerViewValidator,
  type ContributionView,
} from "./model/money/viewShapes";
import schema from "./schema";
import { limitCheckout } from "./model/rateLimits";
import { clientKeyOf } from "./model/security/clientAddress";
import { backedIdeas, myIdeaValidator, postedIdeas } from "./model/myBounties";
import {
  backerOptionsOf,
  backerOptionsValidator,
  movedFromOf,
  otherIdeaOf,
} from "./model/money/backerOptions";
import { isHidden, shownVideoCount } from "./model/moderation/shown";

const checkoutArgs = { ideaId: v.string(), amountCents: v.number() };
const checkoutResult = v.object({ url: v.string(), contributionId: v.id("contributions") });

/**
 * Starts a Stripe Checkout for a contribution; returns the page to send the browser to.
 * `showName`: the signed-in backer's name shows on the idea's backers list (default: "a backer").
 */
export const startCheckout = publicAction({
  args: { ...checkoutArgs, showName: v.optional(v.boolean()) },
  returns: checkoutResult,
  handler: async (ctx, args) => await beginCheckout(ctx, { ...args, contributorId: ctx.viewerId }),
});

/** The REST edge's twin: the caller comes from the bearer token it verified. */
export const checkoutFor = internalAction({
  args: {
    ...checkoutArgs,
    contributorId: v.union(v.id("users"), v.null()),
    // The anonymous caller's client key (security/clientAddress.ts), read from the request.
    client: v.optional(v.union(v.string(), v.null())),
  },
  returns: checkoutResult,
  handler: async (ctx, { client, ...args }) => await beginCheckout(ctx, args, client),
});

async function beginCheckout(
  ctx: ActionCtx,
  args: {
    ideaId: string;
    amountCents: number;
    contributorId: Id<"users"> | null;
    showName?: boolean;
  },
  client?: string | null,
): Promise<{ url: string; contributionId: Id<"contributions"> }> {
  await limitCheckout(ctx, args.contributorId, client);
  {
    const { contributionId, title, email } = await ctx.runMutation(
      internal.contributions.createPending,
      args,
    );
    try {
      const session = await createCheckoutSession({
        contributionId,
        ideaId: args.ideaId,
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
  }
}

export const createPending = internalMutation({
  args: {
    ideaId: v.string(),
    amountCents: v.number(),
    contributorId: v.union(v.id("users"), v.null()),
    showName: v.optional(v.boolean()),
  },
  handler: async (ctx, args) => {
    const ideaId = ctx.db.normalizeId("proposals", args.ideaId);
    if (ideaId === null) throw new ConvexError({ message: "This idea does not exist." });
    const created = await createPendingContribution(ctx, { ...args, ideaId });
    const email = args.contributorId
      ? ((await ctx.db.get("users", args.contributorId))?.email ?? null)
      : null;
    return { ...created, email };
  },
});

export const attachSession = internalMutation({
  args: { contributionId: v.id("contributions"), sessionId: v.string() },
  handler: async (ctx, { contributionId, sessionId }) => {
    const contribution = await ctx.db.get("contributions", contributionId);
    // A webhook may have attached it first; a contribution's session never changes.
    if (contribution && !contribution.checkoutSessionId)
      await ctx.db.patch("contributions", contributionId, { checkoutSessionId: sessionId });
  },
});

export const applySession = internalMutation({
  args: { state: sessionStateValidator },
  handler: async (ctx, { state }) => applySessionState(ctx, state),
});

export const NOT_FOUND_MESSAGE = "Contribution not found.";

/**
 * Looks the session up at Stripe and applies it: the confirmation page calls this so a late
 * webhook never leaves a paid contribution looking unpaid. A session Stripe does not know is
 * 'Contribution not found.'; only a failure to reach Stripe is an error.
 */
export const reconcile = publicAction({
  args: { sessionId: v.string() },
  returns: v.union(contributionStatusValidator, v.null()),
  handler: async (ctx, { sessionId }) =>
    await reconcileSession(ctx, sessionId, await clientKeyOf(ctx)),
});

/** The REST edge's twin (`…/record`); `client` is the caller's key, read from the request. */
export const reconcileFor = internalAction({
  args: { sessionId: v.string(), client: v.optional(v.union(v.string(), v.null())) },
  returns: v.union(contributionStatusValidator, v.null()),
  handler: async (ctx, { sessionId, client }) =>
    await reconcileSession(ctx, sessionId, client ?? (await clientKeyOf(ctx))),
});

async function reconcileSession(
  ctx: ActionCtx,
  sessionId: string,
  client: string | null,
): Promise<Doc<"contributions">["status"] | null> {
  {
    if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId))
      throw new ConvexError({ message: NOT_FOUND_MESSAGE });
    // Unknown sessions cost their sender, and a recent "not found" is not asked again.
    const admitted = await ctx.runMutation(internal.clients.admitLookup, { sessionId, client });
    if (admitted === "notFound") throw new ConvexError({ message: NOT_FOUND_MESSAGE });
    let state: SessionState | null;
    try {
      state = await retrieveCheckoutSession(sessionId, INTERACTIVE_LOOKUP);
    } catch (e) {
      console.warn(`Could not look up ${sessionId}`, e);
      throw new ConvexError({ message: "Failed to fetch contribution details" });
    }
    if (state === null) {
      await ctx.runMutation(internal.clients.rememberNotFound, { sessionId });
      throw new ConvexError({ message: NOT_FOUND_MESSAGE });
    }
    return await ctx.runMutation(internal.contributions.applySession, { state });
  }
}

function contributionView(contribution: Doc<"contributions">): ContributionView {
  const money = contribution.money ?? EMPTY_BUCKETS;
  return {
    amountCents: contribution.amountCents,
    status: contribution.status,
    created: contribution._creationTime,
    paidAt: contribution.paidAt ?? null,
    customerDetails: contribution.customerDetails ?? null,
    payoutPreference: contribution.payoutPreference,
    refundedCents: money.refundedCents,
    outcome: contribution.outcome ?? null,
  };
}

/** What the confirmation page shows: the idea, the contribution, its fate and what can change. */
const confirmationValidator = v.object({
  idea: schema.doc("proposals").pick("_id", "title", "submissionCount"),
  contribution: contributionViewValidator,
  fate: v.array(fatePartValidator),
  winnerSelectionDeadline: v.number(),
  isContributor: v.boolean(),
  anonymous: v.boolean(),
  canChangePayout: v.boolean(),
  /** What this contribution's backer can still do with it (null: not theirs to see). */
  backer: v.nullable(backerOptionsValidator),
});

/** The confirmation page's data for a Checkout Session, live. Null when unknown. */
export const bySession = publicQuery({
  args: { sessionId: v.string() },
  returns: v.nullable(confirmationValidator),
  handler: async (ctx, { sessionId }) => await confirmation(ctx, sessionId, ctx.viewerId),
});

/** The REST edge's twin, for the caller its bearer token names (or nobody). */
export const bySessionFor = internalQuery({
  args: { sessionId: v.string(), viewerId: v.union(v.id("users"), v.null()) },
  returns: v.nullable(confirmationValidator),
  handler: async (ctx, { sessionId, viewerId }) => await confirmation(ctx, sessionId, viewerId),
});

async function confirmation(ctx: QueryCtx, sessionId: string, viewer: Id<"users"> | null) {
  {
    const contribution = await contributionBySession(ctx, sessionId);
    if (contribution === null) return null;
    const idea = await ctx.db.get("proposals", contribution.ideaId);
    if (idea === null) return null;
    const isContributor = viewer !== null && contribution.contributorId === viewer;
    const anonymous = contribution.contributorId === undefined;
    const view = contributionView(contribution);
    return {
      idea: {
        _id: idea._id,
        title: idea.title,
        submissionCount: shownVideoCount(idea),
      },
      // The payer's name and email are for the payer: a signed-in contributor's are shown only
      // to them; an anonymous contribution's exist only behind its unguessable session link.
      contribution: isContributor || anonymous ? view : { ...view, customerDetails: null },
      fate: isContributor || anonymous ? await fateOf(ctx, contribution, idea) : [],
      winnerSelectionDeadline: judgingEndsAt(idea.expiration),
      isContributor,
      anonymous,
      // Preferences can change until the idea's first submission (server enforces).
      canChangePayout: isContributor && idea.submissionCount === 0 && idea.status === "open",
      backer: isContributor || anonymous ? backerOptionsOf(contribution, idea) : null,
    };
  }
}

const preferenceArgs = { sessionId: v.string(), preference: payoutPreferenceValidator };

export const setPayoutPreference = userMutation({
  args: preferenceArgs,
  returns: v.null(),
  signInMessage: "Please sign in to change payout method",
  handler: async (ctx, args) => await changePreference(ctx, ctx.userId, args),
});

/** The REST edge's twin (`…/payout`). */
export const setPayoutPreferenceFor = internalMutation({
  args: { ...preferenceArgs, userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId, ...args }) => await changePreference(ctx, userId, args),
});

async function changePreference(
  ctx: MutationCtx,
  userId: Id<"users">,
  {
    sessionId,
    preference,
  }: { sessionId: string; preference: Doc<"contributions">["payoutPreference"] },
) {
  const contribution = await contributionBySession(ctx, sessionId);
  if (contribution === null) throw new ConvexError({ message: NOT_FOUND_MESSAGE });
  await setPreference(ctx, userId, contribution, preference);
  return null;
}

/** A customer_choice contributor picks the winning submission of an idea they funded. */
export const pickWinner = userMutation({
  args: { submissionId: v.id("submissions") },
  returns: v.null(),
  signInMessage: "Please sign in to choose a winner.",
  handler: async (ctx, { submissionId }) => {
    const submission = await ctx.db.get("submissions", submissionId);
    if (submission === null) throw new ConvexError({ message: "This video is no longer here." });
    await pickWinnerFor(ctx, ctx.userId, submission);
    return null;
  },
});

/** The caller's stake in an idea: what they gave, whether and until when they pick, their pick. */
export const myStake = publicQuery({
  args: { ideaId: v.string() },
  returns: v.nullable(
    v.object({
      contributedCents: v.number(),
      choosingCents: v.number(),
      pickedSubmissionId: v.nullable(v.id("submissions")),
      /** The picked video's title, to say what was picked (issue 37). */
      pickedTitle: v.nullable(v.string()),
      pickDeadline: v.number(),
      canPick: v.boolean(),
    }),
  ),
  handler: async (ctx, args) => {
    const userId = ctx.viewerId;
    const ideaId = ctx.db.normalizeId("proposals", args.ideaId);
    if (userId === null || ideaId === null) return null;
    const idea = await ctx.db.get("proposals", ideaId);
    if (idea === null) return null;
    const paid = await contributionsOf(ctx, userId, ideaId, "paid");
    // A query reads no clock: the idea's own state says whether judging has ended.
    const right = await pickRight(ctx, userId, idea, null);
    const pick = await pickOf(ctx, userId, ideaId);
    const picked = pick ? await ctx.db.get("submissions", pick.submissionId) : null;
    return {
      contributedCents: paid.reduce((sum, c) => sum + heldOrPaid(c), 0),
      choosingCents: right.choosing.reduce((sum, c) => sum + c.amountCents, 0),
      pickedSubmissionId: pick?.submissionId ?? null,
      pickedTitle: picked?.title ?? null,
      pickDeadline: judgingEndsAt(idea.expiration),
      canPick: right.may,
    };
  },
});

/** What of a contribution still counts: paid, not refunded (in any state), disputed or lost. */
function heldOrPaid(c: Doc<"contributions">) {
  return countingCents(c.money ?? EMPTY_BUCKETS);
}

/** The idea's money box: totals, held money with deadlines, winners and the latest lines. */
export const ledger = publicQuery({
  args: { ideaId: v.string() },
  returns: v.nullable(ledgerViewValidator),
  handler: async (ctx, args) => {
    const ideaId = ctx.db.normalizeId("proposals", args.ideaId);
    const idea = ideaId === null ? null : await ctx.db.get("proposals", ideaId);
    if (idea === null) return null;
    const entries = await ctx.db
      .query("ledgerEntries")
      .withIndex("by_idea", (q) => q.eq("ideaId", idea._id))
      .order("desc")
      .take(50);
    // A video an operator hid is named nowhere, the money box included.
    const titles = new Map<string, string | null>();
    for (const e of entries) {
      if (e.submissionId && !titles.has(e.submissionId)) {
        const s = await ctx.db.get("submissions", e.submissionId);
        titles.set(e.submissionId, s && isHidden(s) ? null : (s?.title ?? ""));
      }
    }
    return {
      ...(await moneyBoxOf(ctx, idea)),
      entries: await Promise.all(
        entries.map(async (e) => {
          const other =
            (e.kind === "moved_out" || e.kind === "moved_in") && e.contributionId
              ? await otherIdeaOf(ctx, e.contributionId)
              : null;
          return {
            _id: e._id,
            kind: e.kind,
            amountCents: e.amountCents,
            at: e._creationTime,
            submissionTitle: e.submissionId ? (titles.get(e.submissionId) ?? null) : null,
            ...(e.submissionId && titles.get(e.submissionId) === null ? { videoHidden: true } : {}),
            ...(other ? { otherIdea: other } : {}),
          };
        }),
      ),
    };
  },
});

/** The caller's own contributions to an idea, each with where its money is. */
export const myFates = publicQuery({
  args: { ideaId: v.string() },
  returns: v.nullable(v.array(contributionFateValidator)),
  handler: async (ctx, args) => {
    const userId = ctx.viewerId;
    const ideaId = ctx.db.normalizeId("proposals", args.ideaId);
    if (userId === null) return null;
    const idea = ideaId === null ? null : await ctx.db.get("proposals", ideaId);
    if (idea === null) return [];
    const shown = await contributionsOf(ctx, userId, idea._id, "shown", "desc");
    return await Promise.all(
      shown.map(async (c) => ({
        contributionId: c._id,
        sessionId: c.checkoutSessionId ?? null,
        amountCents: c.amountCents,
        createdAt: c._creationTime,
        parts: await fateOf(ctx, c, idea),
        ...(await movedFromOf(ctx, c)),
        options: backerOptionsOf(c, idea),
      })),
    );
  },
});

/** The REST edge's view of one of the caller's ideas (the spec's shape: newest 100). */
const myBountyValidator = schema
  .doc("proposals")
  .pick("_id", "title", "submissionCount", "status")
  .extend({ votes: v.number(), youContributedCents: v.number(), totalCents: v.number() });

const myIdeasReturns = paginationResultValidator(myIdeaValidator);

/** Profile → My Bounties: the ideas the caller posted, page by page. */
export const myPostedIdeas = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: myIdeasReturns,
  handler: async (ctx, { paginationOpts }) =>
    ctx.viewerId === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await postedIdeas(ctx, ctx.viewerId, paginationOpts),
});

/** Profile → My Bounties: the ideas the caller funded but did not post, page by page. */
export const myBackedIdeas = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: myIdeasReturns,
  handler: async (ctx, { paginationOpts }) =>
    ctx.viewerId === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await backedIdeas(ctx, ctx.viewerId, paginationOpts),
});

/** The REST edge's list of the caller's ideas (`/server/api/profile/proposals`). */
export const myBountiesFor = internalQuery({
  args: { userId: v.id("users") },
  returns: v.array(myBountyValidator),
  handler: async (ctx, { userId }) => await bountiesOf(ctx, userId),
});

async function bountiesOf(ctx: QueryCtx, userId: Id<"users">) {
  {
    const ideas = await ctx.db
      .query("proposals")
      .withIndex("by_author", (q) => q.eq("authorId", userId))
      .order("desc")
      .take(100);
    return await Promise.all(
      ideas.map(async (idea) => {
        const mine = await contributionsOf(ctx, userId, idea._id, "paid");
        return {
          _id: idea._id,
          title: idea.title,
          submissionCount: shownVideoCount(idea),
          votes: idea.netVotes,
          youContributedCents: mine.reduce((sum, c) => sum + heldOrPaid(c), 0),
          totalCents: idea.bountyCents,
          status: idea.status,
        };
      }),
    );
  }
}

/**
 * Profile → Submissions' figures, for the submission's author only (they reveal contributors'
 * picks): expected (if settled now) and max (if it won everything) while they can change; the
 * award once settled.
 */
export const payoutForSubmission = publicQuery({
  args: { submissionId: v.id("submissions") },
  returns: v.nullable(
    v.object({
      phase: literals("open", "judging", "settled"),
      eligible: v.boolean(),
      ineligibleReasons: v.array(v.string()),
      expectedCents: v.nullable(v.number()),
      maxCents: v.nullable(v.number()),
      award: v.nullable(awardSummaryValidator),
    }),
  ),
  handler: async (ctx, { submissionId }) => await payoutFiguresFor(ctx, ctx.viewerId, submissionId),
});

/** The caller's contributions to the given ideas, with each idea's total (REST profile route). */
export const myContributions = internalQuery({
  args: { userId: v.id("users"), ideaIds: v.array(v.string()) },
  handler: async (ctx, { userId, ideaIds }) => {
    const contributions: Record<string, { user: number; total: number }> = {};
    let userTotal = 0;
    for (const raw of ideaIds.slice(0, 100)) {
      const ideaId = ctx.db.normalizeId("proposals", raw);
      const idea = ideaId === null ? null : await ctx.db.get("proposals", ideaId);
      if (idea === null) continue;
      const mine = await contributionsOf(ctx, userId, idea._id, "paid");
      const user = mine.reduce((sum, c) => sum + heldOrPaid(c), 0);
      userTotal += user;
      contributions[idea._id] = { user: user / 100, total: idea.bountyCents / 100 };
    }
    return { contributions, userTotal: userTotal / 100 };
  },
});
