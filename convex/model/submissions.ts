// Submitting a video to an idea: look it up on its platform (never fetching the link itself),
// decide ownership from the submitter's connected account, and record it with its checklist.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import type { Doc, Id } from "../_generated/dataModel";
import { internal } from "../_generated/api";
import schema from "../schema";
import { addToCounter } from "./counters";
import { checklistFor, type Checklist } from "./originality";
import { publicName } from "./users";
import { voteDelta } from "./votes";
import {
  voteValidator,
  type Duration,
  type IdeaPlatform,
  type VideoPlatform,
  type VoteValue,
} from "./validators";
import {
  formatReason,
  parseVideoLink,
  platformAccepts,
  VIDEO_LINK_MESSAGES,
  VIDEO_LINK_REASONS,
  type VideoLink,
} from "./videoLinks";
import { PlatformError } from "./platforms/http";
import { lookUpYouTubeVideo } from "./platforms/youtube";
import { tiktokOEmbed, tiktokOwnVideo } from "./platforms/tiktok";
import { usableAccessToken } from "./platforms/connections";
import { limitAction } from "./rateLimits";
import { creatorBecamePayable } from "./money/claims";
import {
  countedValue,
  ineligibleReasons,
  isEligible,
  qualifiedUnderEarlierRule,
  submissionVotesOpen,
  voteQualifies,
} from "./money/rules";
import { notifyClaimedAwards, notifyVideoClaimed, notifyVideoSubmitted } from "./notify";
import { refuseIfHidden } from "./moderation/shown";

export interface VerifiedVideo {
  platform: VideoPlatform;
  videoId: string;
  url: string;
  title: string;
  channelId: string;
  channelTitle: string;
  durationSeconds?: number;
  publishedAt?: number;
  thumbnailUrl?: string;
  owned: boolean;
}

/**
 * Looks the video up through the platform's API. YouTube: videos.list by id; ownership is the
 * channel of the submitter's connected account. TikTok: the Display API's video query with the
 * submitter's token answers only for their own videos (proof of ownership, duration, date);
 * otherwise oEmbed tells that the video exists. Null when the platform does not know it.
 */
export async function verifyVideo(
  ctx: ActionCtx,
  userId: Id<"users">,
  link: VideoLink,
): Promise<VerifiedVideo | null> {
  const connection = await ctx.runQuery(internal.platforms.connection, {
    userId,
    platform: link.platform,
  });
  if (link.platform === "YouTube") {
    const video = await lookUpYouTubeVideo(link.videoId!);
    if (!video) return null;
    return {
      platform: "YouTube",
      url: link.url,
      videoId: video.videoId,
      title: video.title,
      channelId: video.authorId,
      channelTitle: video.authorName,
      durationSeconds: video.durationSeconds,
      publishedAt: video.publishedAt,
      thumbnailUrl: video.thumbnailUrl,
      owned: connection !== null && connection.accountId === video.authorId,
    };
  }
  const embedded = await tiktokOEmbed(link.url);
  const videoId = link.videoId ?? embedded?.videoId;
  if (!videoId) return null;
  const own = connection
    ? await tiktokOwnVideo(await usableAccessToken(ctx, connection), videoId)
    : null;
  if (!own && !embedded) return null;
  const username = embedded?.username ?? connection?.username ?? "";
  return {
    platform: "TikTok",
    videoId,
    url: own?.url ?? `https://www.tiktok.com/@${username}/video/${videoId}`,
    title: own?.title || embedded?.title || "",
    channelId: own ? connection!.accountId : (embedded?.authorId ?? ""),
    channelTitle: own ? connection!.accountName : (embedded?.authorName ?? ""),
    durationSeconds: own?.durationSeconds,
    publishedAt: own?.publishedAt,
    thumbnailUrl: own?.thumbnailUrl ?? embedded?.thumbnailUrl,
    owned: own !== null,
  };
}

export async function findSubmission(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  platform: VideoPlatform,
  videoId: string,
) {
  return await ctx.db
    .query("submissions")
    .withIndex("by_idea_video", (q) =>
      q.eq("ideaId", ideaId).eq("platform", platform).eq("videoId", videoId),
    )
    .first();
}

/** Records a verified video on an open idea; the caller has checked open and duplicate first. */
export async function recordSubmission(
  ctx: MutationCtx,
  idea: Doc<"proposals">,
  authorId: Id<"users">,
  video: VerifiedVideo,
): Promise<Id<"submissions">> {
  const { owned, ...fields } = video;
  const checklist = checklistFor(
    { owned, publishedAt: video.publishedAt, durationSeconds: video.durationSeconds },
    {
      postedAt: idea._creationTime,
      durations: idea.durations,
    },
  );
  const submissionId = await ctx.db.insert("submissions", {
    ...fields,
    ideaId: idea._id,
    authorId,
    netVotes: 0,
    qualifiedVotes: 0,
    eligible: isEligible({ checklist }),
    checklist,
  });
  await ctx.db.patch("proposals", idea._id, { submissionCount: idea.submissionCount + 1 });
  await addToCounter(ctx, "originalVideos", 1);
  await notifyVideoSubmitted(ctx, submissionId);
  return submissionId;
}

export async function submissionVoteOf(
  ctx: QueryCtx,
  userId: Id<"users"> | null,
  submissionId: Id<"submissions">,
): Promise<VoteValue> {
  if (userId === null) return 0;
  const vote = await ctx.db
    .query("submissionVotes")
    .withIndex("by_user_submission", (q) => q.eq("userId", userId).eq("submissionId", submissionId))
    .unique();
  return vote?.value ?? 0;
}

/**
 * Sets a person's vote on a video (1, -1, 0 to clear). The net count moves by new − old; the
 * counted total (votes that decide money) by what each vote counts: a vote is judged when it is
 * cast (rules.ts voteQualifies) and keeps its verdict, so both totals stay exact as votes change.
 */
export async function setSubmissionVote(
  ctx: MutationCtx,
  userId: Id<"users">,
  submission: Doc<"submissions">,
  value: VoteValue,
  now: number,
): Promise<number> {
  const existing = await ctx.db
    .query("submissionVotes")
    .withIndex("by_user_submission", (q) =>
      q.eq("userId", userId).eq("submissionId", submission._id),
    )
    .unique();
  const previous: VoteValue = existing?.value ?? 0;
  if (previous === value) return submission.netVotes;
  const voter = await ctx.db.get("users", userId);
  const idea = await ctx.db.get("proposals", submission.ideaId);
  const countedBefore = existing ? await countedOf(ctx, existing, idea) : 0;
  const qualified =
    voter !== null && idea !== null && voteQualifies(voter._creationTime, idea._creationTime, now);
  if (existing && value === 0) await ctx.db.delete("submissionVotes", existing._id);
  else if (existing && value !== 0)
    await ctx.db.patch("submissionVotes", existing._id, { value, qualified });
  else if (value !== 0)
    await ctx.db.insert("submissionVotes", {
      submissionId: submission._id,
      userId,
      value,
      qualified,
    });
  const countedAfter = value === 0 ? 0 : countedValue({ value, qualified });
  const netVotes = submission.netVotes + voteDelta(previous, value);
  await ctx.db.patch("submissions", submission._id, {
    netVotes,
    qualifiedVotes: (submission.qualifiedVotes ?? 0) + countedAfter - countedBefore,
  });
  return netVotes;
}

/** What a stored vote adds to the counted total (votes from before verdicts were kept: the rule then). */
async function countedOf(
  ctx: QueryCtx,
  vote: Doc<"submissionVotes">,
  idea: Doc<"proposals"> | null,
): Promise<number> {
  if (vote.qualified !== undefined)
    return countedValue({ value: vote.value, qualified: vote.qualified });
  const voter = await ctx.db.get("users", vote.userId);
  const qualified =
    voter !== null && idea !== null && qualifiedUnderEarlierRule(voter._creationTime, idea);
  return countedValue({ value: vote.value, qualified });
}

/**
 * What the idea page shows of a submission: stored fields as the schema declares them, the
 * platform's optional details as null when unknown, the author's id and public name. The same
 * for every viewer (the page tells "your video" by comparing authorId with the signed-in
 * profile's id; the viewer's vote comes from votes.mineOnSubmission).
 */
export const submissionCardValidator = schema
  .doc("submissions")
  .pick(
    "_id",
    "_creationTime",
    "ideaId",
    "title",
    "url",
    "platform",
    "channelTitle",
    "checklist",
    "authorId",
  )
  .extend({
    thumbnailUrl: v.union(v.string(), v.null()),
    durationSeconds: v.union(v.number(), v.null()),
    publishedAt: v.union(v.number(), v.null()),
    authorDisplayName: v.string(),
    authorAvatarUrl: v.union(v.string(), v.null()),
    votes: v.number(),
    // Marked by the poster during judging (issue 37), shown as "Finalist" on its card.
    finalist: v.boolean(),
  });
export type SubmissionCard = Infer<typeof submissionCardValidator>;
/** A card for one known viewer (REST and the creator's own list): adds their vote. */
export const submissionCardForViewerValidator = submissionCardValidator.extend({
  userVote: voteValidator,
  isOwn: v.boolean(),
});
export type SubmissionCardForViewer = Infer<typeof submissionCardForViewerValidator>;
/** The creator's own list adds the idea's title. */
export const mySubmissionCardValidator = submissionCardForViewerValidator.extend({
  ideaTitle: v.string(),
});
export type MySubmissionCard = Infer<typeof mySubmissionCardValidator>;

export async function toSubmissionCard(
  ctx: QueryCtx,
  submission: Doc<"submissions">,
): Promise<SubmissionCard> {
  const author = await ctx.db.get("users", submission.authorId);
  return {
    _id: submission._id,
    _creationTime: submission._creationTime,
    ideaId: submission.ideaId,
    title: submission.title,
    url: submission.url,
    platform: submission.platform,
    channelTitle: submission.channelTitle,
    thumbnailUrl: submission.thumbnailUrl ?? null,
    durationSeconds: submission.durationSeconds ?? null,
    publishedAt: submission.publishedAt ?? null,
    authorId: submission.authorId,
    authorDisplayName: author ? publicName(author) : "Anonymous",
    authorAvatarUrl: author ? (author.avatarUrl ?? author.image ?? null) : null,
    votes: submission.netVotes,
    checklist: submission.checklist,
    finalist: submission.finalist === true,
  };
}

/** A card plus what one viewer sees of it: their vote (one unique index lookup), ownership. */
export async function forViewer(
  ctx: QueryCtx,
  card: SubmissionCard,
  viewerId: Id<"users"> | null,
): Promise<SubmissionCardForViewer> {
  return {
    ...card,
    userVote: await submissionVoteOf(ctx, viewerId, card._id),
    isOwn: viewerId === card.authorId,
  };
}

/** An idea's submissions as cards, the same for everyone; none when the id is not an idea's. */
export async function submissionCardsOf(
  ctx: QueryCtx,
  rawIdeaId: string,
): Promise<SubmissionCard[]> {
  const ideaId = ctx.db.normalizeId("proposals", rawIdeaId);
  if (ideaId === null) return [];
  const rows = await submissionsOf(ctx, ideaId);
  return await Promise.all(rows.map((row) => toSubmissionCard(ctx, row)));
}

/** A person's submissions, newest first, with their ideas' titles. */
export async function submissionsBy(
  ctx: QueryCtx,
  userId: Id<"users">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<MySubmissionCard>> {
  const result = await ctx.db
    .query("submissions")
    .withIndex("by_author", (q) => q.eq("authorId", userId))
    .order("desc")
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .paginate(paginationOpts);
  return {
    ...result,
    page: await Promise.all(
      result.page.map(async (row) => ({
        ...(await forViewer(ctx, await toSubmissionCard(ctx, row), userId)),
        ideaTitle: (await ctx.db.get("proposals", row.ideaId))?.title ?? "Deleted idea",
      })),
    ),
  };
}

export function fail(message: string, code?: string): never {
  throw new ConvexError({ message, ...(code ? { code } : {}) });
}

/** Sets a person's vote on a submission (1, -1, or 0 to clear); nobody votes on their own. */
export async function voteOnSubmission(
  ctx: MutationCtx,
  userId: Id<"users">,
  submissionId: Id<"submissions">,
  value: VoteValue,
): Promise<{ newVoteTotal: number; userVote: VoteValue }> {
  const submission = await ctx.db.get("submissions", submissionId);
  if (submission === null) fail("This video is no longer here.");
  refuseIfHidden("video", submission);
  if (submission.authorId === userId) fail("You can't vote on your own video.");
  // The people's choice is decided when judging ends: votes close then, by the clock.
  const idea = await ctx.db.get("proposals", submission.ideaId);
  if (idea !== null) refuseIfHidden("idea", idea);
  const now = Date.now();
  if (idea === null || !submissionVotesOpen(idea.expiration, now))
    fail("Voting on this idea's videos has closed.");
  const newVoteTotal = await setSubmissionVote(ctx, userId, submission, value, now);
  return { newVoteTotal, userVote: value };
}

/** The idea a video is checked against (internal.submissions.ideaForSubmission). */
export interface IdeaForSubmission {
  _id: Id<"proposals">;
  _creationTime: number;
  platform: IdeaPlatform;
  status: Doc<"proposals">["status"];
  durations: Duration[];
}

/** What the platform said about a video and what it means on this idea (the check card). */
export interface VideoCheck {
  video: VerifiedVideo;
  checklist: Checklist;
  /** Reasons it cannot win (published before the idea, length not allowed); empty: it can. */
  cannotWinReasons: string[];
  /** Set when ownership is not proven: why, and that it cannot be paid until it is. */
  ownershipNote: string | null;
  /** The video is already held here by someone who cannot prove it: submitting takes it over. */
  takesOver: boolean;
}

function failWith(message: string, code: string, reason: string | null): never {
  throw new ConvexError({ message, code, ...(reason ? { reason } : {}) });
}

/**
 * Every check before a video is recorded, shared by "check" (the card) and "submit": the link
 * names a video on the idea's platform, the idea is open, the platform knows the video, it is
 * not already here (unless the caller proves it and takes it over) and not on a channel another
 * creator connected. Errors carry the spec's message and, under it, the specific reason.
 */
export async function checkVideo(
  ctx: ActionCtx,
  userId: Id<"users">,
  args: { ideaId: string; link: string },
  /** Takes the caller's rate-limit token: only a link worth asking the platform about costs one. */
  spendQuota: () => Promise<void>,
): Promise<{ idea: IdeaForSubmission; check: VideoCheck }> {
  if (args.link.trim() === "") fail(VIDEO_LINK_MESSAGES.missing);
  const idea = await ctx.runQuery(internal.submissions.ideaForSubmission, {
    ideaId: args.ideaId,
  });
  if (idea === null) fail("This idea does not exist.");
  const link = parseVideoLink(args.link);
  if (!link || !platformAccepts(idea.platform, link.platform))
    failWith(VIDEO_LINK_MESSAGES.format, "format", formatReason(args.link, idea.platform));
  if (idea.status !== "open") fail(VIDEO_LINK_MESSAGES.closed);
  await spendQuota();
  let video: VerifiedVideo | null;
  try {
    video = await verifyVideo(ctx, userId, link);
  } catch (e) {
    console.error("Video verification failed", e);
    if (!(e instanceof PlatformError)) throw e;
    failWith(VIDEO_LINK_MESSAGES.verify, "verify", VIDEO_LINK_REASONS.unavailable(link.platform));
  }
  if (video === null)
    failWith(VIDEO_LINK_MESSAGES.verify, "verify", VIDEO_LINK_REASONS.notFound(link.platform));
  const standing = await ctx.runQuery(internal.submissions.standingOfVideo, {
    ideaId: idea._id,
    userId,
    platform: video.platform,
    videoId: video.videoId,
    channelId: video.channelId,
  });
  const takesOver = standing.heldBy !== null && mayTakeOver(standing.heldBy, userId, video.owned);
  if (standing.heldBy !== null && !takesOver) fail(VIDEO_LINK_MESSAGES.duplicate);
  if (!video.owned && standing.channelConnectedByAnother) fail(VIDEO_LINK_MESSAGES.heldByOwner);
  const checklist = checklistFor(video, {
    postedAt: idea._creationTime,
    durations: idea.durations,
  });
  const ownershipNote = video.owned
    ? null
    : standing.connectedAccountName !== null
      ? VIDEO_LINK_REASONS.notOnChannel(video.platform, standing.connectedAccountName)
      : `Connect your ${video.platform === "TikTok" ? "TikTok account" : "YouTube channel"} to prove it is yours.`;
  return {
    idea,
    check: {
      video,
      checklist,
      cannotWinReasons: ineligibleReasons({ checklist }),
      ownershipNote,
      takesOver,
    },
  };
}

/** A proven creator takes over a video held by someone else who has not proven it. */
export function mayTakeOver(
  heldBy: { authorId: Id<"users">; ownedBySubmitter: boolean },
  userId: Id<"users">,
  owned: boolean,
): boolean {
  return owned && heldBy.authorId !== userId && !heldBy.ownedBySubmitter;
}

/** Checks a link for the submit page's card without submitting it. */
export async function checkVideoForCard(
  ctx: ActionCtx,
  userId: Id<"users">,
  args: { ideaId: string; link: string },
): Promise<VideoCheck> {
  const spendQuota = () => limitAction(ctx, "verifyVideo", userId);
  return (await checkVideo(ctx, userId, args, spendQuota)).check;
}

/**
 * Verifies a video link on its platform and submits it to an idea. The title and every other
 * detail come from the platform, never from the page.
 */
export async function submitVideo(
  ctx: ActionCtx,
  userId: Id<"users">,
  args: { ideaId: string; link: string },
): Promise<Id<"submissions">> {
  const spendQuota = () => limitAction(ctx, "submitVideo", userId);
  const { idea, check } = await checkVideo(ctx, userId, args, spendQuota);
  return await ctx.runMutation(internal.submissions.record, {
    ideaId: idea._id,
    authorId: userId,
    video: check.video,
  });
}

/** Looks a video link up without submitting it (the REST verify route). */
export async function lookUpLink(
  ctx: ActionCtx,
  userId: Id<"users">,
  rawLink: string,
): Promise<{ title: string; platform: VideoPlatform; owned: boolean }> {
  const link = parseVideoLink(rawLink);
  if (!link) failWith(VIDEO_LINK_MESSAGES.format, "format", VIDEO_LINK_REASONS.notAVideo);
  // Only a well-formed link costs platform quota, so only it counts against the limit (a
  // malformed one is refused without writing anything).
  await limitAction(ctx, "verifyVideo", userId);
  const video = await verifyVideo(ctx, userId, link).catch((e: unknown) => {
    if (e instanceof PlatformError)
      failWith(VIDEO_LINK_MESSAGES.verify, "verify", VIDEO_LINK_REASONS.unavailable(link.platform));
    throw e;
  });
  if (video === null)
    failWith(VIDEO_LINK_MESSAGES.verify, "verify", VIDEO_LINK_REASONS.notFound(link.platform));
  return { title: video.title, platform: video.platform, owned: video.owned };
}

/** Whether a video is held on this idea, and whose connected channel posted it. */
export async function standingOf(
  ctx: QueryCtx,
  args: {
    ideaId: Id<"proposals">;
    userId: Id<"users">;
    platform: VideoPlatform;
    videoId: string;
    channelId: string;
  },
) {
  const held = await findSubmission(ctx, args.ideaId, args.platform, args.videoId);
  const connection = await ctx.db
    .query("platformConnections")
    .withIndex("by_user_platform", (q) => q.eq("userId", args.userId).eq("platform", args.platform))
    .unique();
  // A video's author is an account id, or for TikTok seen through oEmbed, a username.
  const owners =
    args.channelId === ""
      ? []
      : [
          ...(await ctx.db
            .query("platformConnections")
            .withIndex("by_platform_account", (q) =>
              q.eq("platform", args.platform).eq("accountId", args.channelId),
            )
            .take(10)),
          ...(await ctx.db
            .query("platformConnections")
            .withIndex("by_platform_username", (q) =>
              q.eq("platform", args.platform).eq("username", args.channelId),
            )
            .take(10)),
        ];
  return {
    heldBy: held
      ? { authorId: held.authorId, ownedBySubmitter: held.checklist.ownedBySubmitter }
      : null,
    connectedAccountName: connection?.accountName ?? null,
    channelConnectedByAnother: owners.some((c) => c.userId !== args.userId),
  };
}

/**
 * The proven creator takes a submission over (product rules "Submissions"): it becomes theirs
 * with everyone's votes (their own vote on it goes: nobody votes on their own video), awards
 * waiting for its creator follow it to them, picks stay on it, and the earlier submitter is told.
 */
export async function takeOver(
  ctx: MutationCtx,
  submission: Doc<"submissions">,
  ownerId: Id<"users">,
): Promise<void> {
  const earlier = submission.authorId;
  const ownVote = await ctx.db
    .query("submissionVotes")
    .withIndex("by_user_submission", (q) =>
      q.eq("userId", ownerId).eq("submissionId", submission._id),
    )
    .unique();
  let { netVotes, qualifiedVotes } = submission;
  if (ownVote) {
    const idea = await ctx.db.get("proposals", submission.ideaId);
    qualifiedVotes = (qualifiedVotes ?? 0) - (await countedOf(ctx, ownVote, idea));
    await ctx.db.delete("submissionVotes", ownVote._id);
    netVotes += voteDelta(ownVote.value, 0);
  }
  await ctx.db.patch("submissions", submission._id, {
    authorId: ownerId,
    netVotes,
    qualifiedVotes,
    checklist: { ...submission.checklist, ownedBySubmitter: true },
  });
  // An award can only be waiting here: an unproven creator is never paid.
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_submission", (q) => q.eq("submissionId", submission._id))
    .take(200);
  const moved = awards
    .filter((award) => award.status === "waiting")
    .map((award) => ({ ...award, creatorId: ownerId }));
  for (const award of moved) await ctx.db.patch("awards", award._id, { creatorId: ownerId });
  await notifyVideoClaimed(ctx, submission._id, earlier);
  await notifyClaimedAwards(ctx, submission._id, moved);
}

/** Submissions of an idea, most voted first, earlier first among equals (bounded). */
export async function submissionsOf(ctx: QueryCtx, ideaId: Id<"proposals">, limit = 100) {
  const rows = await ctx.db
    .query("submissions")
    .withIndex("by_idea_votes", (q) => q.eq("ideaId", ideaId))
    .order("desc")
    // Videos an operator hid are shown nowhere (model/moderation).
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .take(limit);
  return rows.sort((a, b) => b.netVotes - a.netVotes || a._creationTime - b._creationTime);
}

/**
 * After a creator connects an account, every submission its channel posted is proven theirs:
 * their own earlier ones, and ones someone else submitted without proof, which they take over.
 * Earnings waiting on that proof can be paid. Returns how many changed.
 */
export async function confirmOwnership(
  ctx: MutationCtx,
  userId: Id<"users">,
  platform: VideoPlatform,
  account: { accountId: string; username?: string },
): Promise<number> {
  const channelIds = [account.accountId];
  if (account.username !== undefined && account.username !== account.accountId)
    channelIds.push(account.username);
  let changed = 0;
  for (const channelId of channelIds) {
    const posted = await ctx.db
      .query("submissions")
      .withIndex("by_platform_channel", (q) =>
        q.eq("platform", platform).eq("channelId", channelId),
      )
      .take(500);
    for (const submission of posted) {
      if (submission.checklist.ownedBySubmitter) continue;
      if (submission.authorId === userId)
        await ctx.db.patch("submissions", submission._id, {
          checklist: { ...submission.checklist, ownedBySubmitter: true },
        });
      else await takeOver(ctx, submission, userId);
      changed += 1;
    }
  }
  // Awards waiting on that proof can be paid now (if the payout account is ready too).
  if (changed > 0) await creatorBecamePayable(ctx, userId);
  return changed;
}
