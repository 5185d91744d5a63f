// Convex's own components, installed from npm (pinned devDependencies), with the project's
// codegen (local/components/codegen.ts) and run on the local runtime as their READMEs use them:
// sharded-counter (estimates from one shard, a sticky shard per transaction only), action-retrier
// (retries with backoff, and its component's daily cron that clears old runs, fired by moving
// the local clock), aggregate (counts, sums, ranks), rate-limiter (token bucket per key) and
// workpool (queued mutations with completion callbacks).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cpSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexHttpClient } from "convex/browser";
import { runCodegen } from "../../components/codegen.js";
import { api, appCopy, sleep, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.join(here, "apps", "component-examples");
const DAY = 24 * 3600_000;

let runtime: RuntimeProcess;
let copy: ReturnType<typeof appCopy>;
let http: ConvexHttpClient;

const clock = (advanceMs: number) =>
  fetch(`${runtime.url}/api/local/clock`, {
    method: "POST",
    headers: { Authorization: "Convex examples-admin" },
    body: JSON.stringify({ advanceMs }),
  });

beforeAll(async () => {
  copy = appCopy("component-examples");
  const dir = path.dirname(copy.convexDir);
  cpSync(path.join(app, "package.json"), path.join(dir, "package.json"));
  // The committed generated code is what the project's codegen writes for these components.
  const generated = path.join(copy.convexDir, "_generated");
  rmSync(generated, { recursive: true });
  expect(await runCodegen(dir)).toBe(0);
  for (const file of readdirSync(path.join(app, "convex", "_generated")))
    expect(readFileSync(path.join(generated, file), "utf8")).toBe(
      readFileSync(path.join(app, "convex", "_generated", file), "utf8"),
    );
  runtime = await startRuntime({
    ...copy,
    env: { CONVEX_LOCAL_ADMIN_KEY: "examples-admin" },
  });
  http = new ConvexHttpClient(runtime.url);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

describe("@convex-dev/sharded-counter", () => {
  test("increments spread over the shards: estimates from one shard are near the count", async () => {
    const increments = 400;
    for (let i = 0; i < increments; i++) await http.mutation(api.examples.like, { times: 1 });
    const estimates: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { count, estimate } = (await http.query(api.examples.likes, {
        readFromShards: 1,
      })) as { count: number; estimate: number };
      expect(count).toBe(increments);
      estimates.push(estimate);
    }
    // Each of the 4 shards holds about 100 (binomial, σ ≈ 8.7): one shard × 4 is 400 ± 35.
    // A sticky shard leaking between transactions puts all 400 on one: estimates 0 or 1,600.
    for (const estimate of estimates) expect(estimate).toBeGreaterThan(increments * 0.6);
    for (const estimate of estimates) expect(estimate).toBeLessThan(increments * 1.4);
  }, 60_000);

  test("within one transaction the increments stick to one shard", async () => {
    await http.mutation(api.examples.like, { times: 10, name: "burst" });
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const { count, estimate } = (await http.query(api.examples.likes, {
        name: "burst",
        readFromShards: 1,
      })) as { count: number; estimate: number };
      expect(count).toBe(10);
      seen.add(estimate);
    }
    // One shard holds all 10: a shard read shows 40 (10 × 4 shards) or 0, never a share.
    for (const estimate of seen) expect([0, 40]).toContain(estimate);
  });
});

describe("@convex-dev/action-retrier", () => {
  test("retries a failing action until it succeeds; the component's cron clears the run a week later", async () => {
    const runId = (await http.mutation(api.examples.startFlaky, { key: "k1" })) as string;
    let status: any = null;
    await waitFor(
      async () => {
        status = await http.query(api.examples.runStatus, { runId });
        return status.type === "completed";
      },
      15_000,
      "the run to complete",
    );
    expect(status).toEqual({
      type: "completed",
      result: { type: "success", returnValue: "done after 3 attempts" },
    });
    // Six days on, the daily cron has run but the run is younger than a week: it stays.
    expect((await clock(6 * DAY)).status).toBe(200);
    await sleep(500);
    expect(await http.query(api.examples.runStatus, { runId })).toMatchObject({
      type: "completed",
    });
    // Two more days: the cron fires when the clock passes it and removes the run.
    expect((await clock(2 * DAY)).status).toBe(200);
    await waitFor(
      async () => ((await http.query(api.examples.runStatus, { runId })) as any).type === "gone",
      10_000,
      "the component's cron to clear the run",
    );
    // It was the component's cron: declared at load, run as a cron, in the component.
    expect(runtime.output()).toMatch(/crons of actionRetrier: Cleanup expired runs/);
    expect(runtime.output()).toMatch(
      / C run:cleanupExpiredRuns [\d.]+ms ok\n\s+\[LOG\] 'Cleaned up 1 expired runs'/,
    );
  }, 60_000);
});

describe("@convex-dev/aggregate", () => {
  test("counts, sums and ranks what was inserted and deleted", async () => {
    const values = [42, 7, 19, 88, 3, 61, 25];
    for (const [i, score] of values.entries())
      await http.mutation(api.examples.addScore, { id: `p${i}`, score });
    await http.mutation(api.examples.removeScore, { id: "p3", score: 88 });
    const kept = values.filter((score) => score !== 88);
    expect(await http.query(api.examples.scoreStats, { score: 25 })).toEqual({
      count: kept.length,
      sum: kept.reduce((a, b) => a + b, 0),
      lowest: 3,
      highest: 61,
      rankOf: 3,
      below: 3,
    });
  });
});

describe("@convex-dev/rate-limiter", () => {
  test("a token bucket per key: three sends a minute, refused after, refilled a minute later", async () => {
    for (let i = 0; i < 3; i++)
      expect(await http.mutation(api.examples.send, { key: "alice" })).toMatchObject({ ok: true });
    const refused = (await http.mutation(api.examples.send, { key: "alice" })) as {
      ok: boolean;
      retryAfter: number;
    };
    expect(refused.ok).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(20_000);
    // Another key has its own bucket.
    expect(await http.mutation(api.examples.send, { key: "bob" })).toMatchObject({ ok: true });
    expect((await clock(60_000)).status).toBe(200);
    expect(await http.mutation(api.examples.send, { key: "alice" })).toMatchObject({ ok: true });
  });
});

describe("@convex-dev/workpool", () => {
  test("runs queued mutations and calls back with each result", async () => {
    await http.mutation(api.examples.enqueueDoubles, { values: [1, 2, 3, 4, 5] });
    let finished: { key: string; result: unknown }[] = [];
    await waitFor(
      async () => {
        finished = (await http.query(api.examples.finished, {})) as typeof finished;
        return finished.length === 5;
      },
      15_000,
      "five completions",
    );
    expect(Object.fromEntries(finished.map(({ key, result }) => [key, result]))).toEqual({
      "double-1": { kind: "success", returnValue: 2 },
      "double-2": { kind: "success", returnValue: 4 },
      "double-3": { kind: "success", returnValue: 6 },
      "double-4": { kind: "success", returnValue: 8 },
      "double-5": { kind: "success", returnValue: 10 },
    });
  });
});
