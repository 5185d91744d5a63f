// Rate limits (model/rateLimits.ts): a limited caller is refused with a clear message (a 429 with
// Retry-After on REST), nothing is written and no outside service is called; and the sweeps.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend, messageOf } from "./test.setup";
import { mockPlatforms, type FakePlatforms } from "./test.platforms";
import { mockStripe, type StripeHarness } from "./test.stripe";

const DAY = 24 * 3600 * 1000;
const TOO_MANY = /^Too many requests — please try again in \d+ seconds?\.$/;
let platforms: FakePlatforms;
let stripe: StripeHarness;

beforeEach(() => {
  platforms = mockPlatforms();
  // The clock stands still unless a test moves it: buckets refill with time, and a slow machine
  // must not refill one in the middle of a burst.
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

function backend() {
  const t = newBackend();
  stripe = mockStripe(t);
  return t;
}

const idea = (n: number) => ({
  oneLiner: `Idea number ${n}`,
  platform: "YouTube" as const,
  durations: ["MEDIUM" as const],
  expiration: Date.now() + 5 * DAY,
  links: [],
});

const count = (t: Backend, table: "proposals" | "contributions" | "oauthStates" | "submissions") =>
  t.run(async (ctx) => (await ctx.db.query(table).take(1000)).length);

async function newIdea(t: Backend) {
  return await as(t, await createUser(t)).mutation(api.ideas.create, idea(0));
}

describe("ideas", () => {
  test("the 11th idea in a minute is refused and nothing is written; later it is accepted", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    for (let i = 1; i <= 10; i++) await as(t, ada).mutation(api.ideas.create, idea(i));
    expect(await count(t, "proposals")).toBe(10);
    expect(await messageOf(as(t, ada).mutation(api.ideas.create, idea(11)))).toMatch(TOO_MANY);
    expect(await count(t, "proposals")).toBe(10);
    // Someone else is not affected.
    await as(t, await createUser(t)).mutation(api.ideas.create, idea(12));
    // A bucket refills: one idea every six minutes.
    vi.setSystemTime(Date.now() + 6 * 60 * 1000 + 1000);
    await as(t, ada).mutation(api.ideas.create, idea(13));
    expect(await count(t, "proposals")).toBe(12);
  });

  test("on REST the refusal is a 429 with Retry-After", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const post = () =>
      as(t, ada).fetch("/server/api/proposals/submit", {
        method: "POST",
        body: JSON.stringify({
          oneLiner: "A video about urban foxes",
          platform: "Any",
          expiration: new Date(Date.now() + 5 * DAY).toISOString(),
          selectedDurations: ["SHORT"],
        }),
      });
    for (let i = 0; i < 10; i++) expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(TOO_MANY);
    expect(await count(t, "proposals")).toBe(10);
  });
});

describe("votes", () => {
  test("a vote script is stopped after its burst; the net count holds the accepted votes only", async () => {
    const t = newBackend();
    const ideaId = await newIdea(t);
    const bob = await createUser(t);
    let accepted = 0;
    let refused = "";
    for (let i = 0; i < 40 && !refused; i++) {
      try {
        await as(t, bob).mutation(api.ideas.vote, { ideaId, vote: i % 2 ? -1 : 1 });
        accepted += 1;
      } catch (e) {
        refused = (e as { data: { message: string } }).data.message;
      }
    }
    expect(accepted).toBe(30);
    expect(refused).toMatch(TOO_MANY);
    // Thirty alternating votes, the last a -1; the 31st changed nothing.
    expect((await t.query(api.ideas.get, { ideaId }))!.votes).toBe(-1);
  });
});

describe("videos", () => {
  test("submitting is limited per person and a refused submit asks no platform", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const creator = await createUser(t);
    const submit = (i: number) =>
      as(t, creator).action(api.submissions.submit, {
        ideaId,
        link: `https://youtu.be/vidvidvid${String(i).padStart(2, "0")}`,
      });
    for (let i = 0; i < 10; i++) {
      platforms.youtube.push({
        id: `vidvidvid${String(i).padStart(2, "0")}`,
        channelId: "UCsomeone",
        title: `Video ${i}`,
        seconds: 600,
        publishedAt: Date.now() + 1000,
      });
      await submit(i);
    }
    const asked = platforms.requests.length;
    expect(await messageOf(submit(10))).toMatch(TOO_MANY);
    expect(platforms.requests.length).toBe(asked);
    expect(await count(t, "submissions")).toBe(10);
  });

  test("a malformed link is refused with its reason and costs no token, to check or to submit", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const creator = await createUser(t);
    const malformed = { ideaId, link: "https://example.com/not-a-video" };
    // Far more than either burst (20 checks, 10 submits).
    for (let i = 0; i < 25; i++) {
      expect(await messageOf(as(t, creator).action(api.submissions.check, malformed))).not.toMatch(
        TOO_MANY,
      );
      expect(await messageOf(as(t, creator).action(api.submissions.submit, malformed))).not.toMatch(
        TOO_MANY,
      );
    }
    expect(platforms.requests.length).toBe(0);
    // The person's real checks and submits still have their whole burst.
    platforms.youtube.push({
      id: "realvideo01",
      channelId: "UCsomeone",
      title: "A real video",
      seconds: 600,
      publishedAt: Date.now() + 1000,
    });
    const real = { ideaId, link: "https://youtu.be/realvideo01" };
    await as(t, creator).action(api.submissions.check, real);
    expect(await as(t, creator).action(api.submissions.submit, real)).toBeTruthy();
  });

  test("the REST verify route answers 429 after its burst", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const verify = () =>
      as(t, creator).fetch("/server/api/submissions/verify", {
        method: "POST",
        body: JSON.stringify({ link: "https://youtu.be/nothing0001" }),
      });
    for (let i = 0; i < 20; i++) expect((await verify()).status).toBe(400);
    const refused = await verify();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("checkouts", () => {
  test("a limited checkout makes no Stripe call and no contribution", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const donor = await createUser(t);
    for (let i = 0; i < 10; i++)
      await as(t, donor).action(api.contributions.startCheckout, { ideaId, amountCents: 500 });
    const calls = stripe.requests.length;
    expect(
      await messageOf(
        as(t, donor).action(api.contributions.startCheckout, { ideaId, amountCents: 500 }),
      ),
    ).toMatch(TOO_MANY);
    expect(stripe.requests.length).toBe(calls);
    expect(await count(t, "contributions")).toBe(10);
  });

  test("anonymous REST checkouts are limited per client; a forged X-Forwarded-For is not a new client", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    let forged = 0;
    const checkout = (ip: string) =>
      t.withRequestMetadata({ ip }).fetch("/server/api/stripe/create-checkout", {
        method: "POST",
        // A fresh made-up address on every request: trusted by nobody by default.
        headers: { "X-Forwarded-For": `198.18.0.${++forged}`, "X-Real-IP": `198.19.0.${forged}` },
        body: JSON.stringify({ postId: ideaId, amount: 500, type: "proposal" }),
      });
    for (let i = 0; i < 10; i++) expect((await checkout("203.0.113.7")).status).toBe(200);
    const calls = stripe.requests.length;
    const refused = await checkout("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(stripe.requests.length).toBe(calls);
    expect((await checkout("198.51.100.2")).status).toBe(200);
    expect(await count(t, "contributions")).toBe(11);
  });

  test("one client cannot use up anonymous checkouts for everyone: no bucket is shared", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const from = (ip: string) =>
      t.withRequestMetadata({ ip }).action(api.contributions.startCheckout, {
        ideaId,
        amountCents: 500,
      });
    // Seven clients spend their whole burst (70 checkouts, more than any shared bucket held)...
    for (let client = 1; client <= 7; client++)
      for (let i = 0; i < 10; i++) await from(`203.0.113.${client}`);
    expect(await messageOf(from("203.0.113.1"))).toMatch(TOO_MANY);
    // ...and the next anonymous payers still get through, each on their own.
    await from("198.51.100.4");
    await from("2001:db8:1:2::5");
    expect(await count(t, "contributions")).toBe(72);
  });

  test("IPv6 clients are keyed by their /64, so one machine cannot rotate through its addresses", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const from = (ip: string) =>
      t.withRequestMetadata({ ip }).action(api.contributions.startCheckout, {
        ideaId,
        amountCents: 500,
      });
    for (let i = 1; i <= 10; i++) await from(`2001:db8:aa:bb::${i.toString(16)}`);
    expect(await messageOf(from("2001:db8:aa:bb:ffff:1:2:3"))).toMatch(TOO_MANY);
    await from("2001:db8:aa:bc::1");
  });

  test("behind trusted proxies (CLIENT_IP_HEADER, CLIENT_IP_TRUSTED_HOPS) the client is read from their header", async () => {
    vi.stubEnv("CLIENT_IP_HEADER", "X-Forwarded-For");
    vi.stubEnv("CLIENT_IP_TRUSTED_HOPS", "2");
    const t = backend();
    const ideaId = await newIdea(t);
    // Every request reaches Convex from the same proxy; the header names the client.
    const checkout = (forwardedFor: string) =>
      t.withRequestMetadata({ ip: "10.0.0.1" }).fetch("/server/api/stripe/create-checkout", {
        method: "POST",
        headers: { "X-Forwarded-For": forwardedFor },
        body: JSON.stringify({ postId: ideaId, amount: 500, type: "proposal" }),
      });
    // The client is 2 entries from the right; what it wrote itself (left of that) is ignored.
    for (let i = 0; i < 10; i++)
      expect((await checkout(`6.6.6.${i}, 203.0.113.7, 10.0.0.2`)).status).toBe(200);
    expect((await checkout("6.6.6.99, 203.0.113.7, 10.0.0.2")).status).toBe(429);
    // Another client behind the same proxies has its own bucket.
    expect((await checkout("198.51.100.2, 10.0.0.2")).status).toBe(200);
    // A request that did not come through both proxies falls back to the address Convex saw.
    expect((await checkout("10.0.0.2")).status).toBe(200);
  });

  test("a caller with no address at all (never the case on Convex) is limited as 'unknown'; a signed-in person has their own bucket", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    for (let i = 0; i < 10; i++)
      await t.action(api.contributions.startCheckout, { ideaId, amountCents: 500 });
    expect(
      await messageOf(t.action(api.contributions.startCheckout, { ideaId, amountCents: 500 })),
    ).toMatch(TOO_MANY);
    await as(t, await createUser(t)).action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 500,
    });
  });

  test("the confirmation page's Stripe lookup is limited per session", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 500,
    });
    const sessionId = url.split("/").pop()!;
    for (let i = 0; i < 5; i++) await t.action(api.contributions.reconcile, { sessionId });
    const calls = stripe.requests.length;
    expect(await messageOf(t.action(api.contributions.reconcile, { sessionId }))).toMatch(TOO_MANY);
    expect(stripe.requests.length).toBe(calls);
    const rest = await t.fetch(`/server/api/contributions/${sessionId}/record`, { method: "POST" });
    expect(rest.status).toBe(429);
    expect(rest.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("lookups of Checkout Sessions (no Stripe amplification)", () => {
  const lookups = () =>
    stripe.requests.filter(
      (r) => r.method === "GET" && r.path.startsWith("/v1/checkout/sessions/"),
    );
  const randomId = (n: number) => `cs_test_random${n}${"x".repeat(20)}`;

  test("60 lookups of random session ids from one client cost Stripe 5 calls; another client still gets its own", async () => {
    const t = backend();
    const attacker = t.withRequestMetadata({ ip: "203.0.113.50" });
    const answers: string[] = [];
    for (let i = 0; i < 60; i++)
      answers.push(
        await messageOf(attacker.action(api.contributions.reconcile, { sessionId: randomId(i) })),
      );
    expect(lookups()).toHaveLength(5);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill("Contribution not found."));
    expect(answers.slice(5).every((a) => TOO_MANY.test(a))).toBe(true);
    // The same through REST (…/record) is a 429 with Retry-After, and asks Stripe nothing.
    const rest = await attacker.fetch(`/server/api/contributions/${randomId(99)}/record`, {
      method: "POST",
    });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(lookups()).toHaveLength(5);
    // Another client is not held back by the first one's lookups.
    const other = t.withRequestMetadata({ ip: "198.51.100.60" });
    expect(
      await messageOf(other.action(api.contributions.reconcile, { sessionId: randomId(100) })),
    ).toBe("Contribution not found.");
    expect(lookups()).toHaveLength(6);
  });

  test("Stripe's 'no such session' is remembered for 10 minutes: asking again costs no call and no token", async () => {
    const t = backend();
    const client = t.withRequestMetadata({ ip: "203.0.113.51" });
    const ask = () =>
      messageOf(client.action(api.contributions.reconcile, { sessionId: randomId(1) }));
    for (let i = 0; i < 20; i++) expect(await ask()).toBe("Contribution not found.");
    expect(lookups()).toHaveLength(1);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
    expect(await ask()).toBe("Contribution not found.");
    expect(lookups()).toHaveLength(2);
  });

  test("a payer's own session is looked up whatever their client spent on unknown ones", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const payer = t.withRequestMetadata({ ip: "203.0.113.52" });
    const { url } = await payer.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 500,
    });
    const sessionId = url.split("/").pop()!;
    for (let i = 0; i < 6; i++)
      await messageOf(payer.action(api.contributions.reconcile, { sessionId: randomId(i) }));
    stripe.pay(sessionId, "paid");
    expect(await payer.action(api.contributions.reconcile, { sessionId })).toBe("paid");
  });

  test("a lookup tries Stripe once (no retries while someone waits) and says so when Stripe fails", async () => {
    const t = backend();
    const ideaId = await newIdea(t);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 500,
    });
    const sessionId = url.split("/").pop()!;
    stripe.failNext(3, "error_500", { method: "GET", path: `/v1/checkout/sessions/${sessionId}` });
    expect(await messageOf(t.action(api.contributions.reconcile, { sessionId }))).toBe(
      "Failed to fetch contribution details",
    );
    expect(lookups()).toHaveLength(1);
  });
});

describe("a clock that moved back (the local stack's test clock)", () => {
  test("does not lock a bucket out: one touched in the future starts full again", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const create = (n: number) => as(t, ada).mutation(api.ideas.create, idea(n));
    for (let i = 0; i < 10; i++) await create(i);
    // The bucket is empty, and last touched 30 days ahead of the clock (Convex's own clock never
    // goes back, so the test writes what a stack clock moved back leaves behind).
    await t.run(async (ctx) => {
      for (const bucket of await ctx.db.query("rateLimits").collect())
        await ctx.db.patch("rateLimits", bucket._id, { ts: Date.now() + 30 * DAY });
    });
    await create(11);
    expect(await count(t, "proposals")).toBe(11);
  });
});

describe("OAuth starts", () => {
  test("are limited per person and a refused start stores no state", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const start = () =>
      as(t, creator).action(api.platforms.startConnection, {
        platform: "YouTube",
        returnToSettings: false,
      });
    for (let i = 0; i < 10; i++) await start();
    expect(await messageOf(start())).toMatch(TOO_MANY);
    expect(await count(t, "oauthStates")).toBe(10);
    const rest = await as(t, creator).fetch("/server/youtube/oauth");
    expect(rest.status).toBe(429);
  });
});

describe("the sweeps", () => {
  test("expired OAuth states, verifiers older than an hour, sign-in notes and unknown sessions are deleted; fresh ones stay", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const creator: Id<"users"> = await createUser(t);
    await t.run(async (ctx) => {
      const base = { userId: creator, platform: "YouTube" as const, returnToSettings: false };
      await ctx.db.insert("oauthStates", { ...base, state: "old", expiresAt: Date.now() - 1 });
      await ctx.db.insert("oauthStates", { ...base, state: "new", expiresAt: Date.now() + 60_000 });
      await ctx.db.insert("authVerifiers", { signature: "old" });
    });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    await t.run(async (ctx) => {
      await ctx.db.insert("authVerifiers", { signature: "new" });
      const now = Date.now();
      for (const [requestId, expiresAt] of [
        ["old", now - 1],
        ["new", now + 60_000],
      ] as const)
        await ctx.db.insert("signInClients", { requestId, address: null, device: null, expiresAt });
      await ctx.db.insert("unknownCheckoutSessions", { sessionId: "cs_old", until: now - 1 });
      await ctx.db.insert("unknownCheckoutSessions", { sessionId: "cs_new", until: now + 60_000 });
    });
    await t.mutation(internal.rateLimits.sweepExpired, {});
    const left = await t.run(async (ctx) => ({
      states: (await ctx.db.query("oauthStates").collect()).map((s) => s.state),
      verifiers: (await ctx.db.query("authVerifiers").collect()).map((v) => v.signature),
      notes: (await ctx.db.query("signInClients").collect()).map((n) => n.requestId),
      unknown: (await ctx.db.query("unknownCheckoutSessions").collect()).map((u) => u.sessionId),
    }));
    // "new" expired too by now (15 minutes), so only the fresh verifier is left.
    expect(left).toEqual({ states: [], verifiers: ["new"], notes: ["new"], unknown: ["cs_new"] });
  });

  test("idle buckets are deleted, busy ones kept", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const ada = await createUser(t);
    await as(t, ada).mutation(api.ideas.create, idea(1));
    vi.setSystemTime(Date.now() + 2 * DAY);
    const bob = await createUser(t);
    await as(t, bob).mutation(api.ideas.create, idea(2));
    await t.mutation(internal.rateLimits.sweepBuckets, {});
    const keys = await t.run(async (ctx) =>
      (await ctx.db.query("rateLimits").collect()).map((r) => r.key),
    );
    expect(keys).toEqual([bob]);
  });
});
