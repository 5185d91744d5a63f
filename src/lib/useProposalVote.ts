import { useMutation } from "convex/react";
import { toast } from "./toast";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { VoteValue } from "../../convex/model/validators";
import { TOAST_IDS } from "./toasts";
import { voteDelta } from "../../convex/model/votes";

type Card = { _id: Id<"proposals">; votes: number };

function applyTo<T extends Card>(card: T, proposalId: Id<"proposals">, delta: number): T {
  return card._id === proposalId ? { ...card, votes: card.votes + delta } : card;
}

/**
 * Votes on an idea. The click shows at once (optimistic) on the viewer's own vote
 * (`api.votes.mineOnIdea`) and on the shared net count in every list and on the idea page; the
 * server's answer replaces it, and on failure Convex drops the optimistic change, so the live
 * data is what remains — with 'Failed to update vote'.
 */
export function useProposalVote() {
  const vote = useMutation(api.proposals.vote).withOptimisticUpdate(
    (store, { proposalId, vote: next }) => {
      const previous = store.getQuery(api.votes.mineOnIdea, { proposalId }) ?? 0;
      store.setQuery(api.votes.mineOnIdea, { proposalId }, next);
      const delta = voteDelta(previous, next);
      if (delta === 0) return;
      const single = store.getQuery(api.proposals.get, { proposalId });
      if (single)
        store.setQuery(api.proposals.get, { proposalId }, applyTo(single, proposalId, delta));
      for (const { args, value } of store.getAllQueries(api.proposals.list)) {
        if (!value || !value.page.some((card) => card._id === proposalId)) continue;
        store.setQuery(api.proposals.list, args, {
          ...value,
          page: value.page.map((card) => applyTo(card, proposalId, delta)),
        });
      }
    },
  );
  return (proposalId: Id<"proposals">, next: VoteValue) => {
    vote({ proposalId, vote: next }).then(
      // A vote that goes through clears the failure of an earlier one.
      () => toast.dismiss(TOAST_IDS.voteIdea),
      () => toast.error("Failed to update vote", { id: TOAST_IDS.voteIdea }),
    );
  };
}
