// <CreatorStanding ideaId />: while judging, a creator who submitted sees where each of
// their videos stands, in the words of the judging notification. Nothing for anyone else.
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { standingText } from "../../../convex/model/notificationKinds";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import pickYourWinnerStyles from "./PickYourWinner.module.css";

export default function CreatorStanding({ ideaId }: { ideaId: Id<"proposals"> }) {
  return (
    <QueryErrorBoundary fallback={null}>
      <Standing ideaId={ideaId} />
    </QueryErrorBoundary>
  );
}

function Standing({ ideaId }: { ideaId: Id<"proposals"> }) {
  const outcome = useQuery(api.ideas.outcome, { ideaId });
  const mine = useQuery(api.judging.myStanding, outcome?.kind === "judging" ? { ideaId } : "skip");
  if (outcome?.kind !== "judging" || !mine || mine.length === 0) return null;
  return (
    <section
      className={`card ${pickYourWinnerStyles.creatorStanding}`}
      aria-labelledby="creator-standing-heading"
    >
      <h2 id="creator-standing-heading" className={pickYourWinnerStyles.creatorStandingTitle}>
        Where your video stands
      </h2>
      <ul className={pickYourWinnerStyles.creatorStandingList}>
        {mine.map((s) => (
          <li key={s.submissionId}>{standingText(`"${s.title}"`, s.standing)}</li>
        ))}
      </ul>
      <p className="hint">
        Backers who pick decide where their own money goes until judging ends; the rest goes to the
        most-voted eligible video.
      </p>
    </section>
  );
}
