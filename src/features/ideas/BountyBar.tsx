import "../../styles/idea-list.css";
import { bountyWithBackers } from "../../../convex/model/ideaStage";
import { bountyBarFraction, formatMoney } from "../../lib/format";

/**
 * The bounty as a fraction of the next power of ten above it (spec §2), with what it means
 * beside it: "$250.00 · 4 backers". The bar's fill alone says little ($5 fills half of $10), so
 * its accessible text is the amount, not a percentage.
 */
export default function BountyBar({
  bountyCents,
  backerCount,
}: {
  bountyCents: number;
  backerCount: number;
}) {
  const fraction = bountyBarFraction(bountyCents / 100);
  const percent = Math.round(fraction * 1000) / 10;
  const amount = formatMoney(bountyCents);
  return (
    <div className="bounty-bar-row">
      <div
        className="bounty-bar"
        role="progressbar"
        aria-label="Bounty"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={amount}
      >
        <div className="bounty-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="bounty-bar__text">{bountyWithBackers(bountyCents, backerCount)}</p>
    </div>
  );
}
