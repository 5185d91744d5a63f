// Any Convex app runs, not only this product's: small apps (test/apps/*), each written to
// exercise one kind of app, run on the runtime as `npm start` runs one, through the real clients
// and over HTTP.
import { afterEach, describe, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { ConvexError } from "convex/values";
import { api, appCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let running: { runtime: RuntimeProcess; cleanup: () => void } | null = null;
afterEach(async () => {
  await running?.runtime.stop();
  running?.cleanup();
  running = null;
});

async function start(name: string) {
  const copy = appCopy(name);
  const runtime = await startRuntime(copy);
  running = { runtime, cleanup: copy.cleanup };
  return { runtime, http: new ConvexHttpClient(runtime.url) };
}

/** The message a failing call rejects with. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: Error) => e,
  );

describe("an app without a schema", () => {
  test("stores documents of any shape and still checks ids by table", async () => {
    const { http } = await start("no-schema");
    const first = (await http.mutation(api.notes.add, { text: "one", extra: 1 })) as string;
    await http.mutation(api.notes.add, { text: "two", extra: { nested: [true, null] } });
    expect(await http.query(api.notes.list, {})).toEqual(["two", "one"]);
    expect(await http.query(api.notes.get, { id: first })).toBe("one");
    expect(await http.query(api.notes.get, { id: "not-an-id" })).toBe("not a notes id");
  });
});

describe("an app that is only HTTP actions", () => {
  test("serves its routes, answers 404 elsewhere, and has no functions to call", async () => {
    const { runtime, http } = await start("http-only");
    const hello = await fetch(`${runtime.siteUrl}/hello?name=convex`);
    expect(hello.status).toBe(200);
    expect(await hello.json()).toEqual({ hello: "convex" });
    const put = await fetch(`${runtime.siteUrl}/files/a.bin`, {
      method: "PUT",
      body: new Uint8Array([1, 2, 3, 4, 5]),
    });
    expect([put.status, await put.text()]).toEqual([201, "5"]);
    expect((await fetch(`${runtime.siteUrl}/nowhere`)).status).toBe(404);
    expect((await fetch(`${runtime.siteUrl}/hello`, { method: "POST" })).status).toBe(404);
    const broken = await fetch(`${runtime.siteUrl}/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.text()).toContain("this route always fails");
    expect((await failure(http.query(api.messages.list, {}))).message).toContain(
      "Could not find public function for 'messages:list'",
    );
  });
});

describe("an app whose only work is a cron", () => {
  test("runs the cron on its schedule", async () => {
    const { runtime } = await start("crons-only");
    await waitFor(
      () => (runtime.output().match(/ C crons:tick .* ok/g) ?? []).length >= 2,
      10_000,
      "two ticks",
    );
  });
});

describe("an app's own errors", () => {
  test("structured ConvexError data, Error subclasses, and errors seen by a caller", async () => {
    const { http } = await start("custom-errors");
    const structured = await failure(http.query(api.errors.structured, { code: "E42" }));
    expect(structured).toBeInstanceOf(ConvexError);
    expect((structured as unknown as { data: unknown }).data).toEqual({
      code: "E42",
      retryable: false,
      details: [1, 2, 3],
    });
    expect((await failure(http.mutation(api.errors.subclass, {}))).message).toContain(
      "Uncaught QuotaExceeded: Quota of 5 exceeded",
    );
    expect(await http.action(api.errors.inspect, {})).toEqual({
      convex: { isError: true, isConvexError: true, data: { code: "NOPE" }, message: true },
      plain: { isError: true, isConvexError: false, data: null, message: true },
    });
  });
});

describe("file storage served over HTTP", () => {
  test("an upload and a stored blob are served by an HTTP action and by their URL", async () => {
    const { runtime, http } = await start("file-server");
    const stored = (await http.action(api.files.storeText, { text: "héllo" })) as string;
    const download = await fetch(`${runtime.siteUrl}/download/${stored}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await download.text()).toBe("héllo");

    const uploadUrl = (await http.mutation(api.files.uploadUrl, {})) as string;
    const upload = await fetch(uploadUrl, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    const { storageId } = (await upload.json()) as { storageId: string };
    const served = await fetch(`${runtime.siteUrl}/download/${storageId}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    const url = (await http.query(api.files.url, { id: storageId })) as string;
    expect([...new Uint8Array(await (await fetch(url)).arrayBuffer())]).toEqual([137, 80, 78, 71]);

    expect((await fetch(`${runtime.siteUrl}/download/nope`)).status).toBe(404);
  });
});

describe("validation", () => {
  test("arguments, return values and the schema are checked with Convex's wording", async () => {
    const { http } = await start("validation");
    const id = await http.mutation(api.people.add, { name: "Ada", age: 36 });
    expect(await http.query(api.people.byId, { id })).toBe("Ada");
    expect(
      (await failure(http.mutation(api.people.add, { name: "Bo", age: "x" }))).message,
    ).toMatch(
      /ArgumentValidationError: Value does not match validator\.\nPath: \.age\nValue: "x"\nValidator: v\.float64\(\)/,
    );
    expect((await failure(http.query(api.people.byId, { id: "123" }))).message).toContain(
      "ArgumentValidationError",
    );
    expect((await failure(http.query(api.people.wrongReturn, {}))).message).toContain(
      "ReturnsValidationError",
    );
    expect((await failure(http.mutation(api.people.addInvalid, {}))).message).toContain(
      'Failed to insert or update a document in table "people" because it does not match the schema',
    );
  });
});

describe("npm packages and the app share one realm, as in Convex's isolate", () => {
  test("instanceof and prototypes agree both ways; the package's browser build is the one bundled", async () => {
    const { http } = await start("realm");
    const yes = (over: Record<string, boolean> = {}) => ({
      isError: false,
      isTypeError: false,
      isResponse: false,
      isUint8Array: false,
      isArrayBuffer: false,
      isPromise: false,
      isPlainObject: false,
      isArray: false,
      ...over,
    });
    expect(await http.query(api.probe.crossings, {})).toEqual({
      build: "browser",
      appError: yes({ isError: true }),
      appTypeError: yes({ isError: true, isTypeError: true }),
      appResponse: yes({ isResponse: true }),
      encoded: yes({ isUint8Array: true }),
      digest: yes({ isArrayBuffer: true }),
      promise: yes({ isPromise: true }),
      object: yes({ isPlainObject: true }),
      array: yes({ isArray: true }),
      parsed: yes({ isPlainObject: true }),
      packageErrorIsError: true,
      packageErrorIsRangeError: true,
      packageResponseIsResponse: true,
    });
    expect(await http.action(api.nodeProbe.crossings, {})).toEqual({
      build: "node",
      appError: true,
    });
  });

  test("a Hono app's onError turns the app's errors into their statuses", async () => {
    const { runtime } = await start("hono");
    const call = async (path: string, init?: RequestInit) => {
      const response = await fetch(`${runtime.siteUrl}${path}`, init);
      return [response.status, await response.json()];
    };
    expect(await call("/api/items/1")).toEqual([200, { id: 1, name: "one" }]);
    expect(await call("/api/items/abc")).toEqual([400, { error: "id must be a number" }]);
    expect(await call("/api/items/2")).toEqual([404, { error: "no such item" }]);
    expect(await call("/api/secret")).toEqual([401, { error: "sign in first" }]);
    expect(await call("/api/echo", { method: "POST", body: '{"a":' })).toEqual([
      400,
      { error: "malformed JSON" },
    ]);
    expect(await call("/api/echo", { method: "POST", body: '{"a":1}' })).toEqual([
      200,
      { echoed: { a: 1 } },
    ]);
    expect(await call("/api/crash")).toEqual([500, { error: "internal" }]);
    expect(await call("/api/nothing")).toEqual([404, { error: "no route" }]);
  });
});
