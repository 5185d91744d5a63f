// Where the app goes when a session ends: "/" by default (spec §4 "Sign-out goes to /"),
// unless the sign-out was started by a button that chose its own destination.
let chosenDestination: string | null = null;

/** Called by a sign-out button that navigates elsewhere itself (Settings → /ideas). */
export function expectSignOutTo(path: string) {
  chosenDestination = path;
}

/** Consumes the destination for the session that just ended. */
export function signOutDestination(): string {
  const destination = chosenDestination ?? "/";
  chosenDestination = null;
  return destination;
}
