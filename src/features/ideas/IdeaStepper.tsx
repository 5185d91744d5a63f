// <IdeaStepper ending />: where the idea is in its life, Open → Judging → Awarded or Refunded.
// The steps come from convex/model/ideaStage.ts, the one derivation every screen shares. A stage
// that never happened (judging, when no video could win at the deadline) shows as skipped.
import clsx from "clsx";
import { Check, Minus } from "lucide-react";
import { ideaSteps, type StepState } from "../../../convex/model/ideaStage";
import type { IdeaEnding } from "../../../convex/model/ideaOutcome";
import styles from "./IdeaStepper.module.css";
import { moduleClass } from "../../lib/moduleClass";

const SPOKEN: Record<StepState, string> = {
  done: "done",
  current: "now",
  upcoming: "to come",
  skipped: "skipped",
};

export default function IdeaStepper({ ending }: { ending: IdeaEnding }) {
  const steps = ideaSteps(ending);
  return (
    <ol className={styles.ideaStepper} aria-label="Where this idea is">
      {steps.map((step) => (
        <li
          key={step.key}
          className={clsx(styles.ideaStepperStep, moduleClass(styles, `is-${step.state}`))}
          aria-current={step.state === "current" ? "step" : undefined}
        >
          <span className={styles.ideaStepperDot} aria-hidden="true">
            {step.state === "done" ? <Check size={12} strokeWidth={3} /> : null}
            {step.state === "skipped" ? <Minus size={12} strokeWidth={3} /> : null}
          </span>
          <span className="idea-stepper__label">
            {step.state === "skipped" ? `${step.label} skipped` : step.label}
          </span>
          {step.state === "skipped" ? null : (
            <span className="visually-hidden">: {SPOKEN[step.state]}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
