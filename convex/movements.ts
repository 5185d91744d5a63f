// The reconciler: drives every planned refund, transfer and reversal to the end (the rules are
// in model/money/movements.ts). `drive` makes one attempt; the cron sweep finds anything whose
// scheduled attempt was lost (a crashed action) or whose refund Stripe still has pending.
import { v } from "convex/values";
import { internalAction, internalQuery } from "./_generated/server";
import { internalMutation } from "./functions";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import {
  attemptResultValidator,
  claimAttempt,
  recordAttempt,
  type AttemptResult,
} from "./model/money/movements";
import {
  chargeOf,
  classifyFailure,
  createRefund,
  createReversal,
  createTransfer,
  findReversal,
  findTransfer,
  listRefunds,
} from "./model/money/stripe";
import type { RefundState } from "./model/money/states";
import { stillOnPlatform } from "./model/platforms/presence";

export const claim = internalMutation({
  args: { movementId: v.id("moneyMovements") },
  handler: async (ctx, { movementId }) => await claimAttempt(ctx, movementId, Date.now()),
});

export const record = internalMutation({
  args: { movementId: v.id("moneyMovements"), result: attemptResultValidator },
  handler: async (ctx, { movementId, result }) =>
    await recordAttempt(ctx, movementId, result, Date.now()),
});

/** What Stripe already made for a movement, found by the movement id in its metadata. */
async function findAtStripe(
  m: Doc<"moneyMovements">,
): Promise<{ stripeId: string; refund?: RefundState } | null> {
  if (m.kind === "refund") {
    const refund = (await listRefunds(m.paymentIntentId!)).find((r) => r.movementId === m._id);
    return refund ? { stripeId: refund.refundId, refund } : null;
  }
  if (m.kind === "transfer") {
    const id = await findTransfer(m.ideaId, m._id);
    return id ? { stripeId: id } : null;
  }
  const id = await findReversal(m.transferId!, m._id);
  return id ? { stripeId: id } : null;
}

async function send(m: Doc<"moneyMovements">, key: string) {
  if (m.kind === "refund") {
    const refund = await createRefund({
      movementId: m._id,
      paymentIntentId: m.paymentIntentId!,
      amountCents: m.amountCents,
      idempotencyKey: key,
    });
    return { stripeId: refund.refundId, refund };
  }
  if (m.kind === "transfer") {
    const stripeId = await createTransfer({
      movementId: m._id,
      destination: m.destination!,
      amountCents: m.amountCents,
      ideaId: m.ideaId,
      chargeId: await chargeOf(m.paymentIntentId!),
      idempotencyKey: key,
    });
    return { stripeId };
  }
  const stripeId = await createReversal({
    movementId: m._id,
    transferId: m.transferId!,
    amountCents: m.amountCents,
    idempotencyKey: key,
  });
  return { stripeId };
}

/** A thrown value's text (anything can be thrown; the record's validator wants a string). */
function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** One attempt at a movement: look it up at Stripe if an earlier attempt may have made it, else send. */
export const drive = internalAction({
  args: { movementId: v.id("moneyMovements") },
  handler: async (ctx, { movementId }) => {
    const attempt = await ctx.runMutation(internal.movements.claim, { movementId });
    if (attempt === null) return;
    const m = attempt.movement;
    let result: AttemptResult;
    if (attempt.lookUpFirst) {
      try {
        const found = await findAtStripe(m);
        if (found || attempt.cancelIfNotMade) {
          result = found ? { type: "made", ...found } : { type: "cancelled" };
          await ctx.runMutation(internal.movements.record, { movementId, result });
          return;
        }
      } catch (e) {
        result = { type: "lookup_failed", message: messageOf(e) };
        await ctx.runMutation(internal.movements.record, { movementId, result });
        return;
      }
    }
    // A transfer pays only a video still on its platform (product rules: checked before any
    // transfer); with no answer from the platform it waits for the next attempt.
    if (m.kind === "transfer") {
      const video = await ctx.runQuery(internal.movements.videoOf, { movementId });
      const there = video === null ? true : await stillOnPlatform(video);
      if (there !== true) {
        result =
          there === false
            ? { type: "video_gone" }
            : { type: "lookup_failed", message: "The video's platform did not answer." };
        await ctx.runMutation(internal.movements.record, { movementId, result });
        return;
      }
    }
    try {
      result = { type: "made", ...(await send(m, attempt.key)) };
    } catch (e) {
      console.warn(`${m.kind} ${movementId} failed: ${messageOf(e)}`);
      result = {
        type: "failed",
        failure: classifyFailure(e),
        message: messageOf(e),
        key: attempt.key,
        generation: attempt.generation,
      };
    }
    await ctx.runMutation(internal.movements.record, { movementId, result });
  },
});

/** The video a transfer pays for. */
export const videoOf = internalQuery({
  args: { movementId: v.id("moneyMovements") },
  handler: async (ctx, { movementId }) => {
    const m = await ctx.db.get("moneyMovements", movementId);
    const award = m?.awardId ? await ctx.db.get("awards", m.awardId) : null;
    const s = award ? await ctx.db.get("submissions", award.submissionId) : null;
    return s && { platform: s.platform, videoId: s.videoId, url: s.url };
  },
});

/** Planned movements that are due (their attempt lost or postponed) and refunds still pending. */
export const due = internalQuery({
  args: { now: v.number() },
  handler: async (ctx, { now }) => {
    const planned = await ctx.db
      .query("moneyMovements")
      .withIndex("by_state_next", (q) => q.eq("state", "planned").lte("nextAttemptAt", now))
      .take(50);
    const pending = await ctx.db
      .query("moneyMovements")
      .withIndex("by_state_next", (q) => q.eq("state", "sent"))
      .take(50);
    return {
      planned: planned.filter((m) => (m.leaseUntil ?? 0) <= now).map((m) => m._id),
      pendingRefunds: [
        ...new Set(
          pending.flatMap((m) =>
            m.kind === "refund" && m.paymentIntentId ? [m.paymentIntentId] : [],
          ),
        ),
      ],
    };
  },
});

export const sweep = internalAction({
  args: {},
  handler: async (ctx) => {
    const { planned, pendingRefunds } = await ctx.runQuery(internal.movements.due, {
      now: Date.now(),
    });
    for (const movementId of planned)
      await ctx.scheduler.runAfter(0, internal.movements.drive, { movementId });
    for (const paymentIntentId of pendingRefunds)
      await ctx.scheduler.runAfter(0, internal.stripe.syncRefunds, { paymentIntentId });
  },
});
