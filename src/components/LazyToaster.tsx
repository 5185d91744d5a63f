import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toasterStore, wantToaster } from "../lib/toast";

const AppToaster = lazy(() => import("./AppToaster"));

/**
 * Mounts the toaster once the page has loaded and the browser is idle, or at the first toast
 * if that comes sooner: the landing page's first load carries no toast code (lib/toast.ts).
 */
export default function LazyToaster() {
  const wanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.wanted);
  useEffect(() => {
    let idle: number | undefined;
    const start = () => {
      idle =
        typeof window.requestIdleCallback === "function"
          ? window.requestIdleCallback(wantToaster, { timeout: 3000 })
          : window.setTimeout(wantToaster, 500);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
