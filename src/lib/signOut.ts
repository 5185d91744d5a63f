// Where the app goes when this person signs out. A sign-out button chooses its own page
// (Settings → /ideas, spec §2) and tells the other tabs: they go to / (spec §4, "Sign-out goes
// to /"). A session that ends any other way (expired, could not refresh) keeps the person on
// their page: SessionWatcher says so with a sign-in link.
let chosenDestination: string | null = null;

/** The key other tabs hear about (a `storage` event) when one tab signs out. */
export const SIGNED_OUT_KEY = "bounties:signedOutAt";
/** How long after a sign-out in another tab this tab's session end is taken as that sign-out. */
const ELSEWHERE_WINDOW_MS = 60_000;

/** Called by a sign-out button that navigates elsewhere itself (Settings → /ideas). */
export function expectSignOutTo(path: string) {
  chosenDestination = path;
  try {
    localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): other tabs fall back to "Your session has ended".
  }
}

/** Whether a tab signed out the session that started at `since`, just now. */
function signedOutElsewhere(since: number, now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(SIGNED_OUT_KEY));
    return Number.isFinite(at) && at >= since && now - at < ELSEWHERE_WINDOW_MS;
  } catch {
    return false;
  }
}

/**
 * Where to go now that the session that started at `since` ended: the page this tab's sign-out
 * button chose, "/" when another tab signed it out, else null (stay, with a toast).
 */
export function signOutDestination(since = 0): string | null {
  const destination = chosenDestination;
  chosenDestination = null;
  if (destination !== null) return destination;
  return signedOutElsewhere(since) ? "/" : null;
}
