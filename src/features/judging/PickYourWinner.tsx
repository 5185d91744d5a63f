// <PickYourWinner ideaId />: while judging, at the top of the idea page, a contributor who
// chose to pick the winner sees until when and the videos that can win, and picks one
// (contributions.pickWinner, the money rules). Nothing for anyone else.
import { useQuery } from "convex/react";
import { Trophy } from "lucide-react";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatLongDate, formatMoney } from "../../lib/format";
import { useCurrentUser } from "../../lib/session";
import { useNow } from "../../lib/useNow";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { usePickWinner } from "./usePickWinner";
import styles from "./PickYourWinner.module.css";
import VideoThumb from "../../components/VideoThumb";

export const PICK_YOUR_WINNER = "Pick your winner by";

export default function PickYourWinner({ ideaId }: { ideaId: Id<"proposals"> }) {
  return (
    <QueryErrorBoundary fallback={null}>
      <PickPanel ideaId={ideaId} />
    </QueryErrorBoundary>
  );
}

function PickPanel({ ideaId }: { ideaId: Id<"proposals"> }) {
  const stake = useQuery(api.contributions.myStake, { ideaId });
  const outcome = useQuery(api.ideas.outcome, { ideaId });
  const now = useNow();
  const judging = outcome?.kind === "judging";
  const choices = useQuery(
    api.judging.pickChoices,
    judging && stake?.canPick ? { ideaId } : "skip",
  );
  const { user } = useCurrentUser();
  const { saving, pick } = usePickWinner();

  if (!judging || !stake?.canPick || now > stake.pickDeadline || choices === undefined) return null;
  const pickable = choices.filter((c) => c.authorId !== user?._id);

  return (
    <section
      className={`card ${styles.pickWinner}`}
      aria-labelledby="pick-winner-heading"
      data-testid="pick-winner"
    >
      <h2 id="pick-winner-heading" className={styles.pickWinnerTitle}>
        <Trophy size={20} aria-hidden="true" /> {PICK_YOUR_WINNER}{" "}
        {formatLongDate(stake.pickDeadline)}
      </h2>
      <p className={styles.pickWinnerText}>
        The {formatMoney(stake.choosingCents)} you gave goes to the video you pick. If you
        don&apos;t pick one, it goes to the most-voted eligible video when judging ends.
      </p>
      {pickable.length === 0 ? (
        <p className="muted">No video you can pick can win this idea.</p>
      ) : (
        <ul className={styles.pickWinnerList} aria-label="Videos that can win">
          {pickable.map((c) => {
            const picked = stake.pickedSubmissionId === c._id;
            return (
              <li
                key={c._id}
                className={clsx(styles.pickChoice, picked && styles.isPicked)}
                data-testid="pick-choice"
                data-picked={picked || undefined}
              >
                <VideoThumb
                  url={c.thumbnailUrl}
                  width={128}
                  height={72}
                  className={styles.pickChoiceThumb}
                  fallback="box"
                />
                <div className={styles.pickChoiceText}>
                  <a
                    href={c.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.pickChoiceTitle}
                  >
                    {c.title}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                  <span className={styles.pickChoiceMeta}>
                    by {c.creatorName} · {c.countedVotes} counted{" "}
                    {c.countedVotes === 1 ? "vote" : "votes"}
                  </span>
                </div>
                {picked ? (
                  <span className={styles.pickChoicePicked}>
                    Your pick<span className="visually-hidden">: {c.title}</span>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={saving !== null}
                    aria-busy={saving === c._id || undefined}
                    onClick={() => void pick(c._id)}
                  >
                    {saving === c._id ? "Saving..." : "Pick this video"}
                    <span className="visually-hidden">: {c.title}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
