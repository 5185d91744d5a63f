import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Server } from "node:http";
import { dispatcher, json, noAnswer, serveStandIns, StandIn, Store } from "./framework.js";
import { freePort } from "../runtime/test/harness.js";

let server: Server;
let base: string;
const dataDir = mkdtempSync(path.join(tmpdir(), "standins-"));

beforeAll(async () => {
  const store = new Store(dataDir, "notes", () => ({ notes: [] as string[] }));
  const notes = new StandIn("notes", "A stand-in used by this test")
    .route("GET", "/notes/:id", ({ params, url }) =>
      json({ id: params.id, q: url.searchParams.get("q") }),
    )
    .route("POST", "/notes", ({ json: body }) => {
      store.data.notes.push(body<{ text: string }>().text);
      store.changed();
      return json({ count: store.data.notes.length }, 201);
    })
    .route("POST", "/form", ({ form }) => json({ name: form().get("name") }))
    .route("GET", "/silent/:kind", ({ params }) => noAnswer(params.kind as "timeout" | "lost"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await serveStandIns([notes], { port, log: () => undefined });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("stand-ins framework", () => {
  test("routes with params, JSON and form bodies", async () => {
    expect(await (await fetch(`${base}/notes/42?q=x`)).json()).toEqual({ id: "42", q: "x" });
    const created = await fetch(`${base}/notes`, {
      method: "POST",
      body: JSON.stringify({ text: "hi" }),
    });
    expect(created.status).toBe(201);
    const form = await fetch(`${base}/form`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada" }),
    });
    expect(await form.json()).toEqual({ name: "Ada" });
  });

  test("state is saved to the data folder and read back by a new store", async () => {
    await fetch(`${base}/notes`, { method: "POST", body: JSON.stringify({ text: "kept" }) });
    for (const store of Store.all) store.flush();
    const reloaded = new Store(dataDir, "notes", () => ({ notes: [] as string[] }));
    expect(reloaded.data.notes).toContain("kept");
  });

  test("unknown routes are a JSON 404 and the index lists the stand-ins", async () => {
    const missing = await fetch(`${base}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { message: expect.stringContaining("/nope") },
    });
    expect(await (await fetch(`${base}/`)).text()).toContain("A stand-in used by this test");
  });

  test("a lost response closes the connection; a timeout holds it unanswered", async () => {
    await expect(fetch(`${base}/silent/lost`)).rejects.toThrow(TypeError);
    const held = fetch(`${base}/silent/timeout`, { signal: AbortSignal.timeout(300) });
    await expect(held).rejects.toMatchObject({ name: "TimeoutError" });
  });

  test("stopping the server drops the requests a timeout holds", async () => {
    const silent = new StandIn("silent", "never answers").route("GET", "/wait", () =>
      noAnswer("timeout"),
    );
    const port = await freePort();
    const own = await serveStandIns([silent], { port, log: () => undefined });
    const held = fetch(`http://127.0.0.1:${port}/wait`);
    const outcome = held.then(
      () => "answered",
      () => "dropped",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await new Promise<void>((resolve) => own.close(() => resolve()));
    expect(await outcome).toBe("dropped");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("in memory", () => {
  test("the same route table answers Requests directly; a store without a folder stays in memory", async () => {
    const store = new Store(null, "notes", () => ({ notes: [] as string[] }));
    const notes = new StandIn("notes", "in memory").route("POST", "/notes", ({ json: body }) => {
      store.data.notes.push(body<{ text: string }>().text);
      store.changed();
      return json({ count: store.data.notes.length }, 201);
    });
    const dispatch = dispatcher([notes]);
    const response = await dispatch(
      new Request("https://notes.test/notes", { method: "POST", body: '{"text":"hi"}' }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ count: 1 });
    expect((await dispatch(new Request("https://notes.test/other"))).status).toBe(404);
    store.flush();
    // Nothing to save at shutdown: the store is not among the persisted ones.
    expect(Store.all.has(store as Store<object>)).toBe(false);
  });
});
