import "../styles/home.css";
import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router-dom";
import IdeaPrompt from "../features/home/IdeaPrompt";
import StatsCounters from "../features/home/StatsCounters";
import IdeaListSkeleton from "../features/ideas/IdeaListSkeleton";
import { Skeleton } from "../components/ui/Skeleton";
import { useDocumentTitle } from "../lib/useDocumentTitle";

// Below the fold: its tabs (Radix) load after the first paint instead of with the landing page.
const AudienceTabs = lazy(() => import("../features/home/AudienceTabs"));
// Below the fold on a phone too: the open bounties (cards, votes, quick contribute and their
// styles) load after the first paint, so the landing page's first load stays small.
const IdeaList = lazy(() => import("../features/ideas/IdeaList"));

/** The landing page (/): hero, how it works, live counters and the open bounties. */
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
          <div className="home-hero__actions">
            <Link to="/submit" className="btn btn-primary btn-lg">
              Post an idea
            </Link>
            <Link to="/ideas" className="btn btn-secondary btn-lg">
              Browse bounties
            </Link>
          </div>
          <StatsCounters />
        </div>
      </section>

      <section className="home-how" aria-labelledby="home-how-title">
        <div className="container">
          <div className="home-section-header">
            <p className="eyebrow">How it works</p>
            <h2 id="home-how-title">Three steps, whoever you are</h2>
          </div>
          <Suspense fallback={<Skeleton className="audience-tabs__skeleton" />}>
            <AudienceTabs />
          </Suspense>
        </div>
      </section>

      <section className="home-bounties" aria-labelledby="home-bounties-title">
        <div className="container">
          <div className="home-section-header home-section-header--row">
            <h2 id="home-bounties-title">Open Bounties</h2>
            <Link to="/ideas" className="home-section-header__link">
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
      <div className="idea-list__toolbar" aria-hidden="true" />
      <IdeaListSkeleton />
    </div>
  );
}
