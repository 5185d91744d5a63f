// Where an idea is in its life, as the idea page's stepper shows it: Open → Judging → Awarded
// or Refunded (issue 29). One derivation from the idea's ending (model/ideaOutcome.ts endingOf),
// shared by the server and the web app so every screen that names the stage agrees (issue 28
// unifies the labels on top of this). A stage is named only when it is true: "Refunded" once
// Stripe confirmed every refund, "Refunding" before.
import type { IdeaEnding } from "./ideaOutcome";

export type IdeaStage = "open" | "judging" | "awarded" | "refunding" | "refunded" | "ended";
export type StepState = "done" | "current" | "upcoming";

export interface Step {
  key: "open" | "judging" | "end";
  label: string;
  state: StepState;
}

const END_LABELS: Record<Exclude<IdeaStage, "open" | "judging">, string> = {
  awarded: "Awarded",
  refunding: "Refunding",
  refunded: "Refunded",
  ended: "Ended",
};

export function ideaStageOf(ending: IdeaEnding): IdeaStage {
  switch (ending.kind) {
    case "open":
    case "judging":
    case "awarded":
    case "ended":
      return ending.kind;
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
