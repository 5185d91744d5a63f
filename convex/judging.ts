// The end of a bounty, role by role: the videos a contributor may pick from (the judging
// gallery), where a creator's own videos stand, and judging together — ratings and private
// feedback from the poster and the backers, finalists marked by the poster (issue 37). Picking
// itself is contributions.pickWinner (the money rules); nothing here decides money.
import { ConvexError, v } from "convex/values";
import { publicQuery, sharedQuery, userMutation } from "./functions";
import { eligibleVideos, standingsOf } from "./model/judging";
import { standingValidator } from "./model/ideaPageKinds";
import { publicName } from "./model/users";
import { videoPlatformValidator } from "./model/validators";
import {
  feedbackFor,
  judgingRoleOf,
  rateVideo,
  removeRating,
  setFinalist as markFinalist,
} from "./model/judgingTogether";
import { FINALIST_MESSAGES, RATING_MESSAGES } from "./model/ratingRules";
import { limit } from "./model/rateLimits";

/** The videos that can win the idea, most counted votes first (the same for everyone). */
export const pickChoices = sharedQuery({
  args: { ideaId: v.string() },
  returns: v.array(
    v.object({
      _id: v.id("submissions"),
      authorId: v.id("users"),
      title: v.string(),
      url: v.string(),
      platform: videoPlatformValidator,
      thumbnailUrl: v.union(v.string(), v.null()),
      creatorName: v.string(),
      countedVotes: v.number(),
      durationSeconds: v.union(v.number(), v.null()),
      finalist: v.boolean(),
    }),
  ),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    if (id === null) return [];
    return await Promise.all(
      (await eligibleVideos(ctx, id)).map(async (s) => {
        const author = await ctx.db.get("users", s.authorId);
        return {
          _id: s._id,
          authorId: s.authorId,
          title: s.title,
          url: s.url,
          platform: s.platform,
          thumbnailUrl: s.thumbnailUrl ?? null,
          creatorName: author ? publicName(author) : "Anonymous",
          countedVotes: s.qualifiedVotes ?? 0,
          durationSeconds: s.durationSeconds ?? null,
          finalist: s.finalist === true,
        };
      }),
    );
  },
});

/** The caller's own videos on the idea and where each stands now (none for a visitor). */
export const myStanding = publicQuery({
  args: { ideaId: v.string() },
  returns: v.array(
    v.object({ submissionId: v.id("submissions"), title: v.string(), standing: standingValidator }),
  ),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    if (id === null || ctx.viewerId === null) return [];
    return (await standingsOf(ctx, ctx.viewerId, id)).map(({ submission, standing }) => ({
      submissionId: submission._id,
      title: submission.title,
      standing,
    }));
  },
});

// --- Judging together ------------------------------------------------------------------------

/** Feedback is at most 1,000 characters; a body far beyond it is refused before any work. */
const FEEDBACK_ARG_MAX = 10_000;

/** Rates a video 1 to 5, with optional private feedback for its creator (poster and backers). */
export const rate = userMutation({
  args: {
    submissionId: v.id("submissions"),
    stars: v.number(),
    feedback: v.optional(v.string()),
  },
  returns: v.null(),
  signInMessage: RATING_MESSAGES.signIn,
  handler: async (ctx, { submissionId, stars, feedback }) => {
    if ((feedback ?? "").length > FEEDBACK_ARG_MAX) throw tooLong();
    await limit(ctx, "rate", ctx.userId);
    await rateVideo(ctx, ctx.userId, submissionId, { stars, feedback }, Date.now());
    return null;
  },
});

function tooLong() {
  return new ConvexError({ message: RATING_MESSAGES.tooLong });
}

/** Takes one's rating of a video back. */
export const unrate = userMutation({
  args: { submissionId: v.id("submissions") },
  returns: v.null(),
  signInMessage: RATING_MESSAGES.signIn,
  handler: async (ctx, { submissionId }) => {
    await limit(ctx, "rate", ctx.userId);
    await removeRating(ctx, ctx.userId, submissionId, Date.now());
    return null;
  },
});

/** The poster marks a video a finalist, or unmarks it (during judging, at most 5). */
export const setFinalist = userMutation({
  args: { submissionId: v.id("submissions"), finalist: v.boolean() },
  returns: v.null(),
  signInMessage: FINALIST_MESSAGES.signIn,
  handler: async (ctx, { submissionId, finalist }) => {
    await limit(ctx, "rate", ctx.userId);
    await markFinalist(ctx, ctx.userId, submissionId, finalist, Date.now());
    return null;
  },
});

const ownRatingValidator = v.object({
  submissionId: v.id("submissions"),
  stars: v.number(),
  feedback: v.union(v.string(), v.null()),
});

/** The viewer's part in judging the idea: poster, backer (may rate), and their own ratings. */
export const myRole = publicQuery({
  args: { ideaId: v.string() },
  returns: v.object({
    isPoster: v.boolean(),
    raterRole: v.union(v.literal("poster"), v.literal("backer"), v.null()),
    ratings: v.array(ownRatingValidator),
  }),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    const idea = id === null ? null : await ctx.db.get("proposals", id);
    if (idea === null) return { isPoster: false, raterRole: null, ratings: [] };
    return await judgingRoleOf(ctx, ctx.viewerId, idea);
  },
});

export const feedbackItemValidator = v.object({
  _id: v.id("videoRatings"),
  stars: v.number(),
  text: v.union(v.string(), v.null()),
  from: v.union(v.literal("poster"), v.literal("backer")),
  at: v.number(),
});

/** The ratings and feedback the viewer's own videos on the idea received (theirs alone). */
export const feedbackOnMine = publicQuery({
  args: { ideaId: v.string() },
  returns: v.array(
    v.object({
      submissionId: v.id("submissions"),
      title: v.string(),
      average: v.union(v.number(), v.null()),
      count: v.number(),
      feedback: v.array(feedbackItemValidator),
    }),
  ),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    if (id === null || ctx.viewerId === null) return [];
    const rows = [];
    for (const { submission } of await standingsOf(ctx, ctx.viewerId, id)) {
      const received = await feedbackFor(ctx, ctx.viewerId, submission);
      if (received !== null)
        rows.push({ submissionId: submission._id, title: submission.title, ...received });
    }
    return rows;
  },
});
