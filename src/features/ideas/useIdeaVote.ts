import { useMutation } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { VoteValue } from "../../../convex/model/validators";
import { TOAST_IDS } from "../../lib/toasts";
import { voteDelta } from "../../../convex/model/votes";

type Card = { _id: Id<"proposals">; votes: number };

function applyTo<T extends Card>(card: T, ideaId: Id<"proposals">, delta: number): T {
  return card._id === ideaId ? { ...card, votes: card.votes + delta } : card;
}

/**
 * Votes on an idea. The click shows at once (optimistic) on the viewer's own vote
 * (`api.votes.mineOnIdea`) and on the shared net count in every list and on the idea page; the
 * server's answer replaces it, and on failure Convex drops the optimistic change, so the live
 * data is what remains — with 'Failed to update vote'.
 */
export function useIdeaVote() {
  const vote = useMutation(api.ideas.vote).withOptimisticUpdate((store, { ideaId, vote: next }) => {
    const previous = store.getQuery(api.votes.mineOnIdea, { ideaId }) ?? 0;
    store.setQuery(api.votes.mineOnIdea, { ideaId }, next);
    const delta = voteDelta(previous, next);
    if (delta === 0) return;
    const single = store.getQuery(api.ideas.get, { ideaId });
    if (single) store.setQuery(api.ideas.get, { ideaId }, applyTo(single, ideaId, delta));
    for (const { args, value } of store.getAllQueries(api.ideas.list)) {
      if (!value || !value.page.some((card) => card._id === ideaId)) continue;
      store.setQuery(api.ideas.list, args, {
        ...value,
        page: value.page.map((card) => applyTo(card, ideaId, delta)),
      });
    }
  });
  return (ideaId: Id<"proposals">, next: VoteValue) => {
    vote({ ideaId, vote: next }).then(
      // A vote that goes through clears the failure of an earlier one.
      () => toast.dismiss(TOAST_IDS.voteIdea),
      () => toast.error("Failed to update vote", { id: TOAST_IDS.voteIdea }),
    );
  };
}
