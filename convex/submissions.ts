// Videos submitted to ideas: verify and submit, list (live), vote, the creator's own list.
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { getAuthUserId } from "@convex-dev/auth/server";
import { action, internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { parseVideoLink, platformAccepts, VIDEO_LINK_MESSAGES } from "./model/videoLinks";
import {
  findSubmission,
  recordSubmission,
  setSubmissionVote,
  submissionsOf,
  toSubmissionCard,
  verifyVideo,
  type VerifiedVideo,
} from "./model/submissions";
import { submittedVideoFields, voteValidator } from "./model/validators";
import { isEligible } from "./model/settlement";
import { PlatformError } from "./model/platforms/http";
import { publishedAfter } from "./model/originality";

function fail(message: string, code?: string): never {
  throw new ConvexError({ message, ...(code ? { code } : {}) });
}

/**
 * Verifies a video link on its platform and submits it to an idea. The title and every other
 * detail come from the platform, never from the page.
 */
export const submit = action({
  args: { proposalId: v.string(), link: v.string() },
  handler: async (ctx, args): Promise<Id<"submissions">> => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) fail(VIDEO_LINK_MESSAGES.signIn);
    if (args.link.trim() === "") fail(VIDEO_LINK_MESSAGES.missing);
    const idea = await ctx.runQuery(internal.submissions.ideaForSubmission, {
      proposalId: args.proposalId,
    });
    if (idea === null) fail("This idea does not exist.");
    const link = parseVideoLink(args.link);
    if (!link || !platformAccepts(idea.platform, link.platform)) fail(VIDEO_LINK_MESSAGES.format);
    if (idea.status !== "open") fail(VIDEO_LINK_MESSAGES.closed);
    let video: VerifiedVideo | null;
    try {
      video = await verifyVideo(ctx, userId, link);
    } catch (e) {
      console.error("Video verification failed", e);
      video = null;
      if (!(e instanceof PlatformError)) throw e;
    }
    if (video === null) fail(VIDEO_LINK_MESSAGES.verify, "verify");
    return await ctx.runMutation(internal.submissions.record, {
      proposalId: idea._id,
      authorId: userId,
      video: video,
    });
  },
});

/** Looks a video link up without submitting it (the REST verify route): its title. */
export const verify = action({
  args: { link: v.string() },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) fail(VIDEO_LINK_MESSAGES.signIn);
    const link = parseVideoLink(args.link);
    if (!link) fail(VIDEO_LINK_MESSAGES.format);
    const video = await verifyVideo(ctx, userId, link).catch((e: unknown) => {
      if (e instanceof PlatformError) return null;
      throw e;
    });
    if (video === null) fail(VIDEO_LINK_MESSAGES.verify, "verify");
    return { title: video.title, platform: video.platform, owned: video.owned };
  },
});

/** Submissions of an idea, live, most voted first. */
export const listForProposal = query({
  args: { proposalId: v.string() },
  handler: async (ctx, args) => {
    const proposalId = ctx.db.normalizeId("proposals", args.proposalId);
    if (proposalId === null) return [];
    const viewer = await getAuthUserId(ctx);
    const rows = await submissionsOf(ctx, proposalId);
    return await Promise.all(rows.map((row) => toSubmissionCard(ctx, row, viewer)));
  },
});

/** Sets the caller's vote on a submission (1, -1, or 0 to clear); nobody votes on their own. */
export const vote = mutation({
  args: { submissionId: v.id("submissions"), vote: voteValidator },
  handler: async (ctx, args) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) fail("You must be logged in to vote.");
    const submission = await ctx.db.get("submissions", args.submissionId);
    if (submission === null) fail("This video is no longer here.");
    if (submission.authorId === userId) fail("You can't vote on your own video.");
    // The people's choice is frozen when judging ends: votes close then.
    const proposal = await ctx.db.get("proposals", submission.proposalId);
    if (proposal === null || proposal.judgedAt !== undefined || proposal.status === "settled")
      fail("Voting on this idea's videos has closed.");
    const newVoteTotal = await setSubmissionVote(ctx, userId, submission, args.vote);
    return { newVoteTotal, userVote: args.vote };
  },
});

/** The caller's submissions, newest first, with their ideas' titles. */
export const mine = query({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) return { page: [], isDone: true, continueCursor: "" };
    const result = await ctx.db
      .query("submissions")
      .withIndex("by_author", (q) => q.eq("authorId", userId))
      .order("desc")
      .paginate(paginationOpts);
    return {
      ...result,
      page: await Promise.all(
        result.page.map(async (row) => ({
          ...(await toSubmissionCard(ctx, row, userId)),
          proposalTitle: (await ctx.db.get("proposals", row.proposalId))?.title ?? "Deleted idea",
        })),
      ),
    };
  },
});

/** Valid submission ids among `ids` (REST routes take ids from the URL). */
export const byIds = query({
  args: { ids: v.array(v.string()) },
  handler: async (ctx, { ids }) => {
    const found: Id<"submissions">[] = [];
    for (const raw of ids.slice(0, 100)) {
      const id = ctx.db.normalizeId("submissions", raw);
      if (id !== null && (await ctx.db.get("submissions", id)) !== null) found.push(id);
    }
    return found;
  },
});

export const ideaForSubmission = internalQuery({
  args: { proposalId: v.string() },
  handler: async (ctx, args) => {
    const proposalId = ctx.db.normalizeId("proposals", args.proposalId);
    const proposal = proposalId === null ? null : await ctx.db.get("proposals", proposalId);
    return proposal === null
      ? null
      : { _id: proposal._id, platform: proposal.platform, status: proposal.status };
  },
});

const verifiedVideoValidator = v.object({ ...submittedVideoFields, owned: v.boolean() });

/** Records a verified video, re-checking (in the same transaction) that the idea is open and the video new. */
export const record = internalMutation({
  args: { proposalId: v.id("proposals"), authorId: v.id("users"), video: verifiedVideoValidator },
  handler: async (ctx, { proposalId, authorId, video }) => {
    const proposal = await ctx.db.get("proposals", proposalId);
    if (proposal === null) fail("This idea does not exist.");
    if (proposal.status !== "open" || proposal.expiration <= Date.now())
      fail(VIDEO_LINK_MESSAGES.closed);
    if (await findSubmission(ctx, proposalId, video.platform, video.videoId))
      fail(VIDEO_LINK_MESSAGES.duplicate);
    return await recordSubmission(ctx, proposal, authorId, video);
  },
});

/**
 * Decides "published after the idea" again for submissions recorded while it compared
 * milliseconds (a video published in the idea's second was wrongly "before"). Only ever turns
 * a false into a true. Pages through all submissions, scheduling itself; run once per
 * deployment: `npx convex run submissions:recheckPublishedAfterIdea`.
 */
export const recheckPublishedAfterIdea = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db
      .query("submissions")
      .paginate({ cursor: cursor ?? null, numItems: 200 });
    let corrected = 0;
    for (const submission of page) {
      if (submission.publishedAt === undefined || submission.checklist.publishedAfterIdea) continue;
      const proposal = await ctx.db.get("proposals", submission.proposalId);
      if (proposal === null || !publishedAfter(submission.publishedAt, proposal._creationTime))
        continue;
      const checklist = { ...submission.checklist, publishedAfterIdea: true };
      // Eligibility follows the checklist (settlement's winner query reads it).
      await ctx.db.patch("submissions", submission._id, {
        checklist,
        eligible: isEligible({ checklist }),
      });
      corrected += 1;
    }
    if (!isDone)
      await ctx.scheduler.runAfter(0, internal.submissions.recheckPublishedAfterIdea, {
        cursor: continueCursor,
      });
    return { corrected, done: isDone };
  },
});
