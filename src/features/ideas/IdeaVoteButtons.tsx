import type { Id } from "../../../convex/_generated/dataModel";
import { useMyIdeaVote } from "./useMyIdeaVote";
import { useIdeaVote } from "./useIdeaVote";
import VoteButtons from "./VoteButtons";

interface Props {
  idea: { _id: Id<"proposals">; votes: number };
  /** Why voting is unavailable (e.g. signed out); disables the buttons. */
  disabledReason?: string;
  /** What is voted on, for screen readers: the idea's title in a list ("this idea" alone). */
  subject?: string;
  className?: string;
}

/**
 * An idea's vote buttons: the net count from the shared idea card, the viewer's own vote from
 * their small per-user query, a click shown at once on both (optimistic).
 */
export default function IdeaVoteButtons({ idea, disabledReason, subject, className }: Props) {
  const userVote = useMyIdeaVote(idea._id);
  const vote = useIdeaVote();
  return (
    <VoteButtons
      votes={idea.votes}
      userVote={userVote}
      onVote={(next) => vote(idea._id, next)}
      disabledReason={disabledReason}
      subject={subject}
      className={className}
    />
  );
}
