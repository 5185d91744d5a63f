// Subscriptions are shared: identical queries (path, arguments, journal) run once and fan out
// to every subscriber, and after a commit only queries whose reads a write touched re-run. As on
// Convex, the caller's identity splits a query's viewers only once a run of that function has
// read `ctx.auth`: a query that never asks who is calling serves everyone from one result.
// This file keeps the shared queries, changes a client's query set and identity, runs a shared
// query, and says which queries are stale and in what order a flush re-runs them.
import type { JSONValue } from "convex/values";
import type { Identity, Journal } from "../engine/execution.js";
import type { CommittedWrite } from "../engine/state.js";
import { ReadSet } from "../indexes.js";
import type { Connection } from "./connection.js";
import { ReadIndex } from "./readIndex.js";
import {
  modification,
  parseJournal,
  sameResult,
  toQueryResult,
  type Modification,
  type QueryResult,
} from "./protocol.js";
import type { SyncHost } from "./syncServer.js";

export interface SharedQuery {
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

export interface Subscription {
  connection: Connection;
  queryId: number;
  udfPath: string;
  args: JSONValue;
  journal: Journal | null;
  shared: SharedQuery;
  /** The result this client was last sent (a Transition carries only what changed since). */
  sent: QueryResult | null;
}

/**
 * Subscriptions one connection may hold. Convex caps what one socket may have pending at 1,000
 * (mutations, actions); its subscriptions get the same cap here. A query added beyond it fails
 * (QueryFailed, with this text) and the others keep working.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = Number(
  process.env.CONVEX_LOCAL_MAX_SUBSCRIPTIONS ?? 1_000,
);
export const TOO_MANY_SUBSCRIPTIONS = `Too many subscriptions on one connection: at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION.toLocaleString("en-US")} queries may be watched at once. Remove some before adding more.`;

/** The shared queries of one sync server, and who watches them. */
export class Subscriptions {
  private shared = new Map<string, SharedQuery>();
  /** Query functions seen reading `ctx.auth`: their viewers share only within one identity. */
  private authReaders = new Set<string>();
  /** Shared queries whose reads a commit touched and that have not re-run since. */
  readonly stale = new Set<SharedQuery>();
  /** Every shared query's read set, indexed by what it read (readIndex.ts). */
  private readIndex = new ReadIndex<SharedQuery>();

  constructor(
    private readonly host: SyncHost,
    /** The timestamp of the newest state the server has published. */
    private readonly currentTs: () => bigint,
    /** Called when a shared query's result changed: its viewers are owed a Transition. */
    private readonly resultChanged: (shared: SharedQuery) => void,
  ) {}

  get sharedQueryCount() {
    return this.shared.size;
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

  unsubscribe(subscription: Subscription) {
    const { shared } = subscription;
    shared.subscribers.delete(subscription);
    if (shared.subscribers.size === 0 && this.shared.get(shared.key) === shared) {
      this.shared.delete(shared.key);
      this.stale.delete(shared);
      this.readIndex.delete(shared);
    }
  }

  /**
   * Runs a shared query; returns the shared queries whose result changed. A run shared by
   * everyone that turns out to read `ctx.auth` splits its subscribers by identity, and each
   * part runs as its own identity.
   */
  async execute(shared: SharedQuery): Promise<SharedQuery[]> {
    const outcome = await this.host
      .engine()
      .runPublic("query", shared.udfPath, shared.args, shared.identity, {
        journal: shared.journal,
      });
    if (outcome.readAuth && !shared.perIdentity) return await this.splitByIdentity(shared);
    shared.reads = outcome.reads;
    // A query nobody watches any more (its last viewer left while it ran) is not filed.
    if (this.shared.get(shared.key) === shared) this.readIndex.set(shared, outcome.reads);
    if (outcome.journal) shared.journal = outcome.journal;
    this.stale.delete(shared);
    const result = toQueryResult(outcome, shared.journal);
    const changed = !shared.result || !sameResult(shared.result, result);
    // An unchanged result keeps its object: a subscriber's `sent` still matches it.
    if (changed) {
      shared.result = result;
      this.resultChanged(shared);
    }
    return changed ? [shared] : [];
  }

  private async splitByIdentity(shared: SharedQuery): Promise<SharedQuery[]> {
    this.authReaders.add(shared.udfPath);
    if (this.shared.get(shared.key) === shared) this.shared.delete(shared.key);
    this.readIndex.delete(shared);
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

  async modifyQuerySet(connection: Connection, message: any) {
    if (connection.closed) return;
    if (message.baseVersion !== connection.querySet) {
      connection.send(
        JSON.stringify({ type: "FatalError", error: "Invalid query set base version" }),
      );
      connection.socket.close();
      return;
    }
    const modifications: Modification[] = [];
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
    connection.sendTransition(modifications, {
      querySet: message.newVersion,
      identity: connection.identityVersion,
      ts: this.currentTs(),
    });
  }

  async authenticate(connection: Connection, message: any) {
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
    connection.sendTransition(
      renewed.filter((s) => connection.queries.get(s.queryId) === s).map(modification),
      { querySet: connection.querySet, identity: message.baseVersion + 1, ts: this.currentTs() },
    );
  }

  /** Marks stale the shared queries whose read set a write touches (all of them after a reload). */
  markStale(writes: CommittedWrite[], everything: boolean) {
    // Only queries whose read set (index ranges and documents read) a write touches re-run.
    if (everything) {
      for (const shared of this.shared.values()) this.stale.add(shared);
      return;
    }
    for (const write of writes) this.readIndex.touchedBy(write, this.stale);
  }

  /** Who watches each stale query, and how many stale queries each of them watches. */
  viewersOfStale() {
    const staleCount = new Map<Connection, number>();
    const viewers = new Map<SharedQuery, Connection[]>();
    for (const shared of this.stale) {
      const connections = [...shared.subscribers].map((subscription) => subscription.connection);
      viewers.set(shared, connections);
      for (const connection of connections)
        staleCount.set(connection, (staleCount.get(connection) ?? 0) + 1);
    }
    return { staleCount, viewers };
  }

  /** The order in which a flush re-runs the stale queries. */
  fairOrder(viewers: Map<SharedQuery, Connection[]>, staleCount: Map<Connection, number>) {
    // Fair order: first the queries of the clients with the fewest stale queries (a voter
    // watching three lists is served before a socket watching two thousand), and among those
    // the queries with the most viewers (one re-run serves them all).
    const lightest = (shared: SharedQuery) =>
      Math.min(...viewers.get(shared)!.map((connection) => staleCount.get(connection)!));
    return [...this.stale]
      .map((shared) => ({ shared, lightest: lightest(shared) }))
      .sort(
        (a, b) => a.lightest - b.lightest || b.shared.subscribers.size - a.shared.subscribers.size,
      )
      .map((entry) => entry.shared);
  }
}
