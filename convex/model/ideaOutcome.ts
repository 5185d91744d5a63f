// How an idea ends, as every view shows it (issue "Every bounty tells its story"): open; judging
// (who decides, until when, the current leader); awarded (the winning videos, paid or waiting
// for their creator); refunded (what Stripe confirmed returned, to how many backers); or ended
// with no money at all. One home for the rule, so the idea page, the cards and the profile agree.
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { judgingEndsAt } from "./labels";
import { totalsOf } from "./money/ledger";
import { moneyBoxOf } from "./money/views";
import { winnerValidator } from "./money/viewShapes";
import { currentPeoplesChoice } from "./money/settlement";
import { publicName } from "./users";
import { videoPlatformValidator } from "./validators";
import type { IdeaEnding } from "./ideaStage";

// What a list card shows (its validator lives with the stages it feeds: model/ideaStage.ts).
export { ideaEndingValidator, type IdeaEnding } from "./ideaStage";

/**
 * The ending from the idea's own document. `canWin` says whether a judging idea has a video
 * that can win (read by endingFor); without it, judging is taken as having one.
 */
export function endingOf(p: Doc<"proposals">, canWin = true): IdeaEnding {
  if (p.status === "open") return { kind: "open" };
  if (p.status === "judging")
    return {
      kind: "judging",
      until: judgingEndsAt(p.expiration),
      canWin,
      heldCents: p.bountyCents,
    };
  const t = totalsOf(p);
  if (t.awardedCents > 0 || t.paidOutCents > 0)
    return {
      kind: "awarded",
      awardedCents: t.awardedCents,
      paidOutCents: t.paidOutCents,
      // Money that cannot move is never said to be on its way (model/money/rules.ts heldReasonOf).
      ...(t.heldBy.frozen > 0 ? { frozenCents: t.heldBy.frozen } : {}),
      ...(t.heldBy.needs_attention > 0 ? { onHoldCents: t.heldBy.needs_attention } : {}),
    };
  // Settled before judging would have ended: no video could win at the deadline.
  const skipped =
    p.judgedAt !== undefined && p.judgedAt < judgingEndsAt(p.expiration)
      ? { judgingSkipped: true }
      : {};
  // Money waiting for its backer to move it is still on its way back (refunded or moved).
  const pendingCents = t.refundingCents + t.refundFailedCents + t.heldBy.waiting_to_move;
  if (t.refundedCents + pendingCents + t.movedOutCents > 0)
    return {
      kind: "refunded",
      refundedCents: t.refundedCents,
      pendingCents,
      ...(t.movedOutCents > 0 ? { movedCents: t.movedOutCents } : {}),
      ...(t.heldBy.waiting_to_move > 0 ? { waitingCents: t.heldBy.waiting_to_move } : {}),
      ...skipped,
    };
  return { kind: "ended", ...skipped };
}

/**
 * The ending every surface shows: for a judging idea, one index read tells whether any video
 * can still win (the people's choice so far); the rest comes from the idea's document.
 */
export async function endingFor(ctx: QueryCtx, p: Doc<"proposals">): Promise<IdeaEnding> {
  if (p.status === "judging") return endingOf(p, (await currentPeoplesChoice(ctx, p._id)) !== null);
  const ending = endingOf(p);
  if (ending.kind !== "awarded" || ending.paidOutCents >= ending.awardedCents) return ending;
  if (totalsOf(p).heldBy.waiting_for_creator === 0) return ending;
  const waiting = await waitingFor(ctx, p._id);
  return waiting ? { ...ending, waiting } : ending;
}

/** How many waiting awards an ending reads to name who they wait for. */
const WAITING_READ = 20;

/**
 * Who an idea's unpaid awards wait for (no payout account yet) and until when: the creator's
 * name, or "N creators" when several wait, and the earliest claim deadline; null when none.
 */
async function waitingFor(
  ctx: QueryCtx,
  ideaId: Doc<"proposals">["_id"],
): Promise<{ creatorName: string; until: number } | null> {
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId).eq("status", "waiting"))
    .take(WAITING_READ);
  if (awards.length === 0) return null;
  const creators = [...new Set(awards.map((a) => a.creatorId))];
  const until = Math.min(...awards.map((a) => a.claimDeadline));
  if (creators.length > 1) return { creatorName: `${creators.length} creators`, until };
  const creator = await ctx.db.get("users", creators[0]!);
  return { creatorName: creator ? publicName(creator) : "the winning creator", until };
}

/** A video as the outcome shows it: what it is, who made it. */
const videoFields = {
  submissionId: v.id("submissions"),
  title: v.string(),
  url: v.string(),
  platform: videoPlatformValidator,
  thumbnailUrl: v.nullable(v.string()),
  creatorName: v.string(),
};

/** The idea page's outcome: the card's ending with the people and videos behind it. */
export const ideaOutcomeValidator = v.union(
  v.object({ kind: v.literal("open") }),
  v.object({
    kind: v.literal("judging"),
    judgingEndsAt: v.number(),
    /** The eligible video with the most counted votes now (null: no eligible video). */
    leader: v.nullable(v.object({ ...videoFields, countedVotes: v.number() })),
    bountyCents: v.number(),
  }),
  v.object({
    kind: v.literal("awarded"),
    winners: v.array(
      winnerValidator.extend({
        url: v.string(),
        platform: videoPlatformValidator,
        thumbnailUrl: v.nullable(v.string()),
      }),
    ),
    refundedCents: v.number(),
  }),
  v.object({
    kind: v.literal("refunded"),
    refundedCents: v.number(),
    pendingCents: v.number(),
    /** Moved by its backers to other ideas. */
    movedCents: v.optional(v.number()),
    /** People (or anonymous payments) whose money Stripe confirmed returned. */
    backers: v.number(),
  }),
  v.object({ kind: v.literal("ended") }),
);
export type IdeaOutcome = Infer<typeof ideaOutcomeValidator>;

/** Enough for a refunded idea's "returned to N backers"; more backers than this read as this. */
const MAX_BACKERS_READ = 2000;

export async function ideaOutcomeOf(ctx: QueryCtx, p: Doc<"proposals">): Promise<IdeaOutcome> {
  const ending = await endingFor(ctx, p);
  switch (ending.kind) {
    case "open":
      return ending;
    case "ended":
      return { kind: "ended" };
    case "judging": {
      const leader = await currentPeoplesChoice(ctx, p._id);
      return {
        kind: "judging",
        judgingEndsAt: ending.until,
        leader: leader && {
          ...(await videoOf(ctx, leader)),
          countedVotes: leader.qualifiedVotes ?? 0,
        },
        bountyCents: p.bountyCents,
      };
    }
    case "awarded": {
      const box = await moneyBoxOf(ctx, p);
      const winners = [];
      for (const w of box.winners.sort((a, b) => b.amountCents - a.amountCents)) {
        const s = await ctx.db.get("submissions", w.submissionId);
        if (s === null) continue;
        winners.push({
          ...w,
          url: s.url,
          platform: s.platform,
          thumbnailUrl: s.thumbnailUrl ?? null,
        });
      }
      return { kind: "awarded", winners, refundedCents: totalsOf(p).refundedCents };
    }
    case "refunded":
      return {
        kind: "refunded",
        refundedCents: ending.refundedCents,
        pendingCents: ending.pendingCents,
        ...(ending.movedCents ? { movedCents: ending.movedCents } : {}),
        backers: await refundedBackers(ctx, p),
      };
  }
}

async function videoOf(ctx: QueryCtx, s: Doc<"submissions">) {
  const author = await ctx.db.get("users", s.authorId);
  return {
    submissionId: s._id,
    title: s.title,
    url: s.url,
    platform: s.platform,
    thumbnailUrl: s.thumbnailUrl ?? null,
    creatorName: author ? publicName(author) : "Anonymous",
  };
}

/** Distinct backers with money Stripe confirmed returned (an anonymous payment counts once). */
async function refundedBackers(ctx: QueryCtx, p: Doc<"proposals">): Promise<number> {
  const backers = new Set<string>();
  for (const status of ["refunded", "paid"] as const) {
    const rows = await ctx.db
      .query("contributions")
      .withIndex("by_idea_status", (q) => q.eq("ideaId", p._id).eq("status", status))
      .take(MAX_BACKERS_READ);
    for (const c of rows)
      if ((c.money?.refundedCents ?? 0) > 0) backers.add(c.contributorId ?? c._id);
  }
  return backers.size;
}
