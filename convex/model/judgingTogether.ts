// Judging together (product rules "Judging together", issue 37): the poster and the backers rate
// each video 1 to 5 and leave private feedback for its creator while the idea is open or
// judging; the creator sees the feedback and the average, live, and nobody else does. During
// judging the poster marks up to 5 finalists, shown publicly. Ratings and finalists never decide
// money: nothing here is read by the money rules.
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { checkPublicText } from "./contentFilter";
import { visibleParagraphs } from "./ideaText";
import { contributionsOf } from "./money/stake";
import { isEligible } from "./money/rules";
import { notifyFeedback } from "./notify";
import {
  averageStars,
  FEEDBACK_MAX_LENGTH,
  FINALIST_MESSAGES,
  finalistsOpen,
  MAX_FINALISTS,
  RATING_MESSAGES,
  ratingsOpen,
  type RaterRole,
} from "./ratingRules";
import { refuseIfHidden } from "./moderation/shown";

const refuse = (message: string): never => {
  throw new ConvexError({ message });
};

/**
 * A rating as it is kept: whole stars from 1 to 5, and the feedback as people see it (invisible
 * characters dropped, blank lines folded), absent when empty. Throws the message to show.
 */
export function validRating(
  stars: number,
  feedback: string | undefined,
): { stars: number; feedback?: string } {
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) refuse(RATING_MESSAGES.stars);
  const text = visibleParagraphs(feedback ?? "");
  if (text.length > FEEDBACK_MAX_LENGTH) refuse(RATING_MESSAGES.tooLong);
  if (text !== "" && !checkPublicText(text)) refuse(RATING_MESSAGES.content);
  return text === "" ? { stars } : { stars, feedback: text };
}

/** Who may rate the idea's videos: its poster, or one of its backers (ever paid, counted). */
export async function raterRoleOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  idea: Doc<"proposals">,
): Promise<RaterRole | null> {
  if (idea.authorId === userId) return "poster";
  const backed = await contributionsOf(ctx, userId, idea._id, "backed");
  return backed.length > 0 ? "backer" : null;
}

async function ratingOf(ctx: QueryCtx, submissionId: Id<"submissions">, raterId: Id<"users">) {
  return await ctx.db
    .query("videoRatings")
    .withIndex("by_submission_rater", (q) =>
      q.eq("submissionId", submissionId).eq("raterId", raterId),
    )
    .unique();
}

/** The video and its idea, or the "no longer exists" refusal. */
async function videoAndIdea(ctx: QueryCtx, submissionId: Id<"submissions">, missing: string) {
  const submission = await ctx.db.get("submissions", submissionId);
  const idea = submission ? await ctx.db.get("proposals", submission.ideaId) : null;
  if (submission === null || idea === null) return refuse(missing);
  refuseIfHidden("video", submission);
  refuseIfHidden("idea", idea);
  return { submission, idea };
}

/**
 * Rates a video (or changes one's rating): the stars and the feedback replace the person's
 * previous ones, and the video's count and sum move in the same transaction. Its creator is
 * told the first time each person rates it.
 */
export async function rateVideo(
  ctx: MutationCtx,
  userId: Id<"users">,
  submissionId: Id<"submissions">,
  input: { stars: number; feedback?: string },
  now: number,
): Promise<void> {
  const { submission, idea } = await videoAndIdea(ctx, submissionId, RATING_MESSAGES.notFound);
  if (!ratingsOpen(idea, now)) refuse(RATING_MESSAGES.closed);
  if (submission.authorId === userId) refuse(RATING_MESSAGES.ownVideo);
  const role = await raterRoleOf(ctx, userId, idea);
  if (role === null) return refuse(RATING_MESSAGES.notRater);
  const rating = validRating(input.stars, input.feedback);
  const existing = await ratingOf(ctx, submissionId, userId);
  const fields = { stars: rating.stars, raterRole: role, updatedAt: now };
  // A patch without feedback removes the earlier words; an insert leaves the field out.
  if (existing)
    await ctx.db.patch("videoRatings", existing._id, { ...fields, feedback: rating.feedback });
  else
    await ctx.db.insert("videoRatings", {
      ideaId: idea._id,
      submissionId,
      raterId: userId,
      ...fields,
      ...(rating.feedback !== undefined ? { feedback: rating.feedback } : {}),
    });
  await ctx.db.patch("submissions", submissionId, {
    ratingCount: (submission.ratingCount ?? 0) + (existing ? 0 : 1),
    ratingStars: (submission.ratingStars ?? 0) - (existing?.stars ?? 0) + rating.stars,
  });
  if (!existing) await notifyFeedback(ctx, submission, userId);
}

/** Takes one's rating (and feedback) of a video back, while ratings are open. */
export async function removeRating(
  ctx: MutationCtx,
  userId: Id<"users">,
  submissionId: Id<"submissions">,
  now: number,
): Promise<void> {
  const { submission, idea } = await videoAndIdea(ctx, submissionId, RATING_MESSAGES.notFound);
  if (!ratingsOpen(idea, now)) refuse(RATING_MESSAGES.closed);
  const existing = await ratingOf(ctx, submissionId, userId);
  if (existing === null) return;
  await ctx.db.delete("videoRatings", existing._id);
  await ctx.db.patch("submissions", submissionId, {
    ratingCount: Math.max(0, (submission.ratingCount ?? 0) - 1),
    ratingStars: Math.max(0, (submission.ratingStars ?? 0) - existing.stars),
  });
}

/** Marks or unmarks a finalist: the poster, during judging, at most 5, only videos that can win. */
export async function setFinalist(
  ctx: MutationCtx,
  userId: Id<"users">,
  submissionId: Id<"submissions">,
  finalist: boolean,
  now: number,
): Promise<void> {
  const { submission, idea } = await videoAndIdea(ctx, submissionId, FINALIST_MESSAGES.notFound);
  if (idea.authorId !== userId) refuse(FINALIST_MESSAGES.notPoster);
  if (!finalistsOpen(idea, now)) refuse(FINALIST_MESSAGES.notJudging);
  if ((submission.finalist ?? false) === finalist) return;
  if (finalist) {
    if (!isEligible(submission)) refuse(FINALIST_MESSAGES.notEligible);
    const marked = await ctx.db
      .query("submissions")
      .withIndex("by_idea_finalist", (q) => q.eq("ideaId", idea._id).eq("finalist", true))
      .take(MAX_FINALISTS);
    if (marked.length >= MAX_FINALISTS) refuse(FINALIST_MESSAGES.tooMany);
  }
  await ctx.db.patch("submissions", submissionId, { finalist: finalist ? true : undefined });
}

// --- What each person sees ------------------------------------------------------------------

/** How many of a person's own ratings on one idea are read (one per video; far more than shown). */
const OWN_RATINGS_READ = 200;

/** What the viewer may do in judging together on an idea, and their own ratings there. */
export async function judgingRoleOf(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  idea: Doc<"proposals">,
) {
  if (viewerId === null) return { isPoster: false, raterRole: null, ratings: [] as OwnRating[] };
  const raterRole = await raterRoleOf(ctx, viewerId, idea);
  const rows = await ctx.db
    .query("videoRatings")
    .withIndex("by_rater_idea", (q) => q.eq("raterId", viewerId).eq("ideaId", idea._id))
    .take(OWN_RATINGS_READ);
  return {
    isPoster: idea.authorId === viewerId,
    raterRole,
    ratings: rows.map((r) => ({
      submissionId: r.submissionId,
      stars: r.stars,
      feedback: r.feedback ?? null,
    })),
  };
}
type OwnRating = { submissionId: Id<"submissions">; stars: number; feedback: string | null };

/** How much feedback of one video is read for its creator, newest first. */
export const FEEDBACK_READ = 50;

/**
 * The feedback a video received and its average, for its creator only (null for anyone else):
 * who gave it (the poster or a backer, never their name), the stars, the words, when.
 */
export async function feedbackFor(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  submission: Doc<"submissions">,
) {
  if (viewerId === null || submission.authorId !== viewerId) return null;
  const rows = await ctx.db
    .query("videoRatings")
    .withIndex("by_submission_updated", (q) => q.eq("submissionId", submission._id))
    .order("desc")
    .take(FEEDBACK_READ);
  return {
    average: averageStars(submission),
    count: submission.ratingCount ?? 0,
    feedback: rows.map((r) => ({
      _id: r._id,
      stars: r.stars,
      text: r.feedback ?? null,
      from: r.raterRole,
      at: r.updatedAt,
    })),
  };
}
