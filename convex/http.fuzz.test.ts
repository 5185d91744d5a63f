// A seeded, bounded fuzz test of every HTTP route (convex/http.ts): the REST API, Stripe's
// webhooks, the email unsubscribe link, Convex Auth's routes and the platform OAuth routes,
// with malformed methods, paths, query strings, bodies, headers and callers (the generator is
// convex/test.httpFuzz.ts; e2e/rest/fuzz.test.ts sends the same requests to the running stack).
// Every answer must be below 500 and arrive in time, and a refused request (4xx) must change no
// document.
//
//   FUZZ_CASES=20000 FUZZ_SEED=7 npx vitest run convex/http.fuzz.test.ts
import { afterEach, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import schema from "./schema";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { mockPlatforms } from "./test.platforms";
import { mockStripe } from "./test.stripe";
import { runScheduled } from "./test.money";
import { FUZZ_CASES as CASES, FUZZ_SEED as SEED, fuzzRequests } from "./test.httpFuzz";

const REQUEST_TIMEOUT_MS = 5_000;
const DAY = 24 * 3600 * 1000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Every document of every table (JSON per table), for before/after comparison. */
async function snapshot(t: Backend): Promise<Record<string, string>> {
  const tables = Object.keys((schema as unknown as { tables: Record<string, unknown> }).tables);
  return await t.run(async (ctx) => {
    const all: Record<string, unknown[]> = {};
    for (const table of tables.sort()) all[table] = await ctx.db.query(table as "users").collect();
    all._scheduled_functions = await ctx.db.system.query("_scheduled_functions").collect();
    all._storage = await ctx.db.system.query("_storage").collect();
    return Object.fromEntries(
      Object.entries(all).map(([table, docs]) => [table, JSON.stringify(docs)]),
    );
  });
}

async function seed(t: Backend) {
  const ada = await createUser(t, { name: "Ada", accountType: "Creator" });
  const bob = await createUser(t, { name: "Bob" });
  const ideas: Id<"proposals">[] = [];
  for (const oneLiner of ["Foxes of Berlin", "Bridges of Lisbon"])
    ideas.push(
      await as(t, ada).mutation(api.ideas.create, {
        oneLiner,
        platform: "Any",
        durations: ["SHORT"],
        expiration: Date.now() + 5 * DAY,
        links: [],
      }),
    );
  return { ada, bob, ids: [ada, bob, ...ideas] as string[] };
}

test(`a sweep and ${CASES} random malformed HTTP requests (seed ${SEED}): no 5xx, no hang, refusals change nothing`, async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.stubEnv("AUTH_DISCORD_ID", "discord-client");
  vi.stubEnv("AUTH_DISCORD_SECRET", "discord-secret");
  // Set on every deployment (Convex sets the first; `npx @convex-dev/auth` the second).
  vi.stubEnv("CONVEX_SITE_URL", "https://api.app.test");
  vi.stubEnv("JWKS", JSON.stringify({ keys: [] }));
  const platforms = mockPlatforms();
  const t = newBackend();
  const stripe = mockStripe(t);
  const outsideCalls = () => platforms.requests.length + stripe.requests.length;
  const { ada, ids } = await seed(t);
  const callers = {
    anonymous: t,
    user: as(t, ada),
    // A token whose subject is not a user, and one whose session does not exist.
    stranger: t.withIdentity({ subject: "not-a-user|x", issuer: "https://convex.test" }),
    signedOut: t.withIdentity({ subject: `${ada}|no-session`, issuer: "https://convex.test" }),
  };

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let before = await snapshot(t);
  const requests = fuzzRequests({
    seed: SEED,
    cases: CASES,
    ids,
    callers: Object.keys(callers) as (keyof typeof callers)[],
    anonymous: "anonymous",
    signedIn: "user",
  });
  for (const { method, path, headers, body, who, described } of requests) {
    if (failures.length >= 10) break;
    // Jobs an earlier request scheduled to run at once (a new idea's alerts to the creators it
    // fits) run first: what they write is not this request's doing.
    await runScheduled(t);
    before = await snapshot(t);
    const callsBefore = outsideCalls();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const response = await Promise.race([
      callers[who].fetch(path, { method, headers, body, redirect: "manual" }),
      new Promise<"hang">(
        (resolve) => (timer = setTimeout(() => resolve("hang"), REQUEST_TIMEOUT_MS)),
      ),
    ]).catch((e: unknown) => e as Error);
    clearTimeout(timer);
    if (response === "hang") {
      failures.push(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${described}`);
      continue;
    }
    if (response instanceof Error) {
      failures.push(`threw ${response.message}: ${described}`);
      continue;
    }
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500) {
      failures.push(`status ${response.status}: ${described}`);
      continue;
    }
    const after = await snapshot(t);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    // A refusal after a call to YouTube, TikTok or Stripe (a video that failed its check) may
    // count that call against the caller's rate limit; nothing else may change.
    const counted = outsideCalls() > callsBefore ? ["rateLimits"] : [];
    const unexpected = changed.filter((table) => !counted.includes(table));
    if (response.status >= 400 && unexpected.length > 0)
      failures.push(
        `refused with ${response.status} but changed ${unexpected.join(", ")}: ${described}`,
      );
    before = after;
  }
  process.stdout.write(`statuses: ${JSON.stringify([...statuses].sort())}\n`);
  expect(failures).toEqual([]);
  // The fuzzer reaches the handlers: successes and refusals of several kinds both occur.
  expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(3);
}, 300_000);
