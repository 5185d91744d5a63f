// The items people can report, read and hidden the same way whatever their table.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { addToCounter } from "../counters";
import type { ReportTarget } from "./kinds";

export interface TargetInfo {
  ideaId: Id<"proposals">;
  authorId: Id<"users">;
  removedAt: number | undefined;
  /** A line for the operator: the title or the words. */
  summary: string;
}

type Row = Doc<"proposals"> | Doc<"submissions"> | Doc<"ideaMessages"> | Doc<"ideaUpdates">;

async function rowOf(ctx: QueryCtx, target: ReportTarget, targetId: string): Promise<Row | null> {
  switch (target) {
    case "idea": {
      const id = ctx.db.normalizeId("proposals", targetId);
      return id ? await ctx.db.get("proposals", id) : null;
    }
    case "video": {
      const id = ctx.db.normalizeId("submissions", targetId);
      return id ? await ctx.db.get("submissions", id) : null;
    }
    case "question":
    case "answer": {
      const id = ctx.db.normalizeId("ideaMessages", targetId);
      const m = id ? await ctx.db.get("ideaMessages", id) : null;
      // A question has no parent, an answer has one.
      if (m === null || (m.parentId === null) !== (target === "question")) return null;
      return m;
    }
    case "update": {
      const id = ctx.db.normalizeId("ideaUpdates", targetId);
      return id ? await ctx.db.get("ideaUpdates", id) : null;
    }
  }
}

export async function targetInfo(
  ctx: QueryCtx,
  target: ReportTarget,
  targetId: string,
): Promise<TargetInfo | null> {
  const row = await rowOf(ctx, target, targetId);
  if (row === null) return null;
  const ideaId = "ideaId" in row ? row.ideaId : (row._id as Id<"proposals">);
  const summary =
    "description" in row ? row.title : "body" in row ? row.body : "title" in row ? row.title : "";
  return { ideaId, authorId: row.authorId, removedAt: row.removedAt, summary };
}

/**
 * Hides (a time) or shows again (undefined) one item, and keeps the counts screens show in step
 * with the lists, which leave hidden items out: the landing page's ideas and videos, an idea's
 * videos, a question's answers, the questions waiting for the poster.
 */
export async function setRemoved(
  ctx: MutationCtx,
  target: ReportTarget,
  targetId: string,
  removedAt: number | undefined,
) {
  const row = await rowOf(ctx, target, targetId);
  if (row === null || (row.removedAt !== undefined) === (removedAt !== undefined)) return;
  const step = removedAt === undefined ? -1 : 1;
  switch (target) {
    case "idea":
      // The landing page's counters leave hidden ideas and videos out too.
      await addToCounter(ctx, "bounties", -step);
      return await ctx.db.patch("proposals", row._id as Id<"proposals">, { removedAt });
    case "video": {
      const video = row as Doc<"submissions">;
      await ctx.db.patch("submissions", video._id, { removedAt });
      await addToCounter(ctx, "originalVideos", -step);
      const idea = await ctx.db.get("proposals", video.ideaId);
      if (idea !== null)
        await ctx.db.patch("proposals", idea._id, {
          hiddenVideoCount: Math.max(0, (idea.hiddenVideoCount ?? 0) + step),
        });
      return;
    }
    case "question": {
      const q = row as Doc<"ideaMessages">;
      // A hidden question waits for nobody; shown again, as it was (conversation.ts).
      const waits =
        removedAt === undefined &&
        q.hiddenAt === undefined &&
        q.role !== "poster" &&
        q.posterAnswered !== true;
      return await ctx.db.patch("ideaMessages", q._id, { removedAt, awaitingPoster: waits });
    }
    case "answer": {
      const a = row as Doc<"ideaMessages">;
      await ctx.db.patch("ideaMessages", a._id, { removedAt });
      const question = a.parentId === null ? null : await ctx.db.get("ideaMessages", a.parentId);
      if (question !== null)
        await ctx.db.patch("ideaMessages", question._id, {
          answerCount: Math.max(0, question.answerCount - step),
        });
      return;
    }
    case "update":
      return await ctx.db.patch("ideaUpdates", row._id as Id<"ideaUpdates">, { removedAt });
  }
}
