// Scheduled functions and crons run in real time, and survive restarts.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, sleep, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_ADMIN_KEY: "admin-secret" } });
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

const bodies = () => http.query(api.messages.list, {}) as Promise<string[]>;

test("a scheduled mutation runs at its time, not before, and its job moves to success", async () => {
  const jobId = await http.mutation(api.messages.sendLater, { body: "on time", delayMs: 700 });
  expect(await http.query(api.messages.jobState, { id: jobId })).toBe("pending");
  await sleep(300);
  expect(await bodies()).not.toContain("on time");
  await waitFor(async () => (await bodies()).includes("on time"), 3000, "scheduled write");
  await waitFor(
    async () => (await http.query(api.messages.jobState, { id: jobId })) === "success",
    2000,
    "job state",
  );
});

test("a job due in 30 days does not fire now (timers beyond 24.8 days are split)", async () => {
  const jobId = await http.mutation(api.messages.sendLater, {
    body: "next month",
    delayMs: 30 * 24 * 3600 * 1000,
  });
  await sleep(500);
  expect(await bodies()).not.toContain("next month");
  expect(await http.query(api.messages.jobState, { id: jobId })).toBe("pending");
});

test("crons from crons.ts run in real time", async () => {
  const before = (await http.query(api.messages.countTicks, {})) as number;
  await waitFor(
    async () => ((await http.query(api.messages.countTicks, {})) as number) >= before + 2,
    4000,
    "two ticks",
  );
});

test("a pending scheduled function still fires after kill -9 and a restart", async () => {
  const jobId = await http.mutation(api.messages.sendLater, {
    body: "after restart",
    delayMs: 1500,
  });
  await runtime.kill9();
  runtime = await startRuntime({
    ...copy,
    port: runtime.port,
    sitePort: runtime.sitePort,
    env: { CONVEX_LOCAL_ADMIN_KEY: "admin-secret" },
  });
  await waitFor(async () => (await bodies()).includes("after restart"), 5000, "job after restart");
  expect(await http.query(api.messages.jobState, { id: jobId })).toBe("success");
  expect((await bodies()).filter((b) => b === "after restart")).toHaveLength(1);
});

test("moving the clock (admin only) makes a job due in 30 days run now", async () => {
  const jobId = await http.mutation(api.messages.sendLater, {
    body: "time travel",
    delayMs: 30 * 24 * 3600 * 1000,
  });
  const move = (advanceMs: number, key = "admin-secret") =>
    fetch(`${runtime.url}/api/local/clock`, {
      method: "POST",
      headers: { Authorization: `Convex ${key}` },
      body: JSON.stringify({ advanceMs }),
    });
  expect((await move(31 * 24 * 3600 * 1000, "wrong")).status).toBe(401);
  const moved = (await (await move(31 * 24 * 3600 * 1000)).json()) as { now: number };
  expect(moved.now).toBeGreaterThan(Date.now() + 30 * 24 * 3600 * 1000);
  await waitFor(
    async () => (await bodies()).includes("time travel"),
    5000,
    "job after the clock moved",
  );
  expect(await http.query(api.messages.jobState, { id: jobId })).toBe("success");
  await fetch(`${runtime.url}/api/local/clock`, {
    method: "POST",
    headers: { Authorization: "Convex admin-secret" },
    body: JSON.stringify({ offsetMs: 0 }),
  });
});
