// Submitting a video to an idea: look it up on its platform (never fetching the link itself),
// decide ownership from the submitter's connected account, and record it with its checklist.
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import type { Doc, Id } from "../_generated/dataModel";
import { internal } from "../_generated/api";
import { addToCounter } from "./counters";
import { checklistFor } from "./originality";
import { publicName } from "./users";
import { voteDelta } from "./votes";
import type { VoteValue } from "./validators";
import type { VideoLink } from "./videoLinks";
import { lookUpYouTubeVideo } from "./platforms/youtube";
import { tiktokOEmbed, tiktokOwnVideo } from "./platforms/tiktok";
import { usableAccessToken } from "./platforms/connections";
import { creatorBecamePayable, isEligible, voteQualifies } from "./settlement";

export interface VerifiedVideo {
  platform: "YouTube" | "TikTok";
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
  proposalId: Id<"proposals">,
  platform: "YouTube" | "TikTok",
  videoId: string,
) {
  return await ctx.db
    .query("submissions")
    .withIndex("by_proposal_video", (q) =>
      q.eq("proposalId", proposalId).eq("platform", platform).eq("videoId", videoId),
    )
    .first();
}

/** Records a verified video on an open idea; the caller has checked open and duplicate first. */
export async function recordSubmission(
  ctx: MutationCtx,
  proposal: Doc<"proposals">,
  authorId: Id<"users">,
  video: VerifiedVideo,
): Promise<Id<"submissions">> {
  const { owned, ...fields } = video;
  const checklist = checklistFor(
    { owned, publishedAt: video.publishedAt, durationSeconds: video.durationSeconds },
    {
      postedAt: proposal._creationTime,
      durations: proposal.durations,
    },
  );
  const submissionId = await ctx.db.insert("submissions", {
    ...fields,
    proposalId: proposal._id,
    authorId,
    netVotes: 0,
    qualifiedVotes: 0,
    eligible: isEligible({ checklist }),
    checklist,
  });
  await ctx.db.patch("proposals", proposal._id, { submissionCount: proposal.submissionCount + 1 });
  await addToCounter(ctx, "originalVideos", 1);
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

export async function setSubmissionVote(
  ctx: MutationCtx,
  userId: Id<"users">,
  submission: Doc<"submissions">,
  value: VoteValue,
): Promise<number> {
  const existing = await ctx.db
    .query("submissionVotes")
    .withIndex("by_user_submission", (q) =>
      q.eq("userId", userId).eq("submissionId", submission._id),
    )
    .unique();
  const previous: VoteValue = existing?.value ?? 0;
  if (previous === value) return submission.netVotes;
  if (existing && value === 0) await ctx.db.delete("submissionVotes", existing._id);
  else if (existing && value !== 0) await ctx.db.patch("submissionVotes", existing._id, { value });
  else if (value !== 0)
    await ctx.db.insert("submissionVotes", { submissionId: submission._id, userId, value });
  const delta = voteDelta(previous, value);
  const netVotes = submission.netVotes + delta;
  // Whether this person's votes decide money is known now (their account's age and the idea's
  // dates are fixed), so the counted total is kept as it changes.
  const voter = await ctx.db.get("users", userId);
  const proposal = await ctx.db.get("proposals", submission.proposalId);
  const counts = voter !== null && proposal !== null && voteQualifies(voter, proposal);
  await ctx.db.patch("submissions", submission._id, {
    netVotes,
    ...(counts ? { qualifiedVotes: (submission.qualifiedVotes ?? 0) + delta } : {}),
  });
  return netVotes;
}

/** What the idea page shows of a submission. */
export async function toSubmissionCard(
  ctx: QueryCtx,
  submission: Doc<"submissions">,
  viewerId: Id<"users"> | null,
) {
  const author = await ctx.db.get("users", submission.authorId);
  return {
    _id: submission._id,
    _creationTime: submission._creationTime,
    proposalId: submission.proposalId,
    title: submission.title,
    url: submission.url,
    platform: submission.platform,
    channelTitle: submission.channelTitle,
    thumbnailUrl: submission.thumbnailUrl ?? null,
    durationSeconds: submission.durationSeconds ?? null,
    publishedAt: submission.publishedAt ?? null,
    authorDisplayName: author ? publicName(author) : "Anonymous",
    votes: submission.netVotes,
    userVote: await submissionVoteOf(ctx, viewerId, submission._id),
    isOwn: viewerId === submission.authorId,
    checklist: submission.checklist,
  };
}

/** Submissions of an idea, most voted first, earlier first among equals (bounded). */
export async function submissionsOf(ctx: QueryCtx, proposalId: Id<"proposals">, limit = 100) {
  const rows = await ctx.db
    .query("submissions")
    .withIndex("by_proposal_votes", (q) => q.eq("proposalId", proposalId))
    .order("desc")
    .take(limit);
  return rows.sort((a, b) => b.netVotes - a.netVotes || a._creationTime - b._creationTime);
}

/**
 * After a creator connects an account, their earlier submissions posted by it are proven theirs
 * (and any earnings waiting on that proof can be paid). Returns how many changed.
 */
export async function confirmOwnership(
  ctx: MutationCtx,
  userId: Id<"users">,
  platform: "YouTube" | "TikTok",
  account: { accountId: string; username?: string },
): Promise<number> {
  const mine = await ctx.db
    .query("submissions")
    .withIndex("by_author", (q) => q.eq("authorId", userId))
    .take(500);
  let changed = 0;
  for (const submission of mine) {
    if (submission.platform !== platform || submission.checklist.ownedBySubmitter) continue;
    const postedByAccount =
      submission.channelId === account.accountId ||
      (account.username !== undefined && submission.channelId === account.username);
    if (!postedByAccount) continue;
    await ctx.db.patch("submissions", submission._id, {
      checklist: { ...submission.checklist, ownedBySubmitter: true },
    });
    changed += 1;
  }
  // Awards waiting on that proof can be paid now (if the payout account is ready too).
  if (changed > 0) await creatorBecamePayable(ctx, userId);
  return changed;
}
