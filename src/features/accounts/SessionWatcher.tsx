import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import { toast } from "../../lib/toast";
import { signOutDestination } from "../../lib/signOut";
import { TOAST_IDS } from "../../lib/toasts";
import { greetedAtFirstPaint } from "../../lib/session";

export const SESSION_ENDED_MESSAGE = "Your session has ended.";

// Pages that show only the person's own data: without a session there is nothing true to show,
// so they go to sign-in (which brings the person back here).
const PRIVATE_PATHS = ["/profile", "/inbox", "/operator", "/onboard"];

function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Follows the session live. A sign-out button's own choice of page wins, and a sign-out in
 * another tab goes to / (spec §4); any other end of the session (expired, could not refresh)
 * keeps the person where they are, with a toast and a sign-in link that brings them back — a
 * shared idea link stays open.
 */
export default function SessionWatcher() {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  // A page whose first paint greeted the person has shown the session since it loaded.
  const [greeted] = useState(greetedAtFirstPaint);
  const wasAuthenticated = useRef(greeted);
  // When this tab's session began: a sign-out marker older than that is not about it.
  const sessionSince = useRef(greeted ? Math.floor(performance.timeOrigin) : 0);
  useEffect(() => {
    if (isLoading) return;
    if (isAuthenticated) toast.dismiss(TOAST_IDS.sessionEnded);
    if (isAuthenticated && !wasAuthenticated.current) sessionSince.current = Date.now();
    if (wasAuthenticated.current && !isAuthenticated) {
      const chosen = signOutDestination(sessionSince.current);
      const here = locationRef.current;
      if (chosen !== null) navigate(chosen, { replace: true });
      else {
        toast.warning(
          <span>
            {SESSION_ENDED_MESSAGE}{" "}
            <Link to="/login" state={{ from: here }}>
              Sign in
            </Link>{" "}
            to pick up where you left off.
          </span>,
          { id: TOAST_IDS.sessionEnded, duration: Number.POSITIVE_INFINITY },
        );
        if (isPrivatePath(here.pathname))
          navigate("/login", { replace: true, state: { from: here } });
      }
    }
    wasAuthenticated.current = isAuthenticated;
  }, [isLoading, isAuthenticated, navigate]);
  return null;
}
