// Changing the functions folder while the runtime runs reloads the code and keeps the data.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime({ ...copy, watch: true });
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

test("a new module becomes callable, live queries re-run with the new code, and data is kept", async () => {
  const http = new ConvexHttpClient(runtime.url);
  await http.mutation(api.notes.add, { text: "kept" });
  const client = new ConvexClient(runtime.url);
  let count: number | undefined;
  client.onUpdate(api.notes.count, {}, (value: number) => (count = value));
  await waitFor(() => count === 1, 5000, "initial count");

  writeFileSync(
    path.join(copy.convexDir, "notes.ts"),
    `import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";
export const count = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("notes").collect()).length * 10 });
export const add = mutationGeneric({ args: { text: v.string() }, handler: async (ctx, { text }) => await ctx.db.insert("notes", { text }) });
export const texts = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("notes").collect()).map((n) => n.text) });
`,
  );
  await waitFor(() => count === 10, 10_000, "re-run with new code");
  expect(await http.query(api.notes.texts, {})).toEqual(["kept"]);

  writeFileSync(path.join(copy.convexDir, "broken.ts"), "export const x = ;");
  await waitFor(() => runtime.output().includes("reload failed"), 10_000, "failed reload reported");
  expect(await http.query(api.notes.texts, {})).toEqual(["kept"]);
  await client.close();
});
