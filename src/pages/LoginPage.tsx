import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useAuthActions } from "@convex-dev/auth/react";
import { toast } from "../lib/toast";
import { DiscordIcon, GoogleIcon } from "../components/BrandIcons";
import { LogoMark } from "../components/Logo";
import {
  DEFAULT_NEXT,
  SIGNIN_PARAM,
  loginRedirectTo,
  onboardPath,
  returnPath,
} from "../lib/returnTo";
import { hasStoredSession, useCurrentUser } from "../lib/session";
import { signInOriginElsewhere } from "../lib/siteOrigin";
import { TOAST_IDS } from "../lib/toasts";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Spinner } from "../components/ui/Skeleton";
import {
  BANNED_MESSAGE,
  BANNED_PARAM,
  SIGN_UP_WAIT_PARAM,
  signUpLimitMessage,
} from "../../convex/model/security/signUpWords";
import styles from "./LoginPage.module.css";

export const LOGIN_FAILED_MESSAGE = "There was an error processing your login. Please try again.";
export const AUTH_ERROR_MESSAGE = "Authentication error. Please try again.";

/**
 * How long a `code` from the provider may stay unexchanged once the session check has finished
 * before the page gives up on it and reports the failed sign-in.
 */
export const CODE_EXCHANGE_GRACE_MS = 8000;

type Provider = "google" | "discord";

const PROVIDERS: { id: Provider; label: string; Icon: typeof GoogleIcon }[] = [
  { id: "google", label: "Continue with Google", Icon: GoogleIcon },
  { id: "discord", label: "Continue with Discord", Icon: DiscordIcon },
];

/** /login: sign in (or register) with Google or Discord, then go back where the person was. */
export default function LoginPage() {
  useDocumentTitle("Sign in");
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { signIn } = useAuthActions();
  const { isLoading, isAuthenticated, user } = useCurrentUser();

  const next = returnPath(searchParams, location.state);
  const code = searchParams.get("code");
  const returnedFromProvider = searchParams.get(SIGNIN_PARAM) === "1";
  // A new account refused by the sign-up limits: say so, for as long as the page stays.
  const [signUpWait] = useState(() => {
    const wait = Number(searchParams.get(SIGN_UP_WAIT_PARAM));
    return Number.isInteger(wait) && wait > 0 ? wait : null;
  });
  // A banned person: the sign-in was refused; the card says why for as long as the page stays.
  const [banned] = useState(() => searchParams.get(BANNED_PARAM) === "1");

  // ConvexAuthProvider exchanges a `code` from the provider for a session. Until it is done, or
  // until the grace period after the session check has run out, the page keeps loading.
  const [abandonedCode, setAbandonedCode] = useState<string | null>(null);
  const exchangingCode = code !== null && !isAuthenticated && abandonedCode !== code;
  useEffect(() => {
    if (!exchangingCode || isLoading) return;
    const timer = window.setTimeout(() => setAbandonedCode(code), CODE_EXCHANGE_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [exchangingCode, isLoading, code]);

  // A browser that keeps no session has none to check: the card shows at once, as the first
  // paint (index.html) already showed it.
  const [storedSession] = useState(hasStoredSession);
  const checking = !isAuthenticated && ((isLoading && storedSession) || exchangingCode);
  const roundTripFailed = !isAuthenticated && !checking && (returnedFromProvider || code !== null);

  // Back from the provider without a session: say so once and tidy the address (keep `next`).
  const reportedFailure = useRef(false);
  useEffect(() => {
    if (!roundTripFailed) return;
    if (!reportedFailure.current) {
      reportedFailure.current = true;
      // The sign-up limit has its own notice on the card; any other failure, the spec's toast.
      if (signUpWait === null && !banned) toast.error(LOGIN_FAILED_MESSAGE, { id: "login-failed" });
    }
    setSearchParams(
      (params) => {
        const cleaned = new URLSearchParams(params);
        cleaned.delete(SIGNIN_PARAM);
        cleaned.delete(SIGN_UP_WAIT_PARAM);
        cleaned.delete(BANNED_PARAM);
        cleaned.delete("code");
        return cleaned;
      },
      { replace: true, state: location.state },
    );
  }, [roundTripFailed, setSearchParams, location.state, signUpWait, banned]);

  // Signed in: once the profile is known, go to onboarding or back where the person was.
  const destination = user?.needsOnboarding ? onboardPath(next) : (next ?? DEFAULT_NEXT);
  const profileReady = isAuthenticated && !isLoading;
  useEffect(() => {
    if (profileReady) navigate(destination, { replace: true });
  }, [profileReady, destination, navigate]);

  const [pending, setPending] = useState<Provider | null>(null);
  // Coming back to this page from the browser's back/forward cache: the buttons work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  async function startSignIn(provider: Provider) {
    if (pending !== null) return;
    setPending(provider);
    try {
      const result = await signIn(provider, { redirectTo: loginRedirectTo(next) });
      toast.dismiss(TOAST_IDS.signIn);
      // With a redirect the browser is leaving for the provider: keep the buttons disabled.
      if (!result?.redirect) setPending(null);
    } catch {
      toast.error(AUTH_ERROR_MESSAGE, { id: TOAST_IDS.signIn });
      setPending(null);
    }
  }

  // Served from another address than SITE_URL (the dev server sends such requests there; a
  // host may not): the provider would bring the person back to a page that cannot finish.
  const startHere = signInOriginElsewhere();

  let status: ReactNode = null;
  if (isAuthenticated) {
    status = (
      <>
        <p className={styles.authStatusTitle}>Logged in!</p>
        <p className={styles.authStatusText}>Redirecting you...</p>
      </>
    );
  } else if (checking) {
    status = <p className={styles.authStatusText}>Loading...</p>;
  }

  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="login-heading">
        <LogoMark size={48} />
        <h1 id="login-heading" className="auth-card__title">
          Welcome to Bounties!
        </h1>

        <div className="auth-status" role="status" aria-live="polite">
          {status !== null && (
            <>
              <Spinner className={styles.authSpinner} />
              {status}
            </>
          )}
        </div>

        {status === null && (
          <>
            {banned && (
              <p className={`alert alert-danger ${styles.authCardNotice}`} role="alert">
                {BANNED_MESSAGE}
              </p>
            )}
            {signUpWait !== null && (
              <p className={`alert alert-danger ${styles.authCardNotice}`} role="alert">
                {signUpLimitMessage(signUpWait)}
              </p>
            )}
            <p className="auth-card__lead">
              Sign in or create an account to post ideas, fund bounties and submit videos.
            </p>
            {startHere !== null && (
              <div className={styles.authOriginNotice} role="alert">
                <p>
                  Sign-in can&apos;t finish at this address: Google and Discord send you back to{" "}
                  {startHere}.
                </p>
                <a
                  className="btn btn-primary btn-block"
                  href={`${startHere}${location.pathname}${location.search}`}
                >
                  Sign in at {new URL(startHere).host}
                </a>
              </div>
            )}
            <div className="auth-providers" aria-busy={pending !== null || undefined}>
              {PROVIDERS.map(({ id, label, Icon }) => (
                <button
                  key={id}
                  type="button"
                  className="btn btn-secondary btn-lg btn-block auth-provider"
                  disabled={pending !== null || startHere !== null}
                  aria-busy={pending === id || undefined}
                  onClick={() => void startSignIn(id)}
                >
                  <Icon />
                  <span>{label}</span>
                </button>
              ))}
            </div>
            <p className="auth-card__legal">
              By continuing, you agree to our <Link to="/terms-of-service">Terms of Service</Link>{" "}
              and <Link to="/privacy-policy">Privacy Policy</Link>.
            </p>
          </>
        )}
      </section>
    </div>
  );
}
