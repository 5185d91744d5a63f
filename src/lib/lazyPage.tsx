import { lazy, type ComponentType } from "react";

/** A page whose code loads on demand, and can be fetched ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Fetches the page's code; once it is in, the page renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy plus a preload: main.tsx fetches the current route's page before the first render,
 * so the first screen goes straight from index.html's shell to the page, with no skeleton between.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed fetch (e.g. offline) may be tried again by the next render or preload.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return Object.assign(Page, { preload });
}
