// The community's tables (issue 38), spread into convex/schema.ts: people following people, the
// weekly leaderboards' counters, and the weekly digest's subscriptions and outbox.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { literals } from "convex-helpers/validators";

export const digestEmailStateValidator = literals("queued", "sent", "failed", "skipped");

export const communityTables = {
  // A person following a person (a creator, a poster): told of their new ideas and videos
  // (model/community/follows.ts). One row per pair; unfollowing deletes it.
  personFollows: defineTable({
    followerId: v.id("users"),
    personId: v.id("users"),
  })
    .index("by_follower_person", ["followerId", "personId"])
    .index("by_person", ["personId"]),

  // The boards' counters per (week, idea): money that came in that week and still counts toward
  // the bounty, and the net change of counted votes cast that week (model/community/boards.ts).
  // `week` is the week's Monday 00:00 UTC. A board reads one index range: its cost does not grow
  // with the number of ideas or payments.
  weeklyIdeaStats: defineTable({
    week: v.number(),
    ideaId: v.id("proposals"),
    fundedCents: v.number(),
    wantedVotes: v.number(),
  })
    .index("by_idea_week", ["ideaId", "week"])
    .index("by_week_funded", ["week", "fundedCents"])
    .index("by_week_wanted", ["week", "wantedVotes"]),

  // Money paid to creators per (week, creator): confirmed transfers less confirmed reversals.
  weeklyCreatorStats: defineTable({
    week: v.number(),
    creatorId: v.id("users"),
    paidCents: v.number(),
  })
    .index("by_creator_week", ["creatorId", "week"])
    .index("by_week_paid", ["week", "paidCents"]),

  // What each payment adds to its week's "funded" figure, as last counted: the board moves by
  // the difference when a refund, a dispute or a move changes what the payment still counts.
  boardFunding: defineTable({
    contributionId: v.id("contributions"),
    ideaId: v.id("proposals"),
    week: v.number(),
    countedCents: v.number(),
  }).index("by_contribution", ["contributionId"]),

  // The weekly digest (opt-in, off by default): one row per person who ever switched it on.
  // `lastSentWeek` is the week it was last queued for them, so nobody gets two in a week.
  digestSubscriptions: defineTable({
    userId: v.id("users"),
    subscribed: v.boolean(),
    lastSentWeek: v.number(),
  })
    .index("by_user", ["userId"])
    .index("by_subscribed_week", ["subscribed", "lastSentWeek"]),

  // The digest's outbox: one email per (person, week), handed to the Resend component once under
  // its own idempotency key (model/community/digest.ts, convex/digest.ts).
  digestEmails: defineTable({
    userId: v.id("users"),
    week: v.number(),
    to: v.string(),
    state: digestEmailStateValidator,
    idempotencyKey: v.string(),
    attempts: v.number(),
    nextAttemptAt: v.number(),
    lastError: v.optional(v.string()),
    resendId: v.optional(v.string()),
    sentAt: v.optional(v.number()),
  })
    .index("by_user_week", ["userId", "week"])
    .index("by_state_next", ["state", "nextAttemptAt"]),
};
