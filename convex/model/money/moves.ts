// Moving money to another idea (product rules "Moving money to another idea"). Each contribution
// carries its backer's choice for "if nobody delivers": refund me, or let me move it. When its
// idea ends with nobody to pay, money with the second choice waits up to a week
// (settlement.ts waitToMove); its backer picks an open idea and it becomes a contribution there
// from the same charge — no new payment — which follows that idea's rules and is refunded to the
// original card if it comes to that. Unpicked, it is refunded when the week ends. The rules
// (who, where, until when) are rules.ts's; the ledger of both ideas follows from the rows
// written here (ledger.ts: the source's "moved" bucket, the destination's "moved in").
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  heldCents,
  moveProblem,
  MOVE_MESSAGES,
  nobodyDeliversChoiceOpen,
  originalPaidAt,
} from "./rules";
import type { IfNobodyDelivers } from "./states";
import { currentBuckets } from "./ledger";
import { refundHeld } from "./settlement";
import { countBacker } from "./backers";

export const CHOICE_MESSAGES = {
  notYours: "Only the person who contributed can change this.",
  closed: "This can no longer change: the idea has ended for this money.",
  movedIn: "Money moved from another idea is refunded if nobody delivers: it can move only once.",
} as const;

/** The backer changes "if nobody delivers" for one contribution, until the idea ends for it. */
export async function setIfNobodyDelivers(
  ctx: MutationCtx,
  userId: Id<"users">,
  contribution: Doc<"contributions">,
  choice: IfNobodyDelivers,
) {
  if (contribution.contributorId !== userId)
    throw new ConvexError({ message: CHOICE_MESSAGES.notYours });
  if (contribution.movedFrom !== undefined)
    throw new ConvexError({ message: CHOICE_MESSAGES.movedIn });
  const idea = await ctx.db.get("proposals", contribution.ideaId);
  if (idea === null || !nobodyDeliversChoiceOpen(contribution, idea))
    throw new ConvexError({ message: CHOICE_MESSAGES.closed });
  await ctx.db.patch("contributions", contribution._id, { ifNobodyDelivers: choice });
}

/**
 * Moves what a contribution still holds to an open idea of the backer's choosing: a new
 * contribution there, paid by the same charge (its refunds go back to the original card), and
 * the source marked moved. Returns the new contribution.
 */
export async function moveMoney(
  ctx: MutationCtx,
  userId: Id<"users">,
  contributionId: Id<"contributions">,
  destinationId: Id<"proposals">,
  now: number,
): Promise<Id<"contributions">> {
  const source = await ctx.db.get("contributions", contributionId);
  if (source === null) throw new ConvexError({ message: MOVE_MESSAGES.notWaiting });
  const destination = await ctx.db.get("proposals", destinationId);
  if (destination === null) throw new ConvexError({ message: MOVE_MESSAGES.notOpen });
  const buckets = await currentBuckets(ctx, source._id);
  const held = heldCents(buckets);
  const problem = moveProblem({
    moverId: userId,
    contribution: source,
    held,
    disputed: buckets.disputedCents > 0,
    destination,
    now,
  });
  if (problem) throw new ConvexError({ message: problem });
  const paidAt = originalPaidAt(source)!;
  const movedId = await ctx.db.insert("contributions", {
    ideaId: destination._id,
    contributorId: userId,
    amountCents: held,
    status: "paid",
    payoutPreference: "customer_choice",
    ...(source.paymentIntentId ? { paymentIntentId: source.paymentIntentId } : {}),
    ...(source.customerDetails ? { customerDetails: source.customerDetails } : {}),
    ...(source.showName ? { showName: true } : {}),
    paidAt: now,
    collectedCents: held,
    currency: source.currency ?? "usd",
    settled: false,
    movedFrom: { contributionId: source._id, ideaId: source.ideaId, paidAt },
  });
  // The source's money is now the destination's: its "moved" bucket follows (ledger.ts).
  await ctx.db.patch("contributions", source._id, {
    movedToId: movedId,
    movedAt: now,
    outcome: "moved",
  });
  const moved = (await ctx.db.get("contributions", movedId))!;
  await countBacker(ctx, moved, destination);
  return movedId;
}

/**
 * The week to move ended: money still waiting goes back to its card (the scheduled end, and
 * the sweep's safety net).
 */
export async function expireMoveWait(
  ctx: MutationCtx,
  contributionId: Id<"contributions">,
  now: number,
) {
  const c = await ctx.db.get("contributions", contributionId);
  if (c === null || c.outcome !== "move_waiting" || now < (c.moveBy ?? 0)) return;
  await refundHeld(ctx, c, "move_not_chosen");
}

const EXPIRE_PAGE = 50;

/** Money whose week to move has ended and that is still waiting (the cron's safety net). */
export async function expireMoveWaitsPage(ctx: MutationCtx, now: number) {
  const due = await ctx.db
    .query("contributions")
    .withIndex("by_held", (q) => q.eq("heldReason", "waiting_to_move").lte("heldUntil", now))
    .take(EXPIRE_PAGE);
  for (const c of due) await expireMoveWait(ctx, c._id, now);
  return due.length === EXPIRE_PAGE;
}
