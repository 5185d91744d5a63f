// Convex-shaped ids: opaque base32 strings that encode their table, which normalizeId and
// v.id() check; the document counter behind them survives restarts (no id is ever reused);
// data stored with the old ids (`10001notes`) still loads and resolves.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  // Data written by an earlier runtime, with convex-test's ids.
  mkdirSync(copy.dataDir, { recursive: true });
  writeFileSync(
    path.join(copy.dataDir, "snapshot.json"),
    JSON.stringify({
      version: 1,
      nextDocId: 10005,
      lastCreationTime: 1_700_000_000_000,
      lastCommitTs: "1700000000000000000",
      documents: [
        { _id: "0000000000000000000010004notes", _creationTime: 1_700_000_000_000, text: "old" },
      ],
      tags: [],
    }),
  );
  runtime = await startRuntime(copy);
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

const CONVEX_ID = /^[0-9a-hjkmnp-tv-z]{31,37}$/;

test("ids are opaque 32-character base32 strings, like Convex's, that name no table", async () => {
  const ids = [
    (await http.mutation(api.notes.add, { text: "a" })) as string,
    (await http.mutation(api.notes.add, { text: "b" })) as string,
    (await http.mutation(api.messages.send, { body: "hi" })) as string,
  ];
  for (const id of ids) {
    expect(id).toMatch(CONVEX_ID);
    expect(id).toHaveLength(32);
    expect(id).not.toMatch(/notes|messages/);
  }
  expect(new Set(ids).size).toBe(3);
});

test("normalizeId accepts an id only for its own table, and rejects a mistyped one", async () => {
  const note = (await http.mutation(api.notes.add, { text: "n" })) as string;
  const message = (await http.mutation(api.messages.send, { body: "m" })) as string;
  const normalize = (table: string, id: string) => http.query(api.ids.normalize, { table, id });
  expect(await normalize("notes", note)).toBe(note);
  expect(await normalize("messages", message)).toBe(message);
  expect(await normalize("messages", note)).toBeNull();
  expect(await normalize("notes", message)).toBeNull();
  // One character changed: the checksum no longer matches.
  const typo = note.slice(0, 10) + (note[10] === "a" ? "b" : "a") + note.slice(11);
  expect(await normalize("notes", typo)).toBeNull();
  expect(await normalize("notes", "not-an-id")).toBeNull();
  // v.id("notes") refuses another table's id, with Convex's text.
  await expect(http.query(api.ids.note, { id: message })).rejects.toThrow(
    /ArgumentValidationError: Found ID "[0-9a-z]+" from table `messages`, which does not match the table name in validator `v.id\("notes"\)`/,
  );
  expect(await http.query(api.ids.note, { id: note })).toBe("n");
});

test("ids stored before Convex-shaped ids still resolve, and the counter is never reused after a restart", async () => {
  expect(await http.query(api.ids.note, { id: "0000000000000000000010004notes" })).toBe("old");
  expect(
    await http.query(api.ids.normalize, { table: "notes", id: "0000000000000000000010004notes" }),
  ).toBe("0000000000000000000010004notes");
  const before = (await http.mutation(api.notes.add, { text: "before" })) as string;
  await runtime.stop();
  runtime = await startRuntime({ ...copy, port: runtime.port, sitePort: runtime.sitePort });
  const after = (await http.mutation(api.notes.add, { text: "after" })) as string;
  expect(after).toMatch(CONVEX_ID);
  expect(after).not.toBe(before);
  // Ids of one table sort by the counter: the new one comes after every stored one.
  expect(after > before).toBe(true);
  expect(await http.query(api.ids.note, { id: before })).toBe("before");
  expect(await http.query(api.ids.note, { id: "0000000000000000000010004notes" })).toBe("old");
});
