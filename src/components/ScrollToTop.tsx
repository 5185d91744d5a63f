import { useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";

const MAX_HASH_RETRIES = 10;

function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
}

function findHashTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep the raw fragment when it is not valid percent-encoding.
  }
  return id ? document.getElementById(id) : null;
}

/**
 * Scrolls the window to the top whenever the route's path changes. When the address carries a
 * #fragment, scrolls to that element instead (waiting a few frames for it to render).
 * Renders nothing.
 */
export default function ScrollToTop() {
  const { pathname, hash } = useLocation();

  useLayoutEffect(() => {
    if (!hash) {
      scrollToTop();
      return;
    }
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const target = findHashTarget(hash);
      if (target) {
        target.scrollIntoView({ block: "start" });
      } else if (tries++ < MAX_HASH_RETRIES) {
        frame = requestAnimationFrame(attempt);
      } else {
        scrollToTop();
      }
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return null;
}
