// What can be reported and why (product rules "Community and trust"), shared by the backend and
// the web app's Report dialog and operator queue.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";
import { BANNED_MESSAGE } from "../security/signUpWords";

export const REPORT_TARGETS = ["idea", "video", "question", "answer", "update"] as const;
export const reportTargetValidator = literals(...REPORT_TARGETS);
export type ReportTarget = Infer<typeof reportTargetValidator>;

export const REPORT_REASONS = [
  "spam",
  "abuse",
  "sexual",
  "violence",
  "copyright",
  "scam",
  "off_topic",
  "other",
] as const;
export const reportReasonValidator = literals(...REPORT_REASONS);
export type ReportReason = Infer<typeof reportReasonValidator>;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  abuse: "Harassment or hate",
  sexual: "Sexual content",
  violence: "Violence or danger",
  copyright: "Someone else's work",
  scam: "Scam or fraud",
  off_topic: "Not about this idea",
  other: "Something else",
};

export const TARGET_LABELS: Record<ReportTarget, string> = {
  idea: "idea",
  video: "video",
  question: "question",
  answer: "answer",
  update: "update",
};

/** Limits on the words people write here. */
export const REPORT_NOTE_MAX = 500;
export const APPEAL_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

/** Where a case stands in the operator queue. */
export const CASE_STATES = ["reported", "hidden", "appealed", "restored", "dismissed"] as const;
export const caseStateValidator = literals(...CASE_STATES);
export type CaseState = Infer<typeof caseStateValidator>;

export const MODERATION_ACTIONS = ["hide", "restore", "dismiss", "ban", "unban"] as const;
export const moderationActionValidator = literals(...MODERATION_ACTIONS);
export type ModerationAction = Infer<typeof moderationActionValidator>;

export const MODERATION_MESSAGES = {
  signIn: "Please sign in to report something.",
  noteTooLong: `Keep the note under ${REPORT_NOTE_MAX} characters.`,
  alreadyReported: "You already reported this. Our team will look at it.",
  ownContent: "You can't report your own content.",
  notFound: "This is no longer available.",
  appealEmpty: "Please say why it should be shown again.",
  appealTooLong: `Keep the appeal under ${APPEAL_MAX} characters.`,
  appealOnce: "You already appealed. Our team will look at it.",
  notHidden: "Only hidden content can be appealed.",
  notYours: "Only its author can appeal.",
  reasonNeeded: "Please give a reason.",
  reasonTooLong: `Keep the reason under ${MODERATION_REASON_MAX} characters.`,
  banned: BANNED_MESSAGE,
  ownBan: "You can't ban yourself.",
} as const;
