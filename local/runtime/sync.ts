// Convex's WebSocket sync protocol, server side. The facts it honours are listed in
// `local-runtime.md`: version chaining, mutation completion through a covering Transition,
// auth handshakes, journals, at-most-once mutations across reconnects, and pings.
//
// Subscriptions are shared: identical queries (path, arguments, journal) run once and fan out
// to every subscriber, and after a commit only queries whose reads a write touched re-run. As on
// Convex, the caller's identity splits a query's viewers only once a run of that function has
// read `ctx.auth`: a query that never asks who is calling serves everyone from one result. All work that sends Transitions goes through one queue, so versions always chain.
import type { WebSocket } from "ws";
import type { JSONValue } from "convex/values";
import type { Engine } from "./engine/engine.js";
import type { Identity, Journal, Outcome } from "./engine/execution.js";
import type { CommittedWrite } from "./engine/state.js";
import type { RequestClient } from "./convexTest/functions.js";
import { ReadSet } from "./indexes.js";
import { TokenVerifier } from "./auth.js";
import * as log from "./log.js";

export interface SyncHost {
  engine(): Engine;
  verifier(): TokenVerifier;
}

export interface MutationRecord {
  sessionId: string;
  requestId: number;
  result: JSONValue;
}

type QueryResult =
  | { ok: true; valueJson: string; logLinesJson: string; journalJson: string }
  | {
      ok: false;
      errorMessage: string;
      errorDataJson?: string;
      logLinesJson: string;
      journalJson: string;
    };

interface SharedQuery {
  key: string;
  udfPath: string;
  args: JSONValue;
  /** The identity it runs as; any subscriber's when `perIdentity` is false. */
  identity: Identity | null;
  /** Whether only callers of this identity share it (its function reads `ctx.auth`). */
  perIdentity: boolean;
  journal: Journal | null;
  result: QueryResult | null;
  reads: ReadSet;
  subscribers: Set<Subscription>;
}

interface Subscription {
  connection: Connection;
  queryId: number;
  udfPath: string;
  args: JSONValue;
  journal: Journal | null;
  shared: SharedQuery;
  /** The result this client was last sent (a Transition carries only what changed since). */
  sent: QueryResult | null;
}

type ResponseBuilder = (ts: bigint) => string;

class Connection {
  sessionId = "";
  querySet = 0;
  identityVersion = 0;
  ts = 0n;
  identity: Identity | null = null;
  /** The socket's peer, for its mutations' and actions' request metadata. */
  client: RequestClient | undefined;
  /**
   * How far the client's clock runs ahead of ours, in ms: its Connect's `clientTs` less our clock
   * on arrival (so the message's transit counts as the client being behind). Sent with every
   * Transition as Convex does; the client reads the server's time as its own less this, to
   * refresh a cached auth token before the server thinks it has expired.
   */
  clientClockSkew: number | undefined;
  queries = new Map<number, Subscription>();
  pendingResponses: ResponseBuilder[] = [];
  /** This client's mutations, one after another. */
  mutations: Promise<void> = Promise.resolve();
  /** Mutations received and not yet answered. */
  pendingMutations = 0;
  /** Settles once the last query-set change or Authenticate this client sent is handled. */
  handled: Promise<void> = Promise.resolve();
  closed = false;

  constructor(readonly socket: WebSocket) {}

  send(text: string) {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }
}

export function encodeTs(ts: bigint): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ts);
  return bytes.toString("base64");
}

// Convex pings every 15 s; the client reconnects after 60 s of silence.
const PING_INTERVAL_MS = Number(process.env.CONVEX_LOCAL_PING_MS ?? 15_000);
const REMEMBERED_MUTATIONS = 10_000;
// Queued sync work (query-set changes, auth, mutations) beyond which a connection that asks for
// more is told the server is overloaded and closed (the client reconnects with back-off).
const MAX_QUEUED_TASKS = Number(process.env.CONVEX_LOCAL_MAX_QUEUED_SYNC_TASKS ?? 10_000);
// Mutations one socket may have waiting behind its running one, as on Convex; beyond it the
// socket is closed as overloaded (the client reconnects and resends them).
const MAX_PENDING_MUTATIONS = Number(process.env.CONVEX_LOCAL_MAX_PENDING_MUTATIONS ?? 1_000);
// Actions running at once over sockets; beyond it an action fails with an overload error.
const MAX_RUNNING_ACTIONS = 256;
/** Subscriptions re-run at once after a commit. */
const RERUN_CONCURRENCY = 4;
/**
 * Subscriptions one connection may hold. Convex caps what one socket may have pending at 1,000
 * (mutations, actions); its subscriptions get the same cap here. A query added beyond it fails
 * (QueryFailed, with this text) and the others keep working.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = Number(
  process.env.CONVEX_LOCAL_MAX_SUBSCRIPTIONS ?? 1_000,
);
export const TOO_MANY_SUBSCRIPTIONS = `Too many subscriptions on one connection: at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION.toLocaleString("en-US")} queries may be watched at once. Remove some before adding more.`;
/**
 * Time one flush may spend re-running queries before it hands the turn back. Queries left
 * over stay stale (their viewers get no Transition yet) and are re-run by the next flush, so
 * new commits, and the clients they concern, never wait behind a connection that watches
 * thousands of invalidated queries.
 */
const FLUSH_BUDGET_MS = 10;

export class SyncServer {
  private connections = new Set<Connection>();
  private shared = new Map<string, SharedQuery>();
  /** Query functions seen reading `ctx.auth`: their viewers share only within one identity. */
  private authReaders = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private runningActions = 0;
  private flushQueued = false;
  private pendingWrites: CommittedWrite[] = [];
  /** Shared queries whose reads a commit touched and that have not re-run since. */
  private stale = new Set<SharedQuery>();
  /** Connections with a subscription whose new result they have not been sent yet. */
  private owed = new Set<Connection>();
  private heldWrites = new Map<object, CommittedWrite[]>();
  private rerunEverything = false;
  private lastTs = 0n;
  private pingTimer: NodeJS.Timeout;
  /** Responses of executed mutations by `sessionId:requestId` (at most once, across reconnects). */
  private mutationResults = new Map<string, Promise<ResponseBuilder>>();

  constructor(private host: SyncHost) {
    this.pingTimer = setInterval(() => {
      for (const connection of this.connections) connection.send('{"type":"Ping"}');
    }, PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  /** Restores mutation results persisted with their commits. */
  rememberMutations(records: MutationRecord[]) {
    for (const record of records) {
      const json = JSON.stringify(record.result ?? null);
      this.remember(
        `${record.sessionId}:${record.requestId}`,
        Promise.resolve(successResponse(record.requestId, json)),
      );
    }
  }

  private remember(key: string, response: Promise<ResponseBuilder>) {
    this.mutationResults.set(key, response);
    if (this.mutationResults.size > REMEMBERED_MUTATIONS) {
      this.mutationResults.delete(this.mutationResults.keys().next().value!);
    }
  }

  /** Timestamp of the newest state the server has published. */
  currentTs(): bigint {
    return this.lastTs;
  }

  nextTs(): bigint {
    const now = BigInt(Date.now()) * 1_000_000n;
    this.lastTs = now > this.lastTs ? now : this.lastTs + 1n;
    return this.lastTs;
  }

  /** Called after every commit, from any source, with what it wrote. */
  changed(writes: Iterable<CommittedWrite>, commitTag?: object) {
    // A client's mutation: its writes go out in the same flush as its response, so the
    // client never sees its own write before its mutation completes (optimistic updates
    // would show twice).
    const held = commitTag ? this.heldWrites.get(commitTag) : undefined;
    if (held) {
      held.push(...writes);
      return;
    }
    for (const write of writes) this.pendingWrites.push(write);
    this.requestFlush();
  }

  /** Re-runs every subscription (after a code reload). */
  rerunAll() {
    this.rerunEverything = true;
    this.requestFlush();
  }

  accept(socket: WebSocket, client?: RequestClient) {
    const connection = new Connection(socket);
    connection.client = client;
    this.connections.add(connection);
    socket.on("message", (data) => {
      let message: any;
      try {
        message = JSON.parse(data.toString());
      } catch {
        connection.send(JSON.stringify({ type: "FatalError", error: "Invalid message: not JSON" }));
        socket.close();
        return;
      }
      this.receive(connection, message);
    });
    socket.on("close", () => {
      connection.closed = true;
      this.connections.delete(connection);
      for (const subscription of connection.queries.values()) this.unsubscribe(subscription);
      connection.queries.clear();
    });
    socket.on("error", () => socket.close());
  }

  /** Queues work that sends Transitions; resolves when it is done. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queued += 1;
    this.queue = this.queue
      .then(task)
      .catch((e: unknown) => log.error("sync: task failed", e))
      .finally(() => (this.queued -= 1));
    return this.queue;
  }

  private overloaded(
    connection: Connection,
    error = "The local Convex runtime is overloaded; reconnect shortly.",
  ) {
    connection.send(JSON.stringify({ type: "FatalError", error }));
    connection.socket.close(1013, "Overloaded");
  }

  private receive(connection: Connection, message: any) {
    const type = message?.type;
    if ((type === "ModifyQuerySet" || type === "Authenticate") && this.queued >= MAX_QUEUED_TASKS)
      return this.overloaded(connection);
    if (type === "Mutation" && connection.pendingMutations > MAX_PENDING_MUTATIONS)
      return this.overloaded(
        connection,
        `Too many concurrent mutations. Only up to ${MAX_PENDING_MUTATIONS} pending mutations allowed on a single websocket.`,
      );
    if (type === "Action" && this.runningActions >= MAX_RUNNING_ACTIONS)
      return this.overloaded(connection);
    switch (type) {
      case "Connect":
        connection.sessionId = String(message.sessionId);
        if (typeof message.clientTs === "number" && Number.isFinite(message.clientTs))
          connection.clientClockSkew = message.clientTs - Date.now();
        return;
      case "ModifyQuerySet":
        connection.handled = this.enqueue(() => this.modifyQuerySet(connection, message));
        return;
      case "Authenticate":
        connection.handled = this.enqueue(() => this.authenticate(connection, message));
        return;
      case "Mutation": {
        // Mutations of different clients run side by side (optimistic concurrency decides
        // conflicts); each client's run one at a time, in order, and only once everything it
        // sent before (an Authenticate, say) has been handled. They do not wait for the
        // re-runs other clients' commits caused.
        const handled = connection.handled;
        connection.pendingMutations += 1;
        connection.mutations = connection.mutations
          .then(() => handled)
          .then(() => this.mutation(connection, message))
          .catch((e: unknown) => log.error("sync: mutation failed", e))
          .finally(() => (connection.pendingMutations -= 1));
        return;
      }
      case "Action":
        this.runningActions += 1;
        void this.action(connection, message).finally(() => (this.runningActions -= 1));
        return;
      case "Event":
        return;
      default:
        connection.send(
          JSON.stringify({
            type: "FatalError",
            error: `Unknown message type ${String(message?.type)}`,
          }),
        );
        connection.socket.close();
    }
  }

  /** The shared query a subscription of this identity joins, created if need be. */
  private sharedFor(
    udfPath: string,
    args: JSONValue,
    identity: Identity | null,
    journal: Journal | null,
  ): SharedQuery {
    const perIdentity = this.authReaders.has(udfPath);
    const key = JSON.stringify([udfPath, args, perIdentity ? [identity] : "anyone", journal]);
    let shared = this.shared.get(key);
    if (!shared) {
      shared = {
        key,
        udfPath,
        args,
        identity,
        perIdentity,
        journal,
        result: null,
        reads: new ReadSet(),
        subscribers: new Set(),
      };
      this.shared.set(key, shared);
    }
    return shared;
  }

  private subscribe(
    connection: Connection,
    queryId: number,
    udfPath: string,
    args: JSONValue,
    journal: Journal | null,
  ) {
    const shared = this.sharedFor(udfPath, args, connection.identity, journal);
    const subscription: Subscription = {
      connection,
      queryId,
      udfPath,
      args,
      journal,
      shared,
      sent: null,
    };
    shared.subscribers.add(subscription);
    connection.queries.set(queryId, subscription);
    return subscription;
  }

  private unsubscribe(subscription: Subscription) {
    const { shared } = subscription;
    shared.subscribers.delete(subscription);
    if (shared.subscribers.size === 0 && this.shared.get(shared.key) === shared) {
      this.shared.delete(shared.key);
      this.stale.delete(shared);
    }
  }

  /**
   * Runs a shared query; returns the shared queries whose result changed. A run shared by
   * everyone that turns out to read `ctx.auth` splits its subscribers by identity, and each
   * part runs as its own identity.
   */
  private async execute(shared: SharedQuery): Promise<SharedQuery[]> {
    const outcome = await this.host
      .engine()
      .runPublic("query", shared.udfPath, shared.args, shared.identity, {
        journal: shared.journal,
      });
    if (outcome.readAuth && !shared.perIdentity) return await this.splitByIdentity(shared);
    shared.reads = outcome.reads;
    if (outcome.journal) shared.journal = outcome.journal;
    this.stale.delete(shared);
    const result = toQueryResult(outcome, shared.journal);
    const changed = !shared.result || !sameResult(shared.result, result);
    // An unchanged result keeps its object: a subscriber's `sent` still matches it.
    if (changed) {
      shared.result = result;
      for (const subscription of shared.subscribers) this.owed.add(subscription.connection);
      if (this.owed.size > 0) this.requestFlush();
    }
    return changed ? [shared] : [];
  }

  private async splitByIdentity(shared: SharedQuery): Promise<SharedQuery[]> {
    this.authReaders.add(shared.udfPath);
    if (this.shared.get(shared.key) === shared) this.shared.delete(shared.key);
    const parts = new Set<SharedQuery>();
    for (const subscription of shared.subscribers) {
      const part = this.sharedFor(
        shared.udfPath,
        shared.args,
        subscription.connection.identity,
        shared.journal,
      );
      subscription.shared = part;
      part.subscribers.add(subscription);
      parts.add(part);
    }
    shared.subscribers.clear();
    this.stale.delete(shared);
    for (const part of parts) await this.execute(part);
    return [...parts];
  }

  private sendTransition(
    connection: Connection,
    modifications: string[],
    end: { querySet: number; identity: number; ts: bigint },
  ) {
    const version = (v: { querySet: number; identity: number; ts: bigint }) =>
      `{"querySet":${v.querySet},"ts":"${encodeTs(v.ts)}","identity":${v.identity}}`;
    const start = {
      querySet: connection.querySet,
      identity: connection.identityVersion,
      ts: connection.ts,
    };
    if (end.ts < start.ts) end = { ...end, ts: start.ts };
    // serverTs in nanoseconds, as Convex sends it.
    const clock =
      connection.clientClockSkew === undefined
        ? ""
        : `,"clientClockSkew":${connection.clientClockSkew},"serverTs":${Date.now() * 1e6}`;
    connection.send(
      `{"type":"Transition","startVersion":${version(start)},"endVersion":${version(end)},"modifications":[${modifications.join(",")}]${clock}}`,
    );
    connection.querySet = end.querySet;
    connection.identityVersion = end.identity;
    connection.ts = end.ts;
  }

  private async modifyQuerySet(connection: Connection, message: any) {
    if (connection.closed) return;
    if (message.baseVersion !== connection.querySet) {
      connection.send(
        JSON.stringify({ type: "FatalError", error: "Invalid query set base version" }),
      );
      connection.socket.close();
      return;
    }
    const modifications: string[] = [];
    const added: Subscription[] = [];
    for (const change of message.modifications ?? []) {
      if (change.type === "Add") {
        const existing = connection.queries.get(change.queryId);
        if (existing) {
          this.unsubscribe(existing);
          connection.queries.delete(change.queryId);
        }
        if (connection.queries.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          modifications.push(
            `{"type":"QueryFailed","queryId":${Number(change.queryId)},"errorMessage":${JSON.stringify(TOO_MANY_SUBSCRIPTIONS)},"logLines":[],"journal":null}`,
          );
          continue;
        }
        const journal = parseJournal(change.journal);
        added.push(
          this.subscribe(
            connection,
            change.queryId,
            change.udfPath,
            change.args?.[0] ?? {},
            journal,
          ),
        );
      } else if (change.type === "Remove") {
        const subscription = connection.queries.get(change.queryId);
        if (subscription) {
          this.unsubscribe(subscription);
          connection.queries.delete(change.queryId);
        }
        modifications.push(`{"type":"QueryRemoved","queryId":${change.queryId}}`);
      }
    }
    for (const subscription of added) {
      if (!subscription.shared.result || this.stale.has(subscription.shared))
        await this.execute(subscription.shared);
    }
    if (connection.closed) return;
    for (const subscription of added) {
      if (connection.queries.get(subscription.queryId) === subscription)
        modifications.push(modification(subscription));
    }
    this.sendTransition(connection, modifications, {
      querySet: message.newVersion,
      identity: connection.identityVersion,
      ts: this.lastTs,
    });
  }

  private async authenticate(connection: Connection, message: any) {
    if (connection.closed) return;
    let identity: Identity | null = null;
    if (message.tokenType === "User") {
      try {
        identity = await this.host.verifier().verify(String(message.value));
      } catch (e) {
        connection.send(
          JSON.stringify({
            type: "AuthError",
            error: (e as Error).message,
            baseVersion: message.baseVersion,
            authUpdateAttempted: true,
          }),
        );
        // The real server closes the socket after an auth failure; the client reconnects.
        setTimeout(() => connection.socket.close(1000, "AuthError"), 10);
        return;
      }
    } else if (message.tokenType !== "None") {
      connection.send(
        JSON.stringify({
          type: "AuthError",
          error: "Admin authentication is not supported locally",
          baseVersion: message.baseVersion,
          authUpdateAttempted: true,
        }),
      );
      return;
    }
    connection.identity = identity;
    // Every query now runs as the new identity.
    const subscriptions = [...connection.queries.values()];
    const renewed: Subscription[] = [];
    for (const old of subscriptions) {
      this.unsubscribe(old);
      renewed.push(this.subscribe(connection, old.queryId, old.udfPath, old.args, old.journal));
    }
    for (const subscription of renewed) {
      if (!subscription.shared.result || this.stale.has(subscription.shared))
        await this.execute(subscription.shared);
    }
    if (connection.closed) return;
    this.sendTransition(
      connection,
      renewed.filter((s) => connection.queries.get(s.queryId) === s).map(modification),
      { querySet: connection.querySet, identity: message.baseVersion + 1, ts: this.lastTs },
    );
  }

  private async mutation(connection: Connection, message: any) {
    const requestId = Number(message.requestId);
    const key = `${connection.sessionId}:${requestId}`;
    let response = this.mutationResults.get(key);
    if (!response) {
      const commitTag: { sessionId: string; requestId: number; result?: JSONValue } = {
        sessionId: connection.sessionId,
        requestId,
      };
      this.heldWrites.set(commitTag, []);
      response = this.host
        .engine()
        .runPublic(
          "mutation",
          String(message.udfPath),
          message.args?.[0] ?? {},
          connection.identity,
          { commitTag, client: connection.client },
        )
        .then((outcome) =>
          outcome.ok
            ? successResponse(requestId, JSON.stringify(outcome.value), outcome.logLines)
            : failureResponse(requestId, outcome),
        );
      this.remember(key, response);
      try {
        connection.pendingResponses.push(await response);
      } finally {
        this.pendingWrites.push(...this.heldWrites.get(commitTag)!);
        this.heldWrites.delete(commitTag);
      }
    } else {
      connection.pendingResponses.push(await response);
    }
    this.requestFlush();
  }

  private async action(connection: Connection, message: any) {
    const requestId = Number(message.requestId);
    const outcome = await this.host
      .engine()
      .runPublic("action", String(message.udfPath), message.args?.[0] ?? {}, connection.identity, {
        client: connection.client,
      });
    const base = { type: "ActionResponse", requestId, logLines: outcome.logLines };
    connection.send(
      JSON.stringify(
        outcome.ok
          ? { ...base, success: true, result: outcome.value }
          : {
              ...base,
              success: false,
              result: outcome.errorMessage,
              ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
            },
      ),
    );
  }

  private requestFlush() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.enqueue(async () => {
      // Re-running queries in memory never waits for I/O: without this turn of the event loop,
      // a chain of flushes would keep new messages (a vote) and socket writes waiting.
      await new Promise((resolve) => setImmediate(resolve));
      this.flushQueued = false;
      await this.flush();
    });
  }

  private async flush() {
    const writes = this.pendingWrites;
    this.pendingWrites = [];
    const everything = this.rerunEverything;
    this.rerunEverything = false;
    // Only queries whose read set (index ranges and documents read) a write touches re-run.
    if (everything || writes.length > 0) {
      for (const shared of this.shared.values()) {
        if (everything || writes.some((write) => shared.reads.touchedBy(write)))
          this.stale.add(shared);
      }
    }
    const responses = new Map<Connection, ResponseBuilder[]>();
    for (const connection of this.connections) {
      if (connection.pendingResponses.length === 0) continue;
      responses.set(connection, connection.pendingResponses);
      connection.pendingResponses = [];
    }
    const owed = this.owed;
    this.owed = new Set();
    if (this.stale.size === 0 && responses.size === 0 && owed.size === 0) return;
    const ts = this.nextTs();
    // A client is sent a Transition (with its mutation responses) only once none of the
    // queries it watches is stale: a Transition says every query is current at its `ts`.
    const staleCount = new Map<Connection, number>();
    const viewers = new Map<SharedQuery, Connection[]>();
    for (const shared of this.stale) {
      const connections = [...shared.subscribers].map((subscription) => subscription.connection);
      viewers.set(shared, connections);
      for (const connection of connections)
        staleCount.set(connection, (staleCount.get(connection) ?? 0) + 1);
    }
    const send = (connection: Connection) => {
      if (connection.closed) return;
      const built = responses.get(connection) ?? [];
      responses.delete(connection);
      const modifications: string[] = [];
      for (const subscription of connection.queries.values()) {
        if (subscription.sent !== subscription.shared.result)
          modifications.push(modification(subscription));
      }
      this.owed.delete(connection);
      if (built.length === 0 && modifications.length === 0) return;
      for (const build of built) connection.send(build(ts));
      this.sendTransition(connection, modifications, {
        querySet: connection.querySet,
        identity: connection.identityVersion,
        ts,
      });
    };
    for (const connection of new Set([...responses.keys(), ...owed]))
      if (!staleCount.has(connection)) send(connection);
    // Fair order: first the queries of the clients with the fewest stale queries (a voter
    // watching three lists is served before a socket watching two thousand), and among those
    // the queries with the most viewers (one re-run serves them all).
    const lightest = (shared: SharedQuery) =>
      Math.min(...viewers.get(shared)!.map((connection) => staleCount.get(connection)!));
    const order = [...this.stale]
      .map((shared) => ({ shared, lightest: lightest(shared) }))
      .sort(
        (a, b) => a.lightest - b.lightest || b.shared.subscribers.size - a.shared.subscribers.size,
      )
      .map((entry) => entry.shared);
    // A few re-runs at a time (separate transactions: one that waits does not hold back the
    // others), until the budget is spent; what is left waits for the next flush.
    const deadline = performance.now() + FLUSH_BUDGET_MS;
    let next = 0;
    const worker = async () => {
      while (next < order.length && performance.now() < deadline) {
        const shared = order[next++]!;
        if (!this.stale.has(shared)) continue;
        await this.execute(shared);
        for (const connection of viewers.get(shared)!) {
          const left = staleCount.get(connection)! - 1;
          staleCount.set(connection, left);
          if (left === 0) send(connection);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RERUN_CONCURRENCY, order.length) }, worker));
    // Clients still waiting for stale queries keep their responses for a later flush.
    for (const [connection, built] of responses) connection.pendingResponses.unshift(...built);
    // Connections owed a result whose last stale query is still pending are sent with it.
    for (const connection of owed) if (staleCount.get(connection)) this.owed.add(connection);
    if (this.stale.size > 0) this.requestFlush();
  }

  /** Resolves when every queued piece of sync work has been done. */
  async idle(): Promise<void> {
    let tail: Promise<void>;
    do {
      tail = this.queue;
      await tail;
    } while (tail !== this.queue);
  }

  get connectionCount() {
    return this.connections.size;
  }

  get sharedQueryCount() {
    return this.shared.size;
  }

  close() {
    clearInterval(this.pingTimer);
    for (const connection of this.connections) connection.socket.terminate();
  }
}

function parseJournal(journal: unknown): Journal | null {
  if (typeof journal !== "string") return null;
  try {
    return JSON.parse(journal) as Journal;
  } catch {
    return null;
  }
}

function toQueryResult(outcome: Outcome, journal: Journal | null): QueryResult {
  const journalJson = journal ? JSON.stringify(JSON.stringify(journal)) : "null";
  const logLinesJson = JSON.stringify(outcome.logLines);
  if (outcome.ok)
    return { ok: true, valueJson: JSON.stringify(outcome.value), logLinesJson, journalJson };
  return {
    ok: false,
    errorMessage: outcome.errorMessage,
    ...(outcome.errorData !== undefined
      ? { errorDataJson: JSON.stringify(outcome.errorData) }
      : {}),
    logLinesJson,
    journalJson,
  };
}

function sameResult(a: QueryResult, b: QueryResult) {
  if (a.ok !== b.ok || a.journalJson !== b.journalJson) return false;
  if (a.ok && b.ok) return a.valueJson === b.valueJson;
  if (!a.ok && !b.ok)
    return a.errorMessage === b.errorMessage && a.errorDataJson === b.errorDataJson;
  return false;
}

function modification(subscription: Subscription): string {
  const result = subscription.shared.result!;
  subscription.sent = result;
  if (result.ok) {
    return `{"type":"QueryUpdated","queryId":${subscription.queryId},"value":${result.valueJson},"logLines":${result.logLinesJson},"journal":${result.journalJson}}`;
  }
  const errorData =
    result.errorDataJson !== undefined ? `,"errorData":${result.errorDataJson}` : "";
  return `{"type":"QueryFailed","queryId":${subscription.queryId},"errorMessage":${JSON.stringify(result.errorMessage)},"logLines":${result.logLinesJson}${errorData},"journal":${result.journalJson}}`;
}

function successResponse(
  requestId: number,
  resultJson: string,
  logLines: string[] = [],
): ResponseBuilder {
  const logLinesJson = JSON.stringify(logLines);
  return (ts) =>
    `{"type":"MutationResponse","requestId":${requestId},"success":true,"result":${resultJson},"ts":"${encodeTs(ts)}","logLines":${logLinesJson}}`;
}

function failureResponse(
  requestId: number,
  outcome: Extract<Outcome, { ok: false }>,
): ResponseBuilder {
  const text = JSON.stringify({
    type: "MutationResponse",
    requestId,
    success: false,
    result: outcome.errorMessage,
    logLines: outcome.logLines,
    ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
  });
  return () => text;
}
