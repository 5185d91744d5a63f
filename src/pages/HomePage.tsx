import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router-dom";
import IdeaPrompt from "../features/home/IdeaPrompt";
import StatsCounters from "../features/home/StatsCounters";
import IdeaListSkeleton from "../features/ideas/IdeaListSkeleton";
import { Skeleton } from "../components/ui/Skeleton";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import styles from "./HomePage.module.css";
import ideaListStyles from "../features/ideas/IdeaList.module.css";

// Below the fold: its tabs (Radix) load after the first paint instead of with the landing page.
const AudienceTabs = lazy(() => import("../features/home/AudienceTabs"));
// The covers of live bounties, right under the hero: their code and their images come after the
// first paint (the hero's heading stays the largest paint).
const LiveBounties = lazy(() => import("../features/home/LiveBounties"));
// Below the fold on a phone too: the open bounties (cards, votes, quick contribute and their
// styles) load after the first paint, so the landing page's first load stays small.
const IdeaList = lazy(() => import("../features/ideas/IdeaList"));

/**
 * The landing page (/): the hero with the idea box, then the covers of live bounties, the live
 * counters, how it works for each audience, and the open bounties with their sorts.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  const search = params.get("q") ?? undefined;

  useDocumentTitle("Crowdfund and discover original videos");

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <p className="home-hero__brand">
            <span className="home-hero__brand-dot" aria-hidden="true" />
            Bounties
          </p>
          <h1 id="home-title" className="home-hero__title">
            Crowdfund and discover original videos
          </h1>
          <p className="home-hero__lead">
            Post the video you wish existed, pool a bounty with others, and reward the creator who
            makes it best.
          </p>
          <IdeaPrompt />
          <div className={styles.homeHeroActions}>
            <Link to="/submit" className="btn btn-primary btn-lg">
              Post an idea
            </Link>
            <Link to="/ideas" className="btn btn-secondary btn-lg">
              Browse bounties
            </Link>
          </div>
        </div>
      </section>

      <Suspense fallback={<div className={styles.liveFallback} aria-hidden="true" />}>
        <LiveBounties />
      </Suspense>

      <section className={styles.homeStats} aria-label="Bounties in numbers">
        <div className={`container ${styles.homeStatsInner}`}>
          <StatsCounters />
        </div>
      </section>

      <section className={styles.homeHow} aria-labelledby="home-how-title">
        <div className="container">
          <div className={styles.homeSectionHeader}>
            <p className="eyebrow">How it works</p>
            <h2 id="home-how-title">Three steps, whoever you are</h2>
          </div>
          <Suspense fallback={<Skeleton className={styles.audienceTabsSkeleton} />}>
            <AudienceTabs />
          </Suspense>
        </div>
      </section>

      <section className={styles.homeBounties} aria-labelledby="home-bounties-title">
        <div className="container">
          <div className={`${styles.homeSectionHeader} ${styles.homeSectionHeaderRow}`}>
            <h2 id="home-bounties-title">Open Bounties</h2>
            <Link to="/ideas" className={styles.homeSectionHeaderLink}>
              See all open bounties
            </Link>
          </div>
          <Suspense fallback={<OpenBountiesFallback />}>
            <IdeaList view="open" initialSort="recent" search={search} />
          </Suspense>
        </div>
      </section>
    </div>
  );
}

/** The list's place while its code arrives: an empty toolbar row and the list's own skeleton. */
function OpenBountiesFallback() {
  return (
    <div className="idea-list">
      <div className={ideaListStyles.ideaListToolbar} aria-hidden="true" />
      <IdeaListSkeleton />
    </div>
  );
}
