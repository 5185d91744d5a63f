// Reports, the operator's cases and the audit log (product rules "Community and trust").
// One case per reported or moderated item groups its reports for the queue.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import {
  caseStateValidator,
  moderationActionValidator,
  reportReasonValidator,
  reportTargetValidator,
} from "./kinds";

export const moderationTables = {
  // One person's report of one item; `open` until an operator acts on the item's case.
  reports: defineTable({
    caseId: v.id("moderationCases"),
    reporterId: v.id("users"),
    reason: reportReasonValidator,
    note: v.string(),
    open: v.boolean(),
  })
    .index("by_case_reporter", ["caseId", "reporterId"])
    .index("by_case_open", ["caseId", "open"]),

  // An item as the operators see it: its reports, whether it is hidden, the author's appeal.
  moderationCases: defineTable({
    target: reportTargetValidator,
    // The item's id in its table (proposals, submissions, ideaMessages, ideaUpdates).
    targetId: v.string(),
    ideaId: v.id("proposals"),
    authorId: v.id("users"),
    state: caseStateValidator,
    openReports: v.number(),
    // In the operator queue: open reports or an appeal waiting.
    queued: v.boolean(),
    hiddenReason: v.optional(v.string()),
    // Hidden because its author was banned (not on its own report): lifting the ban shows it.
    hiddenByBan: v.optional(v.boolean()),
    appeal: v.optional(v.string()),
    appealedAt: v.optional(v.number()),
    updatedAt: v.number(),
  })
    .index("by_target", ["target", "targetId"])
    .index("by_queue", ["queued", "updatedAt"])
    .index("by_author", ["authorId"]),

  // Every operator action: who, when, what, why.
  moderationLog: defineTable({
    operatorId: v.id("users"),
    action: moderationActionValidator,
    caseId: v.optional(v.id("moderationCases")),
    target: v.optional(reportTargetValidator),
    userId: v.optional(v.id("users")),
    reason: v.string(),
    at: v.number(),
  }).index("by_at", ["at"]),
};
