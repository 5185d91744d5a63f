// The enums and small shapes of an idea's living page (issue 29), declared once for the schema,
// the functions and the web app: who wrote a message, why one is reported, what an update is
// about, and where a creator's video stands when judging starts. A leaf module (schema.ts
// imports it), so it imports nothing of the app.
import { v, type Infer } from "convex/values";
import { literals } from "convex-helpers/validators";

/** The longest question or answer, and the longest update (characters). */
export const MESSAGE_MAX_LENGTH = 1000;
export const UPDATE_MAX_LENGTH = 2000;
/** A poster may email an update to their backers at most once a day per idea. */
export const BACKER_EMAIL_GAP_MS = 24 * 60 * 60 * 1000;

/** Who wrote a question or answer, as marked beside it. */
export const MESSAGE_ROLES = ["poster", "creator", "member"] as const;
export const messageRoleValidator = literals(...MESSAGE_ROLES);
export type MessageRole = Infer<typeof messageRoleValidator>;
export const ROLE_LABELS: Record<MessageRole, string | null> = {
  poster: "Poster",
  creator: "Creator",
  member: null,
};

export const MESSAGE_REPORT_REASONS = ["spam", "abuse", "off_topic", "other"] as const;
export const messageReportReasonValidator = literals(...MESSAGE_REPORT_REASONS);
export type MessageReportReason = Infer<typeof messageReportReasonValidator>;

/** A poster's update: general news, or about money (the bounty, the deadline, judging). */
export const UPDATE_TOPICS = ["general", "money"] as const;
export const updateTopicValidator = literals(...UPDATE_TOPICS);
export type UpdateTopic = Infer<typeof updateTopicValidator>;

/**
 * Where a creator's video stands while judging: whether it can win, whether it is the people's
 * choice now, its counted votes and the leader's (null: no eligible video leads).
 */
export const standingValidator = v.object({
  eligible: v.boolean(),
  leading: v.boolean(),
  countedVotes: v.number(),
  leaderVotes: v.union(v.number(), v.null()),
});
export type Standing = Infer<typeof standingValidator>;

/** A submitted video's state on its creator's page. */
export const CREATOR_VIDEO_STATES = [
  "open",
  "judging",
  "won",
  "paid",
  "not_eligible",
  "not_won",
] as const;
export const creatorVideoStateValidator = literals(...CREATOR_VIDEO_STATES);
export type CreatorVideoState = Infer<typeof creatorVideoStateValidator>;
export const CREATOR_VIDEO_STATE_LABELS: Record<CreatorVideoState, string> = {
  open: "Open",
  judging: "Judging",
  won: "Won",
  paid: "Paid",
  not_eligible: "Not eligible",
  not_won: "Didn't win",
};

/** The creator page's bio, written by the creator (characters). */
export const CREATOR_BIO_MAX_LENGTH = 280;
