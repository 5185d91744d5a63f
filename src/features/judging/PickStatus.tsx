// <PickStatus ideaId />: for a contributor who may pick the winner, the one place that says what
// they picked and until when it can change — or, before they pick, until when they can. The
// cards' pick buttons say no date (issue 37: one panel with the date, never a second one).
import { useQuery } from "convex/react";
import { Trophy } from "lucide-react";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatLongDate, formatMoney } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import styles from "./PickStatus.module.css";

export const PICK_YOUR_WINNER = "Pick your winner by";

/** "You picked “X”. You can change your pick until {date}." */
export function pickedText(title: string, deadline: number): string {
  return `You picked “${title}”. You can change your pick until ${formatLongDate(deadline)}.`;
}

export default function PickStatus({
  ideaId,
  className,
}: {
  ideaId: Id<"proposals">;
  className?: string;
}) {
  const stake = useQuery(api.contributions.myStake, { ideaId });
  const now = useNow();
  if (!stake?.canPick || now > stake.pickDeadline) return null;
  const money = formatMoney(stake.choosingCents);
  const picked = stake.pickedSubmissionId !== null;
  return (
    <div
      className={clsx(styles.pickStatus, picked && styles.isPicked, className)}
      data-testid="pick-status"
      role="status"
    >
      <Trophy size={18} aria-hidden="true" className={styles.pickStatusIcon} />
      {picked ? (
        <p>
          <strong>{pickedText(stake.pickedTitle ?? "your video", stake.pickDeadline)}</strong> The{" "}
          {money} you gave goes to it.
        </p>
      ) : (
        <p>
          <strong>
            {PICK_YOUR_WINNER} {formatLongDate(stake.pickDeadline)}.
          </strong>{" "}
          The {money} you gave goes to the video you pick; if you don&apos;t pick one, it goes to
          the most-voted eligible video when judging ends.
        </p>
      )}
    </div>
  );
}
