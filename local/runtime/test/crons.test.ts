// Crons follow the runtime's clock as Convex's do: a new interval cron runs at once, moving the
// clock past a cron's next run fires it (once, however many runs were missed), and a restart
// keeps each cron's next run instead of re-arming it from now.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, sleep, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

const HOUR = 3600 * 1000;
const env = { CONVEX_LOCAL_ADMIN_KEY: "admin-secret" };

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime({ ...copy, env });
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

const runs = () =>
  http.query(api.messages.cronRuns, {}) as Promise<{ daily: number; nightly: number }>;
const clock = async (body?: { advanceMs: number }) => {
  const response = await fetch(`${runtime.url}/api/local/clock`, {
    method: body ? "POST" : "GET",
    headers: { Authorization: "Convex admin-secret" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { now: number; offsetMs: number };
};
/** Waits until `runs()` satisfies `check`, then makes sure nothing more runs for a while. */
const settle = async (check: (r: { daily: number; nightly: number }) => boolean, what: string) => {
  await waitFor(async () => check(await runs()), 5000, what);
  await sleep(400);
  return runs();
};

test("a clock move fires each cron whose time passed, once; a restart keeps the schedule", async () => {
  // A new interval cron runs at once (as on a deploy to Convex); the nightly one waits for 03:17 UTC.
  const start = await settle((r) => r.daily === 1, "the first run of the interval cron");
  expect(start.daily).toBe(1);
  const startNightly = start.nightly;

  // 23 hours later the 24-hour cron is not due yet.
  await clock({ advanceMs: 23 * HOUR });
  expect((await settle(() => true, "nothing")).daily).toBe(1);

  // kill -9 and a restart keep both the moved clock and the cron's next run (start + 24 h).
  await runtime.kill9();
  runtime = await startRuntime({ ...copy, port: runtime.port, sitePort: runtime.sitePort, env });
  expect((await clock()).offsetMs).toBe(23 * HOUR);
  expect((await settle(() => true, "nothing")).daily).toBe(1);

  // Two more hours pass the next run: it fires (a cron re-armed from the restart would not).
  await clock({ advanceMs: 2 * HOUR });
  const afterDay = await settle((r) => r.daily === 2, "the interval cron after the clock move");
  expect(afterDay.daily).toBe(2);
  // 25 hours contain at least one 03:17 UTC.
  expect(afterDay.nightly).toBeGreaterThan(startNightly);

  // Three days later each cron has missed several runs and runs once.
  await clock({ advanceMs: 3 * 24 * HOUR });
  const afterDays = await settle(
    (r) => r.daily === 3 && r.nightly === afterDay.nightly + 1,
    "one run of each cron after three days",
  );
  expect(afterDays).toEqual({ daily: 3, nightly: afterDay.nightly + 1 });

  // Moving the clock back to real time brings the crons back with it: a day later they run.
  const back = await fetch(`${runtime.url}/api/local/clock`, {
    method: "POST",
    headers: { Authorization: "Convex admin-secret" },
    body: JSON.stringify({ offsetMs: 0 }),
  });
  expect(back.status).toBe(200);
  await clock({ advanceMs: 24 * HOUR + 60_000 });
  const nextDay = await settle((r) => r.daily === 4, "the interval cron a day after moving back");
  expect(nextDay.daily).toBe(4);
});
