import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { onboardPath } from "../../lib/returnTo";
import { useCurrentUser } from "../../lib/session";

const EXEMPT_PATHS = ["/onboard", "/login", "/privacy-policy", "/terms-of-service"];

/** Pages a person who still needs onboarding may stay on. */
export function isOnboardingExempt(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return EXEMPT_PATHS.includes(path) || path.startsWith("/auth/callback");
}

function Gate() {
  const { isLoading, isAuthenticated, user } = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const mustOnboard =
    !isLoading &&
    isAuthenticated &&
    user?.needsOnboarding === true &&
    !isOnboardingExempt(pathname);

  useEffect(() => {
    // Onboarding brings the person back to the page they were on.
    if (mustOnboard) navigate(onboardPath(pathname + search + hash), { replace: true });
  }, [mustOnboard, navigate, pathname, search, hash]);

  return null;
}

/**
 * Sends a signed-in person whose onboarding is not done to /onboard from any page except
 * onboarding itself, login, the legal pages and the platform callbacks. Renders nothing; if the
 * profile cannot be loaded it stays out of the way.
 */
export default function OnboardingGate() {
  return (
    <QueryErrorBoundary fallback={null}>
      <Gate />
    </QueryErrorBoundary>
  );
}
