// Hidden content takes part in nothing (product rules "Community and trust"): an item an
// operator hid (`removedAt`) cannot be voted on, answered, rated, marked or picked, and nothing
// can be done on a hidden idea. Every such path asks here, so the rule and its words are one.
import { ConvexError } from "convex/values";
import type { ReportTarget } from "./kinds";

export const HIDDEN_MESSAGES: Record<ReportTarget, string> = {
  idea: "This idea was hidden by our moderators.",
  video: "This video was hidden by our moderators.",
  question: "This question was hidden by our moderators.",
  answer: "This answer was hidden by our moderators.",
  update: "This update was hidden by our moderators.",
};

/** Whether an operator hid the item (its row's `removedAt`). */
export function isHidden(row: { removedAt?: number }): boolean {
  return row.removedAt !== undefined;
}

/** The idea's videos as screens count them: the submissions less those an operator hid. */
export function shownVideoCount(idea: {
  submissionCount: number;
  hiddenVideoCount?: number;
}): number {
  return Math.max(0, idea.submissionCount - (idea.hiddenVideoCount ?? 0));
}

/** Refuses the action, changing nothing, when an operator hid the item. */
export function refuseIfHidden(target: ReportTarget, row: { removedAt?: number }): void {
  if (isHidden(row)) throw new ConvexError({ message: HIDDEN_MESSAGES[target] });
}
