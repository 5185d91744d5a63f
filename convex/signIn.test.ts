// Sign-in as RFC 9700 asks: PKCE (S256) and state on Google and Discord; a callback finishes only
// in the browser that started its sign-in, and a refused callback spends nothing, so the code
// still signs its own browser in. Sign-ups are limited per address and per browser.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { newBackend, type Backend } from "./test.setup";
import { mockSignIn, SIGN_IN_ENV, type SignInHarness } from "./test.signIn";

let t: Backend;
let signIn: SignInHarness;
beforeEach(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  t = newBackend();
  signIn = await mockSignIn(t);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const victim = { name: "Vic Tim", email: "vic@example.com" };
const loginFailed = `${SIGN_IN_ENV.SITE_URL}/login?signin=1`;
const users = () => t.run(async (ctx) => (await ctx.db.query("users").take(100)).length);

describe("sign-in with PKCE and state", () => {
  for (const provider of ["google", "discord"] as const) {
    test(`${provider}: the provider is asked with an S256 challenge and a state, and the person signs in`, async () => {
      const browser = signIn.browser();
      const start = await signIn.start(browser, provider);
      expect(start.authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
      expect(start.authorizeUrl.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
      expect(start.authorizeUrl.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
      const landedOn = await signIn.callback(browser, await signIn.consent(start, victim));
      expect(await signIn.finish(start, landedOn.searchParams.get("code"))).toEqual(
        expect.any(String),
      );
    });
  }

  test("a callback opened in a foreign browser is refused before any exchange, and the code still signs its own browser in", async () => {
    const own = signIn.browser("203.0.113.10");
    const start = await signIn.start(own);
    const callback = await signIn.consent(start, victim);
    // The callback URL leaks and is opened elsewhere (or the person switches browsers).
    const foreign = signIn.browser("198.51.100.66");
    expect((await signIn.callback(foreign, callback)).href).toBe(loginFailed);
    expect(signIn.tokenRequests()).toBe(0);
    expect(await users()).toBe(0);
    const landedOn = await signIn.callback(own, callback);
    expect(await signIn.finish(start, landedOn.searchParams.get("code"))).toEqual(
      expect.any(String),
    );
    expect(signIn.tokenRequests()).toBe(1);
  });

  test("a stolen code replayed in the attacker's own sign-in, with the victim's state, is refused before any exchange", async () => {
    const own = signIn.browser();
    const start = await signIn.start(own);
    const stolen = await signIn.consent(start, victim);
    const attacker = signIn.browser("198.51.100.66");
    await signIn.start(attacker);
    expect((await signIn.callback(attacker, stolen)).href).toBe(loginFailed);
    expect(signIn.tokenRequests()).toBe(0);
    const landedOn = await signIn.callback(own, stolen);
    expect(await signIn.finish(start, landedOn.searchParams.get("code"))).toEqual(
      expect.any(String),
    );
  });

  test("a stolen code replayed with the attacker's own state and verifier is refused by the provider, spends nothing, and signs nobody in", async () => {
    const own = signIn.browser();
    const start = await signIn.start(own);
    const stolen = await signIn.consent(start, victim);
    const attacker = signIn.browser("198.51.100.66");
    const attackers = await signIn.start(attacker);
    const forged = new URL(stolen);
    forged.searchParams.set("state", attackers.authorizeUrl.searchParams.get("state")!);
    const landedOn = await signIn.callback(attacker, forged);
    expect(landedOn.searchParams.get("code")).toBeNull();
    expect(await users()).toBe(0);
    // The victim's own browser still finishes with that code.
    const own2 = await signIn.callback(own, stolen);
    expect(await signIn.finish(start, own2.searchParams.get("code"))).toEqual(expect.any(String));
    expect(await users()).toBe(1);
  });

  test("the app's code from a callback is useless without the verifier of the sign-in that asked for it", async () => {
    const own = signIn.browser();
    const start = await signIn.start(own);
    const landedOn = await signIn.callback(own, await signIn.consent(start, victim));
    const code = landedOn.searchParams.get("code");
    const attackers = await signIn.start(signIn.browser("198.51.100.66"));
    expect(await signIn.finish(attackers, code)).toBeNull();
  });
});

describe("sign-up limits", () => {
  const person = (n: number) => ({ name: `Person ${n}`, email: `person${n}@example.com` });

  test("one address makes 5 new accounts; the 6th is refused with the wait, makes nothing, and people who have an account still sign in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let n = 1; n <= 5; n++) {
      const { token } = await signIn.signIn(signIn.browser("203.0.113.20"), person(n));
      expect(token).toEqual(expect.any(String));
    }
    const refused = await signIn.signIn(signIn.browser("203.0.113.20"), person(6));
    expect(refused.token).toBeNull();
    expect(refused.landedOn.pathname).toBe("/login");
    expect(Number(refused.landedOn.searchParams.get("signup_wait"))).toBeGreaterThan(0);
    expect(await users()).toBe(5);
    // An existing account is not a sign-up.
    expect((await signIn.signIn(signIn.browser("203.0.113.20"), person(1))).token).toEqual(
      expect.any(String),
    );
    // Another address has its own allowance.
    expect((await signIn.signIn(signIn.browser("198.51.100.21"), person(7))).token).toEqual(
      expect.any(String),
    );
    // The allowance comes back with time (5 an hour).
    vi.setSystemTime(Date.now() + 13 * 60_000);
    expect((await signIn.signIn(signIn.browser("203.0.113.20"), person(8))).token).toEqual(
      expect.any(String),
    );
  });

  test("one browser makes 3 new accounts a day, whatever address it comes from", async () => {
    const browser = signIn.browser("203.0.113.30");
    for (let n = 1; n <= 3; n++) {
      browser.ip = `203.0.113.${30 + n}`;
      expect((await signIn.signIn(browser, person(n))).token).toEqual(expect.any(String));
    }
    browser.ip = "203.0.113.99";
    const refused = await signIn.signIn(browser, person(4));
    expect(refused.token).toBeNull();
    expect(refused.landedOn.searchParams.get("signup_wait")).toMatch(/^\d+$/);
    expect(await users()).toBe(3);
    // The same address in a fresh browser is fine (its address allowance is untouched).
    expect((await signIn.signIn(signIn.browser("203.0.113.99"), person(5))).token).toEqual(
      expect.any(String),
    );
  });

  test("SIGN_UP_LIMIT_PER_ADDRESS raises the address limit (a campus behind one address)", async () => {
    vi.stubEnv("SIGN_UP_LIMIT_PER_ADDRESS", "8");
    for (let n = 1; n <= 8; n++)
      expect((await signIn.signIn(signIn.browser("203.0.113.40"), person(n))).token).toEqual(
        expect.any(String),
      );
    expect((await signIn.signIn(signIn.browser("203.0.113.40"), person(9))).token).toBeNull();
  });

  test("the sign-in notes of finished callbacks are gone", async () => {
    await signIn.signIn(signIn.browser(), person(1));
    expect(await t.run(async (ctx) => (await ctx.db.query("signInClients").take(10)).length)).toBe(
      0,
    );
  });
});

describe("a banned person", () => {
  test("is sent back to the login page with the reason, gets no code and no session, and the account is left as it was", async () => {
    const browser = signIn.browser("203.0.113.50");
    expect((await signIn.signIn(browser, victim)).token).toEqual(expect.any(String));
    const userId = await t.run(async (ctx) => (await ctx.db.query("users").first())!._id);
    await t.run((ctx) => ctx.db.patch("users", userId, { bannedAt: Date.now(), name: "Before" }));
    for (const provider of ["google", "discord"] as const) {
      const refused = await signIn.signIn(signIn.browser("203.0.113.50"), victim, provider);
      expect(refused.token).toBeNull();
      expect(refused.landedOn.href).toBe(`${SIGN_IN_ENV.SITE_URL}/login?signin=1&banned=1`);
    }
    const user = await t.run((ctx) => ctx.db.get("users", userId));
    expect(user!.name).toBe("Before");
    expect(await users()).toBe(1);
    expect(await t.run(async (ctx) => (await ctx.db.query("signInClients").take(10)).length)).toBe(
      0,
    );
    // The ban lifted, the same person signs in again.
    await t.run((ctx) => ctx.db.patch("users", userId, { bannedAt: undefined }));
    expect((await signIn.signIn(signIn.browser("203.0.113.50"), victim)).token).toEqual(
      expect.any(String),
    );
  });
});
