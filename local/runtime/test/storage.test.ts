// File storage as on Convex: upload URLs on the deployment's own origin, `getUrl` serving the
// bytes with their content type, `ctx.storage` in actions, `_storage` documents, and bytes kept
// in the data folder so that kill -9 loses nothing and deleting a file frees its bytes.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime(copy);
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

const restartAfterKill9 = async () => {
  await runtime.kill9();
  runtime = await startRuntime({ ...copy, port: runtime.port, sitePort: runtime.sitePort });
};
const storedFiles = () => readdirSync(path.join(copy.dataDir, "storage"));
const base64Sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64");

test("a browser uploads through an upload URL, reads it through getUrl, and kill -9 keeps it", async () => {
  const uploadUrl = (await http.mutation(api.files.generateUploadUrl, {})) as string;
  expect(new URL(uploadUrl).origin).toBe(runtime.url);
  expect(new URL(uploadUrl).pathname).toBe("/api/storage/upload");

  // What a page does: a preflight, then a POST of the file with its type.
  const preflight = await fetch(uploadUrl, {
    method: "OPTIONS",
    headers: {
      Origin: "http://localhost:5173",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type",
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  const bytes = new Uint8Array(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
  const uploaded = await fetch(uploadUrl, {
    method: "POST",
    headers: { "Content-Type": "image/png", Origin: "http://localhost:5173" },
    body: new Blob([bytes], { type: "image/png" }),
  });
  expect(uploaded.status).toBe(200);
  expect(uploaded.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  const { storageId } = (await uploaded.json()) as { storageId: string };
  expect(typeof storageId).toBe("string");

  // The app saves the id; a live client gets the URL from getUrl.
  await http.mutation(api.files.save, { storageId, name: "picture" });
  const client = new ConvexClient(runtime.url);
  let listed: { name: string; url: string | null }[] = [];
  client.onUpdate(api.files.list, {}, (value: typeof listed) => (listed = value));
  await waitFor(() => listed.length === 1, 5000, "the file in a live query");
  await client.close();
  const url = listed[0]!.url!;
  expect(new URL(url).origin).toBe(runtime.url);
  const read = async () => {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  };
  expect(await read()).toEqual({ status: 200, type: "image/png", bytes });

  // The `_storage` system document, as Convex shapes it.
  expect(await http.query(api.files.metadata, { storageId })).toMatchObject({
    _id: storageId,
    size: bytes.length,
    sha256: base64Sha256(bytes),
    contentType: "image/png",
  });

  await restartAfterKill9();
  expect(await read()).toEqual({ status: 200, type: "image/png", bytes });
  expect(await http.query(api.files.url, { storageId })).toBe(url);
});

test("an upload URL needs its token", async () => {
  const forged = await fetch(`${runtime.url}/api/storage/upload?token=forged`, {
    method: "POST",
    body: "x",
  });
  expect(forged.status).toBe(401);
  expect(
    (await fetch(`${runtime.url}/api/storage/upload`, { method: "POST", body: "x" })).status,
  ).toBe(401);
});

test("actions store, read, describe and delete files; deleting frees the bytes", async () => {
  const before = storedFiles().length;
  const storageId = (await http.action(api.files.storeText, {
    text: "hello from an action",
    type: "text/plain",
  })) as string;
  expect(storedFiles()).toHaveLength(before + 1);
  expect(await http.action(api.files.readText, { storageId })).toEqual({
    text: "hello from an action",
    type: "text/plain",
  });
  const sha = createHash("sha256").update("hello from an action").digest("hex");
  expect(await http.action(api.files.describe, { storageId })).toEqual({
    storageId,
    sha256: sha,
    size: 20,
    contentType: "text/plain",
  });
  const url = (await http.query(api.files.url, { storageId })) as string;
  expect(await (await fetch(url)).text()).toBe("hello from an action");

  await http.action(api.files.deleteFromAction, { storageId });
  expect(await http.action(api.files.readText, { storageId })).toBeNull();
  expect(await http.query(api.files.url, { storageId })).toBeNull();
  expect(await http.query(api.files.metadata, { storageId })).toBeNull();
  expect((await fetch(url)).status).toBe(404);
  expect(storedFiles()).toHaveLength(before);
});

test("a mutation deleting a file frees its bytes once committed, and a restart keeps them freed", async () => {
  const uploadUrl = (await http.mutation(api.files.generateUploadUrl, {})) as string;
  const response = await fetch(uploadUrl, { method: "POST", body: "short-lived" });
  const { storageId } = (await response.json()) as { storageId: string };
  await http.mutation(api.files.save, { storageId, name: "temp" });
  const count = storedFiles().length;
  const url = (await http.query(api.files.url, { storageId })) as string;
  expect(await (await fetch(url)).text()).toBe("short-lived");
  await http.mutation(api.files.remove, { storageId });
  expect(storedFiles()).toHaveLength(count - 1);
  await restartAfterKill9();
  expect((await fetch(url)).status).toBe(404);
  expect(storedFiles()).toHaveLength(count - 1);
});
