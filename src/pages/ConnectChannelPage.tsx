// /onboard/channel: a new Creator's second onboarding step (issue 37) — connect the YouTube
// channel or TikTok account they post on, which proves their videos are theirs (a video is paid
// only once it is). Skippable: "Skip for now" goes on to where they were going; the same
// connections stay in Profile → Settings.
import { Link, Navigate, useLocation, useSearchParams } from "react-router-dom";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import PlatformConnection from "../features/creators/PlatformConnection";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { Loading, SkeletonRows } from "../components/ui/Skeleton";
import { DEFAULT_NEXT, NEXT_PARAM, safeNext } from "../lib/returnTo";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import onboardStyles from "./OnboardPage.module.css";
import styles from "./ConnectChannelPage.module.css";

export const CONNECT_HEADING = "Connect your channel";
export const SKIP_LABEL = "Skip for now";

export default function ConnectChannelPage() {
  useDocumentTitle(CONNECT_HEADING);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { isLoading, isAuthenticated } = useConvexAuth();
  const next = safeNext(searchParams.get(NEXT_PARAM)) ?? DEFAULT_NEXT;
  if (!isLoading && !isAuthenticated)
    return <Navigate to="/login" replace state={{ from: location }} />;
  return (
    <div className={`container page ${onboardStyles.onboardPage}`}>
      <section className={`card ${onboardStyles.onboardCard}`} aria-labelledby="connect-heading">
        <header className={onboardStyles.onboardCardHeader}>
          <p className="eyebrow">Step 2 of 2 · optional</p>
          <h1 id="connect-heading">{CONNECT_HEADING}</h1>
          <p className="muted">
            Connect the YouTube channel or TikTok account you post on. It proves the videos you
            submit are yours: a winning video is paid only once it is. Your creator page shows the
            channel&apos;s name and picture.
          </p>
        </header>
        <QueryErrorBoundary fallback={null}>
          <Connections />
        </QueryErrorBoundary>
        <div className={styles.connectFooter}>
          <p className="hint">You can connect later in Profile → Settings.</p>
          <Link to={next} replace className="btn btn-secondary">
            {SKIP_LABEL}
          </Link>
          <Link to="/studio" className="btn btn-ghost">
            Open your studio
          </Link>
        </div>
      </section>
    </div>
  );
}

function Connections() {
  const platforms = useQuery(api.platforms.mine);
  if (platforms === undefined)
    return (
      <Loading label="Loading your connected accounts...">
        <SkeletonRows count={2} className={styles.connectSkeleton} />
      </Loading>
    );
  if (platforms === null) return null;
  return (
    <ul className={styles.connectList}>
      <PlatformConnection platform="YouTube" status={platforms.youtube} />
      <PlatformConnection platform="TikTok" status={platforms.tiktok} />
    </ul>
  );
}
