// A worker thread of `npm run bench:live` and `bench:load` holding a share of the viewers: each
// viewer is a `ConvexClient`, or a bare sync-protocol socket, subscribed to the first page of
// the ideas list. Real viewers decode their updates on their own devices; spreading the
// simulated ones over threads keeps the bench's own decoding from being what it measures.
// Times are absolute (timeOrigin + now), comparable across threads.
import { parentPort, workerData } from "node:worker_threads";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import WebSocket from "ws";
import { connectMessage, syncUrl, watchOneQuery } from "../runtime/test/rawClient.js";

export interface ViewersSetup {
  convexUrl: string;
  listArgs: unknown;
  /** One per viewer: a session token, or null for an anonymous viewer. */
  tokens: (string | null)[];
  /**
   * `convex`: each viewer is the unmodified `ConvexClient`. `socket`: each viewer speaks the
   * sync protocol on a bare WebSocket and decodes every message it is sent (JSON), without the
   * client's bookkeeping: for loads where a thousand simulated clients on the bench's own cores
   * would otherwise measure themselves more than the server.
   */
  client: "convex" | "socket";
  /**
   * Subscribe as the signed-in /ideas page does (ConvexClient viewers with a token): besides
   * the list, the viewer's own vote on each card shown (`votes:mineOnIdea`, followed as the
   * page changes) and the header's unread count (`notifications:unreadCount`).
   */
  asSignedInPage?: boolean;
}
export type ToViewers = { type: "wait"; ideaId: string; votes: number } | { type: "stop" };
export type FromViewers =
  { type: "ready" } | { type: "arrived"; at: number } | { type: "failed"; error: string };

interface Card {
  _id: string;
  votes: number;
}

const list = makeFunctionReference<"query">("ideas:list");
const mineOnIdea = makeFunctionReference<"query">("votes:mineOnIdea");
const unreadCount = makeFunctionReference<"query">("notifications:unreadCount");
const now = () => performance.timeOrigin + performance.now();

interface Viewer {
  /** Resolves with the time this viewer's list showed `votes` on the idea. */
  waitFor(ideaId: string, votes: number): Promise<number>;
  stop(): void;
}

/**
 * What one viewer's list shows: `show` each new page; `ready` once the first arrived; `waitFor`
 * resolves with the time its list showed `votes` on the idea.
 */
function listOnScreen() {
  let latest: Card[] | null = null;
  let waiter: { ideaId: string; votes: number; resolve: (at: number) => void } | null = null;
  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const check = () => {
    if (waiter && latest?.find((card) => card._id === waiter!.ideaId)?.votes === waiter.votes) {
      waiter.resolve(now());
      waiter = null;
    }
  };
  return {
    ready,
    show(page: Card[]) {
      latest = page;
      resolveReady();
      check();
    },
    waitFor: (ideaId: string, votes: number) =>
      new Promise<number>((resolve) => {
        waiter = { ideaId, votes, resolve };
        check();
      }),
  };
}

function connectViewer(setup: ViewersSetup, token: string | null): Promise<Viewer> {
  const client = new ConvexClient(setup.convexUrl, { logger: false });
  if (token !== null) client.setAuth(async () => token);
  const screen = listOnScreen();
  const personal = setup.asSignedInPage === true && token !== null;
  // The page's own subscriptions: each card's vote buttons and the header's bell.
  const cardVotes = new Map<string, () => void>();
  const unsubscribeBell = personal ? client.onUpdate(unreadCount, {}, () => undefined) : null;
  const unsubscribe = client.onUpdate(list, setup.listArgs as never, (result: { page: Card[] }) => {
    if (personal) {
      const shown = new Set(result.page.map((card) => card._id));
      for (const [ideaId, stop] of cardVotes)
        if (!shown.has(ideaId)) {
          stop();
          cardVotes.delete(ideaId);
        }
      for (const ideaId of shown)
        if (!cardVotes.has(ideaId))
          cardVotes.set(
            ideaId,
            client.onUpdate(mineOnIdea, { ideaId }, () => undefined),
          );
    }
    screen.show(result.page);
  });
  return screen.ready.then(() => ({
    waitFor: screen.waitFor,
    stop: () => {
      unsubscribe();
      unsubscribeBell?.();
      for (const stop of cardVotes.values()) stop();
      void client.close();
    },
  }));
}

/** A viewer on a bare socket: Connect, Authenticate, the list; every message decoded. */
function connectSocketViewer(setup: ViewersSetup, token: string | null): Promise<Viewer> {
  if (setup.asSignedInPage === true && token !== null) return connectPageSocketViewer(setup, token);
  const screen = listOnScreen();
  let failed: (error: Error) => void;
  const socketFailed = new Promise<never>((_, reject) => (failed = reject));
  const socket = watchOneQuery(
    setup.convexUrl,
    { udfPath: "ideas:list", args: setup.listArgs, token },
    (value: { page: Card[] }) => screen.show(value.page),
    (error) => failed(error),
  );
  return Promise.race([screen.ready, socketFailed]).then(() => ({
    waitFor: screen.waitFor,
    stop: () => socket.close(),
  }));
}

/**
 * A signed-in viewer on a bare socket with the page's query set: the list (query 0), the bell
 * (query 1), and its own vote on every card shown (Added and Removed as the page changes, as
 * the client does); every message decoded.
 */
function connectPageSocketViewer(setup: ViewersSetup, token: string): Promise<Viewer> {
  const screen = listOnScreen();
  const socket = new WebSocket(syncUrl(setup.convexUrl));
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  let querySetVersion = 0;
  let nextQueryId = 2;
  const cardQueries = new Map<string, number>();
  const modify = (modifications: unknown[]) => {
    if (modifications.length === 0) return;
    send({
      type: "ModifyQuerySet",
      baseVersion: querySetVersion,
      newVersion: ++querySetVersion,
      modifications,
    });
  };
  const failed = new Promise<never>((_, reject) => socket.on("error", reject));
  socket.on("open", () => {
    send(connectMessage());
    send({ type: "Authenticate", tokenType: "User", value: token, baseVersion: 0 });
    modify([
      { type: "Add", queryId: 0, udfPath: "ideas:list", args: [setup.listArgs] },
      { type: "Add", queryId: 1, udfPath: "notifications:unreadCount", args: [{}] },
    ]);
  });
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString()) as {
      type: string;
      modifications?: { type: string; queryId: number; value?: unknown; errorMessage?: string }[];
    };
    if (message.type !== "Transition") return;
    for (const change of message.modifications ?? []) {
      if (change.type === "QueryFailed")
        socket.emit("error", new Error(`query ${change.queryId} failed: ${change.errorMessage}`));
      if (change.type !== "QueryUpdated" || change.queryId !== 0) continue;
      const page = (change.value as { page: Card[] }).page;
      const shown = new Set(page.map((card) => card._id));
      const changes: unknown[] = [];
      for (const [ideaId, queryId] of cardQueries)
        if (!shown.has(ideaId)) {
          changes.push({ type: "Remove", queryId });
          cardQueries.delete(ideaId);
        }
      for (const ideaId of shown)
        if (!cardQueries.has(ideaId)) {
          const queryId = nextQueryId++;
          cardQueries.set(ideaId, queryId);
          changes.push({ type: "Add", queryId, udfPath: "votes:mineOnIdea", args: [{ ideaId }] });
        }
      modify(changes);
      screen.show(page);
    }
  });
  return Promise.race([screen.ready, failed]).then(() => ({
    waitFor: screen.waitFor,
    stop: () => socket.close(),
  }));
}

const port = parentPort!;
const post = (message: FromViewers) => port.postMessage(message);
const setup = workerData as ViewersSetup;
const viewers: Viewer[] = [];
try {
  // In groups, so hundreds of sockets do not all handshake at once.
  for (let i = 0; i < setup.tokens.length; i += 100)
    viewers.push(
      ...(await Promise.all(
        setup.tokens
          .slice(i, i + 100)
          .map((token) =>
            setup.client === "socket"
              ? connectSocketViewer(setup, token)
              : connectViewer(setup, token),
          ),
      )),
    );
  post({ type: "ready" });
} catch (e) {
  post({ type: "failed", error: (e as Error).stack ?? String(e) });
}
port.on("message", (message: ToViewers) => {
  if (message.type === "stop") {
    for (const viewer of viewers) viewer.stop();
    port.close();
    return;
  }
  void Promise.all(viewers.map((viewer) => viewer.waitFor(message.ideaId, message.votes))).then(
    (arrivals) => post({ type: "arrived", at: Math.max(...arrivals) }),
  );
});
