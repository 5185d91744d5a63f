// The app's toasts, loaded lazily: sonner (with its styles) is ~10 KB of a phone's first load
// that nobody needs until something happens. `toast` keeps sonner's calls; the first one loads
// sonner and mounts the toaster, and calls made meanwhile are delivered in order once it is in.
// Sonner replays toasts raised before its Toaster subscribed, so nothing raised early is lost.
type Sonner = typeof import("sonner");

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;

/** Loads sonner (once); main.tsx also starts it after the page has loaded. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => (sonner = module));
  return loading;
}

// Whether the Toaster should be mounted (see LazyToaster in main.tsx).
let toasterWanted = false;
const toasterListeners = new Set<() => void>();

export function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of toasterListeners) listener();
}

export const toasterStore = {
  subscribe(listener: () => void) {
    toasterListeners.add(listener);
    return () => toasterListeners.delete(listener);
  },
  wanted: () => toasterWanted,
};

function deliver(show: (module: Sonner) => void) {
  wantToaster();
  if (sonner) show(sonner);
  else
    void loadToasts()
      .then(show)
      .catch(() => undefined);
}

type Args = Parameters<Sonner["toast"]>;

/** Sonner's `toast`, minus its return value (the id: callers pass their own, lib/toasts.ts). */
export const toast = Object.assign((...args: Args) => deliver((s) => s.toast(...args)), {
  success: (...args: Args) => deliver((s) => s.toast.success(...args)),
  error: (...args: Args) => deliver((s) => s.toast.error(...args)),
  warning: (...args: Args) => deliver((s) => s.toast.warning(...args)),
  dismiss: (id?: string | number) => deliver((s) => s.toast.dismiss(id)),
});
