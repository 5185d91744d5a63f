// <CreatorStanding ideaId />: while judging, a creator who submitted sees where each of
// their videos stands, in the words of the judging notification. Nothing for anyone else.
import "../../styles/living.css";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { standingText } from "../../../convex/model/notificationKinds";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";

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
    <section className="card creator-standing" aria-labelledby="creator-standing-heading">
      <h2 id="creator-standing-heading" className="creator-standing__title">
        Where your video stands
      </h2>
      <ul className="creator-standing__list">
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
