// Creator pages (/creators/{id}, issues 29 and 37): a person as anyone may see them, like a
// channel — the channel's picture and name from the platform, a short bio they write, connected
// channels, wins, what they were paid in total (unless they hide it) and their win rate, the
// videos they submitted with where each stands, and their channel's uploads. Public data only:
// no email, no payout details, no ratings or feedback (those are the creator's alone).
//
// Money state is read here, never decided:
//   - `isEligible` (model/money/rules.ts) — whether a video can win;
//   - `moneyBoxOf` (model/money/views.ts) — an idea's winners: each winning video's amount, paid
//     amount and status; the one source of "won" and "paid" on this page;
//   - the `awards` index `by_creator_status` — only to find which ideas a creator won, so
//     `moneyBoxOf` runs for those ideas alone (and `by_submission`, whether a video has any).
import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { moneyBoxOf } from "./money/views";
import { isEligible, LIVE_AWARD_STATUSES } from "./money/rules";
import { publicName } from "./users";
import { VIDEO_PLATFORMS, videoPlatformValidator } from "./validators";
import {
  CREATOR_BIO_MAX_LENGTH,
  creatorVideoStateValidator,
  type CreatorVideoState,
} from "./ideaPageKinds";
import { checkPublicText } from "./contentFilter";
import { visibleParagraphs } from "./ideaText";

/** Won ideas read for the totals (per award status): far more than anyone wins. */
const WON_AWARDS_READ = 300;

export const creatorProfileValidator = v.object({
  _id: v.id("users"),
  /** The person's public name on Bounties. */
  displayName: v.string(),
  /** The connected channel's name, from the platform (YouTube first); null: none connected. */
  channelName: v.union(v.string(), v.null()),
  /** The channel's picture when one is connected, else the person's avatar. */
  avatarUrl: v.union(v.string(), v.null()),
  bio: v.union(v.string(), v.null()),
  memberSince: v.number(),
  channels: v.array(
    v.object({
      platform: videoPlatformValidator,
      name: v.string(),
      url: v.union(v.string(), v.null()),
      avatarUrl: v.union(v.string(), v.null()),
    }),
  ),
  /** Videos that won, videos whose idea was judged, and the share that won (null: none judged). */
  record: v.object({
    wonVideos: v.number(),
    judgedVideos: v.number(),
    winRate: v.union(v.number(), v.null()),
  }),
  /** Null when the creator hides their totals. */
  totals: v.union(v.object({ paidCents: v.number(), wonVideos: v.number() }), v.null()),
});
export type CreatorProfile = Infer<typeof creatorProfileValidator>;

export const creatorVideoValidator = v.object({
  _id: v.id("submissions"),
  _creationTime: v.number(),
  ideaId: v.id("proposals"),
  ideaTitle: v.string(),
  title: v.string(),
  url: v.string(),
  platform: videoPlatformValidator,
  thumbnailUrl: v.union(v.string(), v.null()),
  state: creatorVideoStateValidator,
  /** What it won (null: nothing, or the creator hides their totals). */
  wonCents: v.union(v.number(), v.null()),
  countedVotes: v.number(),
  finalist: v.boolean(),
});
export type CreatorVideo = Infer<typeof creatorVideoValidator>;

function channelUrl(c: Doc<"platformConnections">): string | null {
  if (c.platform === "YouTube") return `https://www.youtube.com/channel/${c.accountId}`;
  return c.username ? `https://www.tiktok.com/@${c.username}` : null;
}

/** The winning entry of a video in its idea's money box (null: it won nothing). */
async function winnerEntry(ctx: QueryCtx, idea: Doc<"proposals">, s: Doc<"submissions">) {
  const box = await moneyBoxOf(ctx, idea);
  return box.winners.find((w) => w.submissionId === s._id) ?? null;
}

/** A video's state: can it win, is its idea open or judging, did it win, was it paid. */
async function videoState(
  ctx: QueryCtx,
  s: Doc<"submissions">,
  idea: Doc<"proposals"> | null,
): Promise<{ state: CreatorVideoState; wonCents: number | null }> {
  const eligible = isEligible(s);
  if (idea === null) return { state: eligible ? "not_won" : "not_eligible", wonCents: null };
  if (idea.status !== "settled" || idea.judgedAt === undefined) {
    if (!eligible) return { state: "not_eligible", wonCents: null };
    return { state: idea.status === "open" ? "open" : "judging", wonCents: null };
  }
  const hasAward = await ctx.db
    .query("awards")
    .withIndex("by_submission", (q) => q.eq("submissionId", s._id))
    .first();
  const won = hasAward === null ? null : await winnerEntry(ctx, idea, s);
  if (won !== null)
    return { state: won.status === "paid" ? "paid" : "won", wonCents: won.amountCents };
  return { state: eligible ? "not_won" : "not_eligible", wonCents: null };
}

/**
 * What a creator was paid in total and how many of their videos won: the winners of each idea
 * they won something on, as that idea's money box counts them.
 */
export async function creatorTotals(ctx: QueryCtx, creatorId: Id<"users">) {
  const won = new Map<Id<"proposals">, Set<Id<"submissions">>>();
  for (const status of LIVE_AWARD_STATUSES) {
    const awards = await ctx.db
      .query("awards")
      .withIndex("by_creator_status", (q) => q.eq("creatorId", creatorId).eq("status", status))
      .take(WON_AWARDS_READ);
    for (const a of awards) won.set(a.ideaId, (won.get(a.ideaId) ?? new Set()).add(a.submissionId));
  }
  let paidCents = 0;
  let wonVideos = 0;
  for (const [ideaId, submissions] of won) {
    const idea = await ctx.db.get("proposals", ideaId);
    if (idea === null) continue;
    for (const w of (await moneyBoxOf(ctx, idea)).winners) {
      if (!submissions.has(w.submissionId)) continue;
      paidCents += w.paidCents;
      wonVideos += 1;
    }
  }
  return { paidCents, wonVideos };
}

/** A picture's address as a page may show it: http(s) only. */
function imageUrl(url: string | undefined): string | null {
  return url !== undefined && /^https?:\/\//i.test(url) ? url : null;
}

/** The creator's submissions read for the win rate (far more than anyone submits). */
const JUDGED_SCAN = 300;

/** How many of the creator's videos were in ideas already judged (the win rate's base). */
async function judgedVideos(ctx: QueryCtx, creatorId: Id<"users">): Promise<number> {
  const own = await ctx.db
    .query("submissions")
    .withIndex("by_author", (q) => q.eq("authorId", creatorId))
    .take(JUDGED_SCAN);
  let judged = 0;
  for (const s of own)
    if ((await ctx.db.get("proposals", s.ideaId))?.judgedAt !== undefined) judged++;
  return judged;
}

/** A creator's public page header, or null when the id is not a person's. */
export async function creatorProfile(ctx: QueryCtx, rawId: string): Promise<CreatorProfile | null> {
  const id = ctx.db.normalizeId("users", rawId);
  const user = id === null ? null : await ctx.db.get("users", id);
  if (user === null) return null;
  const channels = [];
  for (const platform of VIDEO_PLATFORMS) {
    const c = await ctx.db
      .query("platformConnections")
      .withIndex("by_user_platform", (q) => q.eq("userId", user._id).eq("platform", platform))
      .unique();
    if (c)
      channels.push({
        platform,
        name: c.accountName,
        url: channelUrl(c),
        avatarUrl: imageUrl(c.avatarUrl),
      });
  }
  const totals = await creatorTotals(ctx, user._id);
  const judged = await judgedVideos(ctx, user._id);
  return {
    _id: user._id,
    displayName: publicName(user),
    channelName: channels[0]?.name ?? null,
    avatarUrl:
      channels.find((c) => c.avatarUrl !== null)?.avatarUrl ??
      imageUrl(user.avatarUrl ?? user.image),
    bio: user.creatorBio ?? null,
    memberSince: user._creationTime,
    channels,
    record: {
      wonVideos: totals.wonVideos,
      judgedVideos: judged,
      winRate: judged === 0 ? null : Math.min(1, totals.wonVideos / judged),
    },
    totals: user.hideCreatorTotals ? null : totals,
  };
}

/** A bio as it is kept: visible text, at most 280 characters, no inappropriate words or links. */
export function validBio(raw: string): string | undefined {
  const bio = visibleParagraphs(raw);
  if (bio.length > CREATOR_BIO_MAX_LENGTH)
    throw new ConvexError({ message: `Your bio is at most ${CREATOR_BIO_MAX_LENGTH} characters.` });
  if (bio !== "" && !checkPublicText(bio))
    throw new ConvexError({
      message: "Please keep your bio free of inappropriate words and links.",
    });
  return bio === "" ? undefined : bio;
}

/** The channel videos of a page: newest first, what the platform says of each. */
export const channelVideoValidator = v.object({
  _id: v.id("platformVideos"),
  platform: videoPlatformValidator,
  title: v.string(),
  url: v.string(),
  thumbnailUrl: v.union(v.string(), v.null()),
  publishedAt: v.union(v.number(), v.null()),
  durationSeconds: v.union(v.number(), v.null()),
});

export async function channelVideos(
  ctx: QueryCtx,
  creatorId: Id<"users">,
  paginationOpts: PaginationOptions,
) {
  const result = await ctx.db
    .query("platformVideos")
    .withIndex("by_user_published", (q) => q.eq("userId", creatorId))
    .order("desc")
    .paginate(paginationOpts);
  return {
    ...result,
    page: result.page.map((video) => ({
      _id: video._id,
      platform: video.platform,
      title: video.title,
      url: video.url,
      thumbnailUrl: video.thumbnailUrl ?? null,
      publishedAt: video.publishedAt ?? null,
      durationSeconds: video.durationSeconds ?? null,
    })),
  };
}

/** A page of a creator's submitted videos, newest first, each with its state. */
export async function creatorVideos(
  ctx: QueryCtx,
  creatorId: Id<"users">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<CreatorVideo>> {
  const creator = await ctx.db.get("users", creatorId);
  const result = await ctx.db
    .query("submissions")
    .withIndex("by_author", (q) => q.eq("authorId", creatorId))
    .order("desc")
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .paginate(paginationOpts);
  const page = await Promise.all(
    result.page.map(async (s) => {
      const idea = await ctx.db.get("proposals", s.ideaId);
      const { state, wonCents } = await videoState(ctx, s, idea);
      return {
        _id: s._id,
        _creationTime: s._creationTime,
        ideaId: s.ideaId,
        ideaTitle: idea?.title ?? "Deleted idea",
        title: s.title,
        url: s.url,
        platform: s.platform,
        thumbnailUrl: s.thumbnailUrl ?? null,
        state,
        wonCents: creator?.hideCreatorTotals ? null : wonCents,
        countedVotes: s.qualifiedVotes ?? 0,
        finalist: s.finalist === true,
      };
    }),
  );
  return { ...result, page };
}
