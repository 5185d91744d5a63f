// Videos submitted to ideas: verify and submit, list (live), vote, the creator's own list.
// Public functions and the REST edge's internal twins are thin over model/submissions.ts.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { internal } from "./_generated/api";
import { publicQuery, sharedQuery, userAction, userMutation, internalMutation } from "./functions";
import { VIDEO_LINK_MESSAGES } from "./model/videoLinks";
import { limit } from "./model/rateLimits";
import {
  checkVideoForCard,
  fail,
  findSubmission,
  mayTakeOver,
  standingOf,
  takeOver,
  forViewer,
  mySubmissionCardValidator,
  recordSubmission,
  submissionCardsOf,
  submissionCardForViewerValidator,
  submissionCardValidator,
  submissionsBy,
  submitVideo,
  voteOnSubmission,
} from "./model/submissions";
import {
  durationValidator,
  ideaPlatformValidator,
  videoPlatformValidator,
  ideaStatusValidator,
  submittedVideoFields,
  voteValidator,
} from "./model/validators";
import { creatorBecamePayable } from "./model/money/claims";
import { isEligible } from "./model/money/rules";
import { publishedAfter } from "./model/originality";

const voteResult = v.object({ newVoteTotal: v.number(), userVote: voteValidator });
const mineResult = paginationResultValidator(mySubmissionCardValidator);

/**
 * Verifies a video link on its platform and submits it to an idea. The title and every other
 * detail come from the platform, never from the page.
 */
export const submit = userAction({
  args: { ideaId: v.string(), link: v.string() },
  returns: v.id("submissions"),
  signInMessage: VIDEO_LINK_MESSAGES.signIn,
  handler: async (ctx, args) => await submitVideo(ctx, ctx.userId, args),
});

const verifiedVideoValidator = v.object({ ...submittedVideoFields, owned: v.boolean() });
const checklistValidator = v.object({
  exists: v.boolean(),
  ownedBySubmitter: v.boolean(),
  publishedAfterIdea: v.union(v.boolean(), v.null()),
  durationAllowed: v.union(v.boolean(), v.null()),
});

/**
 * Looks a video link up for the submit page's confirmation card, without submitting: what the
 * platform says (title, channel, length, publish date), the originality checklist, why it
 * cannot win and whether its ownership is still to prove. Fails as `submit` would.
 */
export const check = userAction({
  args: { ideaId: v.string(), link: v.string() },
  returns: v.object({
    video: verifiedVideoValidator,
    checklist: checklistValidator,
    cannotWinReasons: v.array(v.string()),
    ownershipNote: v.union(v.string(), v.null()),
    takesOver: v.boolean(),
  }),
  signInMessage: VIDEO_LINK_MESSAGES.signIn,
  handler: async (ctx, args) => await checkVideoForCard(ctx, ctx.userId, args),
});

/**
 * A submission's votes: all of them (the displayed net count) and those that decide money
 * (product rules "Votes"). The same for everyone, so it reads no identity; null when the id is
 * not a submission's.
 */
export const voteBreakdown = sharedQuery({
  args: { submissionId: v.string() },
  returns: v.union(v.object({ allVotes: v.number(), countedVotes: v.number() }), v.null()),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("submissions", args.submissionId);
    const submission = id === null ? null : await ctx.db.get("submissions", id);
    return submission === null
      ? null
      : { allVotes: submission.netVotes, countedVotes: submission.qualifiedVotes ?? 0 };
  },
});

/**
 * Submissions of an idea, live, most voted first. Reads no identity, so one result serves every
 * viewer; the caller's own vote is votes.mineOnSubmission.
 */
export const listForIdea = sharedQuery({
  args: { ideaId: v.string() },
  returns: v.array(submissionCardValidator),
  handler: async (ctx, args) => await submissionCardsOf(ctx, args.ideaId),
});

/** Sets the caller's vote on a submission (1, -1, or 0 to clear); nobody votes on their own. */
export const vote = userMutation({
  args: { submissionId: v.id("submissions"), vote: voteValidator },
  returns: voteResult,
  signInMessage: "You must be logged in to vote.",
  handler: async (ctx, args) => {
    await limit(ctx, "vote", ctx.userId);
    return await voteOnSubmission(ctx, ctx.userId, args.submissionId, args.vote);
  },
});

/** The caller's submissions, newest first, with their ideas' titles; none for a visitor. */
export const mine = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: mineResult,
  handler: async (ctx, { paginationOpts }) =>
    ctx.viewerId === null
      ? { page: [], isDone: true, continueCursor: "" }
      : await submissionsBy(ctx, ctx.viewerId, paginationOpts),
});

// The REST edge's twins: the caller comes from the route's bearer token.

export const listFor = internalQuery({
  args: { ideaId: v.string(), viewerId: v.union(v.id("users"), v.null()) },
  returns: v.array(submissionCardForViewerValidator),
  handler: async (ctx, args) =>
    await Promise.all(
      (await submissionCardsOf(ctx, args.ideaId)).map((card) =>
        forViewer(ctx, card, args.viewerId),
      ),
    ),
});

/** Votes by a submission id taken from a URL: null when it is not a submission's. */
export const voteAs = internalMutation({
  args: { submissionId: v.string(), vote: voteValidator, userId: v.id("users") },
  returns: v.union(voteResult, v.null()),
  handler: async (ctx, args) => {
    await limit(ctx, "vote", args.userId);
    const submissionId = ctx.db.normalizeId("submissions", args.submissionId);
    if (submissionId === null || (await ctx.db.get("submissions", submissionId)) === null)
      return null;
    return await voteOnSubmission(ctx, args.userId, submissionId, args.vote);
  },
});

export const mineOf = internalQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  returns: mineResult,
  handler: async (ctx, args) => await submissionsBy(ctx, args.userId, args.paginationOpts),
});

// Steps of submitVideo (model/submissions.ts).

export const ideaForSubmission = internalQuery({
  args: { ideaId: v.string() },
  returns: v.union(
    v.object({
      _id: v.id("proposals"),
      _creationTime: v.number(),
      platform: ideaPlatformValidator,
      status: ideaStatusValidator,
      durations: v.array(durationValidator),
    }),
    v.null(),
  ),
  handler: async (ctx, args) => {
    const ideaId = ctx.db.normalizeId("proposals", args.ideaId);
    const idea = ideaId === null ? null : await ctx.db.get("proposals", ideaId);
    return idea === null
      ? null
      : {
          _id: idea._id,
          _creationTime: idea._creationTime,
          platform: idea.platform,
          status: idea.status,
          durations: idea.durations,
        };
  },
});

export const standingOfVideo = internalQuery({
  args: {
    ideaId: v.id("proposals"),
    userId: v.id("users"),
    platform: videoPlatformValidator,
    videoId: v.string(),
    channelId: v.string(),
  },
  returns: v.object({
    heldBy: v.union(v.object({ authorId: v.id("users"), ownedBySubmitter: v.boolean() }), v.null()),
    connectedAccountName: v.union(v.string(), v.null()),
    channelConnectedByAnother: v.boolean(),
  }),
  handler: async (ctx, args) => await standingOf(ctx, args),
});

/** Records a verified video, re-checking (in the same transaction) that the idea is open and the video new. */
export const record = internalMutation({
  args: { ideaId: v.id("proposals"), authorId: v.id("users"), video: verifiedVideoValidator },
  returns: v.id("submissions"),
  handler: async (ctx, { ideaId, authorId, video }) => {
    const idea = await ctx.db.get("proposals", ideaId);
    if (idea === null) fail("This idea does not exist.");
    if (idea.status !== "open" || idea.expiration <= Date.now()) fail(VIDEO_LINK_MESSAGES.closed);
    const held = await findSubmission(ctx, ideaId, video.platform, video.videoId);
    if (held !== null) {
      // Its proven creator takes over a submission someone else could not prove.
      if (
        !mayTakeOver(
          { ...held, ownedBySubmitter: held.checklist.ownedBySubmitter },
          authorId,
          video.owned,
        )
      )
        fail(VIDEO_LINK_MESSAGES.duplicate);
      await takeOver(ctx, held, authorId);
      await creatorBecamePayable(ctx, authorId);
      return held._id;
    }
    return await recordSubmission(ctx, idea, authorId, video);
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
      const idea = await ctx.db.get("proposals", submission.ideaId);
      if (idea === null || !publishedAfter(submission.publishedAt, idea._creationTime)) continue;
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
