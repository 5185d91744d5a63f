// What people see of money: each contribution's fate in parts, an idea's money box, and how a
// set of awards shows. Every amount comes from the buckets and held reasons the ledger keeps
// (the same ones that decide the money), so a state is shown only when it is true: money
// frozen by a dispute or stuck on a movement is never "being paid" or "counting until" a date.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import {
  combinedAwardStatus,
  EMPTY_BUCKETS,
  fullBuckets,
  heldCents,
  heldUntil,
  isLiveAward,
  LIVE_AWARD_STATUSES,
  shownAwardStatus,
  type ShownAwardStatus,
} from "./rules";
import { awardsOf, bucketsOfTotals, ownsRecord, placeOf, totalsOf } from "./ledger";
import { HELD_REASONS, type HeldReason } from "./states";
import type { FatePart, SubmissionRef } from "./states";
import type { CreatorAward, HeldGroup, MoneyBox } from "./viewShapes";
import { publicName } from "../users";

async function submissionRef(
  ctx: QueryCtx,
  submissionId: Id<"submissions">,
): Promise<SubmissionRef | null> {
  const s = await ctx.db.get("submissions", submissionId);
  if (s === null) return null;
  const author = await ctx.db.get("users", s.authorId);
  return { _id: s._id, title: s.title, creatorName: author ? publicName(author) : "Anonymous" };
}

/** Why a contribution's held money is held, as the ledger placed it (or placed now). */
async function heldReasonOf(ctx: QueryCtx, c: Doc<"contributions">): Promise<HeldReason | null> {
  if (c.heldReason !== undefined || heldCents(c.money ?? EMPTY_BUCKETS) === 0)
    return c.heldReason ?? null;
  return (await placeOf(ctx, c)).reason; // placed before held reasons were kept
}

/** Where one contribution's money is, in parts that add up to what was paid. */
export async function fateOf(
  ctx: QueryCtx,
  contribution: Doc<"contributions">,
  idea: Doc<"proposals">,
): Promise<FatePart[]> {
  // A checkout left before paying is not money: it reads "Not finished", never "waiting".
  if (contribution.status === "pending" || contribution.status === "processing")
    return [
      {
        state: contribution.status === "pending" ? "not_finished" : "processing",
        amountCents: contribution.amountCents,
        at: null,
        until: null,
        submission: null,
      },
    ];
  if (contribution.status !== "paid" && contribution.status !== "refunded") return [];
  const b = fullBuckets(contribution.money);
  const parts: FatePart[] = [];
  const part = (state: FatePart["state"], amountCents: number, extra: Partial<FatePart> = {}) => {
    if (amountCents > 0)
      parts.push({ state, amountCents, at: null, until: null, submission: null, ...extra });
  };
  const refunds = contribution.paymentIntentId
    ? await ctx.db
        .query("stripeRefunds")
        .withIndex("by_payment_intent", (q) =>
          q.eq("paymentIntentId", contribution.paymentIntentId!),
        )
        .take(100)
        .then((rows) => rows.filter((r) => ownsRecord(contribution, r)))
    : [];
  const lastAt = (status: string[]) =>
    Math.max(0, ...refunds.filter((r) => status.includes(r.status)).map((r) => r.updatedAt)) ||
    null;
  const awards = await awardsOf(ctx, contribution._id);
  const live = awards.find(isLiveAward);
  const paidTo =
    [...awards].reverse().find((a) => a.status === "paid" || a.status === "paying") ?? live;
  part("paid", b.transferredCents, {
    at: paidTo?.paidAt ?? null,
    submission: paidTo ? await submissionRef(ctx, paidTo.submissionId) : null,
  });
  const held = heldCents(b);
  const reason = await heldReasonOf(ctx, contribution);
  const until =
    reason === null ? null : heldUntil(reason, idea.expiration, contribution.moveBy ?? null);
  const video = live ? await submissionRef(ctx, live.submissionId) : null;
  let frozen = 0;
  switch (reason) {
    case "judging":
      part("counting", held, { until });
      break;
    case "waiting_for_creator":
      part("awarded_waiting", held, { until, submission: video });
      break;
    case "being_paid":
      part("awarded_paying", held, { submission: video });
      break;
    case "returning":
      part("returning", held);
      break;
    case "waiting_to_move":
      part("waiting_to_move", held, { until });
      break;
    case "needs_attention":
      part("on_hold", held, { submission: video });
      break;
    case "frozen":
      // The whole payment waits for its dispute (none of it when the creator holds it all).
      frozen = Math.max(0, held);
      break;
    case null:
      break;
  }
  part("refunding", b.refundingCents);
  part("refunded", b.refundedCents, { at: lastAt(["succeeded"]) });
  part("refund_failed", b.refundFailedCents, { at: lastAt(["failed", "canceled"]) });
  part("disputed", b.disputedCents + frozen);
  part("lost", b.lostCents);
  if (b.movedCents > 0 && contribution.movedToId) {
    const moved = await ctx.db.get("contributions", contribution.movedToId);
    const to = moved ? await ctx.db.get("proposals", moved.ideaId) : null;
    part("moved", b.movedCents, {
      at: contribution.movedAt ?? null,
      ...(to ? { idea: { _id: to._id, title: to.title } } : {}),
    });
  }
  return parts;
}

/** How a set of awards (of one video, say) shows: amount, paid, status, deadline, paid on. */
export async function awardSummary(ctx: QueryCtx, awards: Doc<"awards">[]) {
  const live = awards.filter(isLiveAward);
  if (live.length === 0) return null;
  const statuses: ShownAwardStatus[] = [];
  for (const a of live) {
    const contribution = await ctx.db.get("contributions", a.contributionId);
    statuses.push(
      shownAwardStatus(a.status, contribution ? await heldReasonOf(ctx, contribution) : null),
    );
  }
  return {
    amountCents: live.reduce((sum, a) => sum + a.amountCents, 0),
    paidCents: live.filter((a) => a.status === "paid").reduce((sum, a) => sum + a.amountCents, 0),
    status: combinedAwardStatus(statuses),
    claimDeadline: Math.min(...live.map((a) => a.claimDeadline)),
    paidAt: Math.max(0, ...live.map((a) => a.paidAt ?? 0)) || null,
  };
}

/**
 * A creator's wins as Payout settings lists them: one line per winning video. A video funded by
 * several payments has an award (and a transfer) per payment, but it is one win to its creator.
 */
export async function winsOf(ctx: QueryCtx, creatorId: Id<"users">): Promise<CreatorAward[]> {
  const bySubmission = new Map<Id<"submissions">, Doc<"awards">[]>();
  for (const status of LIVE_AWARD_STATUSES) {
    const rows = await ctx.db
      .query("awards")
      .withIndex("by_creator_status", (q) => q.eq("creatorId", creatorId).eq("status", status))
      .take(200);
    for (const award of rows)
      bySubmission.set(award.submissionId, [
        ...(bySubmission.get(award.submissionId) ?? []),
        award,
      ]);
  }
  const wins: CreatorAward[] = [];
  for (const [submissionId, won] of bySubmission) {
    const first = won[0]!;
    const submission = await ctx.db.get("submissions", submissionId);
    const idea = await ctx.db.get("proposals", first.ideaId);
    const shown = (await awardSummary(ctx, won))!;
    wins.push({
      awardId: first._id,
      ideaId: first.ideaId,
      ideaTitle: idea?.title ?? "Deleted idea",
      submissionTitle: submission?.title ?? "",
      amountCents: shown.amountCents,
      paidCents: shown.paidCents,
      status: shown.status,
      claimDeadline: shown.claimDeadline,
      paidAt: shown.paidAt,
      ownershipProven: submission?.checklist.ownedBySubmitter ?? false,
    });
  }
  return wins;
}

/** The idea page's money box: totals, held money by reason with its deadline, the winners. */
export async function moneyBoxOf(ctx: QueryCtx, idea: Doc<"proposals">): Promise<MoneyBox> {
  const t = totalsOf(idea);
  const groups: HeldGroup[] = [];
  for (const reason of HELD_REASONS)
    if (t.heldBy[reason] > 0)
      groups.push({
        cents: t.heldBy[reason],
        // Each backer's week to move their money ends at its own time: the latest one.
        until:
          reason === "waiting_to_move"
            ? await latestMoveBy(ctx, idea._id)
            : heldUntil(reason, idea.expiration),
        reason,
      });
  if (t.refundFailedCents > 0)
    groups.push({ cents: t.refundFailedCents, until: null, reason: "refund_failed" });
  const bySubmission = new Map<Id<"submissions">, Doc<"awards">[]>();
  for (const status of LIVE_AWARD_STATUSES) {
    const awards = await ctx.db
      .query("awards")
      .withIndex("by_idea_status", (q) => q.eq("ideaId", idea._id).eq("status", status))
      .take(500);
    for (const a of awards)
      bySubmission.set(a.submissionId, [...(bySubmission.get(a.submissionId) ?? []), a]);
  }
  const winners = [];
  for (const [submissionId, list] of bySubmission) {
    const ref = await submissionRef(ctx, submissionId);
    const summary = await awardSummary(ctx, list);
    if (ref === null || summary === null) continue;
    winners.push({
      submissionId: ref._id,
      title: ref.title,
      creatorName: ref.creatorName,
      ...summary,
    });
  }
  return {
    totals: {
      contributedCents: t.contributedCents,
      refundedCents: t.refundedCents,
      refundingCents: t.refundingCents,
      refundFailedCents: t.refundFailedCents,
      paidOutCents: t.paidOutCents,
      disputedCents: t.disputedCents,
      lostCents: t.lostCents,
      movedOutCents: t.movedOutCents,
      movedInCents: t.movedInCents,
      heldCents: heldCents(bucketsOfTotals(t)),
      awardedWaitingCents: t.heldBy.waiting_for_creator,
      awardedPayingCents: t.heldBy.being_paid,
    },
    held: groups,
    winners,
  };
}

/**
 * Until when an idea's money waits for its backers to move it: settlement starts every week at
 * the same time, so one read of the idea's latest waiting contribution says it.
 */
async function latestMoveBy(ctx: QueryCtx, ideaId: Id<"proposals">): Promise<number | null> {
  const waiting = await ctx.db
    .query("contributions")
    .withIndex("by_idea_held", (q) => q.eq("ideaId", ideaId).eq("heldReason", "waiting_to_move"))
    .order("desc")
    .first();
  return waiting?.heldUntil ?? null;
}
