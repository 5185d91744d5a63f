// Reports and moderation (product rules "Community and trust"): anyone signed in reports, the
// author appeals once, operators hide, restore, dismiss and ban. The rules are in
// model/moderation/, money's part in model/money/moderation.ts.
import { v } from "convex/values";
import { adminMutation, adminQuery, internalMutation, userMutation } from "./functions";
import { internal } from "./_generated/api";
import { limit } from "./model/rateLimits";
import {
  MODERATION_MESSAGES,
  reportReasonValidator,
  reportTargetValidator,
} from "./model/moderation/kinds";
import {
  appealCase,
  banUser,
  dismissCase,
  hideForBan,
  hideTarget,
  liftBan,
  reportContent,
  restoreCase,
  showAfterBan,
} from "./model/moderation/cases";
import {
  bannedAccounts,
  bannedAccountValidator,
  logEntryValidator,
  moderationLogPage,
  moderationQueue,
  queueItemValidator,
} from "./model/moderation/queue";
import { refundHiddenIdeaPage } from "./model/money/moderation";

const TARGET_ID_MAX = 64;
const TEXT_MAX = 2000;

export const report = userMutation({
  args: {
    target: reportTargetValidator,
    targetId: v.string(),
    reason: reportReasonValidator,
    note: v.string(),
  },
  returns: v.null(),
  signInMessage: MODERATION_MESSAGES.signIn,
  handler: async (ctx, args) => {
    if (args.targetId.length > TARGET_ID_MAX || args.note.length > TEXT_MAX)
      throw new Error("Input too long.");
    await limit(ctx, "report", ctx.userId);
    await reportContent(ctx, ctx.userId, args, Date.now());
    return null;
  },
});

export const appeal = userMutation({
  args: { caseId: v.id("moderationCases"), text: v.string() },
  returns: v.null(),
  signInMessage: "Please sign in to appeal.",
  handler: async (ctx, { caseId, text }) => {
    if (text.length > TEXT_MAX) throw new Error("Input too long.");
    await appealCase(ctx, ctx.userId, caseId, text, Date.now());
    return null;
  },
});

export const queue = adminQuery({
  args: {},
  returns: v.array(queueItemValidator),
  handler: async (ctx) => await moderationQueue(ctx),
});

/** The accounts banned now, newest ban first, each with what lifting the ban would bring back. */
export const banned = adminQuery({
  args: {},
  returns: v.array(bannedAccountValidator),
  handler: async (ctx) => await bannedAccounts(ctx),
});

export const log = adminQuery({
  args: {},
  returns: v.array(logEntryValidator),
  handler: async (ctx) => await moderationLogPage(ctx),
});

const reasonArg = v.string();

export const hide = adminMutation({
  args: { target: reportTargetValidator, targetId: v.string(), reason: reasonArg },
  returns: v.null(),
  handler: async (ctx, args) => {
    if (args.targetId.length > TARGET_ID_MAX) throw new Error("Input too long.");
    await hideTarget(ctx, ctx.adminId, args, Date.now());
    return null;
  },
});

export const restore = adminMutation({
  args: { caseId: v.id("moderationCases"), reason: reasonArg },
  returns: v.null(),
  handler: async (ctx, { caseId, reason }) => {
    await restoreCase(ctx, ctx.adminId, caseId, reason, Date.now());
    return null;
  },
});

export const dismiss = adminMutation({
  args: { caseId: v.id("moderationCases"), reason: reasonArg },
  returns: v.null(),
  handler: async (ctx, { caseId, reason }) => {
    await dismissCase(ctx, ctx.adminId, caseId, reason, Date.now());
    return null;
  },
});

export const ban = adminMutation({
  args: { userId: v.id("users"), reason: reasonArg },
  returns: v.null(),
  handler: async (ctx, { userId, reason }) => {
    const now = Date.now();
    if (await banUser(ctx, ctx.adminId, userId, reason, now))
      await ctx.scheduler.runAfter(0, internal.moderation.hideBannedContent, {
        userId,
        stage: "ideas",
        cursor: null,
      });
    return null;
  },
});

/** Lifts a ban: the person may sign in again; what the ban hid comes back (not what a report did). */
export const unban = adminMutation({
  args: { userId: v.id("users"), reason: reasonArg },
  returns: v.null(),
  handler: async (ctx, { userId, reason }) => {
    if (await liftBan(ctx, ctx.adminId, userId, reason, Date.now()))
      await ctx.scheduler.runAfter(0, internal.moderation.showUnbannedContent, {
        userId,
        cursor: null,
      });
    return null;
  },
});

const PAGE = 25;
const STAGES = ["ideas", "videos", "messages"] as const;

/** A banned person's ideas, videos and messages are hidden, a page per run. */
export const hideBannedContent = internalMutation({
  args: {
    userId: v.id("users"),
    stage: v.union(...STAGES.map((s) => v.literal(s))),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, { userId, stage, cursor }) => {
    // The ban was lifted meanwhile: nothing more is hidden (showUnbannedContent brings back the rest).
    if ((await ctx.db.get("users", userId))?.bannedAt === undefined) return;
    const now = Date.now();
    const opts = { numItems: PAGE, cursor };
    const page =
      stage === "ideas"
        ? await ctx.db
            .query("proposals")
            .withIndex("by_author", (q) => q.eq("authorId", userId))
            .paginate(opts)
        : stage === "videos"
          ? await ctx.db
              .query("submissions")
              .withIndex("by_author", (q) => q.eq("authorId", userId))
              .paginate(opts)
          : await ctx.db
              .query("ideaMessages")
              .withIndex("by_author", (q) => q.eq("authorId", userId))
              .paginate(opts);
    for (const row of page.page) {
      const target =
        stage === "ideas"
          ? ("idea" as const)
          : stage === "videos"
            ? ("video" as const)
            : "parentId" in row && row.parentId !== null
              ? ("answer" as const)
              : ("question" as const);
      if (row.removedAt === undefined) await hideForBan(ctx, target, row._id, now);
    }
    const next = page.isDone ? STAGES[STAGES.indexOf(stage) + 1] : stage;
    if (next)
      await ctx.scheduler.runAfter(0, internal.moderation.hideBannedContent, {
        userId,
        stage: next,
        cursor: page.isDone ? null : page.continueCursor,
      });
  },
});

/** What a lifted ban had hidden comes back, a page of the person's cases per run. */
export const showUnbannedContent = internalMutation({
  args: { userId: v.id("users"), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { userId, cursor }) => {
    // Banned again meanwhile: their content stays hidden.
    if ((await ctx.db.get("users", userId))?.bannedAt !== undefined) return;
    const page = await ctx.db
      .query("moderationCases")
      .withIndex("by_author", (q) => q.eq("authorId", userId))
      .paginate({ numItems: PAGE, cursor });
    const now = Date.now();
    for (const c of page.page) await showAfterBan(ctx, c, now);
    if (!page.isDone)
      await ctx.scheduler.runAfter(0, internal.moderation.showUnbannedContent, {
        userId,
        cursor: page.continueCursor,
      });
  },
});

export const refundHiddenIdea = internalMutation({
  args: {
    ideaId: v.id("proposals"),
    stage: v.union(v.literal("unsettled"), v.literal("awards")),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, { ideaId, stage, cursor }) => {
    const next = await refundHiddenIdeaPage(ctx, ideaId, stage, cursor);
    if (next)
      await ctx.scheduler.runAfter(0, internal.moderation.refundHiddenIdea, {
        ideaId,
        stage: next.stage,
        cursor: next.cursor === "" ? null : next.cursor,
      });
  },
});
