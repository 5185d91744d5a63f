// A worker thread of `npm run bench:live` holding a share of the viewers: each viewer is a
// `ConvexClient` subscribed to the first page of the ideas list. Real viewers decode their
// updates on their own devices; spreading the simulated ones over threads keeps the bench's own
// decoding from being what it measures. Times are absolute (timeOrigin + now), comparable
// across threads.
import { parentPort, workerData } from "node:worker_threads";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";

export interface ViewersSetup {
  convexUrl: string;
  listArgs: unknown;
  /** One per viewer: a session token, or null for an anonymous viewer. */
  tokens: (string | null)[];
}
export type ToViewers = { type: "wait"; ideaId: string; votes: number } | { type: "stop" };
export type FromViewers =
  { type: "ready" } | { type: "arrived"; at: number } | { type: "failed"; error: string };

interface Card {
  _id: string;
  votes: number;
}

const list = makeFunctionReference<"query">("proposals:list");
const now = () => performance.timeOrigin + performance.now();

interface Viewer {
  /** Resolves with the time this viewer's list showed `votes` on the idea. */
  waitFor(ideaId: string, votes: number): Promise<number>;
  stop(): void;
}

function connectViewer(setup: ViewersSetup, token: string | null): Promise<Viewer> {
  const client = new ConvexClient(setup.convexUrl, { logger: false });
  if (token !== null) client.setAuth(async () => token);
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
  const unsubscribe = client.onUpdate(list, setup.listArgs as never, (result: { page: Card[] }) => {
    latest = result.page;
    resolveReady();
    check();
  });
  return ready.then(() => ({
    waitFor: (ideaId, votes) =>
      new Promise<number>((resolve) => {
        waiter = { ideaId, votes, resolve };
        check();
      }),
    stop: () => {
      unsubscribe();
      void client.close();
    },
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
        setup.tokens.slice(i, i + 100).map((token) => connectViewer(setup, token)),
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
