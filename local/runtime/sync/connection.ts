// One client's socket and what the server knows of it: its session, identity, versions
// (query set, identity, timestamp), subscriptions, and the work it has waiting.
import type { WebSocket } from "ws";
import type { RequestClient } from "../convexTest/functions.js";
import type { Identity } from "../engine/execution.js";
import { encodeTs, type Modification, type ResponseBuilder } from "./protocol.js";
import type { Subscription } from "./subscriptions.js";

export class Connection {
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

  /** Sends a Transition from this client's current version to `end`, and moves it there. */
  sendTransition(
    modifications: Modification[],
    end: { querySet: number; identity: number; ts: bigint },
  ) {
    const version = (v: { querySet: number; identity: number; ts: bigint }) =>
      `{"querySet":${v.querySet},"ts":"${encodeTs(v.ts)}","identity":${v.identity}}`;
    const start = {
      querySet: this.querySet,
      identity: this.identityVersion,
      ts: this.ts,
    };
    if (end.ts < start.ts) end = { ...end, ts: start.ts };
    // serverTs in nanoseconds, as Convex sends it.
    const clock =
      this.clientClockSkew === undefined
        ? ""
        : `,"clientClockSkew":${this.clientClockSkew},"serverTs":${Date.now() * 1e6}`;
    const head = `{"type":"Transition","startVersion":${version(start)},"endVersion":${version(end)},"modifications":[`;
    const tail = `]${clock}}`;
    if (modifications.every((m) => typeof m === "string")) {
      this.send(head + modifications.join(",") + tail);
    } else {
      // Large values go out as the bytes they were encoded to once, framed as text.
      const parts: Buffer[] = [];
      let text = head;
      modifications.forEach((m, i) => {
        if (i > 0) text += ",";
        for (const part of typeof m === "string" ? [m] : m) {
          if (typeof part === "string") text += part;
          else {
            parts.push(Buffer.from(text, "utf8"), part);
            text = "";
          }
        }
      });
      parts.push(Buffer.from(text + tail, "utf8"));
      if (!this.closed && this.socket.readyState === this.socket.OPEN)
        this.socket.send(Buffer.concat(parts), { binary: false });
    }
    this.querySet = end.querySet;
    this.identityVersion = end.identity;
    this.ts = end.ts;
  }
}
