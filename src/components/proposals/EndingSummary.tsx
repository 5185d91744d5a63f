// What a finished (or judging) idea's bounty became, in the place the bounty is shown: the list
// cards and the idea page's bounty box. Open ideas keep the spec's "Bounty" figure instead.
import "../../styles/outcome.css";
import type { IdeaEnding } from "../../../convex/model/ideaOutcome";
import { formatLongDate, formatMoney } from "../../lib/format";

export interface EndingFigure {
  label: string;
  amount: string;
  note: string;
}

/** The figure for an ending, or null while the idea is open. */
export function endingFigure(ending: IdeaEnding, bountyCents: number): EndingFigure | null {
  switch (ending.kind) {
    case "open":
      return null;
    case "judging":
      return {
        label: "Bounty",
        amount: formatMoney(bountyCents),
        note: `Winner chosen ${formatLongDate(ending.until)}`,
      };
    case "awarded":
      return {
        label: "Awarded",
        amount: formatMoney(ending.awardedCents),
        note: `${formatMoney(ending.paidOutCents)} paid out`,
      };
    case "refunded":
      return ending.refundedCents > 0
        ? {
            label: "Refunded",
            amount: formatMoney(ending.refundedCents),
            note: "No eligible video arrived",
          }
        : {
            label: "Refunding",
            amount: formatMoney(ending.pendingCents),
            note: "No eligible video arrived",
          };
    case "ended":
      return { label: "Ended", amount: "No bounty", note: "Nobody funded this idea" };
  }
}

/** A card's figure for a judging or finished idea. */
export default function EndingSummary({ figure }: { figure: EndingFigure }) {
  return (
    <div className="ending-summary">
      <p className="proposal-card__amount">
        <span className="proposal-card__amount-label">{figure.label}</span>
        <span className="proposal-card__amount-value">{figure.amount}</span>
      </p>
      <p className="ending-summary__note">{figure.note}</p>
    </div>
  );
}
