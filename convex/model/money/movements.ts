// Durable money movements (product rules "Durable movements"). A refund, transfer or reversal is
// planned as a record in the same transaction as the decision that causes it; the reconciler
// (convex/movements.ts) then drives it: before any retry it asks Stripe whether it was already
// made (by our metadata), reuses the idempotency key only within 24 h and only after a network
// failure, a 429 or a 409 (Stripe stores no result when its endpoint never ran), and takes a new
// key only once Stripe shows nothing was made (nextKey). After MAX_ATTEMPTS it needs attention;
// nothing is dropped. README.md beside this file has its state diagram.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import type { MovementKind } from "./states";
import { v, type Infer } from "convex/values";
import { callFailureValidator, refundStateValidator } from "./states";
import { bucketsOf, liveAwardOf, movementsOf } from "./ledger";
import { recordRefund } from "./refunds";
import { videoGone } from "./videoChecks";
import { wantedTransferCents } from "./rules";

export const MAX_ATTEMPTS = 10;
export const KEY_REUSE_MS = 24 * 60 * 60 * 1000;
/** How long one attempt may take before another run may pick the movement up. */
export const LEASE_MS = 2 * 60 * 1000;

/** The wait before attempt n+1: 1, 2, 4 … minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 6 * 60 * 60 * 1000);
}

export function keyFor(movementId: string, generation: number) {
  return `movement-${movementId}-${generation}`;
}

/**
 * The key for the next request (product rules "Durable movements"):
 * - never sent yet (no attempt): its key, whatever its age — Stripe has never seen it;
 * - the same key only within 24 h of its creation and only after a network failure (the first
 *   request may still be in flight at Stripe, and the key makes it happen once), a 429 or a 409
 *   (Stripe kept nothing), or an attempt whose end we never heard of (a crashed action);
 * - else a new key: after a 5xx or a refusal (Stripe would replay that answer), and after 24 h
 *   whatever the last answer (Stripe forgets keys then, so the old key protects nothing).
 * A new key is only ever sent after the caller confirmed with Stripe that nothing was made
 * (claimAttempt: every attempt after the first looks up first).
 */
export function nextKey(
  m: Pick<
    Doc<"moneyMovements">,
    "_id" | "attempts" | "keyGeneration" | "keyCreatedAt" | "lastOutcome"
  >,
  now: number,
): { key: string; generation: number; fresh: boolean } {
  const sameKeyAnswer =
    m.lastOutcome === undefined || m.lastOutcome === "network" || m.lastOutcome === "rate_limited";
  const reusable = m.attempts === 0 || (sameKeyAnswer && now - m.keyCreatedAt < KEY_REUSE_MS);
  const generation = reusable ? m.keyGeneration : m.keyGeneration + 1;
  return { key: keyFor(m._id, generation), generation, fresh: !reusable };
}

export async function planMovement(
  ctx: MutationCtx,
  args: {
    kind: MovementKind;
    contribution: Doc<"contributions">;
    amountCents: number;
    reason: string;
    awardId?: Id<"awards">;
    destination?: string;
    transferId?: string;
  },
): Promise<Id<"moneyMovements"> | null> {
  if (args.amountCents <= 0) return null;
  const now = Date.now();
  const id = await ctx.db.insert("moneyMovements", {
    kind: args.kind,
    state: "planned",
    ideaId: args.contribution.ideaId,
    contributionId: args.contribution._id,
    ...(args.awardId ? { awardId: args.awardId } : {}),
    amountCents: args.amountCents,
    currency: args.contribution.currency ?? "usd",
    reason: args.reason,
    ...(args.contribution.paymentIntentId
      ? { paymentIntentId: args.contribution.paymentIntentId }
      : {}),
    ...(args.destination ? { destination: args.destination } : {}),
    ...(args.transferId ? { transferId: args.transferId } : {}),
    ...(args.contribution.movedFrom ? { chargeIdeaId: args.contribution.movedFrom.ideaId } : {}),
    idempotencyKey: "",
    keyCreatedAt: now,
    keyGeneration: 0,
    attempts: 0,
    nextAttemptAt: now,
  });
  await ctx.db.patch("moneyMovements", id, { idempotencyKey: keyFor(id, 0) });
  // A refund being planned is money on its way back: the ledger said so as the row was
  // inserted (triggers.ts).
  await ctx.scheduler.runAfter(0, internal.movements.drive, { movementId: id });
  return id;
}

export type Attempt = {
  movement: Doc<"moneyMovements">;
  /** Ask Stripe first: an earlier attempt may have been made without us hearing of it. */
  lookUpFirst: boolean;
  /** The decision changed since (a refund or dispute came first): cancel unless already made. */
  cancelIfNotMade: boolean;
  key: string;
  generation: number;
};

/** Movements of one kind still under way (planned or sent), in cents. */
export function inFlightCents(movements: Doc<"moneyMovements">[], kind: string) {
  return movements
    .filter((m) => m.kind === kind && (m.state === "planned" || m.state === "sent"))
    .reduce((sum, m) => sum + m.amountCents, 0);
}

/**
 * Whether a planned movement still fits the money (a Dashboard refund, a dispute opened or
 * closed may have come in between): a refund never asks for more than is left, a transfer
 * never pays beyond what its award wants now, a reversal never takes back what the creator
 * should keep now (a dispute won while it was being retried).
 */
async function stillWanted(ctx: MutationCtx, m: Doc<"moneyMovements">): Promise<boolean> {
  const contribution = await ctx.db.get("contributions", m.contributionId);
  if (contribution === null) return false;
  const movements = await movementsOf(ctx, contribution._id);
  const b = await bucketsOf(ctx, contribution, movements);
  if (m.kind === "refund") {
    if (b.disputedCents > 0) return false;
    // This movement is counted in refunding (or failed) while not yet at Stripe.
    const othersAway = b.refundedCents + b.refundingCents + b.refundFailedCents - m.amountCents;
    return (
      m.amountCents <=
      b.collectedCents - othersAway - b.transferredCents - b.lostCents - b.movedCents
    );
  }
  const award = await liveAwardOf(ctx, contribution._id);
  const wanted = wantedTransferCents(b, award);
  if (m.kind === "reversal") {
    const othersReversing = inFlightCents(movements, "reversal") - m.amountCents;
    return b.transferredCents - othersReversing - m.amountCents >= wanted;
  }
  if (award === null || award._id !== m.awardId || award.status === "waiting") return false;
  return b.transferredCents + m.amountCents <= wanted;
}

/**
 * Takes the movement for one attempt (a lease, so overlapping runs do not both send). Returns
 * null when there is nothing to do now.
 */
export async function claimAttempt(
  ctx: MutationCtx,
  movementId: Id<"moneyMovements">,
  now: number,
): Promise<Attempt | null> {
  const m = await ctx.db.get("moneyMovements", movementId);
  if (m === null || m.state !== "planned") return null;
  if (m.nextAttemptAt > now || (m.leaseUntil ?? 0) > now) return null;
  const wanted = await stillWanted(ctx, m);
  if (!wanted && m.attempts === 0) {
    // Never sent: nothing to ask Stripe about. The decision is taken again with today's money.
    await cancelMovement(ctx, m, now);
    return null;
  }
  const { key, generation } = nextKey(m, now);
  await ctx.db.patch("moneyMovements", movementId, {
    attempts: m.attempts + 1,
    leaseUntil: now + LEASE_MS,
  });
  return { movement: m, lookUpFirst: m.attempts > 0, cancelIfNotMade: !wanted, key, generation };
}

async function cancelMovement(ctx: MutationCtx, m: Doc<"moneyMovements">, now: number) {
  await ctx.db.patch("moneyMovements", m._id, {
    state: "cancelled",
    settledAt: now,
    leaseUntil: undefined,
  });
  await ctx.scheduler.runAfter(0, internal.settlement.followCharge, {
    contributionId: m.contributionId,
  });
}

/** How an attempt ended, as the reconciler's action reports it to `recordAttempt`. */
export const attemptResultValidator = v.union(
  v.object({
    type: v.literal("made"),
    stripeId: v.string(),
    refund: v.optional(refundStateValidator),
  }),
  /** Stripe shows it was never made and it is no longer wanted. */
  v.object({ type: v.literal("cancelled") }),
  v.object({
    type: v.literal("failed"),
    failure: callFailureValidator,
    message: v.string(),
    generation: v.number(),
    key: v.string(),
  }),
  /** Nothing was sent: the lookup before the retry could not reach Stripe. */
  v.object({ type: v.literal("lookup_failed"), message: v.string() }),
  /** Nothing was sent: the winning video is gone from its platform (checked before a transfer). */
  v.object({ type: v.literal("video_gone") }),
);
export type AttemptResult = Infer<typeof attemptResultValidator>;

/**
 * Records how an attempt ended. A made movement moves the ledger, and a confirmed transfer
 * tells its creator, as its row changes (model/triggers.ts).
 */
export async function recordAttempt(
  ctx: MutationCtx,
  movementId: Id<"moneyMovements">,
  result: AttemptResult,
  now: number,
) {
  const m = await ctx.db.get("moneyMovements", movementId);
  if (m === null || m.state !== "planned") return;
  if (result.type === "cancelled") return await cancelMovement(ctx, m, now);
  if (result.type === "video_gone") {
    const award = m.awardId ? await ctx.db.get("awards", m.awardId) : null;
    await cancelMovement(ctx, m, now);
    if (award) await videoGone(ctx, award.submissionId);
    return;
  }
  if (result.type === "made") {
    if (result.refund) await recordRefund(ctx, result.refund, now);
    const refundState = result.refund?.status;
    await ctx.db.patch("moneyMovements", movementId, {
      stripeId: result.stripeId,
      sentAt: now,
      leaseUntil: undefined,
      ...(refundState === undefined || refundState === "succeeded"
        ? { state: "confirmed" as const, settledAt: now }
        : refundState === "failed" || refundState === "canceled"
          ? { state: "failed" as const, settledAt: now }
          : { state: "sent" as const }),
    });
    await ctx.scheduler.runAfter(0, internal.settlement.followCharge, {
      contributionId: m.contributionId,
    });
    return;
  }
  const failure = result.type === "failed" ? result.failure : undefined;
  const giveUp = m.attempts >= MAX_ATTEMPTS;
  await ctx.db.patch("moneyMovements", movementId, {
    leaseUntil: undefined,
    lastError: result.message.slice(0, 500),
    ...(result.type === "failed"
      ? {
          lastOutcome: failure,
          idempotencyKey: result.key,
          keyGeneration: result.generation,
          ...(result.generation !== m.keyGeneration ? { keyCreatedAt: now } : {}),
        }
      : {}),
    ...(giveUp
      ? { state: "needs_attention" as const, settledAt: now }
      : { nextAttemptAt: now + backoffMs(m.attempts) }),
  });
  if (!giveUp)
    await ctx.scheduler.runAfter(backoffMs(m.attempts), internal.movements.drive, { movementId });
}
