// Every acknowledged write survives kill -9; clients reconnect; mutations stay at most once.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, sleep, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";
import { RawSyncClient } from "./rawClient.js";

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

const restart = async () => {
  runtime = await startRuntime({ ...copy, port: runtime.port, sitePort: runtime.sitePort });
};

test("kill -9 in the middle of a stream of writes loses no acknowledged write", async () => {
  const http = new ConvexHttpClient(runtime.url);
  const acknowledged: string[] = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const text = `w${w}-${i}`;
      try {
        await new ConvexHttpClient(runtime.url).mutation(api.notes.add, { text });
        acknowledged.push(text);
      } catch {
        return;
      }
    }
  });
  await waitFor(() => acknowledged.length >= 100, 10_000, "100 acknowledged writes");
  await runtime.kill9();
  stop = true;
  await Promise.all(writers);
  await restart();
  const count = (await new ConvexHttpClient(runtime.url).query(api.notes.count, {})) as number;
  expect(count).toBeGreaterThanOrEqual(acknowledged.length);
  void http;
});

test("a mutation acknowledged before a crash is not run again when its client resends it", async () => {
  const sessionId = crypto.randomUUID();
  const http = new ConvexHttpClient(runtime.url);
  const before = (await http.query(api.notes.count, {})) as number;
  const first = await RawSyncClient.connect(runtime.url, sessionId);
  first.send({ type: "Mutation", requestId: 3, udfPath: "notes:add", args: [{ text: "once" }] });
  const original = await first.next((m) => m.type === "MutationResponse");
  await runtime.kill9();
  await restart();
  const second = await RawSyncClient.connect(runtime.url, sessionId);
  second.send({ type: "Mutation", requestId: 3, udfPath: "notes:add", args: [{ text: "once" }] });
  const replay = await second.next((m) => m.type === "MutationResponse");
  expect(replay).toMatchObject({ success: true, result: original.result });
  expect(await new ConvexHttpClient(runtime.url).query(api.notes.count, {})).toBe(before + 1);
  second.close();
});

test("a subscribed client reconnects after a restart and keeps receiving updates", async () => {
  const client = new ConvexClient(runtime.url);
  let latest: string[] = [];
  client.onUpdate(api.messages.list, {}, (value: string[]) => (latest = value));
  await client.mutation(api.messages.send, { body: "before restart" });
  await runtime.stop();
  await sleep(200);
  await restart();
  await new ConvexHttpClient(runtime.url).mutation(api.messages.send, { body: "after restart" });
  await waitFor(() => latest.includes("after restart"), 15_000, "update after reconnect");
  expect(latest).toContain("before restart");
  await client.close();
});
