import { defineSchema, defineTable } from "convex/server";
import { moderationTables } from "./model/moderation/tables";
import { authTables } from "@convex-dev/auth/server";
import { rateLimitTables } from "convex-helpers/server/rateLimit";
import { v } from "convex/values";
import {
  castVoteValidator,
  accountTypeValidator,
  durationValidator,
  ideaPlatformValidator,
  preferredPlatformValidator,
  ideaPhaseValidator,
  ideaStatusValidator,
  videoPlatformValidator,
  submittedVideoFields,
  connectedVideoFields,
} from "./model/validators";
import { ledgerTotalsValidator } from "./model/money/states";
import { moneyTables } from "./model/money/tables";
import { emailStateValidator, notificationKindValidator } from "./model/notificationKinds";
import {
  messageReportReasonValidator,
  messageRoleValidator,
  standingValidator,
  updateTopicValidator,
} from "./model/ideaPageKinds";
import { securityTables } from "./model/security/tables";
import { ideaEditFieldsValidator } from "./model/ideaEditFields";
import { creatorTables } from "./model/creatorTables";
import { communityTables } from "./model/community/tables";

export default defineSchema({
  ...authTables,
  // convex-helpers' rate limiter buckets (model/rateLimits.ts).
  ...rateLimitTables,
  // Sign-in clients and unknown Checkout Sessions (model/security/tables.ts).
  ...securityTables,
  // The money domain: contributions, picks, awards, movements, Stripe's records, payout
  // accounts, the ledger (model/money/tables.ts; its README has the state diagrams).
  ...moneyTables,
  // Ratings and feedback on videos, creators' fits and invitations (model/creatorTables.ts).
  ...creatorTables,
  // Follows between people, the weekly leaderboards' counters, the weekly digest
  // (model/community/tables.ts).
  ...communityTables,
  // Reports, operator cases and the audit log (model/moderation/tables.ts).
  ...moderationTables,
  // Convex Auth's users table, with the product's own profile fields.
  users: defineTable({
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),
    displayName: v.optional(v.string()),
    avatarUrl: v.optional(v.string()),
    lastSignIn: v.optional(v.number()),
    accountType: v.optional(accountTypeValidator),
    preferredPlatform: v.optional(preferredPlatformValidator),
    // Granted only from the command line (operator.grantAdmin); opens the operator page.
    role: v.optional(v.literal("admin")),
    // The creator page (/creators/{id}) shows no money totals (Profile → Settings).
    hideCreatorTotals: v.optional(v.boolean()),
    // A short bio on the creator page, written by the creator (model/creators.ts).
    creatorBio: v.optional(v.string()),
    // Banned by an operator (model/moderation): no sign-in, their content hidden; and why.
    bannedAt: v.optional(v.number()),
    bannedReason: v.optional(v.string()),
  })
    .index("email", ["email"])
    .index("phone", ["phone"])
    // The operator page's banned accounts, newest ban first.
    .index("by_banned", ["bannedAt"]),

  // Ideas ("proposals" in the spec). Votes, bounty and submissions are denormalised counts
  // kept in the same transaction as their source, so lists sort and read in O(page).
  proposals: defineTable({
    title: v.string(),
    description: v.string(),
    // "What should the video show?" (optional, model/ideas.ts); absent on older ideas.
    brief: v.optional(v.string()),
    links: v.array(v.string()),
    platform: ideaPlatformValidator,
    durations: v.array(durationValidator),
    expiration: v.number(),
    authorId: v.id("users"),
    status: ideaStatusValidator,
    phase: ideaPhaseValidator,
    netVotes: v.number(),
    bountyCents: v.number(),
    submissionCount: v.number(),
    // Distinct people (each anonymous payment counts alone) whose payment counted; absent = 0.
    backerCount: v.optional(v.number()),
    searchText: v.string(),
    closeJobId: v.optional(v.id("_scheduled_functions")),
    settleJobId: v.optional(v.id("_scheduled_functions")),
    // Money totals for the idea's ledger (absent = nothing yet), kept by model/money/ledger.ts.
    ledger: v.optional(ledgerTotalsValidator),
    // The people's choice, computed once when judging ends (null: no eligible video).
    peoplesChoiceId: v.optional(v.union(v.id("submissions"), v.null())),
    judgedAt: v.optional(v.number()),
    // The poster extended the deadline (once): from when, by how many days, at what time.
    // Backers who paid before `at` may take their money back until `from`.
    extension: v.optional(v.object({ from: v.number(), days: v.number(), at: v.number() })),
    // The poster's last edit of the brief or links (the page says "edited"; model/ideaEdits.ts).
    editedAt: v.optional(v.number()),
    // Hidden by an operator (model/moderation): gone from every screen, its money refunded.
    removedAt: v.optional(v.number()),
    // Of `submissionCount`, the videos an operator hid (absent = 0): screens show the rest
    // (moderation/shown.ts shownVideoCount); the money rules count every submission made.
    hiddenVideoCount: v.optional(v.number()),
  })
    // Recent: by phase, newest first (by_phase_votes would sort by votes instead).
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_phase", ["phase"])
    .index("by_phase_votes", ["phase", "netVotes"])
    .index("by_phase_bounty", ["phase", "bountyCents"])
    .index("by_phase_expiration", ["phase", "expiration"])
    .index("by_votes", ["netVotes"])
    .index("by_bounty", ["bountyCents"])
    .index("by_expiration", ["expiration"])
    .index("by_status_expiration", ["status", "expiration"])
    .index("by_author", ["authorId"])
    // Open ideas for one platform, newest first ("ideas that fit you").
    .index("by_status_platform", ["status", "platform"])
    .searchIndex("search", { searchField: "searchText", filterFields: ["phase"] }),

  ideaVotes: defineTable({
    ideaId: v.id("proposals"),
    userId: v.id("users"),
    value: castVoteValidator,
    // Whether it counts on the "most wanted" board, judged when it was cast by the rule that
    // decides money (model/money/rules.ts voteQualifies); absent on votes cast before.
    qualified: v.optional(v.boolean()),
  }).index("by_user_idea", ["userId", "ideaId"]),

  counters: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),

  // Videos submitted to ideas, verified on their platform, with their originality checklist.
  submissions: defineTable({
    ideaId: v.id("proposals"),
    authorId: v.id("users"),
    ...submittedVideoFields,
    netVotes: v.number(),
    // Votes that decide money (product rules "Votes"): from accounts older than the idea and at
    // least 7 days old when the vote was cast. Known at vote time, so kept as a counter.
    qualifiedVotes: v.optional(v.number()),
    // Can win (product rules "Eligible submissions"); ownership may still be proven later.
    eligible: v.optional(v.boolean()),
    // Marked by the idea's poster during judging, shown as "Finalist" (at most 5 an idea).
    finalist: v.optional(v.boolean()),
    // Ratings by the poster and backers (model/ratings.ts): how many, and their stars' sum.
    ratingCount: v.optional(v.number()),
    ratingStars: v.optional(v.number()),
    checklist: v.object({
      exists: v.boolean(),
      ownedBySubmitter: v.boolean(),
      publishedAfterIdea: v.union(v.boolean(), v.null()),
      durationAllowed: v.union(v.boolean(), v.null()),
    }),
    // Hidden by an operator (model/moderation): gone from every screen, cannot win.
    removedAt: v.optional(v.number()),
  })
    .index("by_idea_votes", ["ideaId", "netVotes"])
    .index("by_idea_video", ["ideaId", "platform", "videoId"])
    .index("by_idea_eligible_qualified", ["ideaId", "eligible", "qualifiedVotes"])
    .index("by_idea_finalist", ["ideaId", "finalist"])
    .index("by_author", ["authorId"])
    // A person's videos on one idea (their role in its conversation, their standing).
    .index("by_idea_author", ["ideaId", "authorId"])
    // Who may hold a video: the creator whose connected channel posted it (model/submissions).
    .index("by_platform_channel", ["platform", "channelId"]),

  submissionVotes: defineTable({
    submissionId: v.id("submissions"),
    userId: v.id("users"),
    value: castVoteValidator,
    // Whether it decides money, judged when it was cast (model/money/rules.ts voteQualifies);
    // absent on votes cast before this was kept.
    qualified: v.optional(v.boolean()),
  }).index("by_user_submission", ["userId", "submissionId"]),

  // A creator's connected YouTube channel or TikTok account. Tokens are sealed and never leave
  // the server.
  platformConnections: defineTable({
    userId: v.id("users"),
    platform: videoPlatformValidator,
    accountId: v.string(),
    accountName: v.string(),
    username: v.optional(v.string()),
    accessToken: v.string(),
    refreshToken: v.optional(v.string()),
    expiresAt: v.number(),
    lastSync: v.number(),
    // The channel's or account's picture, as the platform gives it (the creator page).
    avatarUrl: v.optional(v.string()),
  })
    .index("by_user_platform", ["userId", "platform"])
    .index("by_platform_account", ["platform", "accountId"])
    .index("by_platform_username", ["platform", "username"]),

  platformVideos: defineTable({
    userId: v.id("users"),
    platform: videoPlatformValidator,
    ...connectedVideoFields,
  })
    .index("by_user_platform_video", ["userId", "platform", "videoId"])
    // A channel's videos newest first (the creator page).
    .index("by_user_published", ["userId", "publishedAt"]),

  // What each person hears about (model/notify.ts): one row per (event, person), found by its
  // dedupe key, shown in the inbox when in-app is on for its kind.
  notifications: defineTable({
    recipientId: v.id("users"),
    kind: notificationKindValidator,
    ideaId: v.id("proposals"),
    submissionId: v.optional(v.id("submissions")),
    contributionId: v.optional(v.id("contributions")),
    amountCents: v.optional(v.number()),
    // "Pick your winner by" / "set up payouts by".
    deadline: v.optional(v.number()),
    // A question, an answer or a poster's update the notification is about.
    messageId: v.optional(v.id("ideaMessages")),
    updateId: v.optional(v.id("ideaUpdates")),
    // The poster's edit it is about (idea_edited).
    editId: v.optional(v.id("ideaEdits")),
    // Judging started: where the recipient's own video stands (model/judging.ts).
    standing: v.optional(standingValidator),
    // Content an operator hid or restored (model/moderation).
    caseId: v.optional(v.id("moderationCases")),
    dedupeKey: v.string(),
    inApp: v.boolean(),
    createdAt: v.number(),
    readAt: v.optional(v.number()),
  })
    .index("by_dedupe", ["dedupeKey"])
    .index("by_recipient", ["recipientId", "inApp", "createdAt"])
    .index("by_recipient_unread", ["recipientId", "inApp", "readAt"]),

  // Ideas a person follows; posters and contributors follow automatically. An unfollow is kept
  // (following: false) so that contributing again does not follow back.
  follows: defineTable({
    userId: v.id("users"),
    ideaId: v.id("proposals"),
    following: v.boolean(),
  })
    .index("by_user_idea", ["userId", "ideaId"])
    .index("by_idea_following", ["ideaId", "following"]),

  // A person's notification switches, per kind (absent: the kind's default).
  notificationPrefs: defineTable({
    userId: v.id("users"),
    kind: notificationKindValidator,
    inApp: v.boolean(),
    email: v.boolean(),
  }).index("by_user_kind", ["userId", "kind"]),

  // The email outbox: one email per notification, sent by a scheduled action with retries and
  // one idempotency key, so it reaches Resend at most once.
  emails: defineTable({
    notificationId: v.id("notifications"),
    userId: v.id("users"),
    to: v.string(),
    kind: notificationKindValidator,
    state: emailStateValidator,
    idempotencyKey: v.string(),
    attempts: v.number(),
    nextAttemptAt: v.number(),
    leaseUntil: v.optional(v.number()),
    lastError: v.optional(v.string()),
    resendId: v.optional(v.string()),
    sentAt: v.optional(v.number()),
  })
    .index("by_notification", ["notificationId"])
    .index("by_state_next", ["state", "nextAttemptAt"]),

  // Every edit of an idea by its poster (model/ideaEdits.ts): what it was before and after, so
  // the idea page shows the full history.
  ideaEdits: defineTable({
    ideaId: v.id("proposals"),
    editorId: v.id("users"),
    before: ideaEditFieldsValidator,
    after: ideaEditFieldsValidator,
  }).index("by_idea", ["ideaId"]),
  // How an idea's page is doing, for its poster (model/ideaStats.ts): views of the idea page,
  // uses of its share buttons and visits through its share link. One row per idea.
  ideaStats: defineTable({
    ideaId: v.id("proposals"),
    views: v.number(),
    shares: v.number(),
    shareVisits: v.number(),
  }).index("by_idea", ["ideaId"]),
  // An idea's questions and answers (model/conversation.ts). A question has no parent; an
  // answer's parent is its question. The author's role on the idea is kept as it was when they
  // wrote (the poster, a creator who submitted a video, or nobody in particular).
  ideaMessages: defineTable({
    ideaId: v.id("proposals"),
    parentId: v.union(v.id("ideaMessages"), v.null()),
    authorId: v.id("users"),
    role: messageRoleValidator,
    body: v.string(),
    // Answers under a question (a counter: the thread never counts its rows).
    answerCount: v.number(),
    // Hidden by the idea's poster: its words are no longer shown to anyone.
    hiddenAt: v.optional(v.number()),
    // Distinct people who reported it.
    reportCount: v.number(),
    // A question still waiting for the poster's answer (their control room counts them);
    // absent on messages written before it was kept, and on answers.
    awaitingPoster: v.optional(v.boolean()),
    // The poster answered this question (so showing it again does not make it wait again).
    posterAnswered: v.optional(v.boolean()),
    // Hidden by an operator (model/moderation): gone from every screen.
    removedAt: v.optional(v.number()),
  })
    .index("by_idea_parent", ["ideaId", "parentId"])
    .index("by_idea_awaiting", ["ideaId", "awaitingPoster"])
    // The poster's list of reported messages on their idea.
    .index("by_idea_reports", ["ideaId", "reportCount"])
    // A banned person's messages, hidden with them (model/moderation).
    .index("by_author", ["authorId"]),

  // One report per person per message.
  ideaMessageReports: defineTable({
    messageId: v.id("ideaMessages"),
    reporterId: v.id("users"),
    reason: messageReportReasonValidator,
  }).index("by_message_reporter", ["messageId", "reporterId"]),

  // The poster's updates on their idea, newest first on the idea page and sent to followers.
  ideaUpdates: defineTable({
    ideaId: v.id("proposals"),
    authorId: v.id("users"),
    body: v.string(),
    // About the bounty, the deadline or judging: emailed by default (model/ideaUpdates.ts).
    topic: updateTopicValidator,
    // Hidden by an operator (model/moderation): gone from every screen.
    removedAt: v.optional(v.number()),
    // The poster emailed it to the idea's backers (at most one a day per idea).
    emailedAt: v.optional(v.number()),
  })
    // Newest first on the idea page (by _creationTime); the emailed ones by when they went out.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_idea", ["ideaId"])
    .index("by_idea_emailed", ["ideaId", "emailedAt"]),

  // OAuth requests in flight: the state binds the callback to the person who started it.
  oauthStates: defineTable({
    state: v.string(),
    userId: v.id("users"),
    platform: videoPlatformValidator,
    codeVerifier: v.optional(v.string()),
    returnToSettings: v.boolean(),
    expiresAt: v.number(),
  })
    .index("by_state", ["state"])
    .index("by_expiry", ["expiresAt"]),
});
