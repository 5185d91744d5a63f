// What the operator page shows of moderation: the queue (cases with open reports or an appeal,
// oldest first) and the audit log (newest first). Both bounded.
import { v, type Infer } from "convex/values";
import type { QueryCtx } from "../../_generated/server";
import { publicName } from "../users";
import {
  caseStateValidator,
  moderationActionValidator,
  reportReasonValidator,
  reportTargetValidator,
} from "./kinds";
import { targetInfo } from "./targets";

export const QUEUE_MAX = 50;
const REPORTS_SHOWN = 20;
export const LOG_MAX = 50;
const SUMMARY_MAX = 200;

export const queueItemValidator = v.object({
  caseId: v.id("moderationCases"),
  target: reportTargetValidator,
  targetId: v.string(),
  ideaId: v.id("proposals"),
  summary: v.string(),
  authorId: v.id("users"),
  authorName: v.string(),
  authorBanned: v.boolean(),
  state: caseStateValidator,
  openReports: v.number(),
  hiddenReason: v.union(v.string(), v.null()),
  appeal: v.union(v.string(), v.null()),
  updatedAt: v.number(),
  reports: v.array(
    v.object({
      reporterName: v.string(),
      reason: reportReasonValidator,
      note: v.string(),
      at: v.number(),
    }),
  ),
});
export type QueueItem = Infer<typeof queueItemValidator>;

export async function moderationQueue(ctx: QueryCtx): Promise<QueueItem[]> {
  const cases = await ctx.db
    .query("moderationCases")
    .withIndex("by_queue", (q) => q.eq("queued", true))
    .take(QUEUE_MAX);
  return await Promise.all(
    cases.map(async (c) => {
      const info = await targetInfo(ctx, c.target, c.targetId);
      const author = await ctx.db.get("users", c.authorId);
      const reports = await ctx.db
        .query("reports")
        .withIndex("by_case_open", (q) => q.eq("caseId", c._id).eq("open", true))
        .take(REPORTS_SHOWN);
      return {
        caseId: c._id,
        target: c.target,
        targetId: c.targetId,
        ideaId: c.ideaId,
        summary: (info?.summary ?? "(deleted)").slice(0, SUMMARY_MAX),
        authorId: c.authorId,
        authorName: author ? publicName(author) : "Anonymous",
        authorBanned: author?.bannedAt !== undefined,
        state: c.state,
        openReports: c.openReports,
        hiddenReason: c.hiddenReason ?? null,
        appeal: c.appeal ?? null,
        updatedAt: c.updatedAt,
        reports: await Promise.all(
          reports.map(async (r) => {
            const reporter = await ctx.db.get("users", r.reporterId);
            return {
              reporterName: reporter ? publicName(reporter) : "Anonymous",
              reason: r.reason,
              note: r.note,
              at: r._creationTime,
            };
          }),
        ),
      };
    }),
  );
}

export const logEntryValidator = v.object({
  _id: v.id("moderationLog"),
  operatorName: v.string(),
  action: moderationActionValidator,
  what: v.string(),
  reason: v.string(),
  at: v.number(),
});
export type LogEntry = Infer<typeof logEntryValidator>;

export async function moderationLogPage(ctx: QueryCtx): Promise<LogEntry[]> {
  const rows = await ctx.db.query("moderationLog").withIndex("by_at").order("desc").take(LOG_MAX);
  return await Promise.all(
    rows.map(async (row) => {
      const operator = await ctx.db.get("users", row.operatorId);
      const person = row.userId ? await ctx.db.get("users", row.userId) : null;
      const what = row.target ? `a ${row.target}` : person ? publicName(person) : "an account";
      return {
        _id: row._id,
        operatorName: operator ? publicName(operator) : "An operator",
        action: row.action,
        what,
        reason: row.reason,
        at: row.at,
      };
    }),
  );
}

export const BANNED_MAX = 50;
/** How many of a person's cases are read to count the ideas their ban ended. */
const CASES_READ = 200;

export const bannedAccountValidator = v.object({
  userId: v.id("users"),
  name: v.string(),
  bannedAt: v.number(),
  reason: v.union(v.string(), v.null()),
  /** Their ideas the ban hid: shown again when it is lifted, they stay ended (money went back). */
  endedIdeas: v.number(),
});
export type BannedAccount = Infer<typeof bannedAccountValidator>;

export async function bannedAccounts(ctx: QueryCtx): Promise<BannedAccount[]> {
  const users = await ctx.db
    .query("users")
    .withIndex("by_banned", (q) => q.gt("bannedAt", 0))
    .order("desc")
    .take(BANNED_MAX);
  return await Promise.all(
    users.map(async (u) => {
      const cases = await ctx.db
        .query("moderationCases")
        .withIndex("by_author", (q) => q.eq("authorId", u._id))
        .take(CASES_READ);
      return {
        userId: u._id,
        name: publicName(u),
        bannedAt: u.bannedAt!,
        reason: u.bannedReason ?? null,
        endedIdeas: cases.filter(
          (c) => c.target === "idea" && c.state === "hidden" && c.hiddenByBan === true,
        ).length,
      };
    }),
  );
}
