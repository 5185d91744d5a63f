// What a person refused by the sign-up limits sees (shared by the sign-in guard and the web
// app's login page; no server imports, so the web app can use it).

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
