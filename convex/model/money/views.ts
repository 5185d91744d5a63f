// What people see of money: each contribution's fate in parts, and an idea's money box. Read
// from the ledger's buckets and the awards, so a state is shown only when it is true (money
// "being paid" only when its creator is payable and a transfer is under way).
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { judgingEndsAt } from "../ideas";
import { bucketsOfTotals, EMPTY_BUCKETS, heldCents, totalsOf } from "./ledger";
import type { FatePart, HeldGroup, MoneyBox, SubmissionRef } from "./viewShapes";
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

async function awardsOfContribution(ctx: QueryCtx, contributionId: Id<"contributions">) {
  return await ctx.db
    .query("awards")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contributionId))
    .take(50);
}

/** Where one contribution's money is, in parts that add up to what was paid. */
export async function fateOf(
  ctx: QueryCtx,
  contribution: Doc<"contributions">,
  proposal: Doc<"proposals">,
): Promise<FatePart[]> {
  if (contribution.status === "pending" || contribution.status === "processing")
    return [
      {
        state: "processing",
        amountCents: contribution.amountCents,
        at: null,
        until: null,
        submission: null,
      },
    ];
  if (contribution.status !== "paid" && contribution.status !== "refunded") return [];
  const b = contribution.money ?? EMPTY_BUCKETS;
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
    : [];
  const lastAt = (status: string[]) =>
    Math.max(0, ...refunds.filter((r) => status.includes(r.status)).map((r) => r.updatedAt)) ||
    null;
  const awards = await awardsOfContribution(ctx, contribution._id);
  const active = awards.find(
    (a) => a.status === "waiting" || a.status === "paying" || a.status === "paid",
  );
  const paidTo =
    [...awards].reverse().find((a) => a.status === "paid" || a.status === "paying") ?? active;
  part("paid", b.transferredCents, {
    at: paidTo?.paidAt ?? null,
    submission: paidTo ? await submissionRef(ctx, paidTo.submissionId) : null,
  });
  const held = heldCents(b);
  if (active?.status === "waiting")
    part("awarded_waiting", held, {
      until: active.claimDeadline,
      submission: await submissionRef(ctx, active.submissionId),
    });
  else if (active)
    part("awarded_paying", held, { submission: await submissionRef(ctx, active.submissionId) });
  else
    part("counting", held, {
      until: contribution.settled ? null : judgingEndsAt(proposal.expiration),
    });
  part("refunding", b.refundingCents);
  part("refunded", b.refundedCents, { at: lastAt(["succeeded"]) });
  part("refund_failed", b.refundFailedCents, { at: lastAt(["failed", "canceled"]) });
  part("disputed", b.disputedCents);
  part("lost", b.lostCents);
  return parts;
}

/** The idea page's money box: totals, held money by reason with its deadline, the winners. */
export async function moneyBoxOf(ctx: QueryCtx, proposal: Doc<"proposals">): Promise<MoneyBox> {
  const t = totalsOf(proposal);
  const held = heldCents(bucketsOfTotals(t));
  const awards = [];
  for (const status of ["waiting", "paying", "paid"] as const) {
    awards.push(
      ...(await ctx.db
        .query("awards")
        .withIndex("by_proposal_status", (q) =>
          q.eq("proposalId", proposal._id).eq("status", status),
        )
        .take(500)),
    );
  }
  const waiting = awards.filter((a) => a.status === "waiting");
  const waitingCents = waiting.reduce((sum, a) => sum + a.amountCents, 0);
  const payingCents = Math.max(0, held - waitingCents);
  const groups: HeldGroup[] = [];
  if (proposal.judgedAt === undefined) {
    if (held > 0)
      groups.push({ cents: held, until: judgingEndsAt(proposal.expiration), reason: "judging" });
  } else {
    const byDeadline = new Map<number, number>();
    for (const a of waiting)
      byDeadline.set(a.claimDeadline, (byDeadline.get(a.claimDeadline) ?? 0) + a.amountCents);
    for (const [until, cents] of byDeadline)
      groups.push({ cents, until, reason: "waiting_for_creator" });
    if (payingCents > 0) groups.push({ cents: payingCents, until: null, reason: "being_paid" });
  }
  if (t.refundFailedCents > 0)
    groups.push({ cents: t.refundFailedCents, until: null, reason: "refund_failed" });
  const bySubmission = new Map<string, (typeof awards)[number][]>();
  for (const a of awards)
    bySubmission.set(a.submissionId, [...(bySubmission.get(a.submissionId) ?? []), a]);
  const winners = [];
  for (const [submissionId, list] of bySubmission) {
    const ref = await submissionRef(ctx, submissionId as Id<"submissions">);
    if (ref === null) continue;
    const amountCents = list.reduce((sum, a) => sum + a.amountCents, 0);
    const paidCents = list
      .filter((a) => a.status === "paid")
      .reduce((sum, a) => sum + a.amountCents, 0);
    const status = list.every((a) => a.status === "paid")
      ? ("paid" as const)
      : list.some((a) => a.status === "paying")
        ? ("paying" as const)
        : ("waiting" as const);
    winners.push({
      submissionId: ref._id,
      title: ref.title,
      creatorName: ref.creatorName,
      amountCents,
      paidCents,
      status,
      claimDeadline: Math.min(...list.map((a) => a.claimDeadline)),
      paidAt: Math.max(0, ...list.map((a) => a.paidAt ?? 0)) || null,
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
      heldCents: held,
      awardedWaitingCents: waitingCents,
      awardedPayingCents: proposal.judgedAt === undefined ? 0 : payingCents,
    },
    held: groups,
    winners,
  };
}
