// A bare sync-protocol client, for asserting the wire behaviour the real clients depend on.
import WebSocket from "ws";

export interface ServerMessage {
  type: string;
  [key: string]: any;
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
    const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/1.48.0/sync`);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    const client = new RawSyncClient(socket);
    client.send({
      type: "Connect",
      sessionId,
      connectionCount: 0,
      lastCloseReason: null,
      clientTs: Date.now() + clockAheadMs,
    });
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
