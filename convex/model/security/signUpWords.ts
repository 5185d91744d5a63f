// What a person refused at sign-in sees — by the sign-up limits, or because they are banned
// (shared by the sign-in guard and the web app's login page; no server imports, so the web app
// can use it).

/** The login page's query parameter: a new account was refused; seconds until one may be made. */
export const SIGN_UP_WAIT_PARAM = "signup_wait";

/** The text the login page shows when a new account is refused, with the wait rounded up. */
export function signUpLimitMessage(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const hours = Math.ceil(minutes / 60);
  const wait =
    minutes < 60
      ? `${minutes} minute${minutes === 1 ? "" : "s"}`
      : `${hours} hour${hours === 1 ? "" : "s"}`;
  return `Too many new accounts were made from this network or browser. Please try again in ${wait}, or sign in with an account you already have.`;
}

/** The login page's query parameter: the person is banned (no session was made). */
export const BANNED_PARAM = "banned";
export const BANNED_MESSAGE =
  "This account was banned for breaking the rules of Bounties. Sign-in is not possible.";
