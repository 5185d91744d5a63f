// Where the app goes when this person signs out with a button that chose a destination
// (Settings → /ideas). A session that ends any other way (expired, could not refresh, signed out
// in another tab) keeps the person on their page: SessionWatcher says so with a sign-in link.
let chosenDestination: string | null = null;

/** Called by a sign-out button that navigates elsewhere itself (Settings → /ideas). */
export function expectSignOutTo(path: string) {
  chosenDestination = path;
}

/** Consumes the destination a sign-out button chose for the session that just ended, if any. */
export function signOutDestination(): string | null {
  const destination = chosenDestination;
  chosenDestination = null;
  return destination;
}
