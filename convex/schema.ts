import { defineSchema, defineTable } from "convex/server";
import { authTables } from "@convex-dev/auth/server";
import { v } from "convex/values";
import {
  accountTypeValidator,
  durationValidator,
  ideaPlatformValidator,
  preferredPlatformValidator,
  proposalPhaseValidator,
  proposalStatusValidator,
  videoPlatformValidator,
  contributionStatusValidator,
  payoutPreferenceValidator,
  ledgerTotalsValidator,
  submittedVideoFields,
  connectedVideoFields,
} from "./model/validators";

export default defineSchema({
  ...authTables,
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
  })
    .index("email", ["email"])
    .index("phone", ["phone"]),

  // Ideas ("proposals" in the spec). Votes, bounty and submissions are denormalised counts
  // kept in the same transaction as their source, so lists sort and read in O(page).
  proposals: defineTable({
    title: v.string(),
    description: v.string(),
    links: v.array(v.string()),
    platform: ideaPlatformValidator,
    durations: v.array(durationValidator),
    expiration: v.number(),
    authorId: v.id("users"),
    status: proposalStatusValidator,
    phase: proposalPhaseValidator,
    netVotes: v.number(),
    bountyCents: v.number(),
    submissionCount: v.number(),
    searchText: v.string(),
    closeJobId: v.optional(v.id("_scheduled_functions")),
    settleJobId: v.optional(v.id("_scheduled_functions")),
    // Money totals for the idea's ledger (absent = nothing yet).
    ledger: v.optional(ledgerTotalsValidator),
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
    .searchIndex("search", { searchField: "searchText", filterFields: ["phase"] }),

  proposalVotes: defineTable({
    proposalId: v.id("proposals"),
    userId: v.id("users"),
    value: v.union(v.literal(1), v.literal(-1)),
  }).index("by_user_proposal", ["userId", "proposalId"]),

  counters: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),

  // Videos submitted to ideas, verified on their platform, with their originality checklist.
  submissions: defineTable({
    proposalId: v.id("proposals"),
    authorId: v.id("users"),
    ...submittedVideoFields,
    netVotes: v.number(),
    checklist: v.object({
      exists: v.boolean(),
      ownedBySubmitter: v.boolean(),
      publishedAfterIdea: v.union(v.boolean(), v.null()),
      durationAllowed: v.union(v.boolean(), v.null()),
    }),
  })
    .index("by_proposal_votes", ["proposalId", "netVotes"])
    .index("by_proposal_video", ["proposalId", "platform", "videoId"])
    .index("by_author", ["authorId"]),

  submissionVotes: defineTable({
    submissionId: v.id("submissions"),
    userId: v.id("users"),
    value: v.union(v.literal(1), v.literal(-1)),
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
  }).index("by_user_platform", ["userId", "platform"]),

  platformVideos: defineTable({
    userId: v.id("users"),
    platform: videoPlatformValidator,
    ...connectedVideoFields,
  }).index("by_user_platform_video", ["userId", "platform", "videoId"]),

  // Card contributions to ideas, through Stripe Checkout. `status` only moves forward (see
  // model/money.ts); `settled` marks a paid contribution that has been awarded or refunded.
  contributions: defineTable({
    proposalId: v.id("proposals"),
    contributorId: v.optional(v.id("users")),
    amountCents: v.number(),
    status: contributionStatusValidator,
    payoutPreference: payoutPreferenceValidator,
    pickedSubmissionId: v.optional(v.id("submissions")),
    checkoutSessionId: v.optional(v.string()),
    paymentIntentId: v.optional(v.string()),
    customerDetails: v.optional(
      v.object({
        name: v.optional(v.string()),
        email: v.optional(v.string()),
        country: v.optional(v.string()),
      }),
    ),
    paidAt: v.optional(v.number()),
    refundedCents: v.number(),
    settled: v.boolean(),
    outcome: v.optional(v.union(v.literal("awarded"), v.literal("refund"))),
    awardedSubmissionId: v.optional(v.id("submissions")),
  })
    .index("by_session", ["checkoutSessionId"])
    .index("by_payment_intent", ["paymentIntentId"])
    .index("by_proposal_status", ["proposalId", "status", "settled"])
    .index("by_contributor_proposal", ["contributorId", "proposalId"]),

  // What creators have won, one row per awarded contribution, until it is transferred.
  earnings: defineTable({
    creatorId: v.id("users"),
    submissionId: v.id("submissions"),
    proposalId: v.id("proposals"),
    contributionId: v.id("contributions"),
    amountCents: v.number(),
    status: v.union(v.literal("owed"), v.literal("paid")),
    transferId: v.optional(v.string()),
    // Stripe refusals so far: a refused transfer is retried under a new idempotency key.
    refusedTransfers: v.optional(v.number()),
  })
    .index("by_creator_status", ["creatorId", "status"])
    .index("by_submission", ["submissionId"])
    .index("by_contribution", ["contributionId"]),

  // Creators' Stripe Connect accounts.
  payoutAccounts: defineTable({
    userId: v.id("users"),
    stripeAccountId: v.string(),
    ready: v.boolean(),
  })
    .index("by_user", ["userId"])
    .index("by_account", ["stripeAccountId"]),

  // Every movement of money, per idea: the idea page's ledger.
  ledgerEntries: defineTable({
    proposalId: v.id("proposals"),
    kind: v.union(
      v.literal("contributed"),
      v.literal("refunded"),
      v.literal("awarded"),
      v.literal("paid_out"),
    ),
    amountCents: v.number(),
    contributionId: v.optional(v.id("contributions")),
    submissionId: v.optional(v.id("submissions")),
  }).index("by_proposal", ["proposalId"]),

  // Refunds Stripe reported per payment (cumulative), kept even when the payment's own events
  // have not arrived yet, so a refund is never lost to ordering.
  stripeRefunds: defineTable({
    paymentIntentId: v.string(),
    amountRefundedCents: v.number(),
  }).index("by_payment_intent", ["paymentIntentId"]),

  // Stripe events already applied (each at most once).
  stripeEvents: defineTable({ eventId: v.string(), type: v.string() }).index("by_event", [
    "eventId",
  ]),

  // OAuth requests in flight: the state binds the callback to the person who started it.
  oauthStates: defineTable({
    state: v.string(),
    userId: v.id("users"),
    platform: videoPlatformValidator,
    codeVerifier: v.optional(v.string()),
    returnToSettings: v.boolean(),
    expiresAt: v.number(),
  }).index("by_state", ["state"]),
});
