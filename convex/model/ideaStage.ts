// Where an idea is in its life, and what every screen says about it: Open → Judging → Awarded
// or Refunded. One derivation from the idea's ending (model/ideaOutcome.ts endingOf), shared by
// the server and the web app, so the card, the idea page and its stepper, the bounty box, My
// Bounties, the share page and its image, and the emails never disagree (issues 28 and 29).
// A stage is named only when it is true: "Refunded" once Stripe confirmed every refund,
// "Refunding" before; an idea no video can win is refunded at its deadline (product rules
// "Ideas"), so it never reads as judging.
import { v, type Infer } from "convex/values";
import { expiryLabel, formatLongDate, formatMoney } from "./labels";

/** How an idea ends, as a list card shows it: read from the idea's own document (no reads: lists stay cheap). */
export const ideaEndingValidator = v.union(
  v.object({ kind: v.literal("open") }),
  v.object({
    kind: v.literal("judging"),
    until: v.number(),
    /** Some submission can still win; false: nothing to judge, the money goes back. */
    canWin: v.boolean(),
    /** The bounty that judging decides (or that goes back when no video can win). */
    heldCents: v.number(),
  }),
  v.object({
    kind: v.literal("awarded"),
    awardedCents: v.number(),
    paidOutCents: v.number(),
    /** Nothing paid yet because the winner has no payout account: who, and until when. */
    waiting: v.optional(v.object({ creatorName: v.string(), until: v.number() })),
    /** Awarded money that cannot move now: frozen by a card dispute, or a payment that failed. */
    frozenCents: v.optional(v.number()),
    onHoldCents: v.optional(v.number()),
  }),
  v.object({
    kind: v.literal("refunded"),
    /** Confirmed by Stripe. */
    refundedCents: v.number(),
    /**
     * Asked of Stripe, not yet confirmed (or failed and with the operator), or waiting for its
     * backer to move it to another idea.
     */
    pendingCents: v.number(),
    /** Moved by its backers to other ideas (product rules "Moving money to another idea"). */
    movedCents: v.optional(v.number()),
    /** Of `pendingCents`: waiting for its backers to move it (refunded if they don't). */
    waitingCents: v.optional(v.number()),
    /** Settled at its deadline: no video could win, so judging never happened. */
    judgingSkipped: v.optional(v.boolean()),
  }),
  v.object({ kind: v.literal("ended"), judgingSkipped: v.optional(v.boolean()) }),
);
export type IdeaEnding = Infer<typeof ideaEndingValidator>;

export type IdeaStage = "open" | "judging" | "awarded" | "refunding" | "refunded" | "ended";
export type StepState = "done" | "current" | "upcoming" | "skipped";

export interface Step {
  key: "open" | "judging" | "end";
  label: string;
  state: StepState;
}

/** What is happening now, beside the spec's "Completed" (product rules "Ideas"). */
const END_LABELS: Record<Exclude<IdeaStage, "open" | "judging">, string> = {
  awarded: "Awarded",
  refunding: "Refunding",
  refunded: "Refunded",
  ended: "Ended",
};

export function ideaStageOf(ending: IdeaEnding): IdeaStage {
  switch (ending.kind) {
    case "open":
    case "awarded":
    case "ended":
      return ending.kind;
    case "judging":
      // No video can win: nothing is left to judge, the money goes back at the deadline.
      if (ending.canWin) return "judging";
      return ending.heldCents > 0 ? "refunding" : "ended";
    case "refunded":
      return ending.pendingCents > 0 ? "refunding" : "refunded";
  }
}

/**
 * Whether the idea went without judging: no video could win at its deadline, so its money went
 * back then (product rules "Ideas"). Its stepper shows judging as skipped, never as done.
 */
export function judgingSkipped(ending: IdeaEnding): boolean {
  switch (ending.kind) {
    case "judging":
      return !ending.canWin;
    case "refunded":
    case "ended":
      return ending.judgingSkipped === true;
    default:
      return false;
  }
}

/** The three steps, each done, current, still to come, or skipped (judging, when it was). */
export function ideaSteps(ending: IdeaEnding): Step[] {
  const stage = ideaStageOf(ending);
  if (stage === "open")
    return [
      { key: "open", label: "Open", state: "current" },
      { key: "judging", label: "Judging", state: "upcoming" },
      { key: "end", label: "Awarded or Refunded", state: "upcoming" },
    ];
  if (stage === "judging")
    return [
      { key: "open", label: "Open", state: "done" },
      { key: "judging", label: "Judging", state: "current" },
      { key: "end", label: "Awarded or Refunded", state: "upcoming" },
    ];
  return [
    { key: "open", label: "Open", state: "done" },
    { key: "judging", label: "Judging", state: judgingSkipped(ending) ? "skipped" : "done" },
    { key: "end", label: END_LABELS[stage], state: "current" },
  ];
}

// --- What each surface says ------------------------------------------------------------------

/** What an idea's status is read from: the same card fields on every surface. */
export interface IdeaFacts {
  ending: IdeaEnding;
  expiration: number;
  bountyCents: number;
  backerCount: number;
  submissionCount: number;
}

/** The bounty's figure where the bounty is shown: what one can earn, or what it became. */
export interface IdeaFigure {
  /** "Bounty", "Awarded", "Refunding", "Refunded", "Ended". */
  label: string;
  /** The amount, or null when there is none ("No bounty"). */
  cents: number | null;
  /** "Winner to be announced {date}", "Paid out", "No eligible video arrived"…; null while open. */
  note: string | null;
}

export interface IdeaStatus {
  stage: IdeaStage;
  /** The spec's expiry label: "N days left" while open, "Completed" once past (spec §4). */
  expiry: string;
  /** What is happening now, beside "Completed"; null while open. */
  now: string | null;
  /** One word or phrase for a badge: "Open" or `now`. */
  badge: string;
  figure: IdeaFigure;
}

/** Judging's end has passed and settlement is running: the winner is being announced. */
export const ANNOUNCING_WINNER = "Announcing the winner";

/**
 * "Judging until {date}" while the date is ahead; once it passed (settlement runs in a moment),
 * the winner is being announced: a past date is never said to be ahead.
 */
export function judgingUntilText(until: number, now: number): string {
  return until > now ? `Judging until ${formatLongDate(until)}` : ANNOUNCING_WINNER;
}

/**
 * When the winner is known, in the right tense (issue 37): "Winner to be announced {date}" for a
 * date ahead, "Winner announced {date}" for one past. Never "picked on" a date still to come.
 */
export function winnerAnnouncedText(at: number, now: number): string {
  return at > now
    ? `Winner to be announced ${formatLongDate(at)}`
    : `Winner announced ${formatLongDate(at)}`;
}

/** "Waiting for {creator} to set up payouts (until {date})". */
export function waitingForPayoutsText(creatorName: string, until: number): string {
  return `Waiting for ${creatorName} to set up payouts (until ${formatLongDate(until)})`;
}

export const NO_ELIGIBLE_VIDEO = "No eligible video arrived";
/** An ended idea whose backers moved all of its money to other ideas (none was refunded). */
export const MOVED_LABEL = "Moved to other ideas";
export const NOBODY_FUNDED = "Nobody funded this idea";

/** "$250.00 · 4 backers": the bounty beside its bar. */
export function bountyWithBackers(cents: number, backers: number): string {
  return `${formatMoney(cents)} · ${backers} ${backers === 1 ? "backer" : "backers"}`;
}

function awardedNote(ending: Extract<IdeaEnding, { kind: "awarded" }>): string {
  const { awardedCents, paidOutCents } = ending;
  if (paidOutCents >= awardedCents) return "Paid out";
  // Money that cannot move first: it is never "being paid" (product rules "Money").
  if (ending.frozenCents) return `${formatMoney(ending.frozenCents)} frozen by a card dispute`;
  if (ending.onHoldCents)
    return `${formatMoney(ending.onHoldCents)} held: a payment could not be made; our team is on it`;
  if (ending.waiting)
    return waitingForPayoutsText(ending.waiting.creatorName, ending.waiting.until);
  if (paidOutCents > 0)
    return `${formatMoney(paidOutCents)} of ${formatMoney(awardedCents)} paid out`;
  return "Being paid to the winner";
}

function figureOf(stage: IdeaStage, facts: IdeaFacts, now: number): IdeaFigure {
  const { ending } = facts;
  switch (ending.kind) {
    case "open":
      return { label: "Bounty", cents: facts.bountyCents, note: null };
    case "judging":
      if (stage === "judging")
        return {
          label: "Bounty",
          cents: facts.bountyCents,
          // Still judging once the date passed: settlement is running, nothing is announced yet.
          note: ending.until > now ? winnerAnnouncedText(ending.until, now) : ANNOUNCING_WINNER,
        };
      if (stage === "refunding")
        return { label: "Refunding", cents: ending.heldCents, note: NO_ELIGIBLE_VIDEO };
      return { label: "Ended", cents: null, note: NOBODY_FUNDED };
    case "awarded":
      return { label: "Awarded", cents: ending.awardedCents, note: awardedNote(ending) };
    case "refunded": {
      const moved = ending.movedCents ?? 0;
      const waiting = ending.waitingCents ?? 0;
      // Money its backers moved (or may still move) to other ideas is said so, never called
      // refunded.
      const note = [
        NO_ELIGIBLE_VIDEO,
        ...(moved > 0 ? [`${formatMoney(moved)} moved to other ideas`] : []),
        ...(waiting > 0 ? [`${formatMoney(waiting)} may move to other ideas`] : []),
      ].join(" · ");
      if (stage === "refunded" && ending.refundedCents === 0 && moved > 0)
        return { label: "Moved", cents: moved, note: NO_ELIGIBLE_VIDEO };
      return stage === "refunded"
        ? { label: "Refunded", cents: ending.refundedCents, note }
        : { label: "Refunding", cents: ending.pendingCents + ending.refundedCents, note };
    }
    case "ended":
      return { label: "Ended", cents: null, note: NOBODY_FUNDED };
  }
}

/**
 * Everything a surface says about an idea's state, from its card fields and the time. The one
 * function behind every card, idea page, bounty box, My Bounties row, share page and image.
 */
export function ideaStatusOf(facts: IdeaFacts, now: number): IdeaStatus {
  const stage = ideaStageOf(facts.ending);
  const expiry = stage === "open" ? expiryLabel(facts.expiration, now) : "Completed";
  let current: string | null;
  if (stage === "open") current = null;
  else if (stage === "judging" && facts.ending.kind === "judging")
    current = judgingUntilText(facts.ending.until, now);
  else if (
    stage === "refunded" &&
    facts.ending.kind === "refunded" &&
    facts.ending.refundedCents === 0 &&
    (facts.ending.movedCents ?? 0) > 0
  )
    current = MOVED_LABEL;
  else current = END_LABELS[stage as Exclude<IdeaStage, "open" | "judging">];
  return {
    stage,
    expiry,
    now: current,
    badge: current ?? "Open",
    figure: figureOf(stage, facts, now),
  };
}

/**
 * The outcome notice's sentence (the inbox and the email), from the same status every screen
 * shows: an idea whose refunds Stripe has not all confirmed is "being refunded", never
 * "refunded". `winnerTitle`: the video awarded the most.
 */
export function outcomeText(ideaTitle: string, status: IdeaStatus, winnerTitle: string | null) {
  const idea = `"${ideaTitle}"`;
  switch (status.stage) {
    case "awarded":
      return winnerTitle === null
        ? `${idea} was awarded.`
        : `${idea} was awarded to "${winnerTitle}".`;
    case "refunding":
      return `${idea} ended without an eligible video: its contributions are being refunded.`;
    case "refunded":
      return `${idea} ended without an eligible video: its contributions were refunded.`;
    case "ended":
      return `${idea} ended without a bounty.`;
    case "judging":
    case "open":
      return `${idea}: ${status.badge}.`;
  }
}

/** A figure's amount as text: "$250.00", or "No bounty". */
export function figureAmount(figure: IdeaFigure): string {
  return figure.cents === null ? "No bounty" : formatMoney(figure.cents);
}
