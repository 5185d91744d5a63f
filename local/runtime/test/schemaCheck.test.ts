// Stored documents must match the schema before code runs over them, as a push to Convex is
// refused when they do not: a reload keeps the previous code, and a start refuses to run.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

const copy = fixtureCopy();
let runtime: RuntimeProcess | undefined;
afterAll(async () => {
  await runtime?.stop();
  copy.cleanup();
});

test("a schema the stored documents do not match is refused on reload and at start", async () => {
  runtime = await startRuntime({ ...copy, watch: true });
  const http = new ConvexHttpClient(runtime.url);
  await http.mutation(api.notes.add, { text: "written before" });

  // A required field the stored note lacks: the reload is refused, the old code keeps serving.
  const schemaFile = path.join(copy.convexDir, "schema.ts");
  const before = readFileSync(schemaFile, "utf8");
  const stricter = before.replace(
    "notes: defineTable({ text: v.string() })",
    "notes: defineTable({ text: v.string(), owner: v.string() })",
  );
  expect(stricter).not.toBe(before);
  writeFileSync(schemaFile, stricter);
  await waitFor(
    () => runtime!.output().includes("Schema validation failed"),
    15_000,
    "reload refused",
  );
  expect(runtime.output()).toContain("reload failed; still running the previous code");
  expect(runtime.output()).toMatch(
    /in table "notes" does not match the schema: Object is missing the required field `owner`/,
  );
  expect(await http.query(api.notes.count, {})).toBe(1);
  await runtime.stop();
  runtime = undefined;

  // Started again over the same data with that schema: it does not start, and says why.
  await expect(startRuntime({ ...copy })).rejects.toThrow(
    /did not start:\s+Schema validation failed\.\s+Document with ID "[^"]+" in table "notes"/,
  );

  // The schema the data matches: it starts, with the data.
  writeFileSync(schemaFile, before);
  runtime = await startRuntime({ ...copy });
  expect(await new ConvexHttpClient(runtime.url).query(api.notes.count, {})).toBe(1);
});
