// Convex's own error texts, over HTTP and the WebSocket: argument and return validation
// (`ArgumentValidationError: …` with the path of the bad value), invalid ids and cursors, and
// unknown functions. Client code that matches on these texts must behave the same locally.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;
let socket: ConvexClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime(copy);
  http = new ConvexHttpClient(runtime.url);
  socket = new ConvexClient(runtime.url);
});

afterAll(async () => {
  await socket?.close();
  await runtime?.stop();
  copy?.cleanup();
});

const SEND_VALIDATOR =
  "v.object({author: v.string(), body: v.string(), tags: v.optional(v.array(v.string()))})";

/** The error text of a failing query through both clients (they must agree). */
async function queryError(path: string, args: Record<string, unknown>): Promise<string> {
  const [module, name] = path.split(":");
  const ref = (api as any)[module!][name!];
  const viaHttp = await http.query(ref, args).then(
    () => null,
    (e: Error) => e.message,
  );
  const viaSocket = await socket.query(ref, args).then(
    () => null,
    (e: Error) => e.message,
  );
  expect(viaHttp, `${path} should fail over HTTP`).not.toBeNull();
  expect(viaSocket, `${path} should fail over the WebSocket`).not.toBeNull();
  // The socket client adds `[CONVEX Q(path)] ` before and `  Called by client` after.
  const prefix = `[CONVEX Q(${path})] `;
  expect(viaSocket!.startsWith(prefix)).toBe(true);
  expect(viaSocket!.endsWith("\n  Called by client")).toBe(true);
  const socketText = viaSocket!.slice(prefix.length, -"\n  Called by client".length);
  expect(body(socketText)).toBe(body(viaHttp!));
  return viaHttp!;
}

/** Strips the `[Request ID: …] Server Error\n` line every function error starts with. */
function body(message: string): string {
  const match = /^\[Request ID: [0-9a-f]+\] Server Error\n/.exec(message);
  expect(match, `"${message}" starts with the request id line`).not.toBeNull();
  return message.slice(match![0].length);
}

describe("argument validation", () => {
  test("a missing field", async () => {
    expect(body(await queryError("checks:send", { body: "hello" }))).toBe(
      "ArgumentValidationError: Object is missing the required field `author`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\n" +
        `Object: {body: "hello"}\nValidator: ${SEND_VALIDATOR}\n\n`,
    );
  });

  test("an extra field", async () => {
    expect(body(await queryError("checks:send", { body: "hello", author: "Ada", likes: 3 }))).toBe(
      "ArgumentValidationError: Object contains extra field `likes` that is not in the validator.\n\n" +
        `Object: {author: "Ada", body: "hello", likes: 3.0}\nValidator: ${SEND_VALIDATOR}\n\n`,
    );
  });

  test("a wrong type, with the path of the bad value", async () => {
    expect(body(await queryError("checks:send", { body: 42, author: "Ada" }))).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .body\nValue: 42.0\nValidator: v.string()\n\n",
    );
    expect(
      body(await queryError("checks:send", { body: "hello", author: "Ada", tags: ["a", true] })),
    ).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .tags[1]\nValue: true\nValidator: v.string()\n\n",
    );
    expect(body(await queryError("checks:nested", { filter: { kind: "c", limit: 1 } }))).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .filter.kind\nValue: "c"\nValidator: v.union(v.literal("a"), v.literal("b"))\n\n',
    );
  });

  test("an id of another table, a malformed id and a system table id", async () => {
    const noteId = (await http.mutation(api.notes.add, { text: "not a message" })) as string;
    expect(body(await queryError("checks:byId", { id: noteId }))).toBe(
      `ArgumentValidationError: Found ID "${noteId}" from table \`notes\`, which does not match the table name in validator \`v.id("messages")\`.Path: .id\n\n`,
    );
    expect(body(await queryError("checks:byId", { id: "not-an-id" }))).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .id\nValue: "not-an-id"\nValidator: v.id("messages")\n\n',
    );
    const jobId = (await http.mutation(api.messages.sendLater, {
      body: "later",
      delayMs: 3_600_000,
    })) as string;
    expect(body(await queryError("checks:byId", { id: jobId }))).toBe(
      `ArgumentValidationError: Found ID "${jobId}" from a system table, which does not match the table name in validator \`v.id("messages")\`.Path: .id\n\n`,
    );
  });

  test("valid arguments still run, and a nested call's failure is its caller's exception", async () => {
    expect(await http.query(api.checks.send, { body: "hello", author: "Ada" })).toBe("Ada: hello");
    await expect(http.action(api.checks.callsWithBadArgs, {})).rejects.toThrow(
      "Uncaught Error: ArgumentValidationError: Value does not match validator.\nPath: .id",
    );
  });
});

test("a return value that fails its validator", async () => {
  expect(body(await queryError("checks:wrongReturn", {}))).toBe(
    'ReturnsValidationError: Value does not match validator.\nPath: .count\nValue: "three"\nValidator: v.float64()\n',
  );
});

test("a document that does not match the schema", async () => {
  await expect(http.mutation(api.checks.insertWrongShape, {})).rejects.toThrow(
    'Uncaught Error: Failed to insert or update a document in table "messages" because it does not match the schema: Value does not match validator.\nPath: .body\nValue: 5.0\nValidator: v.string()',
  );
});

test("unknown functions and functions of another kind", async () => {
  expect(body(await queryError("checks:nope", {}))).toBe(
    "Could not find public function for 'checks:nope'.\n",
  );
  expect(body(await queryError("messages:insertInternal", { body: "x" }))).toBe(
    "Could not find public function for 'messages:insertInternal'.\n",
  );
  expect(body(await queryError("messages:send", { body: "x" }))).toBe(
    "Trying to execute messages.js:send as Query, but it is defined as Mutation.\n",
  );
});

test("a malformed pagination cursor", async () => {
  expect(
    body(
      await queryError("messages:page", {
        paginationOpts: { numItems: 5, cursor: "not a cursor" },
      }),
    ),
  ).toBe("Uncaught Error: Failed to parse cursor");
  const first = (await http.query(api.messages.page, {
    paginationOpts: { numItems: 1, cursor: null },
  })) as { continueCursor: string };
  await expect(
    http.query(api.messages.page, {
      paginationOpts: { numItems: 1, cursor: first.continueCursor },
    }),
  ).resolves.toBeDefined();
});
