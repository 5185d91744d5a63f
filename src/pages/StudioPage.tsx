// /studio: a creator's studio (issue 37) — earnings by state with their statement, where each
// submission stands (votes, rank, picks, finalist, ratings and feedback), ideas that fit what
// they make, and their creator page's bio. Signed in only; every part is live.
import { Link, Navigate, useLocation } from "react-router-dom";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { Loading, Skeleton } from "../components/ui/Skeleton";
import { useCurrentUser } from "../lib/session";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import EarningsSection from "../features/studio/EarningsSection";
import StandingsSection from "../features/studio/StandingsSection";
import IdeasThatFit from "../features/studio/IdeasThatFit";
import BioEditor from "../features/studio/BioEditor";
import styles from "../features/studio/Studio.module.css";

export const LOAD_STUDIO_ERROR = "Failed to load your studio";

export default function StudioPage() {
  useDocumentTitle("Your studio");
  const location = useLocation();
  const { isLoading, isAuthenticated } = useConvexAuth();
  if (!isLoading && !isAuthenticated)
    return <Navigate to="/login" replace state={{ from: location }} />;
  return (
    <div className={`container page ${styles.studioPage}`}>
      {isLoading ? (
        <StudioSkeleton />
      ) : (
        <QueryErrorBoundary
          fallback={
            <p className="alert alert-danger" role="alert">
              {LOAD_STUDIO_ERROR}. Please reload the page to try again.
            </p>
          }
        >
          <Studio />
        </QueryErrorBoundary>
      )}
    </div>
  );
}

function Studio() {
  const { user, isLoading } = useCurrentUser();
  const page = useQuery(api.creators.profile, user ? { creatorId: user._id } : "skip");
  if (isLoading || user === null) return <StudioSkeleton />;
  return (
    <>
      <header className={styles.studioHeader}>
        <div>
          <p className="eyebrow">Creator studio</p>
          <h1 className={styles.studioTitle}>Your studio</h1>
          <p className="muted">
            What you earn, where your videos stand, and ideas made for what you make.
          </p>
        </div>
        <nav className={styles.studioLinks} aria-label="Studio links">
          <Link to={`/creators/${user._id}`} className="btn btn-secondary btn-sm">
            Your creator page
          </Link>
          <Link to="/profile?tab=settings" className="btn btn-ghost btn-sm">
            Payouts and channels
          </Link>
        </nav>
      </header>
      <div className={styles.studioGrid}>
        <div className={styles.studioMain}>
          <EarningsSection />
          <StandingsSection />
        </div>
        <aside className={styles.studioAside} aria-label="Ideas and your page">
          <IdeasThatFit />
          <section className={`card ${styles.studioSection}`} aria-labelledby="studio-bio-heading">
            <h2 id="studio-bio-heading" className={styles.studioSectionTitle}>
              Your creator page
            </h2>
            {page === undefined ? (
              <Skeleton className={styles.studioSkeletonRow} />
            ) : (
              <BioEditor bio={page?.bio ?? null} />
            )}
          </section>
        </aside>
      </div>
    </>
  );
}

function StudioSkeleton() {
  return (
    <Loading label="Loading your studio...">
      <Skeleton className={styles.studioSkeletonTitle} />
      <Skeleton className={styles.studioSkeletonPanel} />
    </Loading>
  );
}
