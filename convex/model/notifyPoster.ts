// Who hears of what a poster does with their idea (product rules "Running an idea") and of money
// waiting to move (product rules "Moving money to another idea"), beside model/notify.ts's
// events: each (event, person) once, through the same delivery. The creators who submitted hear
// of an edit; the backers hear of an extension and of updates emailed to them (unless they
// stopped that idea's emails); a backer whose money waits to move is told until when.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { deliver } from "./notify";
import { wantsUpdateEmails } from "./money/backers";
import { fullBuckets, heldCents } from "./money/rules";

export const POSTER_FAN_OUT_PAGE = 100;

/** An edit: every creator who submitted a video hears once (paged: notifications.fanOutCreators). */
export async function notifyIdeaEdited(ctx: MutationCtx, editId: Id<"ideaEdits">) {
  await ctx.scheduler.runAfter(0, internal.notifications.fanOutCreators, {
    editId,
    cursor: null,
  });
}

/** One page of an edit's creators; returns the next cursor (null: done). */
export async function creatorsPage(
  ctx: MutationCtx,
  editId: Id<"ideaEdits">,
  cursor: string | null,
): Promise<string | null> {
  const edit = await ctx.db.get("ideaEdits", editId);
  if (edit === null) return null;
  const page = await ctx.db
    .query("submissions")
    .withIndex("by_idea_votes", (q) => q.eq("ideaId", edit.ideaId))
    .paginate({ numItems: POSTER_FAN_OUT_PAGE, cursor });
  for (const s of page.page) {
    if (s.authorId === edit.editorId) continue;
    await deliver(ctx, s.authorId, "idea_edited", edit.ideaId, `edited:${editId}`, {
      editId,
      submissionId: s._id,
    });
  }
  return page.isDone ? null : page.continueCursor;
}

/** What a backer fan-out is about: the deadline extended, or an update emailed to backers. */
export type BackerEvent =
  | { ideaId: Id<"proposals">; kind: "deadline_extended" }
  | { ideaId: Id<"proposals">; kind: "backer_update"; updateId: Id<"ideaUpdates"> };

/** Tells an idea's backers (signed-in, still listed), a page at a time. */
export async function startBackerFanOut(ctx: MutationCtx, e: BackerEvent) {
  await ctx.scheduler.runAfter(0, internal.notifications.fanOutBackers, { ...e, cursor: null });
}

/** One page of a backer fan-out; returns the next cursor (null: done). */
export async function backersPage(
  ctx: MutationCtx,
  e: BackerEvent,
  cursor: string | null,
): Promise<string | null> {
  const idea = await ctx.db.get("proposals", e.ideaId);
  if (idea === null) return null;
  const page = await ctx.db
    .query("backers")
    .withIndex("by_idea_listed", (q) => q.eq("ideaId", e.ideaId).eq("listed", true))
    .paginate({ numItems: POSTER_FAN_OUT_PAGE, cursor });
  for (const backer of page.page) {
    const userId = backer.userId;
    if (userId === undefined || userId === idea.authorId) continue;
    if (e.kind === "deadline_extended") {
      await deliver(ctx, userId, e.kind, e.ideaId, `extended:${e.ideaId}`, {
        deadline: idea.extension?.from ?? idea.expiration,
      });
      continue;
    }
    // The same key as the update's follower notice: a backer hears of it once, by this one.
    await deliver(
      ctx,
      userId,
      e.kind,
      e.ideaId,
      `update:${e.updateId}`,
      { updateId: e.updateId },
      { email: await wantsUpdateEmails(ctx, e.ideaId, userId) },
    );
  }
  return page.isDone ? null : page.continueCursor;
}

/** Nobody delivered: the backer who chose to move their money hears until when they may. */
export async function notifyMoveWaiting(ctx: MutationCtx, contributionId: Id<"contributions">) {
  // Read after the ledger placed it: what waits is its held money.
  const c = await ctx.db.get("contributions", contributionId);
  if (c === null || c.contributorId === undefined || c.moveBy === undefined) return;
  await deliver(ctx, c.contributorId, "move_waiting", c.ideaId, `move_waiting:${c._id}`, {
    contributionId: c._id,
    amountCents: heldCents(fullBuckets(c.money)),
    deadline: c.moveBy,
  });
}
