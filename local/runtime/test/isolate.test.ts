// What Convex's isolate does differently from Node, as the local runtime reproduces it:
// the clock is frozen and Math.random seeded inside queries and mutations (not actions), and a
// Node built-in imported outside a "use node" file is refused when the functions are built.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";
import { seededRandom } from "../isolateGlobals.js";

type Observed = { first: number; firstDate: number; second: number; randoms: number[] };

describe("isolate globals", () => {
  let runtime: RuntimeProcess;
  let cleanup: () => void;
  beforeAll(async () => {
    const copy = fixtureCopy();
    cleanup = copy.cleanup;
    runtime = await startRuntime(copy);
  });
  afterAll(async () => {
    await runtime?.stop();
    cleanup?.();
  });

  const expectRandoms = (randoms: number[]) => {
    expect(new Set(randoms).size).toBe(3);
    for (const r of randoms) expect(r >= 0 && r < 1).toBe(true);
  };

  test("Date.now() is frozen within a query and a mutation, and moves in an action", async () => {
    const client = new ConvexClient(runtime.url);
    try {
      const inQuery = (await client.query(api.isolate.clockInQuery, { waitMs: 40 })) as Observed;
      expect(inQuery.second).toBe(inQuery.first);
      expect(inQuery.firstDate).toBe(inQuery.first);
      expect(Math.abs(inQuery.first - Date.now())).toBeLessThan(5_000);
      expectRandoms(inQuery.randoms);

      const inMutation = (await client.mutation(api.isolate.clockInMutation, {
        waitMs: 40,
      })) as Observed;
      expect(inMutation.second).toBe(inMutation.first);
      expectRandoms(inMutation.randoms);

      const http = new ConvexHttpClient(runtime.url);
      const inAction = (await http.action(api.isolate.clockInAction, { waitMs: 40 })) as Observed;
      expect(inAction.second - inAction.first).toBeGreaterThanOrEqual(39);
    } finally {
      await client.close();
    }
  });

  test("of Node's globals a default-runtime function sees only process.env, as in the isolate", async () => {
    const http = new ConvexHttpClient(runtime.url);
    expect(await http.query(api.isolate.nodeGlobals, {})).toEqual({
      processEnv: "object",
      processVersion: "undefined",
      processExit: "undefined",
      buffer: "undefined",
      setImmediate: "undefined",
      globalProcessVersion: "undefined",
      globalBuffer: "undefined",
      globalRequire: "undefined",
      fetch: "function",
      subtle: "object",
    });
  });

  test("each execution gets its own seed, and the generator is deterministic per seed", async () => {
    const http = new ConvexHttpClient(runtime.url);
    const a = (await http.query(api.isolate.clockInQuery, { waitMs: 0 })) as Observed;
    const b = (await http.query(api.isolate.clockInQuery, { waitMs: 1 })) as Observed;
    expect(a.randoms).not.toEqual(b.randoms);
    const one = seededRandom(42);
    const two = seededRandom(42);
    const sequence = [one(), one(), one()];
    expect([two(), two(), two()]).toEqual(sequence);
    expect(seededRandom(43)()).not.toBe(sequence[0]);
  });
});

describe('Node built-ins outside "use node"', () => {
  test('are refused when the functions are built, as on deploy; a "use node" file may use them', async () => {
    const copy = fixtureCopy();
    try {
      writeFileSync(
        path.join(copy.convexDir, "digest.ts"),
        [
          '"use node";',
          'import { createHash } from "node:crypto";',
          'import { actionGeneric } from "convex/server";',
          'import { v } from "convex/values";',
          "export const sha256 = actionGeneric({",
          "  args: { text: v.string() },",
          '  handler: async (_ctx, { text }) => createHash("sha256").update(text).digest("hex"),',
          "});",
        ].join("\n"),
      );
      const allowed = await startRuntime(copy);
      try {
        const http = new ConvexHttpClient(allowed.url);
        expect(await http.action(api.digest.sha256, { text: "abc" })).toBe(
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        );
      } finally {
        await allowed.stop();
      }

      writeFileSync(
        path.join(copy.convexDir, "nodeOnly.ts"),
        [
          'import { readFileSync } from "fs";',
          'import { queryGeneric } from "convex/server";',
          "export const read = queryGeneric({",
          "  args: {},",
          '  handler: async () => readFileSync("/etc/hostname", "utf8"),',
          "});",
        ].join("\n"),
      );
      const refused = await startRuntime(copy).then(
        async (started) => {
          await started.stop();
          return "started";
        },
        (e: Error) => e.message,
      );
      expect(refused).toContain('"fs" is a Node.js built-in');
      expect(refused).toContain("nodeOnly.ts");
      expect(refused).toContain('"use node"');
    } finally {
      copy.cleanup();
    }
  });
});
