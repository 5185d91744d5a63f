// Convex's transaction limits apply, so code that would break in production breaks here too.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";

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

test("writing more than 16,000 documents in one mutation fails and writes nothing", async () => {
  const http = new ConvexHttpClient(runtime.url);
  await expect(http.mutation(api.messages.writeMany, { count: 16_001 })).rejects.toThrow(
    /Wrote too many documents/,
  );
  expect(await http.query(api.notes.count, {})).toBe(0);
  await http.mutation(api.messages.writeMany, { count: 100 });
  expect(await http.query(api.notes.count, {})).toBe(100);
});

test("a document over 1 MiB is refused", async () => {
  const http = new ConvexHttpClient(runtime.url);
  await expect(http.mutation(api.notes.add, { text: "x".repeat(1_100_000) })).rejects.toThrow(
    /too large/,
  );
  expect(await http.query(api.notes.count, {})).toBe(100);
});
