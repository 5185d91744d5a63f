// Module state as on Convex: every mutation and action starts in a fresh context, so a
// module-level object never carries from one execution into the next (nested calls included);
// module-level code runs with the deployment's clock and seed; a module may opt into reuse.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let cleanup: () => void;
let http: ConvexHttpClient;

beforeAll(async () => {
  const copy = fixtureCopy();
  cleanup = copy.cleanup;
  runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_QUIET: "1" } });
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  cleanup?.();
});

type Remembered = {
  seen: string[];
  calls: number;
  loadedAt: number;
  globalRand: number;
  loads: number;
};

test("a module-level object does not leak from one mutation into the next", async () => {
  const first = (await http.mutation(api.moduleState.rememberInMutation, {
    tag: "a",
  })) as Remembered;
  const second = (await http.mutation(api.moduleState.rememberInMutation, {
    tag: "b",
  })) as Remembered;
  expect(first).toMatchObject({ seen: ["a"], calls: 1, loads: 1 });
  expect(second).toMatchObject({ seen: ["b"], calls: 1, loads: 1 });
  // Import-time code ran again, with the deployment's clock and seed: the same values.
  expect(second.loadedAt).toBe(first.loadedAt);
  expect(second.globalRand).toBe(first.globalRand);
  expect(first.loadedAt).toBeLessThanOrEqual(Date.now());
});

test("state lasts one execution; a nested mutation and each action start fresh", async () => {
  const { own, nested } = (await http.mutation(api.moduleState.rememberTwice, { tag: "t" })) as {
    own: Remembered;
    nested: Remembered;
  };
  expect(own).toMatchObject({ seen: ["t-1", "t-2"], calls: 2 });
  expect(nested).toMatchObject({ seen: ["t-nested"], calls: 1 });
  for (const tag of ["x", "y"])
    expect(await http.action(api.moduleState.rememberInAction, { tag })).toMatchObject({
      seen: [tag],
      calls: 1,
      loads: 1,
    });
  // Queries share an instance no mutation or action ever ran in.
  expect(await http.query(api.moduleState.peek, {})).toMatchObject({ seen: [], calls: 0 });
});

test("queries share one instance (the documented deviation); CONVEX_LOCAL_FRESH_QUERIES=1 gives each its own", async () => {
  // Distinct arguments: each is an execution of its own.
  const shared = [];
  for (const n of [1, 2, 3]) shared.push(await http.query(api.moduleState.countQueries, { n }));
  expect(shared[2]! - shared[0]!).toBe(2);
  const copy = fixtureCopy();
  const exact = await startRuntime({
    ...copy,
    env: { CONVEX_LOCAL_QUIET: "1", CONVEX_LOCAL_FRESH_QUERIES: "1" },
  });
  try {
    const fresh = new ConvexHttpClient(exact.url);
    for (const n of [1, 2, 3])
      expect(await fresh.query(api.moduleState.countQueries, { n })).toBe(1);
  } finally {
    await exact.stop();
    copy.cleanup();
  }
});

test("a module exporting experimental_reuseContext keeps its state between mutations", async () => {
  expect(await http.mutation(api.reusedState.remember, { tag: "one" })).toEqual(["one"]);
  expect(await http.mutation(api.reusedState.remember, { tag: "two" })).toEqual(["one", "two"]);
});
