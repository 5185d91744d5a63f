// What a backer can still do with one of their contributions, as every screen that shows it
// says (the contribution page, the idea page's "Your contributions", My Bounties): its "if nobody
// delivers" choice, taking it back after an extension, moving it when nobody delivered. Read
// from the contribution and its idea only; the rules are rules.ts's, enforced again on change.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { countingCents, fullBuckets, nobodyDeliversChoiceOpen } from "./rules";
import type { BackerOptions } from "./viewShapes";

export { backerOptionsValidator } from "./viewShapes";

export function backerOptionsOf(c: Doc<"contributions">, idea: Doc<"proposals">): BackerOptions {
  const ext = idea.extension;
  const mayWithdraw =
    ext !== undefined &&
    c.status === "paid" &&
    !c.settled &&
    c.paidAt !== undefined &&
    c.paidAt < ext.at &&
    countingCents(fullBuckets(c.money)) > 0;
  return {
    contributionId: c._id,
    ifNobodyDelivers: c.movedFrom ? "refund" : (c.ifNobodyDelivers ?? "refund"),
    choiceOpen: nobodyDeliversChoiceOpen(c, idea),
    movedIn: c.movedFrom !== undefined,
    withdrawUntil: mayWithdraw ? ext.from : null,
    moveBy: c.outcome === "move_waiting" ? (c.moveBy ?? null) : null,
  };
}

/** Where moved-in money came from, and when it arrived. */
export async function movedFromOf(ctx: QueryCtx, c: Doc<"contributions">) {
  if (c.movedFrom === undefined) return {};
  const from = await ctx.db.get("proposals", c.movedFrom.ideaId);
  return from
    ? { movedFrom: { ideaId: from._id, title: from.title, at: c.paidAt ?? c._creationTime } }
    : {};
}

/** A move's other idea, for its ledger line: where the money went, or where it came from. */
export async function otherIdeaOf(ctx: QueryCtx, contributionId: Id<"contributions">) {
  const c = await ctx.db.get("contributions", contributionId);
  if (c === null) return null;
  let ideaId: Id<"proposals"> | null = c.movedFrom?.ideaId ?? null;
  if (ideaId === null && c.movedToId)
    ideaId = (await ctx.db.get("contributions", c.movedToId))?.ideaId ?? null;
  const idea = ideaId ? await ctx.db.get("proposals", ideaId) : null;
  return idea ? { _id: idea._id, title: idea.title } : null;
}
