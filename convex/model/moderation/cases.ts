// Reports, appeals and the operators' decisions (product rules "Community and trust"). An item's
// reports are grouped in one case; hiding sets the item's `removedAt` (every query leaves it
// out, so it disappears from open screens at once), tells its author why, and lets money follow
// (money/moderation.ts). Every operator action is written to the audit log.
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { deliver } from "../notify";
import { endHiddenIdea, hiddenVideo } from "../money/moderation";
import {
  APPEAL_MAX,
  MODERATION_MESSAGES as M,
  MODERATION_REASON_MAX,
  REPORT_NOTE_MAX,
  type ModerationAction,
  type ReportReason,
  type ReportTarget,
} from "./kinds";
import { setRemoved, targetInfo } from "./targets";

async function caseOf(ctx: QueryCtx, target: ReportTarget, targetId: string) {
  return await ctx.db
    .query("moderationCases")
    .withIndex("by_target", (q) => q.eq("target", target).eq("targetId", targetId))
    .unique();
}

/** The item's case, made when it is first reported or moderated. */
async function ensureCase(
  ctx: MutationCtx,
  target: ReportTarget,
  targetId: string,
  now: number,
): Promise<Doc<"moderationCases">> {
  const existing = await caseOf(ctx, target, targetId);
  if (existing) return existing;
  const info = await targetInfo(ctx, target, targetId);
  if (info === null) throw new ConvexError({ message: M.notFound });
  const id = await ctx.db.insert("moderationCases", {
    target,
    targetId,
    ideaId: info.ideaId,
    authorId: info.authorId,
    state: info.removedAt !== undefined ? "hidden" : "reported",
    openReports: 0,
    queued: false,
    updatedAt: now,
  });
  return (await ctx.db.get("moderationCases", id))!;
}

/** One person's report: one open report per person per item. */
export async function reportContent(
  ctx: MutationCtx,
  reporterId: Id<"users">,
  args: { target: ReportTarget; targetId: string; reason: ReportReason; note: string },
  now: number,
  options: { quietIfReported?: boolean } = {},
) {
  const note = args.note.trim();
  if (note.length > REPORT_NOTE_MAX) throw new ConvexError({ message: M.noteTooLong });
  const info = await targetInfo(ctx, args.target, args.targetId);
  if (info === null || info.removedAt !== undefined) throw new ConvexError({ message: M.notFound });
  if (info.authorId === reporterId) throw new ConvexError({ message: M.ownContent });
  const c = await ensureCase(ctx, args.target, args.targetId, now);
  const mine = await ctx.db
    .query("reports")
    .withIndex("by_case_reporter", (q) => q.eq("caseId", c._id).eq("reporterId", reporterId))
    .order("desc")
    .first();
  if (mine?.open) {
    if (options.quietIfReported) return;
    throw new ConvexError({ message: M.alreadyReported });
  }
  await ctx.db.insert("reports", {
    caseId: c._id,
    reporterId,
    reason: args.reason,
    note,
    open: true,
  });
  await ctx.db.patch("moderationCases", c._id, {
    openReports: c.openReports + 1,
    queued: true,
    updatedAt: now,
  });
}

/** The author's one appeal of a hidden item; it goes back to the queue. */
export async function appealCase(
  ctx: MutationCtx,
  userId: Id<"users">,
  caseId: Id<"moderationCases">,
  text: string,
  now: number,
) {
  const c = await ctx.db.get("moderationCases", caseId);
  if (c === null || c.authorId !== userId) throw new ConvexError({ message: M.notYours });
  if (c.appeal !== undefined) throw new ConvexError({ message: M.appealOnce });
  if (c.state !== "hidden") throw new ConvexError({ message: M.notHidden });
  const appeal = text.trim();
  if (appeal.length === 0) throw new ConvexError({ message: M.appealEmpty });
  if (appeal.length > APPEAL_MAX) throw new ConvexError({ message: M.appealTooLong });
  await ctx.db.patch("moderationCases", caseId, {
    appeal,
    appealedAt: now,
    state: "appealed",
    queued: true,
    updatedAt: now,
  });
}

function checkedReason(reason: string): string {
  const r = reason.trim();
  if (r.length === 0) throw new ConvexError({ message: M.reasonNeeded });
  if (r.length > MODERATION_REASON_MAX) throw new ConvexError({ message: M.reasonTooLong });
  return r;
}

async function log(
  ctx: MutationCtx,
  operatorId: Id<"users">,
  action: ModerationAction,
  reason: string,
  now: number,
  about: { caseId?: Id<"moderationCases">; target?: ReportTarget; userId?: Id<"users"> },
) {
  await ctx.db.insert("moderationLog", { operatorId, action, reason, at: now, ...about });
}

/** Closes the case's open reports (bounded: a case has at most this many open at once). */
async function closeReports(ctx: MutationCtx, caseId: Id<"moderationCases">) {
  const open = await ctx.db
    .query("reports")
    .withIndex("by_case_open", (q) => q.eq("caseId", caseId).eq("open", true))
    .take(500);
  for (const r of open) await ctx.db.patch("reports", r._id, { open: false });
}

/** Hides an item: gone from every screen, its author told, money follows. */
async function hideItem(
  ctx: MutationCtx,
  c: Doc<"moderationCases">,
  reason: string,
  now: number,
  tellAuthor: boolean,
  byBan = false,
) {
  const info = await targetInfo(ctx, c.target, c.targetId);
  if (info === null) throw new ConvexError({ message: M.notFound });
  await setRemoved(ctx, c.target, c.targetId, now);
  await closeReports(ctx, c._id);
  await ctx.db.patch("moderationCases", c._id, {
    state: "hidden",
    hiddenReason: reason,
    hiddenByBan: byBan ? true : undefined,
    openReports: 0,
    queued: false,
    updatedAt: now,
  });
  if (c.target === "idea") await endHiddenIdea(ctx, c.ideaId);
  if (c.target === "video") await hiddenVideo(ctx, c.targetId as Id<"submissions">);
  if (tellAuthor)
    await deliver(ctx, c.authorId, "content_hidden", c.ideaId, `content_hidden:${c._id}:${now}`, {
      caseId: c._id,
    });
}

export async function hideTarget(
  ctx: MutationCtx,
  operatorId: Id<"users">,
  args: { target: ReportTarget; targetId: string; reason: string },
  now: number,
) {
  const reason = checkedReason(args.reason);
  const c = await ensureCase(ctx, args.target, args.targetId, now);
  if (c.state === "hidden") return;
  await hideItem(ctx, c, reason, now, true);
  await log(ctx, operatorId, "hide", reason, now, { caseId: c._id, target: c.target });
}

/**
 * Shows a hidden item again. Money that already moved stays moved: a restored idea stays
 * ended (its backers were refunded), a restored video stays out of the running.
 */
export async function restoreCase(
  ctx: MutationCtx,
  operatorId: Id<"users">,
  caseId: Id<"moderationCases">,
  reason: string,
  now: number,
) {
  const r = checkedReason(reason);
  const c = await ctx.db.get("moderationCases", caseId);
  if (c === null) throw new ConvexError({ message: M.notFound });
  if (c.state !== "hidden" && c.state !== "appealed") return;
  await setRemoved(ctx, c.target, c.targetId, undefined);
  await ctx.db.patch("moderationCases", caseId, {
    state: "restored",
    hiddenByBan: undefined,
    queued: false,
    updatedAt: now,
  });
  await log(ctx, operatorId, "restore", r, now, { caseId, target: c.target });
  await deliver(
    ctx,
    c.authorId,
    "content_restored",
    c.ideaId,
    `content_restored:${caseId}:${now}`,
    {
      caseId,
    },
  );
}

/** Keeps the item up: its reports are closed; an appeal is refused and it stays hidden. */
export async function dismissCase(
  ctx: MutationCtx,
  operatorId: Id<"users">,
  caseId: Id<"moderationCases">,
  reason: string,
  now: number,
) {
  const r = checkedReason(reason);
  const c = await ctx.db.get("moderationCases", caseId);
  if (c === null) throw new ConvexError({ message: M.notFound });
  await closeReports(ctx, caseId);
  await ctx.db.patch("moderationCases", caseId, {
    state: c.state === "appealed" ? "hidden" : "dismissed",
    openReports: 0,
    queued: false,
    updatedAt: now,
  });
  await log(ctx, operatorId, "dismiss", r, now, { caseId, target: c.target });
}

/** Hides one of a banned person's items (no notice: they cannot sign in). */
export async function hideForBan(
  ctx: MutationCtx,
  target: ReportTarget,
  targetId: string,
  now: number,
) {
  const c = await ensureCase(ctx, target, targetId, now);
  if (c.state === "hidden" || c.state === "appealed") return;
  await hideItem(ctx, c, BAN_HIDE_REASON, now, false, true);
}

const BAN_HIDE_REASON = "The account was banned.";

/**
 * Shows again one item its author's ban hid, once the ban is lifted. What was hidden on its own
 * report stays hidden; an idea shown again stays ended (its money already went back to its
 * backers), a video stays out of the running (money/moderation.ts).
 */
export async function showAfterBan(ctx: MutationCtx, c: Doc<"moderationCases">, now: number) {
  if (c.state !== "hidden" || c.hiddenByBan !== true) return;
  await setRemoved(ctx, c.target, c.targetId, undefined);
  await ctx.db.patch("moderationCases", c._id, {
    state: "restored",
    hiddenByBan: undefined,
    updatedAt: now,
  });
}

/** Bans a person: their sessions end now and sign-in is refused (accounts.ts). */
export async function banUser(
  ctx: MutationCtx,
  operatorId: Id<"users">,
  userId: Id<"users">,
  reason: string,
  now: number,
) {
  const r = checkedReason(reason);
  if (userId === operatorId) throw new ConvexError({ message: M.ownBan });
  const user = await ctx.db.get("users", userId);
  if (user === null) throw new ConvexError({ message: M.notFound });
  if (user.bannedAt !== undefined) return false;
  await ctx.db.patch("users", userId, { bannedAt: now, bannedReason: r });
  const sessions = await ctx.db
    .query("authSessions")
    .withIndex("userId", (q) => q.eq("userId", userId))
    .take(1000);
  for (const s of sessions) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", s._id))
      .take(1000);
    for (const t of tokens) await ctx.db.delete("authRefreshTokens", t._id);
    await ctx.db.delete("authSessions", s._id);
  }
  await log(ctx, operatorId, "ban", r, now, { userId });
  return true;
}

/**
 * Lifts a ban: the person may sign in again, and what the ban hid comes back (showAfterBan, in
 * pages, moderation.ts showUnbannedContent). Logged like every operator action.
 */
export async function liftBan(
  ctx: MutationCtx,
  operatorId: Id<"users">,
  userId: Id<"users">,
  reason: string,
  now: number,
) {
  const r = checkedReason(reason);
  const user = await ctx.db.get("users", userId);
  if (user === null) throw new ConvexError({ message: M.notFound });
  if (user.bannedAt === undefined) return false;
  await ctx.db.patch("users", userId, { bannedAt: undefined, bannedReason: undefined });
  await log(ctx, operatorId, "unban", r, now, { userId });
  return true;
}
