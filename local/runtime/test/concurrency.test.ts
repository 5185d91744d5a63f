// Concurrency like Convex's: transactions run side by side; a mutation commits only if
// nothing it read changed meanwhile, and is otherwise retried (at most 4 times, then it fails
// with Convex's conflict error), so concurrent increments never lose an update.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_ADMIN_KEY: "admin-secret" } });
  http = new ConvexHttpClient(runtime.url);
});

/** The runtime's conflict counters (admin). */
async function occ(): Promise<{ occRetries: number; occFailures: number }> {
  const response = await fetch(`${runtime.url}/api/local/metrics`, {
    headers: { Authorization: "Convex admin-secret" },
  });
  return (await response.json()) as { occRetries: number; occFailures: number };
}

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

test("two conflicting mutations from two clients: one is retried and both counts land", async () => {
  const alice = new ConvexClient(runtime.url);
  const bob = new ConvexClient(runtime.url);
  try {
    await http.mutation(api.counters.slowIncrement, { name: "pair" });
    // Both connections open before the race starts.
    await Promise.all([alice, bob].map((c) => c.query(api.counters.value, { name: "pair" })));
    const before = (await http.query(api.counters.attemptCount, {})) as number;
    await Promise.all([
      alice.mutation(api.counters.slowIncrement, { name: "pair" }),
      bob.mutation(api.counters.slowIncrement, { name: "pair" }),
    ]);
    expect(await http.query(api.counters.value, { name: "pair" }), "count").toBe(3);
    // Both read 1 while running side by side; the later commit saw its read change and ran again.
    const attempts = ((await http.query(api.counters.attemptCount, {})) as number) - before;
    expect(attempts, "attempts").toBe(3);
  } finally {
    await Promise.all([alice.close(), bob.close()]);
  }
});

test("a hot document: every acknowledged increment lands; the rest fail with Convex's conflict error", async () => {
  const callers = Array.from({ length: 12 }, () => new ConvexHttpClient(runtime.url));
  const before = (await http.query(api.counters.attemptCount, {})) as number;
  const countersBefore = await occ();
  const outcomes = await Promise.allSettled(
    callers.map((caller) => caller.mutation(api.counters.slowIncrement, { name: "hot" })),
  );
  const landed = outcomes.filter((o) => o.status === "fulfilled").length;
  expect(await http.query(api.counters.value, { name: "hot" })).toBe(landed);
  for (const outcome of outcomes) {
    if (outcome.status === "rejected")
      expect(String(outcome.reason)).toMatch(
        /Documents read from or written to the table "counters" changed while this mutation was being run and on every subsequent retry\. Another call to this mutation changed the document with ID "[0-9a-z]+"\./,
      );
  }
  expect(landed).toBeGreaterThan(0);
  // Calls overlapped and conflicted: there were more attempts than calls.
  const attempts = ((await http.query(api.counters.attemptCount, {})) as number) - before;
  expect(attempts).toBeGreaterThan(callers.length);
  // The runtime counts what happened: every attempt beyond the first of a call was a retry,
  // and every call that failed gave up after its last retry.
  const countersAfter = await occ();
  const failed = outcomes.filter((o) => o.status === "rejected").length;
  expect(countersAfter.occFailures - countersBefore.occFailures).toBe(failed);
  expect(countersAfter.occRetries - countersBefore.occRetries).toBe(attempts - callers.length);
});
