// Sign-in for convex-test suites: Convex Auth's real OAuth round trip (its `auth:signIn` action,
// its HTTP routes behind our guards) against the local sign-in stand-in (the same code the
// local stack serves: Google's OpenID Connect and Discord's OAuth 2) run in memory through a
// replaced `fetch`. Each "browser" keeps its own cookies and client address, so tests can
// replay a callback in another browser or from another address.
import { vi } from "vitest";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { makeFunctionReference } from "convex/server";
import { dispatcher } from "../local/standins/framework";
import { signInStandIn } from "../local/standins/signIn";
import type { Backend } from "./test.setup";

const ISSUER_ORIGIN = "https://signin.test";
export const SIGN_IN_ENV = {
  SITE_URL: "https://app.test",
  CONVEX_SITE_URL: "https://some.convex.site",
  AUTH_GOOGLE_ID: "google-client",
  AUTH_GOOGLE_SECRET: "google-secret",
  AUTH_GOOGLE_ISSUER: `${ISSUER_ORIGIN}/google`,
  AUTH_DISCORD_ID: "discord-client",
  AUTH_DISCORD_SECRET: "discord-secret",
  AUTH_DISCORD_API_URL: `${ISSUER_ORIGIN}/discord/api`,
  // The redirect URIs registered with the providers (the stand-in accepts exactly these).
  GOOGLE_REDIRECT_URIS: "https://some.convex.site/api/auth/callback/google",
  DISCORD_REDIRECT_URIS: "https://some.convex.site/api/auth/callback/discord",
} as const;

const signInFn = makeFunctionReference<
  "action",
  { provider?: string; params?: Record<string, unknown>; verifier?: string },
  { redirect?: string; verifier?: string; tokens?: { token: string; refreshToken: string } | null }
>("auth:signIn");

let keys: Promise<{ JWT_PRIVATE_KEY: string; JWKS: string }> | null = null;
const jwtKeys = () =>
  (keys ??= (async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    return {
      JWT_PRIVATE_KEY: (await exportPKCS8(pair.privateKey)).trimEnd().replace(/\n/g, " "),
      JWKS: JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(pair.publicKey)) }] }),
    };
  })());

export interface Browser {
  /** Cookies of the HTTP actions origin, as this browser keeps them. */
  cookies: Map<string, string>;
  /** The address Convex sees for this browser's requests. */
  ip: string;
}

export interface SignInStart {
  provider: "google" | "discord";
  /** Convex Auth's verifier, kept by the web app (localStorage) until the code comes back. */
  verifier: string;
  /** The provider's authorization page this browser was sent to. */
  authorizeUrl: URL;
}

export interface SignInHarness {
  browser(ip?: string): Browser;
  /** Login → Continue with {provider}: ends on the provider's page. */
  start(browser: Browser, provider?: "google" | "discord"): Promise<SignInStart>;
  /** The person approves at the provider; returns the callback URL it sends the browser to. */
  consent(start: SignInStart, person: { name: string; email: string }): Promise<URL>;
  /** A browser opens a callback URL; returns where the app sends it next. */
  callback(browser: Browser, callbackUrl: URL): Promise<URL>;
  /** The web app exchanges the `code` it came back with: a session token, or null. */
  finish(start: SignInStart, code: string | null): Promise<string | null>;
  /** The whole round trip in one browser; the session token, or null and where it ended. */
  signIn(
    browser: Browser,
    person: { name: string; email: string },
    provider?: "google" | "discord",
  ): Promise<{ token: string | null; landedOn: URL }>;
  /** Authorization code exchanges the provider received. */
  tokenRequests(): number;
}

function setCookies(browser: Browser, response: Response) {
  const lines = response.headers.getSetCookie?.() ?? [];
  for (const line of lines) {
    const [pair, ...attributes] = line.split(";");
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at).trim();
    const value = pair!.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired || value === "") browser.cookies.delete(name);
    else browser.cookies.set(name, value);
  }
}

const cookieHeader = (browser: Browser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * Sets the sign-in env vars (vi.stubEnv), a JWT key pair for Convex Auth's session tokens, and
 * a fetch that sends requests for the provider to an in-memory sign-in stand-in.
 */
export async function mockSignIn(t: Backend): Promise<SignInHarness> {
  for (const [name, value] of Object.entries({ ...SIGN_IN_ENV, ...(await jwtKeys()) }))
    vi.stubEnv(name, value);
  const standIn = signInStandIn({
    baseUrl: ISSUER_ORIGIN,
    env: { ...SIGN_IN_ENV },
    log: () => undefined,
    dataDir: null,
  });
  const dispatch = dispatcher([standIn]);
  let exchanges = 0;
  const previous = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== ISSUER_ORIGIN) return previous(input, init);
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && /\/(token|oauth2\/token)$/.test(path)) {
      const form = new URLSearchParams(await request.clone().text());
      if (form.get("grant_type") === "authorization_code") exchanges += 1;
    }
    return await dispatch(request);
  });

  const siteFetch = (browser: Browser, url: URL) =>
    t.withRequestMetadata({ ip: browser.ip }).fetch(`${url.pathname}${url.search}`, {
      headers: browser.cookies.size > 0 ? { cookie: cookieHeader(browser) } : {},
      redirect: "manual",
    });

  const harness: SignInHarness = {
    browser: (ip = "203.0.113.10") => ({ cookies: new Map(), ip }),
    async start(browser, provider = "google") {
      const started = await t
        .withRequestMetadata({ ip: browser.ip })
        .action(signInFn, { provider, params: { redirectTo: "/login?signin=1" } });
      const toSignIn = await siteFetch(browser, new URL(started.redirect!));
      setCookies(browser, toSignIn);
      if (toSignIn.status !== 302)
        throw new Error(`sign-in start answered ${toSignIn.status}: ${await toSignIn.text()}`);
      return {
        provider,
        verifier: started.verifier!,
        authorizeUrl: new URL(toSignIn.headers.get("location")!),
      };
    },
    async consent({ authorizeUrl }, person) {
      const decided = await dispatch(
        new Request(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ query: authorizeUrl.search, ...person, action: "allow" }),
        }),
      );
      if (decided.status !== 302) throw new Error(`consent answered ${decided.status}`);
      return new URL(decided.headers.get("location")!);
    },
    async callback(browser, callbackUrl) {
      const response = await siteFetch(browser, callbackUrl);
      setCookies(browser, response);
      return new URL(response.headers.get("location") ?? "/", SIGN_IN_ENV.SITE_URL);
    },
    async finish({ provider, verifier }, code) {
      if (code === null) return null;
      try {
        const done = await t.action(signInFn, { provider, params: { code }, verifier });
        return done.tokens?.token ?? null;
      } catch {
        return null;
      }
    },
    async signIn(browser, person, provider = "google") {
      const start = await harness.start(browser, provider);
      const landedOn = await harness.callback(browser, await harness.consent(start, person));
      return { token: await harness.finish(start, landedOn.searchParams.get("code")), landedOn };
    },
    tokenRequests: () => exchanges,
  };
  return harness;
}
