// A creator's studio (issue 37): what they earn, line by line — in judging (what their video
// would receive if judging ended now), waiting for payout set-up (until the claim deadline),
// being paid, paid (on a date) — with its statement, and where each of their submissions stands
// live: counted votes, rank, picks, finalist, the ratings' average and the feedback received.
// Money is read, never decided: wins from model/money/views.ts winsOf (the one source of Payout
// settings), figures from model/money/payoutFigures.ts (Profile → Submissions' Expected Payout).
import type { PaginationOptions } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { judgingEndsAt } from "./labels";
import { winsOf } from "./money/views";
import { payoutForSubmission } from "./money/payoutFigures";
import { isEligible } from "./money/rules";
import { ranked } from "./money/settlement";
import { averageStars } from "./ratingRules";
import { feedbackFor } from "./judgingTogether";
import { videoPlatformValidator } from "./validators";
import { earningStateValidator, type EarningState } from "./statement";

export const earningLineValidator = v.object({
  ideaId: v.id("proposals"),
  ideaTitle: v.string(),
  videoTitle: v.string(),
  state: earningStateValidator,
  amountCents: v.number(),
  /** Judging ends (in judging), the claim deadline (waiting), paid on (paid); else null. */
  date: v.union(v.number(), v.null()),
});
export type EarningLine = Infer<typeof earningLineValidator>;

/** A creator's own submissions read for the lines "in judging" (newest first). */
const JUDGING_SCAN = 100;

/** Every line of a creator's earnings, newest decisions first. */
export async function earningsOf(ctx: QueryCtx, creatorId: Id<"users">): Promise<EarningLine[]> {
  const lines: EarningLine[] = [];
  for (const win of await winsOf(ctx, creatorId)) {
    const state: EarningState = win.status;
    lines.push({
      ideaId: win.ideaId,
      ideaTitle: win.ideaTitle,
      videoTitle: win.submissionTitle,
      state,
      amountCents: win.amountCents,
      date: state === "paid" ? win.paidAt : state === "waiting" ? win.claimDeadline : null,
    });
  }
  const own = await ctx.db
    .query("submissions")
    .withIndex("by_author", (q) => q.eq("authorId", creatorId))
    .order("desc")
    .take(JUDGING_SCAN);
  for (const s of own) {
    const idea = await ctx.db.get("proposals", s.ideaId);
    if (idea === null || idea.status !== "judging" || !isEligible(s)) continue;
    const payout = await payoutForSubmission(ctx, creatorId, s._id);
    const cents = payout?.expectedCents ?? 0;
    if (cents > 0)
      lines.push({
        ideaId: idea._id,
        ideaTitle: idea.title,
        videoTitle: s.title,
        state: "judging",
        amountCents: cents,
        date: judgingEndsAt(idea.expiration),
      });
  }
  return lines;
}

// --- Where each submission stands -----------------------------------------------------------

/** How far down the people's order a video's rank is looked for. */
const RANK_SCAN = 50;
/** Picks read per video (a count; more reads as this many). */
const PICKS_READ = 500;

export const standingRowValidator = v.object({
  _id: v.id("submissions"),
  ideaId: v.id("proposals"),
  ideaTitle: v.string(),
  ideaStatus: v.union(v.literal("open"), v.literal("judging"), v.literal("settled")),
  title: v.string(),
  url: v.string(),
  platform: videoPlatformValidator,
  thumbnailUrl: v.union(v.string(), v.null()),
  eligible: v.boolean(),
  /** Posted by the creator's connected channel: it can be paid (else: connect it). */
  ownedBySubmitter: v.boolean(),
  countedVotes: v.number(),
  allVotes: v.number(),
  /** Place in the people's order among the videos that can win (null: can't win, or far down). */
  rank: v.union(v.number(), v.null()),
  /** Eligible videos competing (at most RANK_SCAN are counted). */
  rivals: v.number(),
  picks: v.number(),
  finalist: v.boolean(),
  average: v.union(v.number(), v.null()),
  ratingCount: v.number(),
  feedback: v.array(
    v.object({
      _id: v.id("videoRatings"),
      stars: v.number(),
      text: v.union(v.string(), v.null()),
      from: v.union(v.literal("poster"), v.literal("backer")),
      at: v.number(),
    }),
  ),
});
export type StandingRow = Infer<typeof standingRowValidator>;

/** A video's place among the ones that can win, and how many compete (bounded). */
async function rankOf(ctx: QueryCtx, s: Doc<"submissions">) {
  let place = 0;
  let rank: number | null = null;
  for await (const rival of ranked(ctx, s.ideaId)) {
    place += 1;
    if (rival._id === s._id) rank = place;
    if (place >= RANK_SCAN) break;
  }
  return { rank: isEligible(s) ? rank : null, rivals: place };
}

/** A page of the creator's submissions with where each stands now. */
export async function standingsPage(
  ctx: QueryCtx,
  creatorId: Id<"users">,
  paginationOpts: PaginationOptions,
) {
  const result = await ctx.db
    .query("submissions")
    .withIndex("by_author", (q) => q.eq("authorId", creatorId))
    .order("desc")
    .paginate(paginationOpts);
  const page: StandingRow[] = [];
  for (const s of result.page) {
    const idea = await ctx.db.get("proposals", s.ideaId);
    const picks = await ctx.db
      .query("picks")
      .withIndex("by_submission", (q) => q.eq("submissionId", s._id))
      .take(PICKS_READ);
    const received = await feedbackFor(ctx, creatorId, s);
    page.push({
      _id: s._id,
      ideaId: s.ideaId,
      ideaTitle: idea?.title ?? "Deleted idea",
      ideaStatus: idea?.status ?? "settled",
      title: s.title,
      url: s.url,
      platform: s.platform,
      thumbnailUrl: s.thumbnailUrl ?? null,
      eligible: isEligible(s),
      ownedBySubmitter: s.checklist.ownedBySubmitter,
      countedVotes: s.qualifiedVotes ?? 0,
      allVotes: s.netVotes,
      ...(await rankOf(ctx, s)),
      picks: picks.length,
      finalist: s.finalist === true,
      average: averageStars(s),
      ratingCount: s.ratingCount ?? 0,
      feedback: received?.feedback ?? [],
    });
  }
  return { ...result, page };
}
