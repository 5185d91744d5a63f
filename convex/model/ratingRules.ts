// Judging together, the pure rules (product rules "Judging together"), shared by the server and
// the web app: who may rate a video and until when, what a rating may hold, how its average
// reads, and how many finalists an idea may have. Ratings never decide money.
// (What a rating may hold is checked on the server, model/ratings.ts validRating: the content
// filter's word lists stay out of the web app's pages.)
import type { Doc } from "../_generated/dataModel";
import { judgingEndsAt } from "./labels";

/** Private feedback for a video's creator: at most this many characters. */
export const FEEDBACK_MAX_LENGTH = 1000;
/** During judging the poster may mark at most this many finalists. */
export const MAX_FINALISTS = 5;

export const RATING_MESSAGES = {
  signIn: "Please sign in to rate this video.",
  notFound: "This video no longer exists.",
  notRater: "Only this idea's poster and its backers can rate its videos.",
  ownVideo: "You can't rate your own video.",
  closed: "Ratings are closed: this idea's judging has ended.",
  stars: "Choose 1 to 5 stars.",
  tooLong: `Feedback is at most ${FEEDBACK_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  content: "Please keep your feedback free of inappropriate words and links.",
} as const;

export const FINALIST_MESSAGES = {
  signIn: "Please sign in to choose finalists.",
  notFound: "This video no longer exists.",
  notPoster: "Only this idea's poster can choose its finalists.",
  notJudging: "Finalists are chosen while the idea is being judged.",
  notEligible: "Only a video that can win can be a finalist.",
  tooMany: `You can mark at most ${MAX_FINALISTS} finalists. Unmark one first.`,
} as const;

export type RaterRole = "poster" | "backer";

/** Ratings are open while the idea is open or judging, until judging ends by the clock. */
export function ratingsOpen(
  idea: Pick<Doc<"proposals">, "status" | "expiration">,
  now: number,
): boolean {
  return idea.status !== "settled" && now < judgingEndsAt(idea.expiration);
}

/** Finalists are marked while the idea is judging, until judging ends by the clock. */
export function finalistsOpen(
  idea: Pick<Doc<"proposals">, "status" | "expiration">,
  now: number,
): boolean {
  return idea.status === "judging" && now < judgingEndsAt(idea.expiration);
}

/** The average of a video's ratings, to one decimal (null: nobody rated it). */
export function averageStars(
  s: Pick<Doc<"submissions">, "ratingCount" | "ratingStars">,
): number | null {
  const count = s.ratingCount ?? 0;
  if (count === 0) return null;
  return Math.round(((s.ratingStars ?? 0) / count) * 10) / 10;
}

/** "4.5 out of 5 from 2 ratings", or "No ratings yet". */
export function averageText(average: number | null, count: number): string {
  if (average === null || count === 0) return "No ratings yet";
  return `${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? "rating" : "ratings"}`;
}
