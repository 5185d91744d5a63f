import type { Id } from "../../../convex/_generated/dataModel";
import { useMyIdeaVote } from "../../lib/useMyIdeaVote";
import { useProposalVote } from "../../lib/useProposalVote";
import VoteButtons from "./VoteButtons";

interface Props {
  proposal: { _id: Id<"proposals">; votes: number };
  /** Why voting is unavailable (e.g. signed out); disables the buttons. */
  disabledReason?: string;
  /** What is voted on, for screen readers: the idea's title in a list ("this idea" alone). */
  subject?: string;
}

/**
 * An idea's vote buttons: the net count from the shared idea card, the viewer's own vote from
 * their small per-user query, a click shown at once on both (optimistic).
 */
export default function IdeaVoteButtons({ proposal, disabledReason, subject }: Props) {
  const userVote = useMyIdeaVote(proposal._id);
  const vote = useProposalVote();
  return (
    <VoteButtons
      votes={proposal.votes}
      userVote={userVote}
      onVote={(next) => vote(proposal._id, next)}
      disabledReason={disabledReason}
      subject={subject}
    />
  );
}
