// Convex's WebSocket sync protocol, server side. The facts it honours are listed in
// `local-runtime.md`: version chaining, mutation completion through a covering Transition,
// auth handshakes, journals, at-most-once mutations across reconnects, and pings.
//
// This file is the server: connections, the queue, mutations and actions, and the flush that
// re-runs stale queries and sends each client its Transition. Subscriptions (sharing, identity,
// read sets, staleness) are in subscriptions.ts, the messages in protocol.ts. All work that
// sends Transitions goes through one queue, so versions always chain.
import type { WebSocket } from "ws";
import type { JSONValue } from "convex/values";
import type { TokenVerifier } from "../auth.js";
import type { RequestClient } from "../convexTest/functions.js";
import type { Engine } from "../engine/engine.js";
import type { CommittedWrite } from "../engine/state.js";
import * as log from "../log.js";
import { afterPendingInput } from "../overload.js";
import { Connection } from "./connection.js";
import {
  failureResponse,
  modification,
  successResponse,
  type Modification,
  type MutationRecord,
  type ResponseBuilder,
} from "./protocol.js";
import { Subscriptions, type SharedQuery } from "./subscriptions.js";

export interface SyncHost {
  engine(): Engine;
  verifier(): TokenVerifier;
}

// Convex pings every 15 s; the client reconnects after 60 s of silence.
const PING_INTERVAL_MS = Number(process.env.CONVEX_LOCAL_PING_MS ?? 15_000);
const REMEMBERED_MUTATIONS = 10_000;
// Queued sync work (query-set changes, auth, mutations) beyond which a connection that asks for
// more is told the server is overloaded and closed (the client reconnects with back-off).
const MAX_QUEUED_TASKS = Number(process.env.CONVEX_LOCAL_MAX_QUEUED_SYNC_TASKS ?? 10_000);
// A socket must send Connect within this time (Convex's client sends it on open).
const CONNECT_TIMEOUT_MS = Number(process.env.CONVEX_LOCAL_CONNECT_TIMEOUT_MS ?? 5_000);
// Mutations one socket may have waiting behind its running one, as on Convex; beyond it the
// socket is closed as overloaded (the client reconnects and resends them).
const MAX_PENDING_MUTATIONS = Number(process.env.CONVEX_LOCAL_MAX_PENDING_MUTATIONS ?? 1_000);
// Actions running at once over sockets; beyond it an action fails with an overload error.
const MAX_RUNNING_ACTIONS = 256;
/** Subscriptions re-run at once after a commit. */
const RERUN_CONCURRENCY = 4;
/**
 * Time one flush may spend re-running queries before it hands the turn back. Queries left
 * over stay stale (their viewers get no Transition yet) and are re-run by the next flush, so
 * new commits, and the clients they concern, never wait behind a connection that watches
 * thousands of invalidated queries.
 */
const FLUSH_BUDGET_MS = 10;

export class SyncServer {
  private connections = new Set<Connection>();
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private runningActions = 0;
  private flushQueued = false;
  private pendingWrites: CommittedWrite[] = [];
  /** Connections with a subscription whose new result they have not been sent yet. */
  private owed = new Set<Connection>();
  private heldWrites = new Map<object, CommittedWrite[]>();
  private rerunEverything = false;
  private lastTs = 0n;
  private pingTimer: NodeJS.Timeout;
  /** Responses of executed mutations by `sessionId:requestId` (at most once, across reconnects). */
  private mutationResults = new Map<string, Promise<ResponseBuilder>>();
  /** The shared queries and who watches them. */
  private subscriptions: Subscriptions;

  constructor(private host: SyncHost) {
    this.subscriptions = new Subscriptions(
      host,
      () => this.lastTs,
      (shared) => this.resultChanged(shared),
    );
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
    // Convex's client sends Connect as soon as the socket opens; a socket that never does only
    // holds a connection slot.
    const connectDeadline = afterPendingInput(CONNECT_TIMEOUT_MS, () => {
      if (connection.sessionId) return;
      socket.close(1008, "No Connect message received");
      // A peer that does not answer the close frame is cut off.
      setTimeout(() => socket.terminate(), 2_000).unref();
    });
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
      clearTimeout(connectDeadline);
      connection.closed = true;
      this.connections.delete(connection);
      for (const subscription of connection.queries.values())
        this.subscriptions.unsubscribe(subscription);
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
        connection.handled = this.enqueue(() =>
          this.subscriptions.modifyQuerySet(connection, message),
        );
        return;
      case "Authenticate":
        connection.handled = this.enqueue(() =>
          this.subscriptions.authenticate(connection, message),
        );
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

  /** A shared query's result changed: its viewers are owed a Transition. */
  private resultChanged(shared: SharedQuery) {
    for (const subscription of shared.subscribers) this.owed.add(subscription.connection);
    if (this.owed.size > 0) this.requestFlush();
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
    this.subscriptions.markStale(writes, everything);
    const responses = new Map<Connection, ResponseBuilder[]>();
    for (const connection of this.connections) {
      if (connection.pendingResponses.length === 0) continue;
      responses.set(connection, connection.pendingResponses);
      connection.pendingResponses = [];
    }
    const owed = this.owed;
    this.owed = new Set();
    if (this.subscriptions.stale.size === 0 && responses.size === 0 && owed.size === 0) return;
    const ts = this.nextTs();
    // A client is sent a Transition (with its mutation responses) only once none of the
    // queries it watches is stale: a Transition says every query is current at its `ts`.
    const { staleCount, viewers } = this.subscriptions.viewersOfStale();
    const send = (connection: Connection) => {
      if (connection.closed) return;
      const built = responses.get(connection) ?? [];
      responses.delete(connection);
      const modifications: Modification[] = [];
      for (const subscription of connection.queries.values()) {
        if (subscription.sent !== subscription.shared.result)
          modifications.push(modification(subscription));
      }
      this.owed.delete(connection);
      if (built.length === 0 && modifications.length === 0) return;
      for (const build of built) connection.send(build(ts));
      connection.sendTransition(modifications, {
        querySet: connection.querySet,
        identity: connection.identityVersion,
        ts,
      });
    };
    for (const connection of new Set([...responses.keys(), ...owed]))
      if (!staleCount.has(connection)) send(connection);
    const order = this.subscriptions.fairOrder(viewers, staleCount);
    // A few re-runs at a time (separate transactions: one that waits does not hold back the
    // others), until the budget is spent; what is left waits for the next flush.
    const deadline = performance.now() + FLUSH_BUDGET_MS;
    let next = 0;
    const worker = async () => {
      while (next < order.length && performance.now() < deadline) {
        const shared = order[next++]!;
        if (!this.subscriptions.stale.has(shared)) continue;
        await this.subscriptions.execute(shared);
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
    if (this.subscriptions.stale.size > 0) this.requestFlush();
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
    return this.subscriptions.sharedQueryCount;
  }

  close() {
    clearInterval(this.pingTimer);
    for (const connection of this.connections) connection.socket.terminate();
  }
}
