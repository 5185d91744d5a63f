import { useEffect, useRef, type RefObject } from "react";
import { useCountUp } from "react-countup";

const ANIMATION_SECONDS = 2;

/**
 * Counts up from 0 for 2 seconds, then from the previous value whenever the value changes. In
 * its own chunk: the landing page loads the count-up library only when a counter is on screen.
 */
export default function AnimatedNumber({ value }: { value: number }) {
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
