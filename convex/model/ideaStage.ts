// Where an idea is in its life, and what every screen says about it: Open → Judging → Awarded
// or Refunded. One derivation from the idea's ending (model/ideaOutcome.ts endingOf), shared by
// the server and the web app, so the card, the idea page and its stepper, the bounty box, My
// Bounties, the share page and its image, and the emails never disagree (issues 28 and 29).
// A stage is named only when it is true: "Refunded" once Stripe confirmed every refund,
// "Refunding" before; an idea no video can win is refunded at its deadline (product rules
// "Ideas"), so it never reads as judging.
import type { IdeaEnding } from "./ideaOutcome";
import { expiryLabel, formatLongDate, formatMoney } from "./labels";

export type IdeaStage = "open" | "judging" | "awarded" | "refunding" | "refunded" | "ended";
export type StepState = "done" | "current" | "upcoming";

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

/** The three steps, each done, current or still to come. */
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
    { key: "judging", label: "Judging", state: "done" },
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
  /** "Winner picked on {date}", "Paid out", "No eligible video arrived"…; null while open. */
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

/** "Judging until {date}": judging ends when the winner is picked. */
export function judgingUntilText(until: number): string {
  return `Judging until ${formatLongDate(until)}`;
}

/** A future event in the future tense: the winner is picked when judging ends. */
export function winnerPickedOnText(until: number): string {
  return `Winner picked on ${formatLongDate(until)}`;
}

/** "Waiting for {creator} to set up payouts (until {date})". */
export function waitingForPayoutsText(creatorName: string, until: number): string {
  return `Waiting for ${creatorName} to set up payouts (until ${formatLongDate(until)})`;
}

export const NO_ELIGIBLE_VIDEO = "No eligible video arrived";
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

function figureOf(stage: IdeaStage, facts: IdeaFacts): IdeaFigure {
  const { ending } = facts;
  switch (ending.kind) {
    case "open":
      return { label: "Bounty", cents: facts.bountyCents, note: null };
    case "judging":
      if (stage === "judging")
        return {
          label: "Bounty",
          cents: facts.bountyCents,
          note: winnerPickedOnText(ending.until),
        };
      if (stage === "refunding")
        return { label: "Refunding", cents: ending.heldCents, note: NO_ELIGIBLE_VIDEO };
      return { label: "Ended", cents: null, note: NOBODY_FUNDED };
    case "awarded":
      return { label: "Awarded", cents: ending.awardedCents, note: awardedNote(ending) };
    case "refunded":
      return stage === "refunded"
        ? { label: "Refunded", cents: ending.refundedCents, note: NO_ELIGIBLE_VIDEO }
        : {
            label: "Refunding",
            cents: ending.pendingCents + ending.refundedCents,
            note: NO_ELIGIBLE_VIDEO,
          };
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
    current = judgingUntilText(facts.ending.until);
  else current = END_LABELS[stage as Exclude<IdeaStage, "open" | "judging">];
  return {
    stage,
    expiry,
    now: current,
    badge: current ?? "Open",
    figure: figureOf(stage, facts),
  };
}

/** A figure's amount as text: "$250.00", or "No bounty". */
export function figureAmount(figure: IdeaFigure): string {
  return figure.cents === null ? "No bounty" : formatMoney(figure.cents);
}
