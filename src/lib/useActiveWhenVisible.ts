import { useEffect, useState, type RefObject } from "react";

/** Resolves once the page has loaded and the browser has a quiet moment. */
function afterLoadAndIdle(run: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function")
      idleHandle = window.requestIdleCallback(run, { timeout: 1000 });
    else idleHandle = window.setTimeout(run, 0);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", idle);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}

/**
 * True once the page has finished loading (and is idle) while the element is on screen; false
 * again while it is scrolled out of view. Decorative animations run only then, so on a phone
 * they neither compete with the first paint nor burn frames nobody sees.
 */
export function useActiveWhenVisible(ref: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(false);
  // Without IntersectionObserver (old browsers, jsdom) the element counts as visible.
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setVisible(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return ready && visible;
}
