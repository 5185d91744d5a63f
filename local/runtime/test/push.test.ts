// After a write, each client gets its update as soon as its own queries have re-run: a slow
// query holds back only its own viewers (#13: "without one slow query holding back the rest").
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime(copy);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

test("a fast query's viewer is updated while a slow query on the same rows is still re-running", async () => {
  const slowViewer = new ConvexClient(runtime.url);
  const fastViewer = new ConvexClient(runtime.url);
  const http = new ConvexHttpClient(runtime.url);
  try {
    const seen: { slow?: number[]; fast?: number[] } = {};
    const arrived: { slow?: number; fast?: number } = {};
    slowViewer.onUpdate(api.ranges.slowTagged, { tag: "push" }, (rows: number[]) => {
      seen.slow = rows;
      arrived.slow = performance.now();
    });
    fastViewer.onUpdate(api.ranges.tagged, { tag: "push" }, (rows: number[]) => {
      seen.fast = rows;
      arrived.fast = performance.now();
    });
    await waitFor(() => seen.slow && seen.fast, 5000, "first results");
    const started = performance.now();
    await http.mutation(api.ranges.write, { insert: { b: 1, tag: "push" } });
    await waitFor(() => seen.slow?.length === 1 && seen.fast?.length === 1, 5000, "updates");
    // The slow query runs first (same viewer count, it was subscribed first) and takes 300 ms.
    expect(arrived.slow! - started).toBeGreaterThanOrEqual(290);
    expect(arrived.fast! - started).toBeLessThan(200);
  } finally {
    await Promise.all([slowViewer.close(), fastViewer.close()]);
  }
});
