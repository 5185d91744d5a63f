// The money domain's tables, spread into convex/schema.ts (`...moneyTables`). Their values are
// declared in states.ts; who writes which table, and what each write refreshes, is in
// README.md beside this file.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import {
  awardPassedBecauseValidator,
  awardStatusValidator,
  callFailureValidator,
  contributionOutcomeValidator,
  contributionStatusValidator,
  customerDetailsValidator,
  heldReasonValidator,
  ifNobodyDeliversValidator,
  ledgerDeltasValidator,
  ledgerKindValidator,
  moneyBucketsValidator,
  movementKindValidator,
  movedFromValidator,
  movementStateValidator,
  payoutPreferenceValidator,
} from "./states";

export const moneyTables = {
  // Card contributions to ideas, through Stripe Checkout. `status` only moves forward
  // (amounts.ts canMove). Once paid, the money's whereabouts (`money`, `heldReason`,
  // `heldUntil`) are derived by ledger.ts from Stripe's objects and our movements, refreshed by
  // triggers.ts after every write that can change them; nothing else writes those fields.
  contributions: defineTable({
    ideaId: v.id("proposals"),
    contributorId: v.optional(v.id("users")),
    amountCents: v.number(),
    status: contributionStatusValidator,
    payoutPreference: payoutPreferenceValidator,
    checkoutSessionId: v.optional(v.string()),
    paymentIntentId: v.optional(v.string()),
    customerDetails: v.optional(customerDetailsValidator),
    paidAt: v.optional(v.number()),
    // What Stripe collected (its amount and currency); only USD counts toward the bounty.
    collectedCents: v.optional(v.number()),
    currency: v.optional(v.string()),
    // A paid session that carried this idea's contribution id but is not the contribution's own.
    unmatched: v.optional(v.boolean()),
    money: v.optional(moneyBucketsValidator),
    // Why its held money is still here and until when (rules.ts heldReasonOf); absent while
    // none is held.
    heldReason: v.optional(heldReasonValidator),
    heldUntil: v.optional(v.number()),
    // Decided at settlement (or later, for late money): awarded, or refund planned.
    settled: v.boolean(),
    outcome: v.optional(contributionOutcomeValidator),
    awardedSubmissionId: v.optional(v.id("submissions")),
    // Pending and processing payments are re-read from Stripe after this time.
    recheckAt: v.optional(v.number()),
    // Whether the backer's name shows on the idea's backers list (absent: "a backer").
    showName: v.optional(v.boolean()),
    // "If nobody delivers": refund me (absent: the default) or let me move it (moves.ts).
    ifNobodyDelivers: v.optional(ifNobodyDeliversValidator),
    // Nobody delivered and its backer chose to move it: until when they may (then refunded).
    moveBy: v.optional(v.number()),
    // Moved to another idea: the contribution it became there, and when.
    movedToId: v.optional(v.id("contributions")),
    movedAt: v.optional(v.number()),
    // Moved here from another idea: the same charge, no new payment (product rules).
    movedFrom: v.optional(movedFromValidator),
    // The idea deadline its held money was last placed against: an extension rewrites it, which
    // refreshes the held money's deadline through the trigger (model/money/extension.ts).
    placedForExpiration: v.optional(v.number()),
  })
    .index("by_session", ["checkoutSessionId"])
    .index("by_payment_intent", ["paymentIntentId"])
    .index("by_idea_status", ["ideaId", "status", "settled"])
    .index("by_status_recheck", ["status", "recheckAt"])
    .index("by_contributor_idea", ["contributorId", "ideaId"])
    // The operator page: held money by reason and deadline, and refunds that failed.
    .index("by_held", ["heldReason", "heldUntil"])
    // An idea's held money by reason (until when its backers may move it).
    .index("by_idea_held", ["ideaId", "heldReason", "heldUntil"])
    .index("by_refund_failed", ["money.refundFailedCents"])
    // The operator page's latest moves between ideas.
    .index("by_moved_at", ["movedAt"]),

  // A contributor's winner pick on an idea: covers all their customer_choice money there.
  picks: defineTable({
    ideaId: v.id("proposals"),
    userId: v.id("users"),
    submissionId: v.id("submissions"),
  })
    .index("by_user_idea", ["userId", "ideaId"])
    // How many backers picked a video (its creator's studio).
    .index("by_submission", ["submissionId"]),

  // Who a contribution's money goes to. One live award per contribution; a creator who does
  // not become payable by the claim deadline loses it to the next payable one (claims.ts).
  // The idea's awarded total and its award lines follow these rows (triggers.ts).
  awards: defineTable({
    ideaId: v.id("proposals"),
    contributionId: v.id("contributions"),
    submissionId: v.id("submissions"),
    creatorId: v.id("users"),
    amountCents: v.number(),
    status: awardStatusValidator,
    claimDeadline: v.number(),
    paidAt: v.optional(v.number()),
    // Set when it passed to the next video: why (its ledger line says so).
    passedBecause: v.optional(awardPassedBecauseValidator),
  })
    .index("by_contribution", ["contributionId"])
    .index("by_submission", ["submissionId"])
    .index("by_idea_status", ["ideaId", "status"])
    .index("by_creator_status", ["creatorId", "status"])
    .index("by_status_deadline", ["status", "claimDeadline"]),

  // Every refund, transfer and reversal we ask of Stripe: planned in the same transaction as the
  // decision, driven to the end by the reconciler (movements.ts), made exactly once.
  moneyMovements: defineTable({
    kind: movementKindValidator,
    state: movementStateValidator,
    ideaId: v.id("proposals"),
    contributionId: v.id("contributions"),
    awardId: v.optional(v.id("awards")),
    amountCents: v.number(),
    currency: v.string(),
    reason: v.string(),
    paymentIntentId: v.optional(v.string()),
    destination: v.optional(v.string()),
    // For a reversal: the transfer it reverses.
    transferId: v.optional(v.string()),
    idempotencyKey: v.string(),
    keyCreatedAt: v.number(),
    keyGeneration: v.number(),
    attempts: v.number(),
    lastOutcome: v.optional(callFailureValidator),
    lastError: v.optional(v.string()),
    nextAttemptAt: v.number(),
    leaseUntil: v.optional(v.number()),
    stripeId: v.optional(v.string()),
    sentAt: v.optional(v.number()),
    settledAt: v.optional(v.number()),
    // A confirmed transfer its creator was told of ("A payout was sent": one notice per win).
    announcedAt: v.optional(v.number()),
    // Money moved here from another idea: the idea its charge was paid to (its transfer group
    // is searched too when looking a transfer up at Stripe).
    chargeIdeaId: v.optional(v.id("proposals")),
  })
    .index("by_state_next", ["state", "nextAttemptAt"])
    .index("by_contribution", ["contributionId"])
    .index("by_stripe_id", ["stripeId"]),

  // Stripe's refunds of our payments (ours and the Dashboard's), as Stripe last reported them.
  stripeRefunds: defineTable({
    refundId: v.string(),
    paymentIntentId: v.string(),
    amountCents: v.number(),
    status: v.string(),
    movementId: v.optional(v.string()),
    // Stripe's `created`, and when it failed (rules.ts refundBuckets orders them).
    createdAt: v.optional(v.number()),
    failedAt: v.optional(v.number()),
    updatedAt: v.number(),
    // Whose money it returned when its payment's money moved between ideas: the movement's
    // contribution, else the one holding the money when Stripe first told us (ledger.ts
    // ownerOf). Absent: the payment's own contribution.
    contributionId: v.optional(v.id("contributions")),
  })
    .index("by_refund", ["refundId"])
    .index("by_payment_intent", ["paymentIntentId"]),

  // Card disputes of our payments, as Stripe last reported them.
  stripeDisputes: defineTable({
    disputeId: v.string(),
    paymentIntentId: v.string(),
    amountCents: v.number(),
    status: v.string(),
    updatedAt: v.number(),
    // Whose money it froze (the contribution holding the payment's money when it opened).
    contributionId: v.optional(v.id("contributions")),
  })
    .index("by_dispute", ["disputeId"])
    .index("by_payment_intent", ["paymentIntentId"]),

  // Creators' Stripe Connect accounts.
  payoutAccounts: defineTable({
    userId: v.id("users"),
    stripeAccountId: v.string(),
    ready: v.boolean(),
  })
    .index("by_user", ["userId"])
    .index("by_account", ["stripeAccountId"]),

  // Every movement of money, per idea: the idea page's ledger (written only by ledger.ts).
  ledgerEntries: defineTable({
    ideaId: v.id("proposals"),
    kind: ledgerKindValidator,
    // How the line changed the contribution's buckets (ledger.ts linesFor).
    deltas: v.optional(ledgerDeltasValidator),
    amountCents: v.number(),
    contributionId: v.optional(v.id("contributions")),
    submissionId: v.optional(v.id("submissions")),
  }).index("by_idea", ["ideaId"]),

  // An idea's backers (product rules "Running an idea"): one row per signed-in person, one per
  // anonymous payment, from their first payment that counted. The public list shows names only
  // where the backer chose so ("a backer" otherwise), with dates, never amounts. `listed` is
  // false once a backer took all their money back after an extension.
  backers: defineTable({
    ideaId: v.id("proposals"),
    userId: v.optional(v.id("users")),
    // An anonymous payment is a backer of its own.
    contributionId: v.optional(v.id("contributions")),
    since: v.number(),
    showName: v.boolean(),
    listed: v.boolean(),
    // The poster's emails to backers ("email this update"): absent = on; off per idea.
    updateEmails: v.optional(v.boolean()),
  })
    .index("by_idea_listed", ["ideaId", "listed", "since"])
    .index("by_idea_user", ["ideaId", "userId"])
    .index("by_contribution", ["contributionId"]),

  // Stripe events already applied (each at most once).
  stripeEvents: defineTable({ eventId: v.string(), type: v.string() }).index("by_event", [
    "eventId",
  ]),
};
