// The items people can report, read and hidden the same way whatever their table.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
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

/** Hides (a time) or shows again (undefined) one item. */
export async function setRemoved(
  ctx: MutationCtx,
  target: ReportTarget,
  targetId: string,
  removedAt: number | undefined,
) {
  const row = await rowOf(ctx, target, targetId);
  if (row === null) return;
  switch (target) {
    case "idea":
      return await ctx.db.patch("proposals", row._id as Id<"proposals">, { removedAt });
    case "video":
      return await ctx.db.patch("submissions", row._id as Id<"submissions">, { removedAt });
    case "question":
    case "answer":
      return await ctx.db.patch("ideaMessages", row._id as Id<"ideaMessages">, { removedAt });
    case "update":
      return await ctx.db.patch("ideaUpdates", row._id as Id<"ideaUpdates">, { removedAt });
  }
}
