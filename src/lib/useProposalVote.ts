import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { VoteValue } from "../../convex/model/validators";
import { TOAST_IDS } from "./toasts";
import { withVote } from "../../convex/model/votes";

type Card = { _id: Id<"proposals">; votes: number; userVote: VoteValue };

function applyTo<T extends Card>(card: T, proposalId: Id<"proposals">, next: VoteValue): T {
  return card._id === proposalId ? withVote(card, next) : card;
}

/**
 * Votes on an idea. The click shows at once in every list and on the idea page (optimistic);
 * the server's answer replaces it, and on failure Convex drops the optimistic change, so the
 * live data is what remains — with 'Failed to update vote'.
 */
export function useProposalVote() {
  const vote = useMutation(api.proposals.vote).withOptimisticUpdate(
    (store, { proposalId, vote: next }) => {
      const single = store.getQuery(api.proposals.get, { proposalId });
      if (single)
        store.setQuery(api.proposals.get, { proposalId }, applyTo(single, proposalId, next));
      for (const { args, value } of store.getAllQueries(api.proposals.list)) {
        if (!value) continue;
        store.setQuery(api.proposals.list, args, {
          ...value,
          page: value.page.map((card) => applyTo(card, proposalId, next)),
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
