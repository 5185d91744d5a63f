import { useEffect, useRef, type RefObject } from "react";
import { useQuery } from "convex/react";
import { useCountUp } from "react-countup";
import { api } from "../../../convex/_generated/api";
import { useReducedMotion } from "../../lib/useReducedMotion";
import QueryErrorBoundary from "../QueryErrorBoundary";
import { Skeleton } from "../ui/Skeleton";

const ANIMATION_SECONDS = 2;
const numberFormat = new Intl.NumberFormat("en-US");

const COUNTERS = [
  { key: "activeUsers", label: "Users" },
  { key: "bounties", label: "Bounties" },
  { key: "originalVideos", label: "Original Videos Created" },
] as const;

/** Counts up from 0 for 2 seconds, then from the previous value whenever the value changes. */
function AnimatedNumber({ value }: { value: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const { update } = useCountUp({
    ref: ref as RefObject<HTMLElement>,
    end: value,
    duration: ANIMATION_SECONDS,
    separator: ",",
  });
  const animatedTo = useRef(value);
  useEffect(() => {
    if (animatedTo.current === value) return;
    animatedTo.current = value;
    update(value);
  }, [value, update]);
  return <span ref={ref} />;
}

/** One counter's number: animated, or shown at once when less motion is wanted. */
function Counter({ value, reducedMotion }: { value: number; reducedMotion: boolean }) {
  return (
    <>
      <span className="stat__value" aria-hidden="true">
        {reducedMotion ? numberFormat.format(value) : <AnimatedNumber value={value} />}
      </span>
      {/* Screen readers get the final number, not every frame of the animation. */}
      <span className="visually-hidden">{numberFormat.format(value)}</span>
    </>
  );
}

function Stats() {
  const stats = useQuery(api.stats.get);
  const reducedMotion = useReducedMotion();
  return (
    <dl className="stats" aria-busy={stats === undefined || undefined}>
      {COUNTERS.map(({ key, label }) => (
        <div key={key} className="stat">
          <dt className="stat__label">{label}</dt>
          <dd className="stat__number">
            {stats === undefined ? (
              <>
                <Skeleton className="stat__skeleton" />
                <span className="visually-hidden">Loading</span>
              </>
            ) : (
              <Counter value={stats[key]} reducedMotion={reducedMotion} />
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
