// The operator page's view (admins only): movements that need attention, every held cent with
// why and until when, and the platform's totals to compare with Stripe. Read through indexes,
// so no cap hides money: what the page lists is what the rules say needs someone.
import type { Infer } from "convex/values";
import { v } from "convex/values";
import { literals } from "convex-helpers/validators";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import schema from "../../schema";
import { readCounter } from "../counters";
import { EMPTY_BUCKETS, heldCents } from "./rules";
import {
  HELD_LINES_PER_REASON,
  HELD_REASONS,
  heldLineReasonValidator,
  moneyBucketsValidator,
} from "./states";
import { BUCKET_COUNTER } from "./ledger";

/** Money still here, one contribution's worth: why, and until when (null: an operator is on it). */
const heldLineValidator = v.object({
  contributionId: v.id("contributions"),
  ideaId: v.id("proposals"),
  ideaTitle: v.string(),
  cents: v.number(),
  until: v.nullable(v.number()),
  reason: heldLineReasonValidator,
});
type HeldLine = Infer<typeof heldLineValidator>;

/** A movement an operator must look at. */
const attentionValidator = schema
  .doc("moneyMovements")
  .pick("kind", "amountCents", "ideaId", "contributionId", "attempts")
  .extend({
    movementId: v.id("moneyMovements"),
    state: literals("needs_attention", "failed"),
    ideaTitle: v.string(),
    lastError: v.nullable(v.string()),
    createdAt: v.number(),
  });

/** Money a backer moved from an idea nobody delivered for to another idea, and when. */
const moveLineValidator = v.object({
  contributionId: v.id("contributions"),
  at: v.number(),
  cents: v.number(),
  from: v.object({ _id: v.id("proposals"), title: v.string() }),
  to: v.object({ _id: v.id("proposals"), title: v.string() }),
});

/** How many of the latest moves the page lists. */
export const MOVE_LINES = 50;

export const operatorOverviewValidator = v.object({
  /**
   * The platform's totals. `collectedCents` is what Stripe charged (moved money is counted once,
   * where it was paid); `movedCents` is what backers moved between ideas.
   */
  totals: moneyBucketsValidator.extend({ heldCents: v.number() }),
  attention: v.array(attentionValidator),
  held: v.array(heldLineValidator),
  /** Reasons with more lines than the page lists (it says so; the totals count every cent). */
  heldCut: v.array(heldLineReasonValidator),
  /** The latest moves between ideas, newest first. */
  moves: v.array(moveLineValidator),
});

export async function operatorOverview(ctx: QueryCtx) {
  const platform = { ...EMPTY_BUCKETS };
  for (const k of Object.keys(platform) as (keyof typeof platform)[])
    platform[k] = await readCounter(ctx, BUCKET_COUNTER[k]);
  // Moved money is collected again where it arrived: Stripe charged it once.
  const charged = { ...platform, collectedCents: platform.collectedCents - platform.movedCents };
  const titles = new Map<string, string>();
  const titleOf = async (p: Doc<"proposals">["_id"]) => {
    if (!titles.has(p)) titles.set(p, (await ctx.db.get("proposals", p))?.title ?? "Deleted idea");
    return titles.get(p)!;
  };

  const attention = [];
  for (const state of ["needs_attention", "failed"] as const) {
    const rows = await ctx.db
      .query("moneyMovements")
      .withIndex("by_state_next", (q) => q.eq("state", state))
      .take(100);
    for (const m of rows) {
      // A failed refund stops needing anyone once its money was refunded again.
      if (state === "failed") {
        const c = await ctx.db.get("contributions", m.contributionId);
        if ((c?.money ?? EMPTY_BUCKETS).refundFailedCents <= 0) continue;
      }
      attention.push({
        movementId: m._id,
        kind: m.kind,
        state,
        amountCents: m.amountCents,
        ideaId: m.ideaId,
        ideaTitle: await titleOf(m.ideaId),
        contributionId: m.contributionId,
        attempts: m.attempts,
        lastError: m.lastError ?? null,
        createdAt: m._creationTime,
      });
    }
  }

  const held: HeldLine[] = [];
  const heldCut: HeldLine["reason"][] = [];
  const line = async (c: Doc<"contributions">, reason: HeldLine["reason"], cents: number) =>
    held.push({
      contributionId: c._id,
      ideaId: c.ideaId,
      ideaTitle: await titleOf(c.ideaId),
      cents,
      until: reason === "refund_failed" ? null : (c.heldUntil ?? null),
      reason,
    });
  for (const reason of HELD_REASONS) {
    const rows = await ctx.db
      .query("contributions")
      .withIndex("by_held", (q) => q.eq("heldReason", reason))
      .take(HELD_LINES_PER_REASON + 1);
    if (rows.length > HELD_LINES_PER_REASON) heldCut.push(reason);
    for (const c of rows.slice(0, HELD_LINES_PER_REASON))
      await line(c, reason, heldCents(c.money ?? EMPTY_BUCKETS));
  }
  const failed = await ctx.db
    .query("contributions")
    .withIndex("by_refund_failed", (q) => q.gt("money.refundFailedCents", 0))
    .take(HELD_LINES_PER_REASON + 1);
  if (failed.length > HELD_LINES_PER_REASON) heldCut.push("refund_failed");
  for (const c of failed.slice(0, HELD_LINES_PER_REASON))
    await line(c, "refund_failed", c.money!.refundFailedCents);
  held.sort((a, b) => (a.until ?? Infinity) - (b.until ?? Infinity));
  const moves = [];
  const moved = await ctx.db
    .query("contributions")
    .withIndex("by_moved_at", (q) => q.gt("movedAt", 0))
    .order("desc")
    .take(MOVE_LINES);
  for (const c of moved) {
    const to = c.movedToId ? await ctx.db.get("contributions", c.movedToId) : null;
    if (to === null) continue;
    moves.push({
      contributionId: c._id,
      at: c.movedAt!,
      cents: to.collectedCents ?? 0,
      from: { _id: c.ideaId, title: await titleOf(c.ideaId) },
      to: { _id: to.ideaId, title: await titleOf(to.ideaId) },
    });
  }
  return {
    totals: { ...charged, heldCents: heldCents(platform) },
    attention,
    held,
    heldCut,
    moves,
  };
}
