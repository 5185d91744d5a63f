// Events and their webhook deliveries, as Stripe does them: every event is stored, signed with
// its endpoint's secret (`Stripe-Signature: t=…,v1=HMAC-SHA256("t.body")`) at each attempt and
// POSTed to its endpoint: events about a connected account (`account` set) to the Connect
// endpoint (STRIPE_CONNECT_WEBHOOK_URL), the platform's own to STRIPE_WEBHOOK_URL. A non-2xx
// answer or a network error is retried with exponential backoff. Tests can hold new events and
// deliver them in any order, or again.
import { createHmac } from "node:crypto";
import {
  base,
  type StoredEvent,
  type StripeEvent,
  type StripeObject,
  type StripeStore,
  type Timers,
} from "./state.js";

export const MAX_ATTEMPTS = 8;
const DEFAULT_API_VERSION = "2024-06-20";
const TIMEOUT_MS = 10_000;

export interface EventOrigin {
  /** The API request that caused it (null for the hosted pages and timers). */
  request?: { id: string | null; idempotency_key: string | null };
  /** Set for Connect events: the connected account the event is about. */
  account?: string;
  previous_attributes?: Record<string, unknown>;
}

export interface Endpoint {
  url: string | undefined;
  secret: string | undefined;
}

/** Sends one delivery; the default is `fetch`, tests in memory call the app directly. */
export type Sender = (url: string, init: RequestInit) => Promise<Response>;

export interface WebhookOptions {
  store: StripeStore;
  timers: Timers;
  platform: Endpoint;
  connect: Endpoint;
  /** First retry delay; each further retry doubles it (capped at 60 times it); null: no retries. */
  retryBaseMs: number | null;
  send?: Sender;
  log: (message: string) => void;
}

export function signatureHeader(
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export class Webhooks {
  constructor(private options: WebhookOptions) {}

  private get state() {
    return this.options.store.data;
  }

  /** The endpoint an event goes to: Connect events to the Connect endpoint. */
  endpointOf(event: StripeEvent): Endpoint {
    return event.account ? this.options.connect : this.options.platform;
  }

  /** Records an event (a snapshot of `object` now) and sends it unless deliveries are held. */
  emit(type: string, object: StripeObject, origin: EventOrigin = {}): StripeEvent {
    const { url } = origin.account ? this.options.connect : this.options.platform;
    const event: StripeEvent = {
      ...base("event", "evt_"),
      ...(origin.account ? { account: origin.account } : {}),
      api_version: this.state.apiVersion ?? DEFAULT_API_VERSION,
      data: {
        object: structuredClone(object),
        ...(origin.previous_attributes ? { previous_attributes: origin.previous_attributes } : {}),
      },
      pending_webhooks: url ? 1 : 0,
      request: origin.request ?? { id: null, idempotency_key: null },
      type,
    };
    const status = !url ? "no_endpoint" : this.state.held ? "held" : "pending";
    this.state.events[event.id] = {
      event,
      delivery: { status, attempts: [], nextAttemptAt: status === "pending" ? Date.now() : null },
    };
    this.options.store.changed();
    if (status === "pending") this.schedule(event.id);
    return event;
  }

  /** After a restart: resumes deliveries that were due or waiting to retry. */
  resume() {
    for (const [id, stored] of Object.entries(this.state.events)) {
      if (stored.delivery.nextAttemptAt !== null) this.schedule(id);
    }
  }

  setHeld(held: boolean) {
    this.state.held = held;
    this.options.store.changed();
    if (held) return;
    // Releasing sends whatever is still queued, in the order it happened.
    for (const [id, stored] of Object.entries(this.state.events)) {
      if (stored.delivery.status === "held") {
        stored.delivery.status = "pending";
        stored.delivery.nextAttemptAt = Date.now();
        this.schedule(id);
      }
    }
  }

  /**
   * One attempt now for each id, one after another (ids may repeat); failures then retry.
   * `endpoint` overrides where they go (a test standing in for a missing route).
   */
  async deliverNow(ids: string[], endpoint?: Endpoint) {
    const results: { id: string; status: number | null; error?: string }[] = [];
    for (const id of ids) {
      this.options.timers.cancel(`webhook:${id}`);
      results.push({ id, ...(await this.attempt(id, endpoint)) });
    }
    return results;
  }

  /** Stores a copy of an event under a fresh id, held (Stripe may send a change twice). */
  copy(id: string): string {
    const original = this.state.events[id]!;
    const event = { ...structuredClone(original.event), id: base("event", "evt_").id };
    this.state.events[event.id] = {
      event,
      delivery: { status: "held", attempts: [], nextAttemptAt: null },
    };
    this.options.store.changed();
    return event.id;
  }

  private schedule(id: string) {
    const stored = this.state.events[id];
    if (!stored || stored.delivery.nextAttemptAt === null) return;
    this.options.timers.at(`webhook:${id}`, stored.delivery.nextAttemptAt, () => {
      void this.attempt(id);
    });
  }

  /** POSTs the event once, records the attempt and, on failure, plans the next one. */
  private async attempt(id: string, endpoint?: Endpoint) {
    const stored = this.state.events[id]!;
    const { log, send = fetch } = this.options;
    const { url, secret } = endpoint ?? this.endpointOf(stored.event);
    const delivery = stored.delivery;
    if (!url) return { status: null, error: "No webhook endpoint for this event" };
    const body = JSON.stringify(stored.event, null, 2);
    const attempt: { at: number; status: number | null; error?: string } = {
      at: Date.now(),
      status: null,
    };
    try {
      const response = await send(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": signatureHeader(body, secret ?? ""),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      attempt.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      attempt.error = (e as Error).message;
    }
    delivery.attempts.push(attempt);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (ok) {
      delivery.status = "delivered";
      delivery.nextAttemptAt = null;
      stored.event.pending_webhooks = 0;
    } else if (delivery.status !== "delivered") {
      // A failed manual redelivery of an event the endpoint already has changes nothing.
      const failures = delivery.attempts.filter((a) => a.status === null || a.status >= 300).length;
      if (failures >= MAX_ATTEMPTS) {
        delivery.status = "failed";
        delivery.nextAttemptAt = null;
      } else if (this.options.retryBaseMs === null) {
        // Without automatic retries the event waits for the next manual delivery.
        delivery.status = "held";
        delivery.nextAttemptAt = null;
      } else {
        delivery.status = "retrying";
        const delay = Math.min(
          this.options.retryBaseMs * 2 ** (failures - 1),
          this.options.retryBaseMs * 60,
        );
        delivery.nextAttemptAt = Date.now() + delay;
        this.schedule(id);
      }
    }
    log(`stripe: webhook ${stored.event.type} ${id} → ${attempt.status ?? attempt.error}`);
    this.options.store.changed();
    return { status: attempt.status, ...(attempt.error ? { error: attempt.error } : {}) };
  }

  list(type?: string | null): StoredEvent[] {
    return Object.values(this.state.events).filter((e) => !type || e.event.type === type);
  }
}
