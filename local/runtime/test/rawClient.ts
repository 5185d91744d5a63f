// A bare sync-protocol client, for asserting the wire behaviour the real clients depend on.
import WebSocket from "ws";

export interface ServerMessage {
  type: string;
  [key: string]: any;
}

/** The sync endpoint the convex 1.48.0 client opens on a deployment at `url`. */
export const syncUrl = (url: string) => `${url.replace(/^http/, "ws")}/api/1.48.0/sync`;

/** The Connect a client opens every connection with. */
export const connectMessage = (sessionId = crypto.randomUUID(), clientTs = Date.now()) => ({
  type: "Connect",
  sessionId,
  connectionCount: 0,
  lastCloseReason: null,
  clientTs,
});

/**
 * A bare socket watching one query: Connect, Authenticate when there is a `token`, one
 * subscription; `onValue` gets each new value it is sent, decoded. Errors go to `onError`.
 */
export function watchOneQuery(
  url: string,
  query: { udfPath: string; args: unknown; token?: string | null },
  onValue: (value: any) => void,
  onError: (error: Error) => void = () => {},
): WebSocket {
  const socket = new WebSocket(syncUrl(url));
  socket.on("error", onError);
  socket.on("open", () => {
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    send(connectMessage());
    if (query.token)
      send({ type: "Authenticate", tokenType: "User", value: query.token, baseVersion: 0 });
    send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: query.udfPath, args: [query.args] }],
    });
  });
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    if (message.type !== "Transition") return;
    for (const change of message.modifications ?? [])
      if (change.type === "QueryUpdated" && change.queryId === 0) onValue(change.value);
  });
  return socket;
}

export class RawSyncClient {
  readonly messages: ServerMessage[] = [];
  private waiters: {
    predicate: (m: ServerMessage) => boolean;
    resolve: (m: ServerMessage) => void;
  }[] = [];
  closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.predicate(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** `clockAheadMs`: how far this client's clock runs ahead of the machine's. */
  static async connect(
    url: string,
    sessionId = crypto.randomUUID(),
    clockAheadMs = 0,
  ): Promise<RawSyncClient> {
    const socket = new WebSocket(syncUrl(url));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    const client = new RawSyncClient(socket);
    client.send(connectMessage(sessionId, Date.now() + clockAheadMs));
    return client;
  }

  send(message: Record<string, unknown>) {
    this.socket.send(JSON.stringify(message));
  }

  /** The next message (already received or future) matching `predicate`, after index `from`. */
  next(
    predicate: (m: ServerMessage) => boolean,
    from = 0,
    timeoutMs = 5000,
  ): Promise<ServerMessage> {
    const found = this.messages.slice(from).find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("timed out waiting for a server message")),
        timeoutMs,
      );
      this.waiters.push({
        predicate,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close() {
    this.socket.close();
  }
}

export function decodeTs(encoded: string): bigint {
  return Buffer.from(encoded, "base64").readBigUInt64LE();
}
