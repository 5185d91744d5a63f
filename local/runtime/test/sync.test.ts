// The sync protocol over WebSocket, driven by the real ConvexClient and by a bare client.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConvexClient } from "convex/browser";
import {
  api,
  fixtureCopy,
  startIssuer,
  startRuntime,
  waitFor,
  type RuntimeProcess,
} from "./harness.js";
import { decodeTs, RawSyncClient } from "./rawClient.js";

let runtime: RuntimeProcess;
let issuer: Awaited<ReturnType<typeof startIssuer>>;
let cleanup: () => void;
const clients: ConvexClient[] = [];
const client = () => {
  const c = new ConvexClient(runtime.url);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  issuer = await startIssuer();
  const copy = fixtureCopy();
  cleanup = copy.cleanup;
  runtime = await startRuntime({
    ...copy,
    env: { TEST_ISSUER: issuer.url, CONVEX_LOCAL_PING_MS: "300" },
  });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await runtime?.stop();
  await issuer?.close();
  cleanup?.();
});

describe("subscriptions", () => {
  test("a subscriber sees a mutation's write without asking", async () => {
    const watcher = client();
    const writer = client();
    const seen: string[][] = [];
    watcher.onUpdate(api.messages.list, {}, (value: string[]) => seen.push(value));
    await waitFor(() => seen.length > 0, 5000, "first result");
    await writer.mutation(api.messages.send, { body: "live hello" });
    await waitFor(() => seen.at(-1)?.includes("live hello"), 5000, "live update");
  });

  test("a mutation resolves only once its own client's queries reflect it", async () => {
    const c = client();
    let latest: string[] = [];
    c.onUpdate(api.messages.list, {}, (value: string[]) => (latest = value));
    await waitFor(
      () => latest.length >= 0 && c.connectionState().isWebSocketConnected,
      5000,
      "connection",
    );
    for (let i = 0; i < 5; i++) {
      await c.mutation(api.messages.send, { body: `ordered ${i}` });
      expect(latest).toContain(`ordered ${i}`);
    }
  });

  test("identical subscriptions run once per write and unrelated tables do not re-run them", async () => {
    const watchers = Array.from({ length: 5 }, () => client());
    const counts: number[] = Array(5).fill(-1);
    watchers.forEach((w, i) => w.onUpdate(api.notes.count, {}, (n: number) => (counts[i] = n)));
    await waitFor(() => counts.every((n) => n >= 0), 5000, "all subscribed");
    const before = runtime.output().length;
    const writer = client();
    await writer.mutation(api.notes.add, { text: "one" });
    await waitFor(
      () => counts.every((n) => n === counts[0]) && counts[0]! > 0,
      5000,
      "all updated",
    );
    expect(runtime.executions("notes:count", before)).toBe(1);

    const beforeOther = runtime.output().length;
    await writer.mutation(api.messages.send, { body: "not a note" });
    await new Promise((r) => setTimeout(r, 200));
    expect(runtime.executions("notes:count", beforeOther)).toBe(0);
  });
});

describe("wire protocol", () => {
  test("transitions carry the client's clock skew and the server's time, as Convex's do", async () => {
    // The client times its auth-token refresh by the server's clock: its own time less the skew.
    const tenMinutes = 10 * 60_000;
    const raw = await RawSyncClient.connect(runtime.url, undefined, tenMinutes);
    raw.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "messages:list", args: [{}] }],
    });
    const transition = await raw.next((m) => m.type === "Transition");
    const serverNowByClient = Date.now() + tenMinutes - transition.clientClockSkew;
    expect(Math.abs(serverNowByClient - Date.now())).toBeLessThan(1000);
    expect(Math.abs(transition.serverTs / 1e6 - Date.now())).toBeLessThan(1000);
    raw.close();
  });

  test("versions chain, the response precedes a covering Transition, and timestamps only grow", async () => {
    const raw = await RawSyncClient.connect(runtime.url);
    raw.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "messages:list", args: [{}] }],
    });
    await raw.next((m) => m.type === "Transition");
    raw.send({ type: "Mutation", requestId: 0, udfPath: "messages:send", args: [{ body: "raw" }] });
    const response = await raw.next((m) => m.type === "MutationResponse");
    const responseIndex = raw.messages.indexOf(response);
    const covering = await raw.next(
      (m) => m.type === "Transition" && decodeTs(m.endVersion.ts) >= decodeTs(response.ts),
      responseIndex,
    );
    expect(raw.messages.indexOf(covering)).toBeGreaterThan(responseIndex);
    expect(JSON.stringify(covering.modifications)).toContain("raw");

    raw.send({
      type: "ModifyQuerySet",
      baseVersion: 1,
      newVersion: 2,
      modifications: [{ type: "Remove", queryId: 0 }],
    });
    await raw.next((m) => m.type === "Transition" && m.endVersion.querySet === 2);
    const transitions = raw.messages.filter((m) => m.type === "Transition");
    let version = { querySet: 0, identity: 0, ts: "AAAAAAAAAAA=" };
    for (const t of transitions) {
      expect(t.startVersion).toEqual(version);
      expect(decodeTs(t.endVersion.ts)).toBeGreaterThanOrEqual(decodeTs(t.startVersion.ts));
      version = t.endVersion;
    }
    raw.close();
  });

  test("pings keep an idle connection alive", async () => {
    const raw = await RawSyncClient.connect(runtime.url);
    await raw.next((m) => m.type === "Ping", 0, 2000);
    raw.close();
  });

  test("a mutation resent after a reconnect runs at most once", async () => {
    const sessionId = crypto.randomUUID();
    const first = await RawSyncClient.connect(runtime.url, sessionId);
    first.send({
      type: "Mutation",
      requestId: 7,
      udfPath: "notes:add",
      args: [{ text: "exactly once" }],
    });
    const original = await first.next((m) => m.type === "MutationResponse");
    first.close();
    const second = await RawSyncClient.connect(runtime.url, sessionId);
    second.send({
      type: "Mutation",
      requestId: 7,
      udfPath: "notes:add",
      args: [{ text: "exactly once" }],
    });
    const replay = await second.next((m) => m.type === "MutationResponse");
    expect(replay.success).toBe(true);
    expect(replay.result).toEqual(original.result);
    const c = client();
    const all = await c.query(api.notes.count, {});
    const writer = client();
    await writer.mutation(api.notes.add, { text: "probe" });
    expect(await c.query(api.notes.count, {})).toBe(all + 1);
    second.close();
  });

  test("paginated queries return a journal that pins the page's end", async () => {
    const raw = await RawSyncClient.connect(runtime.url);
    const writer = client();
    for (let i = 0; i < 4; i++) await writer.mutation(api.messages.send, { body: `page ${i}` });
    const opts = { numItems: 2, cursor: null, id: 1 };
    raw.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [
        { type: "Add", queryId: 0, udfPath: "messages:page", args: [{ paginationOpts: opts }] },
      ],
    });
    const first = await raw.next((m) => m.type === "Transition" && m.modifications.length > 0);
    const update = first.modifications[0];
    expect(update.value.page).toHaveLength(2);
    expect(typeof update.journal).toBe("string");
    const from = raw.messages.length;
    await writer.mutation(api.messages.send, { body: "newest" });
    const grown = await raw.next(
      (m) => m.type === "Transition" && m.modifications.length > 0,
      from,
    );
    const bodies = grown.modifications[0].value.page.map((m: { body: string }) => m.body);
    // Newest first: the new row joins the page; no row is pushed off it.
    expect(bodies).toEqual(["newest", ...update.value.page.map((m: { body: string }) => m.body)]);
    raw.close();

    // A reconnecting client sends the journal back and gets the same pinned page.
    const again = await RawSyncClient.connect(runtime.url);
    again.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [
        {
          type: "Add",
          queryId: 0,
          udfPath: "messages:page",
          args: [{ paginationOpts: opts }],
          journal: update.journal,
        },
      ],
    });
    const restored = await again.next((m) => m.type === "Transition" && m.modifications.length > 0);
    expect(restored.modifications[0].value.page).toHaveLength(3);
    again.close();
  });

  test("a failing query reports its error and ConvexError data", async () => {
    const c = client();
    await expect(c.query(api.messages.crash, {})).rejects.toThrow(/Uncaught Error: boom/);
    const failed = await client()
      .mutation(api.messages.fail, { body: "nope" })
      .catch((e: { data: unknown }) => e.data);
    expect(failed).toEqual({ code: "refused", body: "nope" });
    expect(await c.query(api.messages.list, {})).not.toContain("nope");
  });
});

describe("authentication", () => {
  test("viewers with different identities share a query that does not read ctx.auth", async () => {
    const viewers = await Promise.all(
      ["shared-a", "shared-b", "shared-c"].map(async (sub) => {
        const token = await issuer.sign({ sub });
        const c = client();
        c.setAuth(async () => token);
        return c;
      }),
    );
    const counts: number[] = [-1, -1, -1];
    viewers.forEach((v, i) => v.onUpdate(api.notes.count, {}, (n: number) => (counts[i] = n)));
    await waitFor(() => counts.every((n) => n >= 0), 5000, "all subscribed");
    const start = counts[0]!;
    const before = runtime.output().length;
    await client().mutation(api.notes.add, { text: "for everyone" });
    await waitFor(() => counts.every((n) => n === start + 1), 5000, "all updated");
    expect(runtime.executions("notes:count", before)).toBe(1);
  });

  test("a shared query that starts reading ctx.auth splits its viewers by identity", async () => {
    const seen: Record<string, string> = {};
    for (const sub of ["split-a", "split-b"]) {
      const token = await issuer.sign({ sub });
      const c = client();
      c.setAuth(async () => token);
      c.onUpdate(api.notes.greeting, {}, (text: string) => (seen[sub] = text));
    }
    await waitFor(() => seen["split-a"] === "hello" && seen["split-b"] === "hello", 5000, "shared");
    await client().mutation(api.notes.add, { text: "reveal" });
    await waitFor(
      () => seen["split-a"] === "hello split-a" && seen["split-b"] === "hello split-b",
      5000,
      "each sees their own identity",
    );
    const anonymous = client();
    expect(await anonymous.query(api.notes.greeting, {})).toBe("hello stranger");
    let live = "";
    anonymous.onUpdate(api.notes.greeting, {}, (text: string) => (live = text));
    await waitFor(() => live === "hello stranger", 5000, "anonymous subscriber");
  });

  test("a valid token becomes the identity of every query on the connection", async () => {
    const token = await issuer.sign({ sub: "user-1", email: "ada@example.com" });
    const c = client();
    c.setAuth(async () => token);
    const who = await waitFor(async () => await c.query(api.messages.whoami, {}), 5000, "identity");
    expect(who).toEqual({ subject: "user-1", email: "ada@example.com" });
  });

  test("the handshake bumps the identity version; a bad token gets AuthError and a closed socket", async () => {
    const raw = await RawSyncClient.connect(runtime.url);
    raw.send({
      type: "Authenticate",
      tokenType: "User",
      value: await issuer.sign({ sub: "user-2" }),
      baseVersion: 0,
    });
    raw.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "messages:whoami", args: [{}] }],
    });
    const authed = await raw.next((m) => m.type === "Transition" && m.endVersion.identity === 1);
    expect(authed.startVersion.identity).toBe(0);
    const answer = await raw.next((m) => m.type === "Transition" && m.modifications.length > 0);
    expect(answer.modifications[0].value).toEqual({ subject: "user-2", email: null });

    raw.send({ type: "Authenticate", tokenType: "None", baseVersion: 1 });
    const cleared = await raw.next((m) => m.type === "Transition" && m.endVersion.identity === 2);
    expect(cleared.modifications[0].value).toBeNull();

    for (const bad of [
      await issuer.signWithOtherKey({ sub: "mallory" }),
      await issuer.sign({ sub: "x" }, { audience: "other" }),
      await issuer.sign({ sub: "x" }, { expiresIn: "-1m" }),
    ]) {
      const rejected = await RawSyncClient.connect(runtime.url);
      rejected.send({ type: "Authenticate", tokenType: "User", value: bad, baseVersion: 0 });
      const error = await rejected.next((m) => m.type === "AuthError");
      expect(error).toMatchObject({ baseVersion: 0, authUpdateAttempted: true });
      await rejected.closed;
    }
    raw.close();
  });
});
