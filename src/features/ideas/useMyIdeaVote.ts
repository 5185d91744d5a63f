import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { VoteValue } from "../../../convex/model/validators";

/** The signed-in viewer's vote on an idea (0 while loading or signed out: no query then). */
export function useMyIdeaVote(ideaId: Id<"proposals">): VoteValue {
  const { isAuthenticated } = useConvexAuth();
  return useQuery(api.votes.mineOnIdea, isAuthenticated ? { ideaId } : "skip") ?? 0;
}
