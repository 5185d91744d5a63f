// The idea page's account of how the idea stands once its deadline passed: judging (who
// decides, until when, who leads, and for a contributor who may pick, what they picked and until
// when it can change — the one panel with that date), the winners (paid on a date, or waiting
// for their creator until the claim deadline) with the winner card to share, or the refund.
// Live: it follows settlement as it happens.
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Award, Hourglass, RotateCcw } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatMoney } from "../../lib/format";
import {
  judgingUntilText,
  NO_ELIGIBLE_VIDEO,
  waitingForPayoutsText,
} from "../../../convex/model/ideaStage";
import { useNow } from "../../lib/useNow";
import PickStatus from "../judging/PickStatus";
import WinnerCard from "../share/WinnerCard";
import { awardState } from "../money/moneyText";
import styles from "./IdeaOutcome.module.css";
import VideoThumb from "../../components/VideoThumb";
import { moduleClass } from "../../lib/moduleClass";

type Outcome = NonNullable<FunctionReturnType<typeof api.ideas.outcome>>;
type Winner = Extract<Outcome, { kind: "awarded" }>["winners"][number];

export { NO_ELIGIBLE_VIDEO };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The outcome banner, or nothing while the idea is open (or still loading). */
export default function IdeaOutcome({ ideaId }: { ideaId: Id<"proposals"> }) {
  const outcome = useQuery(api.ideas.outcome, { ideaId });
  if (!outcome || outcome.kind === "open") return null;
  return (
    <section
      className={`card ${styles.ideaOutcome} ${moduleClass(styles, `idea-outcome--${outcome.kind}`)}`}
      data-testid="idea-outcome"
      aria-labelledby="idea-outcome-title"
    >
      <OutcomeBody outcome={outcome} ideaId={ideaId} />
    </section>
  );
}

function OutcomeBody({
  outcome,
  ideaId,
}: {
  outcome: Exclude<Outcome, { kind: "open" }>;
  ideaId: Id<"proposals">;
}) {
  const now = useNow();
  switch (outcome.kind) {
    case "judging":
      // No video can win: nothing is judged, the money goes back at the deadline.
      if (!outcome.leader)
        return (
          <h2 id="idea-outcome-title" className={styles.ideaOutcomeTitle}>
            <RotateCcw size={20} aria-hidden="true" /> {NO_ELIGIBLE_VIDEO}
            {outcome.bountyCents > 0
              ? ` — ${formatMoney(outcome.bountyCents)} is being returned to its backers.`
              : "."}
          </h2>
        );
      return (
        <>
          <h2 id="idea-outcome-title" className={styles.ideaOutcomeTitle}>
            <Hourglass size={20} aria-hidden="true" />{" "}
            {judgingUntilText(outcome.judgingEndsAt, now)}
          </h2>
          <p>
            Backers who chose to pick a winner decide where their own money goes; the rest goes to
            the most-voted eligible video when judging ends, and the winner is announced then.
          </p>
          <p className={styles.ideaOutcomeLeader}>
            Leading now:{" "}
            <a href={outcome.leader.url} target="_blank" rel="noopener noreferrer">
              {outcome.leader.title}
            </a>{" "}
            by {outcome.leader.creatorName} · {plural(outcome.leader.countedVotes, "counted vote")}
          </p>
          <PickStatus ideaId={ideaId} />
        </>
      );
    case "awarded":
      return (
        <>
          <h2 id="idea-outcome-title" className={styles.ideaOutcomeTitle}>
            <Award size={20} aria-hidden="true" />{" "}
            {outcome.winners.length === 1 ? "Winner" : `${outcome.winners.length} winners`}
          </h2>
          <ul className={styles.ideaOutcomeWinners}>
            {outcome.winners.map((w) => (
              <WinnerItem key={w.submissionId} winner={w} />
            ))}
          </ul>
          {outcome.refundedCents > 0 ? (
            <p className={styles.ideaOutcomeNote}>
              {formatMoney(outcome.refundedCents)} was returned to backers.
            </p>
          ) : null}
          {outcome.winners[0] ? (
            <WinnerCard ideaId={ideaId} videoTitle={outcome.winners[0].title} />
          ) : null}
        </>
      );
    case "refunded":
      return (
        <>
          <h2 id="idea-outcome-title" className={styles.ideaOutcomeTitle}>
            <RotateCcw size={20} aria-hidden="true" />{" "}
            {outcome.refundedCents > 0
              ? `${NO_ELIGIBLE_VIDEO} — ${formatMoney(outcome.refundedCents)} returned to ${plural(outcome.backers, "backer")}`
              : NO_ELIGIBLE_VIDEO}
          </h2>
          {outcome.pendingCents > 0 ? (
            <p className={styles.ideaOutcomeNote}>
              {formatMoney(outcome.pendingCents)} is still being refunded (or waits for backers who
              chose to move theirs to another idea); the ledger below shows each movement.
            </p>
          ) : null}
          {outcome.movedCents ? (
            <p className={styles.ideaOutcomeNote}>
              {formatMoney(outcome.movedCents)} was moved by its backers to other ideas.
            </p>
          ) : null}
        </>
      );
    case "ended":
      return (
        <h2 id="idea-outcome-title" className={styles.ideaOutcomeTitle}>
          This idea ended without a bounty.
        </h2>
      );
  }
}

function WinnerItem({ winner }: { winner: Winner }) {
  // The money box's words for an award (frozen or held money is never "waiting" or "being paid");
  // a waiting award names who it waits for, as the bounty box does.
  const state = awardState(winner);
  const status =
    winner.status === "waiting"
      ? waitingForPayoutsText(winner.creatorName, winner.claimDeadline)
      : state.charAt(0).toUpperCase() + state.slice(1);
  return (
    <li className={styles.ideaOutcomeWinner}>
      <VideoThumb
        url={winner.thumbnailUrl}
        width={160}
        height={90}
        className={styles.ideaOutcomeThumb}
      />
      <div className={styles.ideaOutcomeWinnerText}>
        <a
          href={winner.url}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.ideaOutcomeVideo}
        >
          {winner.title}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <span className={styles.ideaOutcomeCreator}>by {winner.creatorName}</span>
        <span className={styles.ideaOutcomeAmount}>{formatMoney(winner.amountCents)}</span>
        <span
          className={`${styles.ideaOutcomeStatus} ${moduleClass(styles, `idea-outcome__status--${winner.status}`)}`}
        >
          {status}
        </span>
      </div>
    </li>
  );
}
