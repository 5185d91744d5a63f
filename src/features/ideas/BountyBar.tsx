import { bountyWithBackers } from "../../../convex/model/ideaStage";
import { bountyBarFraction, formatMoney } from "../../lib/format";
import styles from "./BountyBar.module.css";

const backerCountText = (n: number) => `${n} ${n === 1 ? "backer" : "backers"}`;

/**
 * The bounty as a fraction of the next power of ten above it (spec §2), with what it means
 * beside it: "$250.00 · 4 backers" (or "4 backers" where the amount is printed just above, as
 * on a card). The bar's fill alone says little ($5 fills half of $10), so its accessible text
 * is the amount, not a percentage.
 */
export default function BountyBar({
  bountyCents,
  backerCount,
  showAmount = true,
}: {
  bountyCents: number;
  backerCount: number;
  showAmount?: boolean;
}) {
  const fraction = bountyBarFraction(bountyCents / 100);
  const percent = Math.round(fraction * 1000) / 10;
  const amount = formatMoney(bountyCents);
  return (
    <div className={styles.bountyBarRow}>
      <div
        className={styles.bountyBar}
        role="progressbar"
        aria-label="Bounty"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={amount}
      >
        <div className={styles.bountyBarFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.bountyBarText}>
        {showAmount ? bountyWithBackers(bountyCents, backerCount) : backerCountText(backerCount)}
      </p>
    </div>
  );
}
