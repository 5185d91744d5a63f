import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { useLocation } from "react-router-dom";
import styles from "./RouteErrorBoundary.module.css";

/**
 * True when the error is a lazily loaded page whose code could not be downloaded (a new deploy
 * replaced the chunk, or the network dropped): only a reload helps then.
 */
export function isChunkLoadError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (
    error.name === "ChunkLoadError" ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i.test(
      error.message,
    )
  )
    return true;
  // Loaders sometimes wrap the browser's error; its cause says what happened.
  return isChunkLoadError(error.cause, depth + 1);
}

export function RouteErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  return (
    <div className={`container page ${styles.routeError}`} role="alert">
      <div className={`${styles.routeErrorCard} card`}>
        <h1 className={styles.routeErrorTitle}>
          {chunk ? "This page could not be loaded" : "Something went wrong on this page"}
        </h1>
        <p className={styles.routeErrorText}>
          {chunk
            ? "A newer version of Bounties may be available, or your connection dropped. Reload to get the latest version."
            : "Sorry about that. You can try again, or use the menu above to go somewhere else."}
        </p>
        <div className={styles.routeErrorActions}>
          {chunk ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => window.location.reload()}
            >
              Reload the page
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={resetErrorBoundary}>
              Try again
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Keeps a throwing page (or a lazy chunk that failed to load) inside the main area: the
 * header and footer stay usable, and moving to another address starts the page afresh.
 */
export default function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorFallback} resetKeys={[location.key]}>
      {children}
    </ErrorBoundary>
  );
}
