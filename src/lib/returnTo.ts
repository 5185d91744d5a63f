// The return-to location: where a person goes after signing in.
//
// The header's Login and Register links pass router state `{ from: location }`. Router state
// does not survive the OAuth round trip (the browser leaves the site), so the login page carries
// the path in `redirectTo` as `/login?next={path}&signin=1`. The `signin=1` marker tells the page
// it is coming back from a provider: with no `code` next to it, that round trip failed.

/** Where people go after signing in when there is no return-to location. */
export const DEFAULT_NEXT = "/ideas";

/** The query parameter holding the return-to path. */
export const NEXT_PARAM = "next";

/** The query parameter marking a return from the sign-in provider. */
export const SIGNIN_PARAM = "signin";

const MAX_LENGTH = 2048;
// Control characters and whitespace are stripped or reinterpreted by browsers ("/\t/evil.com"
// becomes "//evil.com"), and a backslash counts as a slash, so none of them may appear.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;
const PROBE_ORIGIN = "https://bounties.invalid";

/**
 * The value as a same-site path ("/ideas?sort=recent#top"), or null when it is anything else:
 * not a string, empty, protocol-relative ("//evil.com", "/\\evil.com"), an absolute URL with a
 * scheme ("https://evil.com", "javascript:alert(1)"), or the login page itself.
 */
export function safeNext(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;

  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (isLoginPath(url.pathname)) return null;
  return value;
}

function isLoginPath(pathname: string): boolean {
  const normalized = pathname.replace(/\/+$/, "").toLowerCase();
  return normalized === "/login";
}

interface LocationLike {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

/** The safe path of router state `{ from: location }`, or null. */
export function pathFromState(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("from" in state)) return null;
  const from = (state as { from?: unknown }).from;
  if (typeof from === "string") return safeNext(from);
  if (typeof from !== "object" || from === null) return null;
  const { pathname, search, hash } = from as LocationLike;
  if (typeof pathname !== "string") return null;
  const path =
    pathname + (typeof search === "string" ? search : "") + (typeof hash === "string" ? hash : "");
  return safeNext(path);
}

/**
 * Where to go after signing in: the `next` query parameter, else the router state's `from`,
 * else null (the caller picks the default).
 */
export function returnPath(search: URLSearchParams, state: unknown): string | null {
  return safeNext(search.get(NEXT_PARAM)) ?? pathFromState(state);
}

/** The `redirectTo` for `signIn()`: back to the login page, carrying the return-to path. */
export function loginRedirectTo(next: string | null): string {
  const safe = safeNext(next);
  return safe === null
    ? `/login?${SIGNIN_PARAM}=1`
    : `/login?${NEXT_PARAM}=${encodeURIComponent(safe)}&${SIGNIN_PARAM}=1`;
}

/** The onboarding page, carrying where to go once it is done (new users sign in from anywhere). */
export function onboardPath(next: string | null): string {
  const safe = safeNext(next);
  return safe === null || safe.startsWith("/onboard")
    ? "/onboard"
    : `/onboard?${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}

/** A new Creator's "connect your channel" step, carrying where they were going. */
export function connectChannelPath(next: string | null): string {
  return next ? `/onboard/channel?${NEXT_PARAM}=${encodeURIComponent(next)}` : "/onboard/channel";
}
