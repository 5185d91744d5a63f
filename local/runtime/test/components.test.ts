// Convex components on the runtime: a real installed component (@convex-dev/sharded-counter,
// twice) runs its own functions over its own tables, called and scheduled by the app, with
// persistence and subscriptions as for the app's own tables.
import { afterEach, describe, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, appCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let running: { runtime: RuntimeProcess; cleanup: () => void } | null = null;
afterEach(async () => {
  await running?.runtime.stop();
  running?.cleanup();
  running = null;
});

async function start(copy = appCopy("components")) {
  const runtime = await startRuntime(copy);
  running = { runtime, cleanup: copy.cleanup };
  return { runtime, copy, http: new ConvexHttpClient(runtime.url) };
}

describe("an installed component", () => {
  test("runs its functions over its own tables, apart from the app's and another instance's", async () => {
    const { http } = await start();
    await http.mutation(api.counts.add, { name: "likes", count: 2 });
    await http.mutation(api.counts.addToBoth, { name: "likes", count: 3 });
    expect(await http.query(api.counts.count, { name: "likes" })).toEqual({
      shardedCounter: 5,
      otherCounter: 30,
      app: 3,
    });
  });

  test("commits an app's and components' writes together, or none of them", async () => {
    const { http } = await start();
    await expect(
      http.mutation(api.counts.addToBoth, { name: "views", count: 1, fail: true }),
    ).rejects.toThrow(/rolled back on purpose/);
    expect(await http.query(api.counts.count, { name: "views" })).toEqual({
      shardedCounter: 0,
      otherCounter: 0,
      app: 0,
    });
  });

  test("runs its functions when scheduled by reference or by function handle", async () => {
    const { http } = await start();
    await http.mutation(api.counts.scheduleAdd, { name: "later", count: 4, byHandle: false });
    await http.mutation(api.counts.scheduleAdd, { name: "later", count: 5, byHandle: true });
    await waitFor(
      async () => {
        const counts = (await http.query(api.counts.count, { name: "later" })) as any;
        return counts.shardedCounter === 4 && counts.otherCounter === 5;
      },
      5000,
      "both scheduled adds",
    );
  });

  test("keeps its data across a restart, and updates the app's subscriptions", async () => {
    const first = await start();
    await first.http.mutation(api.counts.add, { name: "kept", count: 7 });
    await first.runtime.stop();
    running = null;
    const { http, runtime } = await start(first.copy);
    expect(await http.query(api.counts.count, { name: "kept" })).toMatchObject({
      shardedCounter: 7,
    });
    const client = new ConvexClient(runtime.url);
    const seen: number[] = [];
    const unsubscribe = client.onUpdate(api.counts.count, { name: "kept" }, (value: any) =>
      seen.push(value.shardedCounter),
    );
    await waitFor(() => seen.includes(7), 5000, "the first result");
    await http.mutation(api.counts.add, { name: "kept", count: 1 });
    await waitFor(() => seen.includes(8), 5000, "the update after a component's write");
    unsubscribe();
    await client.close();
  });

  test("cannot be called by clients", async () => {
    const { runtime } = await start();
    const res = await fetch(`${runtime.url}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "public:count", args: { name: "x" }, format: "json" }),
    });
    expect(await res.json()).toMatchObject({
      status: "error",
      errorMessage: expect.stringContaining("Could not find public function for 'public:count'"),
    });
  });
});

describe("a component with a child component and its own jobs", () => {
  test("ids: its own are checked by its own tables; the app's are not its documents", async () => {
    const { http } = await start();
    const note = (await http.mutation(api.counts.probe, { op: "add", text: "hi" })) as string;
    expect(await http.mutation(api.counts.probe, { op: "get", id: note })).toBe("hi");
    expect(await http.mutation(api.counts.probe, { op: "normalize", id: note })).toBe(note);
    const appId = (await http.mutation(api.counts.appCounterId, {})) as string;
    // Both tables are called `counters`; the app's id is not the component's.
    expect(await http.mutation(api.counts.probe, { op: "normalize", id: appId })).toBeNull();
    await expect(http.mutation(api.counts.probe, { op: "get", id: appId })).rejects.toThrow(
      /v\.id\("counters"\)/,
    );
    await expect(
      http.mutation(api.counts.probe, { op: "addAfter", text: "x", id: appId }),
    ).rejects.toThrow(/v\.id\("counters"\)/);
    // And the app does not take the component's id as one of its own.
    expect(await http.query(api.counts.normalizeIn, { id: note })).toBeNull();
  });

  test("schedules its own function, reads its job, and calls its child component", async () => {
    const { http } = await start();
    const job = (await http.mutation(api.counts.probe, {
      op: "scheduleBump",
      text: "later",
    })) as string;
    await waitFor(
      async () =>
        (await http.mutation(api.counts.probe, { op: "jobState", id: job })) === "success",
      5000,
      "the component's job to succeed",
    );
    expect(await http.mutation(api.counts.probe, { op: "bumps" })).toBe(1);
  });

  test("after the local clock moved ahead and back, the app's new documents are created at the app's time", async () => {
    const copy = appCopy("components");
    const runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_ADMIN_KEY: "admin" } });
    running = { runtime, cleanup: copy.cleanup };
    const http = new ConvexHttpClient(runtime.url);
    const clock = (offsetMs: number) =>
      fetch(`${runtime.url}/api/local/clock`, {
        method: "POST",
        headers: { Authorization: "Convex admin" },
        body: JSON.stringify({ offsetMs }),
      });
    await clock(24 * 3600_000);
    await http.mutation(api.counts.add, { name: "ahead", count: 1 });
    await clock(0);
    // The component keeps the furthest time (its own documents are created then)...
    await http.mutation(api.counts.add, { name: "ahead", count: 1 });
    // ...but the app's document is created at the app's time, not dragged a day ahead.
    const id = (await http.mutation(api.counts.appCounterId, {})) as string;
    const created = (await http.query(api.counts.creationTime, { id })) as number;
    expect(Math.abs(created - Date.now())).toBeLessThan(60_000);
  });
});
