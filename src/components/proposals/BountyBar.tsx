import "../../styles/proposals.css";
import { bountyBarFraction, formatMoney } from "../../lib/format";

/** The bounty as a fraction of the next power of ten above it (spec §2). */
export default function BountyBar({ bountyCents }: { bountyCents: number }) {
  const fraction = bountyBarFraction(bountyCents / 100);
  const percent = Math.round(fraction * 1000) / 10;
  return (
    <div
      className="bounty-bar"
      role="progressbar"
      aria-label={`Bounty ${formatMoney(bountyCents)}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="bounty-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
