// The weekly leaderboards (product rules "Community and trust"): this week's most funded ideas,
// most wanted ideas (counted votes) and top creators (money paid to them), with last week's.
// Each board is one index range of a per-week counter table, so a board costs the same however
// many ideas, votes or payments there are. The counters follow their sources:
//   - funded: a payment adds what it still counts toward the bounty (the money rules'
//     `countingCents`, the figure `bountyCents` sums) to the week it was paid in; refunds,
//     disputes and moves lower it there. Refreshed from the triggers of model/triggers.ts after
//     the money's own refresh, so it reads the money as the ledger left it;
//   - wanted: each idea vote's counted value (the money rules' `voteQualifies`, as for the
//     people's choice) moves the week in which it is cast, so a vote taken back this week
//     cancels itself and fake accounts made for the occasion never count;
//   - paid: a transfer confirmed adds its amount to its creator's week, a reversal confirmed
//     takes it back, as the creator's money box counts "paid out".
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { countingCents } from "../money/rules";
import { countsTowardBounty } from "../money/ledger";
import { weekStartOf } from "./weeks";
import { ideaPlatformValidator, videoPlatformValidator } from "../validators";
import { publicName } from "../users";

/** Videos read for an idea's cover: the card's strip reads as many. */
const CARD_VIDEO_COUNT = 3;

/** How many rows a board shows. */
export const BOARD_SIZE = 10;

async function ideaWeekRow(ctx: QueryCtx, ideaId: Id<"proposals">, week: number) {
  return await ctx.db
    .query("weeklyIdeaStats")
    .withIndex("by_idea_week", (q) => q.eq("ideaId", ideaId).eq("week", week))
    .unique();
}

async function addToIdeaWeek(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  week: number,
  change: { fundedCents?: number; wantedVotes?: number },
) {
  const row = await ideaWeekRow(ctx, ideaId, week);
  const funded = change.fundedCents ?? 0;
  const wanted = change.wantedVotes ?? 0;
  if (funded === 0 && wanted === 0) return;
  if (row === null)
    await ctx.db.insert("weeklyIdeaStats", {
      week,
      ideaId,
      fundedCents: funded,
      wantedVotes: wanted,
    });
  else
    await ctx.db.patch("weeklyIdeaStats", row._id, {
      fundedCents: row.fundedCents + funded,
      wantedVotes: row.wantedVotes + wanted,
    });
}

/** An idea vote changed its counted value by `delta` (-2 … 2) at `now`. */
export async function addWantedVotes(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  delta: number,
  now: number,
) {
  if (delta !== 0) await addToIdeaWeek(ctx, ideaId, weekStartOf(now), { wantedVotes: delta });
}

/** What a payment counts toward its idea's bounty now (0 before it is paid). */
function countedOf(c: Doc<"contributions">): number {
  return c.money && countsTowardBounty(c) ? countingCents(c.money) : 0;
}

/**
 * Brings a payment's share of its week's "funded" figure up to date with its money (after the
 * ledger's refresh, in the same write).
 */
export async function refreshFunding(ctx: MutationCtx, contributionId: Id<"contributions">) {
  const c = await ctx.db.get("contributions", contributionId);
  if (c === null) return;
  const counted = countedOf(c);
  const row = await ctx.db
    .query("boardFunding")
    .withIndex("by_contribution", (q) => q.eq("contributionId", contributionId))
    .unique();
  const before = row?.countedCents ?? 0;
  if (counted === before) return;
  // A payment stays in the week it was paid in (or, for a row made earlier, where it was put).
  const week = row?.week ?? weekStartOf(c.paidAt ?? c._creationTime);
  if (row === null)
    await ctx.db.insert("boardFunding", {
      contributionId,
      ideaId: c.ideaId,
      week,
      countedCents: counted,
    });
  else await ctx.db.patch("boardFunding", row._id, { countedCents: counted });
  await addToIdeaWeek(ctx, row?.ideaId ?? c.ideaId, week, { fundedCents: counted - before });
}

/** The same for every contribution a Stripe payment paid (a refund or dispute names the payment). */
export async function refreshFundingOfPayment(ctx: MutationCtx, paymentIntentId: string) {
  const paidBy = await ctx.db
    .query("contributions")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", paymentIntentId))
    .take(10);
  for (const c of paidBy) await refreshFunding(ctx, c._id);
}

/** The creator a transfer or reversal paid (or took back from), through its award. */
async function creatorOfMovement(ctx: QueryCtx, m: Doc<"moneyMovements">) {
  let awardId = m.awardId;
  if (awardId === undefined && m.kind === "reversal" && m.transferId !== undefined) {
    const transfer = await ctx.db
      .query("moneyMovements")
      .withIndex("by_stripe_id", (q) => q.eq("stripeId", m.transferId))
      .first();
    awardId = transfer?.awardId;
  }
  const award = awardId === undefined ? null : await ctx.db.get("awards", awardId);
  return award?.creatorId ?? null;
}

/** A transfer or reversal was confirmed at `now`: its creator's paid figure for that week moves. */
export async function recordCreatorPayment(
  ctx: MutationCtx,
  m: Doc<"moneyMovements">,
  now: number,
) {
  if (m.kind !== "transfer" && m.kind !== "reversal") return;
  const creatorId = await creatorOfMovement(ctx, m);
  if (creatorId === null) return;
  const delta = m.kind === "transfer" ? m.amountCents : -m.amountCents;
  const week = weekStartOf(now);
  const row = await ctx.db
    .query("weeklyCreatorStats")
    .withIndex("by_creator_week", (q) => q.eq("creatorId", creatorId).eq("week", week))
    .unique();
  if (row === null)
    await ctx.db.insert("weeklyCreatorStats", { week, creatorId, paidCents: delta });
  else await ctx.db.patch("weeklyCreatorStats", row._id, { paidCents: row.paidCents + delta });
}

// --- Reading the boards ---------------------------------------------------------------------

/** Rows read per board: a few more than shown, for rows that are hidden or no longer positive. */
const BOARD_READ = BOARD_SIZE * 2;

/** The week's ideas with the most money in, highest first (only those above zero). */
export async function topFunded(ctx: QueryCtx, week: number) {
  const rows = ctx.db
    .query("weeklyIdeaStats")
    .withIndex("by_week_funded", (q) => q.eq("week", week).gt("fundedCents", 0))
    .order("desc");
  return await withIdeas(ctx, rows, (r) => r.fundedCents);
}

/** The week's ideas with the most counted votes gained, highest first (above zero). */
export async function topWanted(ctx: QueryCtx, week: number) {
  const rows = ctx.db
    .query("weeklyIdeaStats")
    .withIndex("by_week_wanted", (q) => q.eq("week", week).gt("wantedVotes", 0))
    .order("desc");
  return await withIdeas(ctx, rows, (r) => r.wantedVotes);
}

/**
 * The week's creators by money paid to them, highest first. A creator who keeps their totals
 * private (Profile → Settings) is left off: the board would show what their page hides.
 */
export async function topCreators(ctx: QueryCtx, week: number) {
  const rows = await ctx.db
    .query("weeklyCreatorStats")
    .withIndex("by_week_paid", (q) => q.eq("week", week).gt("paidCents", 0))
    .order("desc")
    .take(BOARD_READ);
  const shown: { creator: Doc<"users">; figure: number }[] = [];
  for (const r of rows) {
    if (shown.length === BOARD_SIZE) break;
    const creator = await ctx.db.get("users", r.creatorId);
    // A banned person's content is hidden everywhere, the boards included.
    if (creator === null || creator.hideCreatorTotals || creator.bannedAt !== undefined) continue;
    shown.push({ creator, figure: r.paidCents });
  }
  return shown;
}

// --- What the page shows --------------------------------------------------------------------

export const boardIdeaValidator = v.object({
  _id: v.id("proposals"),
  title: v.string(),
  platform: ideaPlatformValidator,
  /** Still taking money and videos. */
  open: v.boolean(),
  /** The leading video's thumbnail (most voted with one), or null: the page draws the idea's. */
  cover: v.union(v.object({ url: v.string(), platform: videoPlatformValidator }), v.null()),
});

export const boardsValidator = v.object({
  week: v.number(),
  funded: v.array(v.object({ idea: boardIdeaValidator, cents: v.number() })),
  wanted: v.array(v.object({ idea: boardIdeaValidator, votes: v.number() })),
  creators: v.array(
    v.object({
      creator: v.object({
        _id: v.id("users"),
        name: v.string(),
        avatarUrl: v.union(v.string(), v.null()),
      }),
      cents: v.number(),
    }),
  ),
});
export type Boards = Infer<typeof boardsValidator>;

/** An idea as a board shows it (null when it is gone or an operator hid it). */
async function boardIdea(ctx: QueryCtx, ideaId: Id<"proposals">) {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.removedAt !== undefined) return null;
  const videos = await ctx.db
    .query("submissions")
    .withIndex("by_idea_votes", (q) => q.eq("ideaId", ideaId))
    .order("desc")
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .take(CARD_VIDEO_COUNT);
  const lead = videos.find((s) => s.thumbnailUrl);
  return {
    _id: idea._id,
    title: idea.title,
    platform: idea.platform,
    open: idea.status === "open",
    cover: lead?.thumbnailUrl ? { url: lead.thumbnailUrl, platform: lead.platform } : null,
  };
}

/**
 * The first BOARD_SIZE rows whose idea is still shown, as the board shows them. Rows are read
 * one at a time, so a board reads BOARD_SIZE of them unless some idea was hidden (at most
 * BOARD_READ).
 */
async function withIdeas(
  ctx: QueryCtx,
  rows: AsyncIterable<Doc<"weeklyIdeaStats">>,
  figureOf: (r: Doc<"weeklyIdeaStats">) => number,
) {
  const shown = [];
  let read = 0;
  for await (const r of rows) {
    const idea = await boardIdea(ctx, r.ideaId);
    if (idea !== null) shown.push({ idea, figure: figureOf(r) });
    if (shown.length === BOARD_SIZE || ++read === BOARD_READ) break;
  }
  return shown;
}

/** The three boards of one week. */
export async function boardsOf(ctx: QueryCtx, week: number): Promise<Boards> {
  const [funded, wanted, creators] = await Promise.all([
    topFunded(ctx, week),
    topWanted(ctx, week),
    topCreators(ctx, week),
  ]);
  return {
    week,
    funded: funded.map(({ idea, figure }) => ({ idea, cents: figure })),
    wanted: wanted.map(({ idea, figure }) => ({ idea, votes: figure })),
    creators: creators.map(({ creator, figure }) => ({
      creator: {
        _id: creator._id,
        name: publicName(creator),
        avatarUrl: creator.avatarUrl ?? creator.image ?? null,
      },
      cents: figure,
    })),
  };
}
