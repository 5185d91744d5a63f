// <CreatorStanding ideaId />: a creator who submitted sees, live, what only they may see of their
// videos on the idea — while judging, where each stands (in the words of the judging
// notification); while the idea is open or judging, the ratings and private feedback the poster
// and backers gave it (issue 37). Nothing for anyone else.
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { standingText } from "../../../convex/model/notificationKinds";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import FeedbackReceived from "./FeedbackReceived";
import pickYourWinnerStyles from "./PickYourWinner.module.css";

/** Feedback items shown per video here; the studio shows them all. */
const FEEDBACK_SHOWN = 5;

export default function CreatorStanding({ ideaId }: { ideaId: Id<"proposals"> }) {
  return (
    <QueryErrorBoundary fallback={null}>
      <Standing ideaId={ideaId} />
    </QueryErrorBoundary>
  );
}

function Standing({ ideaId }: { ideaId: Id<"proposals"> }) {
  const outcome = useQuery(api.ideas.outcome, { ideaId });
  const judging = outcome?.kind === "judging";
  const live = outcome?.kind === "open" || judging;
  const mine = useQuery(api.judging.myStanding, judging ? { ideaId } : "skip");
  const received = useQuery(api.judging.feedbackOnMine, live ? { ideaId } : "skip");
  const standings = judging ? (mine ?? []) : [];
  const ratings = live ? (received ?? []) : [];
  if (standings.length === 0 && ratings.length === 0) return null;
  return (
    <section
      className={`card ${pickYourWinnerStyles.creatorStanding}`}
      aria-labelledby="creator-standing-heading"
    >
      <h2 id="creator-standing-heading" className={pickYourWinnerStyles.creatorStandingTitle}>
        {judging ? "Where your video stands" : "How your video is received"}
      </h2>
      {standings.length > 0 ? (
        <>
          <ul className={pickYourWinnerStyles.creatorStandingList}>
            {standings.map((s) => (
              <li key={s.submissionId}>{standingText(`"${s.title}"`, s.standing)}</li>
            ))}
          </ul>
          <p className="hint">
            Backers who pick decide where their own money goes until judging ends; the rest goes to
            the most-voted eligible video.
          </p>
        </>
      ) : null}
      {ratings.map((r) => (
        <div key={r.submissionId} data-testid="my-video-feedback">
          <h3 className={pickYourWinnerStyles.creatorStandingVideo}>Ratings of “{r.title}”</h3>
          <FeedbackReceived
            average={r.average}
            count={r.count}
            feedback={r.feedback}
            limit={FEEDBACK_SHOWN}
          />
        </div>
      ))}
    </section>
  );
}
