import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { VoteValue } from "../../../convex/model/validators";
import { useCurrentUser } from "../../lib/session";

/** The signed-in viewer's vote on a video (0 while loading or signed out: no query then). */
export function useMySubmissionVote(submissionId: Id<"submissions">): VoteValue {
  const { isAuthenticated } = useConvexAuth();
  return useQuery(api.votes.mineOnSubmission, isAuthenticated ? { submissionId } : "skip") ?? 0;
}

/**
 * Whether a video is the signed-in viewer's own: the shared list carries its authorId, the
 * viewer's id comes from their profile query (false for visitors and while it loads).
 */
export function useIsOwnSubmission(authorId: Id<"users">): boolean {
  const { user } = useCurrentUser();
  return user !== null && user._id === authorId;
}
