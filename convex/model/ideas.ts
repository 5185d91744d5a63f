// Ideas in the database: listing by view and sort, cards, creation, votes and the lifecycle.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import { literals } from "convex-helpers/validators";
import { internal } from "../_generated/api";
import schema from "../schema";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { addToCounter } from "./counters";
import { validateIdea, type IdeaInput, type ValidIdea } from "./ideaValidation";
import { DAY_MS, judgingEndsAt, JUDGING_DAYS } from "./labels";
import { voteDelta } from "./votes";
import { notifyIdeaPosted, notifyJudgingStarted } from "./notify";
import { endingFor, ideaEndingValidator } from "./ideaOutcome";
import { filter } from "convex-helpers/server/filter";
import {
  videoPlatformValidator,
  voteValidator,
  type Duration,
  type IdeaPlatform,
  type VoteValue,
} from "./validators";
import { publicName } from "./users";
import { currentPeoplesChoice } from "./money/settlement";
import { voteQualifies } from "./money/rules";
import { addWantedVotes } from "./community/boards";
import { refuseIfHidden, shownVideoCount } from "./moderation/shown";

export const LIST_VIEWS = ["open", "all", "completed"] as const;
export type ListView = (typeof LIST_VIEWS)[number];
export const listViewValidator = literals(...LIST_VIEWS);
export const SORTS = ["recent", "popular", "payout", "expiring"] as const;
export type Sort = (typeof SORTS)[number];
export const sortValidator = literals(...SORTS);

/** The index-backed query for a list: every view and sort reads only the page it returns. */
function sortedIdeas(ctx: QueryCtx, view: ListView, sort: Sort) {
  const table = ctx.db.query("proposals");
  if (view === "all") {
    switch (sort) {
      case "recent":
        return table.order("desc");
      case "popular":
        return table.withIndex("by_votes").order("desc");
      case "payout":
        return table.withIndex("by_bounty").order("desc");
      case "expiring":
        return table.withIndex("by_expiration").order("asc");
    }
  }
  switch (sort) {
    case "recent":
      return table.withIndex("by_phase", (q) => q.eq("phase", view)).order("desc");
    case "popular":
      return table.withIndex("by_phase_votes", (q) => q.eq("phase", view)).order("desc");
    case "payout":
      return table.withIndex("by_phase_bounty", (q) => q.eq("phase", view)).order("desc");
    case "expiring":
      return table.withIndex("by_phase_expiration", (q) => q.eq("phase", view)).order("asc");
  }
}

/** Search ignores the sort: results come in order of relevance. */
function searchedIdeas(ctx: QueryCtx, view: ListView, text: string) {
  return ctx.db.query("proposals").withSearchIndex("search", (q) => {
    const search = q.search("searchText", text);
    return view === "all" ? search : search.eq("phase", view);
  });
}

/**
 * How many rows a filtered page reads per item asked for, and at most: a filter keeps about a
 * third of the ideas (three platforms, three lengths), so a page still holds about what was
 * asked for, and an empty page (the web app then asks for the next one at once) is rare.
 */
const FILTER_SCAN = 3;
const FILTER_SCAN_MAX = 60;

/** Optional narrowing of a list: the idea's platform, and a length it asks for. */
export interface ListFilters {
  platform?: IdeaPlatform;
  duration?: Duration;
}
type ListArgs = {
  view: ListView;
  sort: Sort;
  search?: string;
  paginationOpts: PaginationOptions;
} & ListFilters;

export async function listIdeas(
  ctx: QueryCtx,
  args: ListArgs,
): Promise<PaginationResult<Doc<"proposals">>> {
  const text = args.search?.trim().slice(0, 200);
  // Ideas an operator hid are on no list (model/moderation).
  const query = (
    text ? searchedIdeas(ctx, args.view, text) : sortedIdeas(ctx, args.view, args.sort)
  ).filter((q) => q.eq(q.field("removedAt"), undefined));
  const { platform, duration } = args;
  if (platform === undefined && duration === undefined) {
    return await query.paginate(args.paginationOpts);
  }
  // The filters narrow the sort's index read rather than picking their own index: indexing
  // platform under every view x sort (and lengths, an array, not at all) would multiply the
  // indexes. A filtered page reads FILTER_SCAN times the rows asked for; it may hold fewer (or
  // more) items than numItems, and the cursor still moves on.
  const numItems = Math.min(args.paginationOpts.numItems * FILTER_SCAN, FILTER_SCAN_MAX);
  return await filter(
    query,
    (idea) =>
      (platform === undefined || idea.platform === platform) &&
      (duration === undefined || idea.durations.includes(duration)),
  ).paginate({ ...args.paginationOpts, numItems });
}

export async function voteOf(
  ctx: QueryCtx,
  userId: Id<"users"> | null,
  ideaId: Id<"proposals">,
): Promise<VoteValue> {
  if (userId === null) return 0;
  const vote = await ctx.db
    .query("ideaVotes")
    .withIndex("by_user_idea", (q) => q.eq("userId", userId).eq("ideaId", ideaId))
    .unique();
  return vote?.value ?? 0;
}

const cardVideoValidator = v.object({
  _id: v.id("submissions"),
  platform: videoPlatformValidator,
  title: v.string(),
  thumbnailUrl: v.union(v.string(), v.null()),
});
export type CardVideo = Infer<typeof cardVideoValidator>;
/** How many videos a card shows. */
export const CARD_VIDEO_COUNT = 3;

/**
 * What lists and the idea page show of an idea: the stored fields as the schema declares them
 * and the net count as `votes`. It holds nothing of the viewer, so one cached result serves
 * everyone (Convex shares a query's cache only when it does not read auth); the viewer's own
 * vote comes from `api.votes.mineOnIdea`. Functions return it through this validator, so the
 * projection cannot drift from what clients read.
 */
export const ideaCardValidator = schema
  .doc("proposals")
  .pick(
    "_id",
    "_creationTime",
    "title",
    "description",
    "links",
    "platform",
    "durations",
    "expiration",
    "status",
    "bountyCents",
    "submissionCount",
  )
  .extend({
    // "What should the video show?": null when the poster wrote none.
    brief: v.union(v.string(), v.null()),
    votes: v.number(),
    ending: ideaEndingValidator,
    // Up to three of the idea's videos, most voted first, for the card's strip.
    videos: v.array(cardVideoValidator),
    // The poster as anyone may see them (null if the account is gone).
    author: v.union(
      v.object({
        _id: v.id("users"),
        name: v.string(),
        avatarUrl: v.union(v.string(), v.null()),
      }),
      v.null(),
    ),
    backerCount: v.number(),
    // The poster's last edit (the page says "edited", with the history one click away).
    editedAt: v.union(v.number(), v.null()),
    // The deadline before the poster extended it (null: never extended).
    extendedFrom: v.union(v.number(), v.null()),
  });
export type IdeaCard = Infer<typeof ideaCardValidator>;
/** The REST API's card (spec §3) also carries the caller's vote. */
export const ideaCardForViewerValidator = ideaCardValidator.extend({ userVote: voteValidator });
export type IdeaCardForViewer = Infer<typeof ideaCardForViewerValidator>;

/**
 * An idea as a card. Per idea it reads one index range of at most three submissions and the
 * author's document (and, while judging, whether any video can win); no identity, so the list stays one shared cached result.
 */
export async function toCard(ctx: QueryCtx, idea: Doc<"proposals">): Promise<IdeaCard> {
  const [submissions, author, ending] = await Promise.all([
    ctx.db
      .query("submissions")
      .withIndex("by_idea_votes", (q) => q.eq("ideaId", idea._id))
      .order("desc")
      // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
      .filter((q) => q.eq(q.field("removedAt"), undefined))
      .take(CARD_VIDEO_COUNT),
    ctx.db.get("users", idea.authorId),
    endingFor(ctx, idea),
  ]);
  return {
    _id: idea._id,
    _creationTime: idea._creationTime,
    title: idea.title,
    description: idea.description,
    brief: idea.brief || null,
    links: idea.links,
    platform: idea.platform,
    durations: idea.durations,
    expiration: idea.expiration,
    status: idea.status,
    bountyCents: idea.bountyCents,
    submissionCount: shownVideoCount(idea),
    votes: idea.netVotes,
    ending,
    videos: submissions.map((s) => ({
      _id: s._id,
      platform: s.platform,
      title: s.title,
      thumbnailUrl: s.thumbnailUrl ?? null,
    })),
    author:
      author === null
        ? null
        : {
            _id: author._id,
            name: publicName(author),
            avatarUrl: author.avatarUrl ?? author.image ?? null,
          },
    backerCount: idea.backerCount ?? 0,
    editedAt: idea.editedAt ?? null,
    extendedFrom: idea.extension?.from ?? null,
  };
}

/** A page of a list, as cards: the same for every viewer. */
export async function listIdeaCards(
  ctx: QueryCtx,
  args: ListArgs,
): Promise<PaginationResult<IdeaCard>> {
  const result = await listIdeas(ctx, args);
  return { ...result, page: await Promise.all(result.page.map((p) => toCard(ctx, p))) };
}

/** One idea as a card, or null when the id is not an idea's. */
export async function ideaCard(ctx: QueryCtx, rawId: string): Promise<IdeaCard | null> {
  const ideaId = ctx.db.normalizeId("proposals", rawId);
  const idea = ideaId === null ? null : await ctx.db.get("proposals", ideaId);
  // An idea an operator hid is gone for everyone (model/moderation).
  return idea === null || idea.removedAt !== undefined ? null : await toCard(ctx, idea);
}

/** A card with the caller's own vote, for the REST API (one index lookup per card). */
export async function withViewerVote(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  card: IdeaCard,
): Promise<IdeaCardForViewer> {
  return { ...card, userVote: await voteOf(ctx, viewerId, card._id) };
}

/** Validates an idea in the spec's order and creates it for its author. */
export async function submitIdea(
  ctx: MutationCtx,
  authorId: Id<"users">,
  input: IdeaInput,
): Promise<Id<"proposals">> {
  const result = validateIdea(input, Date.now());
  if (!result.ok) throw new ConvexError({ message: result.message });
  return await createIdea(ctx, authorId, result.idea);
}

/** Sets a person's vote on an idea (1, -1, or 0 to clear); returns the new net count. */
export async function voteOnIdea(
  ctx: MutationCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  value: VoteValue,
): Promise<number> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) throw new ConvexError({ message: "This idea no longer exists." });
  refuseIfHidden("idea", idea);
  return await setIdeaVote(ctx, userId, idea, value);
}

export function searchTextOf(
  idea: Pick<ValidIdea, "title" | "description"> & { brief?: string },
): string {
  return [idea.title, idea.description, idea.brief ?? ""].filter((part) => part !== "").join("\n");
}

export async function createIdea(
  ctx: MutationCtx,
  authorId: Id<"users">,
  idea: ValidIdea,
): Promise<Id<"proposals">> {
  const ideaId = await ctx.db.insert("proposals", {
    title: idea.title,
    description: idea.description,
    ...(idea.brief !== "" ? { brief: idea.brief } : {}),
    links: idea.links,
    platform: idea.platform,
    durations: idea.durations,
    expiration: idea.expiration,
    authorId,
    status: "open",
    phase: "open",
    netVotes: 0,
    bountyCents: 0,
    submissionCount: 0,
    searchText: searchTextOf(idea),
  });
  const closeJobId = await ctx.scheduler.runAt(idea.expiration, internal.ideas.close, {
    ideaId,
  });
  await ctx.db.patch("proposals", ideaId, { closeJobId });
  await addToCounter(ctx, "bounties", 1);
  await notifyIdeaPosted(ctx, ideaId);
  return ideaId;
}

/** Sets the caller's vote on an idea (1, -1 or 0 to clear); returns the new net count. */
export async function setIdeaVote(
  ctx: MutationCtx,
  userId: Id<"users">,
  idea: Doc<"proposals">,
  value: VoteValue,
): Promise<number> {
  const existing = await ctx.db
    .query("ideaVotes")
    .withIndex("by_user_idea", (q) => q.eq("userId", userId).eq("ideaId", idea._id))
    .unique();
  const previous: VoteValue = existing?.value ?? 0;
  if (previous === value) return idea.netVotes;
  // The "most wanted" board counts a vote as the people's choice does (model/money/rules.ts
  // voteQualifies), judged now; the net count stays the spec's.
  const now = Date.now();
  const voter = value === 0 ? null : await ctx.db.get("users", userId);
  const qualified = voter !== null && voteQualifies(voter._creationTime, idea._creationTime, now);
  if (existing && value === 0) await ctx.db.delete("ideaVotes", existing._id);
  else if (existing && value !== 0)
    await ctx.db.patch("ideaVotes", existing._id, { value, qualified });
  else if (value !== 0)
    await ctx.db.insert("ideaVotes", { ideaId: idea._id, userId, value, qualified });
  const netVotes = idea.netVotes + voteDelta(previous, value);
  await ctx.db.patch("proposals", idea._id, { netVotes });
  const countedBefore = existing?.qualified ? previous : 0;
  const countedAfter = qualified ? value : 0;
  await addWantedVotes(ctx, idea._id, countedAfter - countedBefore, now);
  return netVotes;
}

/** open → judging at the deadline; schedules the end of judging. Idempotent. */
export async function closeIdea(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  now: number,
): Promise<void> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.status !== "open") return;
  if (idea.expiration > now) {
    // The deadline moved or a sweep ran early: try again on time.
    await ctx.scheduler.runAt(idea.expiration, internal.ideas.close, { ideaId });
    return;
  }
  const settleJobId = await ctx.scheduler.runAt(
    judgingEndsAt(idea.expiration),
    internal.ideas.settle,
    {
      ideaId,
    },
  );
  await ctx.db.patch("proposals", ideaId, {
    status: "judging",
    phase: "completed",
    settleJobId,
  });
  // Checkouts still open at the deadline are expired: nobody pays into a closed idea.
  await ctx.scheduler.runAfter(0, internal.settlement.expireOpenCheckouts, { ideaId });
  // No video can win and none can come any more: the money goes back now (product rules).
  if ((await currentPeoplesChoice(ctx, ideaId)) === null)
    await ctx.scheduler.runAfter(0, internal.settlement.start, { ideaId });
  await notifyJudgingStarted(ctx, ideaId);
}

/**
 * judging → settled: every paid contribution awarded or refunded. The one entry point is
 * settlement.start (re-read unconfirmed payments, then model/money/settlement.ts settleIdea).
 */
export async function settleIdea(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  now: number,
): Promise<void> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.status !== "judging") return;
  if (judgingEndsAt(idea.expiration) > now) return;
  await ctx.scheduler.runAfter(0, internal.settlement.start, { ideaId });
}

const SWEEP_BATCH = 100;

/** Catches transitions whose scheduled function was missed (bounded per run). */
export async function overdueIdeas(ctx: QueryCtx, now: number) {
  const toClose = await ctx.db
    .query("proposals")
    .withIndex("by_status_expiration", (q) => q.eq("status", "open").lte("expiration", now))
    .take(SWEEP_BATCH);
  const toSettle = await ctx.db
    .query("proposals")
    .withIndex("by_status_expiration", (q) =>
      q.eq("status", "judging").lte("expiration", now - JUDGING_DAYS * DAY_MS),
    )
    .take(SWEEP_BATCH);
  return { toClose, toSettle };
}
