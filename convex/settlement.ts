// Settlement's scheduled steps (rules in model/money/settlement.ts): at the end of judging, re-read
// payments Stripe has not confirmed yet, then settle in batches; claim windows; awards that
// follow their charge; open checkouts expired at the deadline; the daily re-read of pending
// payments.
import { v } from "convex/values";
import { internalAction, internalQuery, type ActionCtx } from "./_generated/server";
import { internalMutation } from "./functions";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { settleIdea } from "./model/money/settlement";
import { followCharge as followChargeRule } from "./model/money/follow";
import { refreshMoney } from "./model/money/ledger";
import { expireClaim as expireClaimRule, expireClaimsPage, passOn } from "./model/money/claims";
import { isLiveAward } from "./model/money/rules";
import { videoGone } from "./model/money/videoChecks";
import { stillOnPlatform } from "./model/platforms/presence";
import { notifyOutcome } from "./model/notify";
import { RECHECK_MS } from "./model/money/contributions";
import { expireCheckoutSession, retrieveCheckoutSession } from "./model/money/stripe";

/**
 * The end of judging (or the deadline, for an idea no video can win): payments still pending
 * are asked about and the videos that can win are looked up again on their platforms, then
 * settlement runs.
 */
export const start = internalAction({
  args: { ideaId: v.id("proposals") },
  handler: async (ctx, { ideaId }) => {
    const sessions = await ctx.runQuery(internal.settlement.unconfirmedSessions, { ideaId });
    await refreshSessions(ctx, sessions);
    await recheckVideos(ctx, ideaId);
    await ctx.runMutation(internal.settlement.settleBatch, { ideaId, cursor: null });
  },
});

/** Every video that can still win, looked up again; the gone ones can win no more. */
async function recheckVideos(
  ctx: Pick<ActionCtx, "runQuery" | "runMutation">,
  ideaId: Id<"proposals">,
) {
  let cursor: string | null = null;
  for (;;) {
    const page: { videos: Doc<"submissions">[]; cursor: string | null } = await ctx.runQuery(
      internal.settlement.eligibleVideos,
      { ideaId, cursor },
    );
    for (const video of page.videos)
      if ((await stillOnPlatform(video)) === false)
        await ctx.runMutation(internal.settlement.markVideoGone, { submissionId: video._id });
    if (page.cursor === null) return;
    cursor = page.cursor;
  }
}

export const eligibleVideos = internalQuery({
  args: { ideaId: v.id("proposals"), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { ideaId, cursor }) => {
    const page = await ctx.db
      .query("submissions")
      .withIndex("by_idea_eligible_qualified", (q) => q.eq("ideaId", ideaId).eq("eligible", true))
      .paginate({ numItems: 50, cursor });
    return { videos: page.page, cursor: page.isDone ? null : page.continueCursor };
  },
});

export const markVideoGone = internalMutation({
  args: { submissionId: v.id("submissions") },
  handler: async (ctx, { submissionId }) => await videoGone(ctx, submissionId),
});

/** A gone video's award not yet paid passes on (claims.ts passOn). */
export const passOnAward = internalMutation({
  args: { awardId: v.id("awards") },
  handler: async (ctx, { awardId }) => {
    const award = await ctx.db.get("awards", awardId);
    if (award === null || !isLiveAward(award) || award.status === "paid") return;
    const submission = await ctx.db.get("submissions", award.submissionId);
    if (submission?.checklist.exists === false) await passOn(ctx, award, "video_gone");
  },
});

/** One batch of settlement; the last one announces the outcome to the idea's followers. */
export const settleBatch = internalMutation({
  args: { ideaId: v.id("proposals"), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { ideaId, cursor }) => {
    const { next, settled } = await settleIdea(ctx, ideaId, Date.now(), cursor);
    if (settled) await notifyOutcome(ctx, ideaId);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.settlement.settleBatch, {
        ideaId,
        cursor: next,
      });
  },
});

export const expireClaim = internalMutation({
  args: { awardId: v.id("awards") },
  handler: async (ctx, { awardId }) => await expireClaimRule(ctx, awardId, Date.now()),
});

/** Safety net for claim deadlines whose scheduled function was missed: every page of them. */
export const expireClaims = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, { cursor }) => {
    const next = await expireClaimsPage(ctx, Date.now(), cursor ?? null);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.settlement.expireClaims, { cursor: next });
  },
});

/**
 * Once after deploying held reasons (issue 26): places every paid contribution's held money by
 * its reason, which fills each idea's held-by-reason totals. Pages through all of them. (The
 * one call of the ledger's refresh outside its triggers: it recomputes rows written before the
 * triggers kept them.)
 *   npx convex run settlement:placeHeldMoney
 */
export const placeHeldMoney = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db
      .query("contributions")
      .paginate({ numItems: 100, cursor: cursor ?? null });
    for (const c of page.page)
      if (c.status === "paid" || c.status === "refunded") await refreshMoney(ctx, c._id);
    if (!page.isDone)
      await ctx.scheduler.runAfter(0, internal.settlement.placeHeldMoney, {
        cursor: page.continueCursor,
      });
  },
});

export const followCharge = internalMutation({
  args: { contributionId: v.id("contributions") },
  handler: async (ctx, { contributionId }) =>
    await followChargeRule(ctx, contributionId, Date.now()),
});

export const unconfirmedSessions = internalQuery({
  args: { ideaId: v.id("proposals") },
  handler: async (ctx, { ideaId }) => {
    const sessions: string[] = [];
    for (const status of ["pending", "processing"] as const) {
      const rows = await ctx.db
        .query("contributions")
        .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId).eq("status", status))
        .take(200);
      for (const c of rows) if (c.checkoutSessionId) sessions.push(c.checkoutSessionId);
    }
    return sessions;
  },
});

async function refreshSessions(ctx: Pick<ActionCtx, "runMutation">, sessions: string[]) {
  for (const sessionId of sessions) {
    try {
      const state = await retrieveCheckoutSession(sessionId);
      if (state) await ctx.runMutation(internal.contributions.applySession, { state });
    } catch (e) {
      console.warn(`Could not re-read ${sessionId}:`, (e as Error).message);
    }
  }
}

/** Pending and processing payments due for their daily re-read. */
export const dueRechecks = internalQuery({
  args: { now: v.number() },
  handler: async (ctx, { now }) => {
    const due: string[] = [];
    for (const status of ["pending", "processing"] as const) {
      const rows = await ctx.db
        .query("contributions")
        .withIndex("by_status_recheck", (q) => q.eq("status", status).lte("recheckAt", now))
        .take(100);
      for (const c of rows) if (c.checkoutSessionId) due.push(c.checkoutSessionId);
    }
    return due;
  },
});

export const recheckPending = internalAction({
  args: {},
  handler: async (ctx) => {
    const sessions = await ctx.runQuery(internal.settlement.dueRechecks, { now: Date.now() });
    await refreshSessions(ctx, sessions);
    await ctx.runMutation(internal.settlement.postponeRechecks, { sessionIds: sessions });
  },
});

/** A payment Stripe still calls pending is asked about again a day later. */
export const postponeRechecks = internalMutation({
  args: { sessionIds: v.array(v.string()) },
  handler: async (ctx, { sessionIds }) => {
    for (const sessionId of sessionIds) {
      const c = await ctx.db
        .query("contributions")
        .withIndex("by_session", (q) => q.eq("checkoutSessionId", sessionId))
        .unique();
      if (
        c &&
        (c.status === "pending" || c.status === "processing") &&
        (c.recheckAt ?? 0) <= Date.now()
      )
        await ctx.db.patch("contributions", c._id, { recheckAt: Date.now() + RECHECK_MS });
    }
  },
});

export const openCheckouts = internalQuery({
  args: { ideaId: v.id("proposals") },
  handler: async (ctx, { ideaId }) => {
    const pending = await ctx.db
      .query("contributions")
      .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId).eq("status", "pending"))
      .take(200);
    return pending.flatMap((c) => (c.checkoutSessionId ? [c.checkoutSessionId] : []));
  },
});

/**
 * At the deadline, checkouts still open are expired so nobody pays into a closed idea; one that
 * was completed meanwhile (its webhook still on the way) is brought up to date instead.
 */
export const expireOpenCheckouts = internalAction({
  args: { ideaId: v.id("proposals") },
  handler: async (ctx, { ideaId }: { ideaId: Id<"proposals"> }) => {
    for (const sessionId of await ctx.runQuery(internal.settlement.openCheckouts, { ideaId })) {
      try {
        const state = await retrieveCheckoutSession(sessionId);
        if (state === null) continue;
        if (state.status === "open") await expireCheckoutSession(sessionId);
        else await ctx.runMutation(internal.contributions.applySession, { state });
      } catch (e) {
        console.warn(`Could not close checkout ${sessionId}:`, (e as Error).message);
      }
    }
  },
});
