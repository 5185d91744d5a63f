import { useMutation } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { VoteValue } from "../../../convex/model/validators";
import { voteDelta } from "../../../convex/model/votes";
import { convexErrorMessage } from "../../lib/errors";
import { TOAST_IDS } from "../../lib/toasts";

export const VOTE_FAILED_MESSAGE = "Failed to update vote";

type Card = { _id: Id<"submissions">; votes: number };

function applyTo<T extends Card>(card: T, submissionId: Id<"submissions">, delta: number): T {
  return card._id === submissionId ? { ...card, votes: card.votes + delta } : card;
}

/**
 * Votes on a submission, like `useIdeaVote` does for ideas: the click shows at once on the
 * viewer's own vote (`api.votes.mineOnSubmission`) and moves the shared net count by new − old
 * in every open list of the idea's videos (optimistic); the server's answer replaces it, and on
 * failure Convex drops the optimistic change, so the live data is what remains — with the
 * server's reason when it gave one, else 'Failed to update vote'.
 */
export function useSubmissionVote() {
  const vote = useMutation(api.submissions.vote).withOptimisticUpdate(
    (store, { submissionId, vote: next }) => {
      // Not loaded yet (a click right after sign-in): counted from no vote, like the server.
      const previous = store.getQuery(api.votes.mineOnSubmission, { submissionId }) ?? 0;
      store.setQuery(api.votes.mineOnSubmission, { submissionId }, next);
      const delta = voteDelta(previous, next);
      if (delta === 0) return;
      for (const { args, value } of store.getAllQueries(api.submissions.listForIdea)) {
        if (!value || !value.some((card) => card._id === submissionId)) continue;
        store.setQuery(
          api.submissions.listForIdea,
          args,
          value.map((card) => applyTo(card, submissionId, delta)),
        );
      }
    },
  );
  return (submissionId: Id<"submissions">, next: VoteValue) => {
    vote({ submissionId, vote: next }).then(
      // A vote that goes through clears the failure of an earlier one.
      () => toast.dismiss(TOAST_IDS.voteVideo),
      (error: unknown) =>
        toast.error(convexErrorMessage(error) ?? VOTE_FAILED_MESSAGE, { id: TOAST_IDS.voteVideo }),
    );
  };
}
