// The pieces every screen uses to say where an idea is, all drawn from ideaStatusOf
// (convex/model/ideaStage.ts): the spec's expiry label with what is happening now beside it,
// the bounty's figure, and the allowed lengths as chips. One function, one wording.
import clsx from "clsx";
import { Clock } from "lucide-react";
import {
  figureAmount,
  ideaStatusOf,
  type IdeaFacts,
  type IdeaStatus,
} from "../../../convex/model/ideaStage";
import { allowedLengths, DAY_MS } from "../../../convex/model/labels";
import type { Duration } from "../../../convex/model/validators";
import { formatLongDate } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import styles from "./IdeaStatus.module.css";

/** The idea's status now, live: "3 days left" counts down and flips to "Completed". */
export function useIdeaStatus(facts: IdeaFacts): IdeaStatus {
  const now = useNow();
  return ideaStatusOf(facts, now);
}

/** The badge class for a stage: judging stands out, endings are calm. */
export function statusBadgeClass(status: IdeaStatus): string {
  switch (status.stage) {
    case "open":
      return "badge badge-success";
    case "judging":
      return "badge badge-warning";
    case "awarded":
      return "badge badge-success";
    default:
      return "badge";
  }
}

/**
 * "3 days left", or "Completed" with what is happening now beside it ("Judging until …",
 * "Awarded", "Refunding", "Refunded").
 */
export function ExpiryWithStatus({
  status,
  expiration,
  className,
}: {
  status: IdeaStatus;
  expiration: number;
  className?: string;
}) {
  const now = useNow();
  // Under a day left on an open idea: the label stands out so backers see it before it closes.
  const endingSoon = status.stage === "open" && expiration > now && expiration - now < DAY_MS;
  return (
    <span className={clsx(styles.ideaStatus, className)}>
      <span className={styles.ideaStatusExpiry}>
        <Clock size={14} strokeWidth={2} aria-hidden="true" />
        <time
          className={endingSoon ? styles.expiryEndingSoon : undefined}
          dateTime={new Date(expiration).toISOString()}
          title={`Deadline: ${formatLongDate(expiration)}`}
        >
          {status.expiry}
        </time>
      </span>
      {status.now ? (
        <span className={clsx(statusBadgeClass(status), styles.ideaStatusNow)}>{status.now}</span>
      ) : null}
    </span>
  );
}

/** A judging or finished idea's figure where the bounty is shown. */
export function StatusFigure({
  status,
  rowClassName,
  labelClassName,
  amountClassName,
}: {
  status: IdeaStatus;
  rowClassName?: string;
  labelClassName?: string;
  amountClassName?: string;
}) {
  const { figure } = status;
  return (
    <div className={styles.endingSummary} data-testid="ending-summary">
      <p className={rowClassName}>
        <span className={labelClassName}>{figure.label}</span>
        <span className={amountClassName}>{figureAmount(figure)}</span>
      </p>
      {figure.note ? <p className={styles.endingSummaryNote}>{figure.note}</p> : null}
    </div>
  );
}

/** Every length the idea allows, as chips ("Any length" when it named none). */
export function LengthChips({
  durations,
  className,
  label = "Lengths allowed",
}: {
  durations: readonly Duration[];
  className?: string;
  label?: string;
}) {
  const lengths = allowedLengths(durations);
  return (
    <ul className={clsx(styles.lengthChips, className)} aria-label={label}>
      {lengths.length === 0 ? (
        <li className="badge length-chip">Any length</li>
      ) : (
        lengths.map((length) => (
          <li key={length.key} className="badge length-chip">
            {length.label}
            <span className={styles.lengthChipText}> · {length.text.split(",")[0]}</span>
          </li>
        ))
      )}
    </ul>
  );
}

export type { IdeaFacts };
export { figureAmount };
