// Awards follow the charge (product rules "Money"): after anything changed a contribution's
// money — a refund, a dispute, a movement made or called off — its award is lowered to what can
// still be paid, transfers beyond that are reversed (all of them while a dispute is open),
// what is due is transferred once the creator is payable, and money no award holds goes back.
// One movement at a time per direction: a transfer waits for reversals under way and the other
// way round, so a change of mind can never plan the same movement over and over.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  awardableCents,
  heldCents,
  isLiveAward,
  settlesOnArrival,
  wantedTransferCents,
} from "./rules";
import { awardsOf, currentBuckets, liveAwardOf, movementsOf } from "./ledger";
import { inFlightCents, planMovement } from "./movements";
import { payableDestination, refundHeld, settleContribution } from "./settlement";
import { expireClaim } from "./claims";

export async function followCharge(
  ctx: MutationCtx,
  contributionId: Id<"contributions">,
  now: number,
) {
  const contribution = await ctx.db.get("contributions", contributionId);
  if (
    contribution === null ||
    (contribution.status !== "paid" && contribution.status !== "refunded")
  )
    return;
  const buckets = await currentBuckets(ctx, contributionId);
  const idea = await ctx.db.get("proposals", contribution.ideaId);
  if (idea === null) return;
  if (!contribution.settled) {
    if (settlesOnArrival(idea)) await settleContribution(ctx, contribution, idea);
    return;
  }
  const award = await liveAwardOf(ctx, contributionId);
  const movements = await movementsOf(ctx, contributionId);
  const frozen = buckets.disputedCents > 0;

  // What the award may still pay: lowered by refunds (any state) and chargebacks (its
  // "award_reduced" line follows from the row: triggers.ts).
  const amount = award ? Math.min(award.amountCents, Math.max(0, awardableCents(buckets))) : 0;
  if (award && amount < award.amountCents)
    await ctx.db.patch("awards", award._id, { amountCents: amount });

  // Transfers beyond what is wanted now are reversed, from the confirmed ones.
  const wanted = wantedTransferCents(buckets, award);
  const transferring = inFlightCents(movements, "transfer");
  const reversing = inFlightCents(movements, "reversal");
  const excess = buckets.transferredCents + transferring - reversing - wanted;
  let left = transferring > 0 ? 0 : Math.min(excess, buckets.transferredCents - reversing);
  for (const t of movements.filter((m) => m.kind === "transfer" && m.state === "confirmed")) {
    if (left <= 0) break;
    const reversed = movements
      .filter(
        (m) =>
          m.kind === "reversal" &&
          m.transferId === t.stripeId &&
          (m.state === "planned" || m.state === "sent" || m.state === "confirmed"),
      )
      .reduce((sum, m) => sum + m.amountCents, 0);
    const part = Math.min(left, t.amountCents - reversed);
    if (part <= 0) continue;
    await planMovement(ctx, {
      kind: "reversal",
      contribution,
      amountCents: part,
      reason: frozen ? "dispute" : "refund_after_award",
      ...(t.awardId ? { awardId: t.awardId } : {}),
      transferId: t.stripeId!,
    });
    left -= part;
  }

  if (award === null) {
    // Waiting for its backer to move it: it stays until they do or their week ends (moves.ts).
    if (contribution.outcome === "move_waiting" && now < (contribution.moveBy ?? 0)) return;
    // A refund outcome or a cancelled award: whatever is free again goes back to its payer.
    if (!frozen && heldCents(buckets) > 0 && transferring === 0 && reversing === 0)
      await refundHeld(
        ctx,
        contribution,
        contribution.outcome === "refund" ? "no_eligible_submission" : "award_cancelled",
      );
    return;
  }
  const submission = await ctx.db.get("submissions", award.submissionId);
  const destination = submission ? await payableDestination(ctx, submission) : null;
  if (excess < 0 && reversing === 0 && award.status !== "waiting" && destination && !frozen) {
    await planMovement(ctx, {
      kind: "transfer",
      contribution,
      amountCents: -excess,
      reason: "award",
      awardId: award._id,
      destination,
    });
  }
  const status =
    amount === 0
      ? ("cancelled" as const)
      : !frozen && buckets.transferredCents >= amount
        ? ("paid" as const)
        : award.status === "paid"
          ? ("paying" as const)
          : award.status;
  if (status !== award.status)
    await ctx.db.patch("awards", award._id, {
      status,
      ...(status === "paid" && award.paidAt === undefined ? { paidAt: now } : {}),
    });
  if (status === "cancelled" && !frozen && heldCents(buckets) > 0 && reversing === 0)
    await refundHeld(ctx, contribution, "award_cancelled");
  // Paid in full, yet money is still held: the award was lowered while a refund counted that
  // later failed (its redo heard of before the failure). What no award holds goes back.
  if (
    status === "paid" &&
    !frozen &&
    heldCents(buckets) > 0 &&
    transferring === 0 &&
    reversing === 0 &&
    (await awardsOf(ctx, contributionId)).filter(isLiveAward).length === 1
  )
    await refundHeld(ctx, contribution, "award_reduced");
  // A claim window that ended while the money was frozen is applied now.
  if (status === "waiting" && !frozen && now >= award.claimDeadline)
    await expireClaim(ctx, award._id, now);
}
