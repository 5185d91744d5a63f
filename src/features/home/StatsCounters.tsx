import { lazy, Suspense, useRef, useState } from "react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { useActiveWhenVisible } from "../../lib/useActiveWhenVisible";
import { useReducedMotion } from "../../lib/useReducedMotion";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { Skeleton } from "../../components/ui/Skeleton";
import styles from "./StatsCounters.module.css";

const AnimatedNumber = lazy(() => import("./AnimatedNumber"));
const numberFormat = new Intl.NumberFormat("en-US");

const COUNTERS = [
  { key: "activeUsers", label: "Users" },
  { key: "bounties", label: "Bounties" },
  { key: "originalVideos", label: "Original Videos Created" },
] as const;

/**
 * One counter's number: counted up once the page has loaded and the counters are on screen
 * (kept invisible, at its final width, until then), or shown at once when less motion is wanted.
 */
function Counter({
  value,
  reducedMotion,
  counting,
}: {
  value: number;
  reducedMotion: boolean;
  counting: boolean;
}) {
  const still = (
    <span className={styles.statValueWaiting} data-testid="stat-waiting">
      {numberFormat.format(value)}
    </span>
  );
  return (
    <>
      <span aria-hidden="true" data-testid="stat-value">
        {reducedMotion ? (
          numberFormat.format(value)
        ) : counting ? (
          <Suspense fallback={still}>
            <AnimatedNumber value={value} />
          </Suspense>
        ) : (
          still
        )}
      </span>
      {/* Screen readers get the final number, not every frame of the animation. */}
      <span className="visually-hidden">{numberFormat.format(value)}</span>
    </>
  );
}

function Stats() {
  const stats = useQuery(api.stats.get);
  const reducedMotion = useReducedMotion();
  const list = useRef<HTMLDListElement>(null);
  const active = useActiveWhenVisible(list);
  // Once started, a count-up runs to its end (two seconds) even if scrolled away.
  const [counting, setCounting] = useState(false);
  if (active && !counting) setCounting(true);
  return (
    <dl
      className={styles.stats}
      ref={list}
      aria-busy={stats === undefined || undefined}
      data-testid="stats"
    >
      {COUNTERS.map(({ key, label }) => (
        <div key={key} className={styles.stat}>
          <dt className={styles.statLabel}>{label}</dt>
          <dd className={styles.statNumber}>
            {stats === undefined ? (
              <>
                <Skeleton className={styles.statSkeleton} />
                <span className="visually-hidden">Loading</span>
              </>
            ) : (
              <Counter value={stats[key]} reducedMotion={reducedMotion} counting={counting} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The landing page's live counters: Users, Bounties, Original Videos Created. */
export default function StatsCounters() {
  return (
    <QueryErrorBoundary fallback={null}>
      <Stats />
    </QueryErrorBoundary>
  );
}
