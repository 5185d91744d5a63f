import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import { signOutDestination } from "../lib/signOut";

/**
 * Follows the session live: when it ends (signed out here, in another tab, or expired), the app
 * goes to "/" — or wherever the sign-out button chose.
 */
export default function SessionWatcher() {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const navigate = useNavigate();
  const wasAuthenticated = useRef(false);
  useEffect(() => {
    if (isLoading) return;
    if (wasAuthenticated.current && !isAuthenticated)
      navigate(signOutDestination(), { replace: true });
    wasAuthenticated.current = isAuthenticated;
  }, [isLoading, isAuthenticated, navigate]);
  return null;
}
