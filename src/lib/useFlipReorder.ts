import { useCallback, useLayoutEffect, useRef } from "react";
import { useReducedMotion } from "./useReducedMotion";

/** How long a reordered item takes to glide to its new place. */
export const FLIP_DURATION_MS = 300;

/**
 * FLIP: when the order of `keys` changes (e.g. another person's vote reorders a Popular list),
 * each item that moved glides from where it was to where it now is, so the reader sees what
 * happened. Positions are measured relative to the list, so scrolling is not taken for a move.
 * Appending items (load more) does not animate; nothing animates with reduced motion.
 * Usage: `const { listRef, itemRef } = useFlipReorder(ids)`; `<ul ref={listRef}>`,
 * `<li ref={itemRef(id)}>`.
 */
export function useFlipReorder<L extends HTMLElement = HTMLElement>(keys: readonly string[]) {
  const reducedMotion = useReducedMotion();
  const listRef = useRef<L | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const positions = useRef(new Map<string, number>());
  const previousOrder = useRef<readonly string[]>([]);
  const refCallbacks = useRef(new Map<string, (element: HTMLElement | null) => void>());

  const itemRef = useCallback((key: string) => {
    let callback = refCallbacks.current.get(key);
    if (!callback) {
      callback = (element: HTMLElement | null) => {
        if (element) elements.current.set(key, element);
        else {
          elements.current.delete(key);
          refCallbacks.current.delete(key);
        }
      };
      refCallbacks.current.set(key, callback);
    }
    return callback;
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const listTop = list.getBoundingClientRect().top;
    const measured = new Map<string, number>();
    for (const [key, element] of elements.current)
      measured.set(key, element.getBoundingClientRect().top - listTop);

    const before = previousOrder.current.filter((key) => keys.includes(key));
    const after = keys.filter((key) => previousOrder.current.includes(key));
    const reordered = before.some((key, index) => key !== after[index]);
    if (reordered && !reducedMotion) {
      for (const [key, top] of measured) {
        const was = positions.current.get(key);
        const element = elements.current.get(key);
        if (was === undefined || !element || was === top || typeof element.animate !== "function")
          continue;
        element.animate(
          [{ transform: `translateY(${was - top}px)` }, { transform: "translateY(0)" }],
          { duration: FLIP_DURATION_MS, easing: "cubic-bezier(0.2, 0, 0, 1)" },
        );
      }
    }
    positions.current = measured;
    previousOrder.current = keys;
  }, [keys, reducedMotion]);

  return { listRef, itemRef };
}
