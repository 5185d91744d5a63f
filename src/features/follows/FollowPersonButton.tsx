// <FollowPersonButton personId name />: follow a creator or a poster, from their page or the
// idea page's poster line. Followers hear of their new ideas and videos (in the app; by email
// once they switch it on in Profile → Settings). A visitor's click goes to sign in and back; a
// person sees no button on their own page. The follower count shows beside it.
import { useState } from "react";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { useLocation, useNavigate } from "react-router-dom";
import clsx from "clsx";
import { Check, UserPlus } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { FOLLOW_MESSAGES } from "../../../convex/model/community/followTexts";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";

export const FOLLOW_FAILED = "Couldn't change following";

export function followersText(count: number): string {
  return `${count} ${count === 1 ? "follower" : "followers"}`;
}

export default function FollowPersonButton({
  personId,
  name,
  compact = false,
  className,
}: {
  personId: Id<"users">;
  /** Their public name: the button says whom it follows ("Follow Ada Lovelace"). */
  name: string;
  /** A small button without the count (the idea page's poster line). */
  compact?: boolean;
  className?: string;
}) {
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  const state = useQuery(api.follows.person, { personId });
  const follow = useMutation(api.follows.follow);
  // The click shows at once; the live query confirms it (or the failure puts it back).
  const [pending, setPending] = useState<boolean | null>(null);
  const navigate = useNavigate();
  const location = useLocation();

  // While it loads, the room the button and the count take (as the first paint of a creator's
  // page has it), so the header does not grow under the reader when they come.
  if (!state)
    return compact ? null : (
      <div className={clsx("follow", className)} aria-hidden="true">
        <span className="skeleton follow__loading-button" />
        <span className="skeleton follow__loading-count" />
      </div>
    );
  // Their own page: the count only.
  if (isAuthenticated && state.following === null)
    return compact ? null : (
      <p className={clsx("follow__count", className)}>{followersText(state.followers)}</p>
    );

  const following = pending ?? state.following === true;
  const followers =
    state.followers + (pending === null || pending === state.following ? 0 : pending ? 1 : -1);
  function onClick() {
    if (!isAuthenticated) {
      toast.error(FOLLOW_MESSAGES.signIn);
      navigate("/login", { state: { from: location } });
      return;
    }
    const next = !following;
    setPending(next);
    follow({ personId, follow: next })
      .catch((error: unknown) =>
        toast.error(FOLLOW_FAILED, { description: convexErrorMessage(error) }),
      )
      .finally(() => setPending(null));
  }

  return (
    <div className={clsx("follow", className)}>
      <button
        type="button"
        className={clsx(
          "btn",
          following ? "btn-secondary" : "btn-primary",
          compact && "btn-sm",
          "follow__button",
        )}
        aria-pressed={following}
        aria-label={following ? `Following ${name}` : `Follow ${name}`}
        // While the session loads, a signed-in person would be taken for a visitor and sent to
        // sign in (the idea page can render from the first paint's answer before then).
        disabled={sessionLoading}
        onClick={onClick}
      >
        {following ? (
          <Check size={16} aria-hidden="true" />
        ) : (
          <UserPlus size={16} aria-hidden="true" />
        )}
        {following ? "Following" : "Follow"}
      </button>
      {compact ? null : (
        <span className="follow__count">{followersText(Math.max(0, followers))}</span>
      )}
    </div>
  );
}
