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
  ledgerDeltasValidator,
  ledgerKindValidator,
  moneyBucketsValidator,
  movementKindValidator,
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
  })
    .index("by_session", ["checkoutSessionId"])
    .index("by_payment_intent", ["paymentIntentId"])
    .index("by_idea_status", ["ideaId", "status", "settled"])
    .index("by_status_recheck", ["status", "recheckAt"])
    .index("by_contributor_idea", ["contributorId", "ideaId"])
    // The operator page: held money by reason and deadline, and refunds that failed.
    .index("by_held", ["heldReason", "heldUntil"])
    .index("by_refund_failed", ["money.refundFailedCents"]),

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

  // Stripe events already applied (each at most once).
  stripeEvents: defineTable({ eventId: v.string(), type: v.string() }).index("by_event", [
    "eventId",
  ]),
};
