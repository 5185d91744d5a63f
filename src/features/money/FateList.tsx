// <FateList parts />: where a contribution's money is, one sentence per part (product rules
// "Money": each contributor sees where each of their own contributions is). Used on the
// contribution page (`fate` from `bySession`) and in the idea page's "Your contributions" card.
import type { Id } from "../../../convex/_generated/dataModel";
import type { FatePart, FateState } from "../../../convex/model/money/states";
import { fateSentence } from "./moneyText";
import type { BackerOptionsView } from "../moves/BackerOptions";
import styles from "./FateList.module.css";
import { moduleClass } from "../../lib/moduleClass";

/** One of the caller's contributions to an idea (`api.contributions.myFates`). */
export interface ContributionFates {
  contributionId: Id<"contributions">;
  sessionId: string | null;
  amountCents: number;
  createdAt: number;
  parts: FatePart[];
  movedFrom?: { ideaId: Id<"proposals">; title: string; at: number };
  /** What its backer can still do with it (absent in older fixtures). */
  options?: BackerOptionsView;
}

/** How each state looks: settled for good, still moving, waiting, or a problem. */
const TONE: Record<FateState, "done" | "moving" | "waiting" | "problem"> = {
  not_finished: "waiting",
  processing: "waiting",
  counting: "waiting",
  awarded_waiting: "waiting",
  awarded_paying: "moving",
  on_hold: "problem",
  returning: "moving",
  paid: "done",
  refunding: "moving",
  refunded: "done",
  refund_failed: "problem",
  disputed: "problem",
  lost: "problem",
  waiting_to_move: "waiting",
  moved: "done",
};

export function FateList({ parts }: { parts: FatePart[] }) {
  if (parts.length === 0) return null;
  return (
    <ul className={styles.fateList}>
      {parts.map((part, index) => (
        <li
          key={`${part.state}-${index}`}
          className={`${styles.fate} ${moduleClass(styles, `fate--${TONE[part.state]}`)}`}
          data-state={part.state}
          data-testid="fate"
        >
          <span className={styles.fateDot} aria-hidden="true" />
          <span className={styles.fateText}>{fateSentence(part)}.</span>
        </li>
      ))}
    </ul>
  );
}

export default FateList;
