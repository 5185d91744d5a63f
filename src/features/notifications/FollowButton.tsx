// <FollowButton ideaId />: follow or unfollow an idea (its news reaches followers; posters
// and contributors follow automatically). Visitors see nothing (`api.notifications.following`
// is null for them).
import { useMutation, useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { convexErrorMessage } from "../../lib/errors";

export default function FollowButton({ ideaId }: { ideaId: Id<"proposals"> }) {
  const following = useQuery(api.notifications.following, { ideaId });
  const follow = useMutation(api.notifications.follow);
  if (typeof following !== "boolean") return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-block"
      aria-pressed={following}
      onClick={() =>
        void follow({ ideaId, follow: !following }).catch((error: unknown) =>
          toast.error("Couldn't change following", { description: convexErrorMessage(error) }),
        )
      }
    >
      {following ? "Following" : "Follow this idea"}
    </button>
  );
}
