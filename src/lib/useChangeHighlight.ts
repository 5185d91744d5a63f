import { useCallback, useEffect, useRef } from "react";
import { useReducedMotion } from "./useReducedMotion";
import styles from "./useChangeHighlight.module.css";

/** The class that pulses a figure (useChangeHighlight.module.css). */
export const CHANGE_HIGHLIGHT_CLASS: string = styles.isLiveChanged!;
/** How long the pulse lasts (matches the CSS animation). */
export const CHANGE_HIGHLIGHT_MS = 1200;
/** An own click's optimistic change arrives within this window; later changes are others'. */
const OWN_CHANGE_WINDOW_MS = 5000;

/**
 * Briefly highlights an element when `value` changes from someone else's action, so live
 * updates get noticed. The class is toggled on the element directly (no re-render of the card).
 * Call `expectOwnChange()` right before the reader's own optimistic change: that next change is
 * not highlighted. Nothing pulses when the reader asked for reduced motion.
 */
export function useChangeHighlight<E extends HTMLElement>(value: unknown) {
  const reducedMotion = useReducedMotion();
  const elementRef = useRef<E | null>(null);
  const previous = useRef(value);
  const ownChangeUntil = useRef(0);

  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    const own = Date.now() < ownChangeUntil.current;
    ownChangeUntil.current = 0;
    const element = elementRef.current;
    if (own || reducedMotion || !element) return;
    // Restart the animation when changes come in quick succession.
    // `data-live-changed` marks the pulse for the end-to-end journeys (the class name is hashed).
    const stop = () => {
      element.classList.remove(CHANGE_HIGHLIGHT_CLASS);
      delete element.dataset.liveChanged;
    };
    stop();
    void element.offsetWidth;
    element.classList.add(CHANGE_HIGHLIGHT_CLASS);
    element.dataset.liveChanged = "";
    const timer = window.setTimeout(stop, CHANGE_HIGHLIGHT_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [value, reducedMotion]);

  const expectOwnChange = useCallback(() => {
    ownChangeUntil.current = Date.now() + OWN_CHANGE_WINDOW_MS;
  }, []);

  return { ref: elementRef, expectOwnChange };
}
