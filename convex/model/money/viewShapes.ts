// What people see of money, as validators: the money functions return their views through these
// (`returns:`), and the projections in model/money/views.ts are typed from them, so what the server
// builds, what it checks and what clients read cannot drift apart.
import { v, type Infer } from "convex/values";
import { literals } from "convex-helpers/validators";
import schema from "../../schema";
import {
  contributionOutcomeValidator,
  customerDetailsValidator,
  fatePartValidator,
  heldLineReasonValidator,
  ifNobodyDeliversValidator,
} from "./states";
import { SHOWN_AWARD_STATUSES } from "./rules";

/** How an award shows (rules.ts shownAwardStatus): live, unless its money is frozen or stuck. */
export const shownAwardStatusValidator = literals(...SHOWN_AWARD_STATUSES);

/** An idea money moved from or to, and when. */
export const moveRefValidator = v.object({
  ideaId: v.id("proposals"),
  title: v.string(),
  at: v.number(),
});

/**
 * What a backer can still do with one contribution (backerOptions.ts): its "if nobody delivers"
 * choice and whether it can change, until when it may be taken back after an extension, and
 * until when it may move to another idea.
 */
export const backerOptionsValidator = v.object({
  contributionId: v.id("contributions"),
  ifNobodyDelivers: ifNobodyDeliversValidator,
  /** The choice can still change (until the idea ends for this money). */
  choiceOpen: v.boolean(),
  /** Moved here from another idea: it can't move again (refunded if nobody delivers). */
  movedIn: v.boolean(),
  /** The deadline was extended after it was paid: it may be taken back until then. */
  withdrawUntil: v.nullable(v.number()),
  /** Nobody delivered: its backer may move it until then. */
  moveBy: v.nullable(v.number()),
});

export type BackerOptions = Infer<typeof backerOptionsValidator>;

/** One of the caller's contributions to an idea, with its fate. */
export const contributionFateValidator = v.object({
  contributionId: v.id("contributions"),
  sessionId: v.nullable(v.string()),
  amountCents: v.number(),
  createdAt: v.number(),
  parts: v.array(fatePartValidator),
  /** Moved here from another idea (same charge, no new payment). */
  movedFrom: v.optional(moveRefValidator),
  options: backerOptionsValidator,
});

/** The confirmation page's view of a contribution. */
export const contributionViewValidator = schema
  .doc("contributions")
  .pick("amountCents", "status", "payoutPreference")
  .extend({
    created: v.number(),
    paidAt: v.nullable(v.number()),
    customerDetails: v.nullable(customerDetailsValidator),
    refundedCents: v.number(),
    outcome: v.nullable(contributionOutcomeValidator),
  });
export type ContributionView = Infer<typeof contributionViewValidator>;

/** What a set of awards for one video amounts to. */
export const awardSummaryValidator = v.object({
  amountCents: v.number(),
  paidCents: v.number(),
  status: shownAwardStatusValidator,
  claimDeadline: v.number(),
  paidAt: v.nullable(v.number()),
});

/** Money still on the platform, by reason, with its deadline (null: an operator is on it). */
export const heldGroupValidator = v.object({
  cents: v.number(),
  until: v.nullable(v.number()),
  reason: heldLineReasonValidator,
});
export type HeldGroup = Infer<typeof heldGroupValidator>;

/** A winning video of an idea and what it was awarded. */
export const winnerValidator = awardSummaryValidator.extend({
  submissionId: v.id("submissions"),
  title: v.string(),
  creatorName: v.string(),
});

/** The idea page's money box: totals, held money by reason, the winners. */
export const moneyBoxValidator = v.object({
  totals: v.object({
    contributedCents: v.number(),
    refundedCents: v.number(),
    refundingCents: v.number(),
    refundFailedCents: v.number(),
    paidOutCents: v.number(),
    disputedCents: v.number(),
    lostCents: v.number(),
    /** Moved by backers to other ideas, and moved in from other ideas. */
    movedOutCents: v.number(),
    movedInCents: v.number(),
    heldCents: v.number(),
    awardedWaitingCents: v.number(),
    awardedPayingCents: v.number(),
  }),
  held: v.array(heldGroupValidator),
  winners: v.array(winnerValidator),
});
export type MoneyBox = Infer<typeof moneyBoxValidator>;

/** One line of an idea's ledger as the money box lists it. */
export const ledgerLineValidator = schema
  .doc("ledgerEntries")
  .pick("_id", "kind", "amountCents")
  .extend({
    at: v.number(),
    submissionTitle: v.nullable(v.string()),
    /** The line's video was hidden by an operator: its title is not shown (null above). */
    videoHidden: v.optional(v.boolean()),
    /** A move's other idea: where the money went (moved_out) or came from (moved_in). */
    otherIdea: v.optional(v.object({ _id: v.id("proposals"), title: v.string() })),
  });

/** The idea's ledger: its money box and the latest lines. */
export const ledgerViewValidator = moneyBoxValidator.extend({
  entries: v.array(ledgerLineValidator),
});

/** A creator's award as their profile lists it. */
export const creatorAwardValidator = schema
  .doc("awards")
  .pick("ideaId", "amountCents", "claimDeadline")
  .extend({
    awardId: v.id("awards"),
    ideaTitle: v.string(),
    submissionTitle: v.string(),
    paidCents: v.number(),
    status: shownAwardStatusValidator,
    paidAt: v.nullable(v.number()),
    ownershipProven: v.boolean(),
  });
export type CreatorAward = Infer<typeof creatorAwardValidator>;
