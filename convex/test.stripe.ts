// Stripe for convex-test suites: the local Stripe stand-in (the same code the local stack
// serves) run in memory. The app's official SDK reaches it through a replaced `fetch`, so unit
// tests and the local stack agree on what Stripe accepts, refuses and sends. Webhook events are
// held until a test delivers them, signed, to the app's HTTP routes.
import { vi } from "vitest";
import { dispatcher, noAnswerOf } from "../local/standins/framework";
import { stripeStandIn } from "../local/standins/stripe";
import { available, books, type Books } from "../local/standins/stripe/books";
import { completeOnboarding } from "../local/standins/stripe/connect";
import { closeDispute, openDispute } from "../local/standins/stripe/disputes";
import { parseFaults, responseFault, type FaultMode } from "../local/standins/stripe/faults";
import { parseParams, Reader } from "../local/standins/stripe/forms";
import { payAsTest, settleLater, type TestOutcome } from "../local/standins/stripe/payments";
import { createRefund, failRefund, succeedRefund } from "../local/standins/stripe/refunds";
import { withdrawAll } from "../local/standins/stripe/transfers";
import {
  randomId,
  type CheckoutSession,
  type StripeEvent,
  type StripeObject,
  type StripeState,
} from "../local/standins/stripe/state";
import { signatureHeader, type Endpoint } from "../local/standins/stripe/webhooks";
import type { Backend } from "./test.setup";

export type { Books, CheckoutSession, StripeEvent, StripeObject, StripeState };

export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_convex_suite",
  STRIPE_WEBHOOK_SECRET: "whsec_convex_suite",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_convex_suite_connect",
  STRIPE_API_URL: "https://stripe.test",
  SITE_URL: "https://app.test",
} as const;

export type WebhookPath = "/stripe/webhook" | "/stripe/connect-webhook";
const PLATFORM_PATH = "/stripe/webhook";
const CONNECT_PATH = "/stripe/connect-webhook";
const secretFor = (path: WebhookPath) =>
  path === CONNECT_PATH
    ? STRIPE_ENV.STRIPE_CONNECT_WEBHOOK_SECRET
    : STRIPE_ENV.STRIPE_WEBHOOK_SECRET;

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The form body (POST) or the query (GET). */
  params: URLSearchParams;
  /** null when no answer arrived (a timeout or lost response). */
  status: number | null;
  fault?: FaultMode;
}

export interface DeliverOptions {
  /** Deliver a copy under a fresh evt_ id (the original stays pending). */
  asNewId?: boolean;
  /** Send to this route (signed with its secret) instead of the event's own endpoint. */
  path?: WebhookPath;
}

export interface StripeHarness {
  /** The stand-in's live objects. */
  state: StripeState;
  requests: StripeRequest[];
  /** Pays as the hosted page does; `async_pending` leaves the bank transfer in flight. */
  pay(
    sessionId: string,
    outcome: TestOutcome,
    payer?: { email?: string; name?: string; country?: string },
  ): CheckoutSession;
  settleAsync(sessionId: string, outcome: "succeeded" | "failed"): void;
  /** The account becomes ready; emits account.updated (a Connect event). */
  completeOnboarding(accountId: string): void;
  /** The creator pays everything out to their bank: reversals beyond what is left are refused. */
  withdraw(accountId: string): void;
  /** A refund not made by the app (no metadata), as from Stripe's Dashboard. */
  dashboardRefund(chargeOrIntentId: string, amount?: number): StripeObject;
  openDispute(chargeId: string, amount?: number): StripeObject;
  closeDispute(disputeId: string, outcome: "won" | "lost"): void;
  failRefund(refundId: string, reason?: string): void;
  setRefundsPending(on: boolean): void;
  succeedRefund(refundId: string): void;
  failNext(count: number, mode: FaultMode, match?: { method?: string; path?: string }): void;
  clearFaults(): void;
  /** Emitted, not yet delivered (successfully), oldest first. */
  pendingEvents(): StripeEvent[];
  /** Delivers (default: all pending, in order) one at a time; returns the HTTP statuses. */
  deliver(eventIds?: string[], options?: DeliverOptions): Promise<number[]>;
  /** All pending, shuffled; some twice, some also under a fresh evt_ id. */
  deliverShuffled(
    rand: () => number,
    options?: { duplicateRate?: number; newIdRate?: number },
  ): Promise<void>;
  /** A signed event about any object, for crafted or forged events. */
  signedEvent(
    type: string,
    object: unknown,
    options?: { id?: string; account?: string; secret?: string; signedSecondsAgo?: number },
  ): { id: string; body: string; signature: string };
  books(): Books;
  balance(): { availableCents: number };
}

const check = <T>(result: T | string): T => {
  if (typeof result === "string") throw new Error(result);
  return result;
};

let disposePrevious: (() => void) | undefined;

/**
 * Sets the Stripe env vars (vi.stubEnv) and replaces global fetch: requests to STRIPE_API_URL
 * go to a fresh in-memory stand-in, others to the fetch installed before.
 */
export function mockStripe(t: Backend): StripeHarness {
  for (const [name, value] of Object.entries(STRIPE_ENV)) vi.stubEnv(name, value);
  // One stand-in at a time: the previous test's timers and clock listener go with it.
  disposePrevious?.();
  const standIn = stripeStandIn({
    baseUrl: STRIPE_ENV.STRIPE_API_URL,
    env: {
      ...STRIPE_ENV,
      STRIPE_WEBHOOK_URL: PLATFORM_PATH,
      STRIPE_CONNECT_WEBHOOK_URL: CONNECT_PATH,
    },
    log: () => undefined,
    dataDir: null,
    // The app's HTTP routes, called directly (no timeouts: the test waits for the answer).
    send: (path, init) =>
      t.fetch(path, { method: init.method, headers: init.headers, body: init.body }),
    manualDelivery: true,
  });
  disposePrevious = () => standIn.dispose();
  const { core } = standIn;
  const state = core.store.data;
  const dispatch = dispatcher([standIn]);
  const requests: StripeRequest[] = [];

  const previous = globalThis.fetch;
  const stripeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== STRIPE_ENV.STRIPE_API_URL) return previous(input, init);
    const method = request.method.toUpperCase();
    const body = method === "GET" ? url.search : await request.clone().text();
    const entry: StripeRequest = {
      method,
      path: url.pathname,
      idempotencyKey: request.headers.get("idempotency-key"),
      params: new URLSearchParams(body),
      status: null,
    };
    requests.push(entry);
    const response = await dispatch(request);
    const fault = responseFault(response);
    if (fault) entry.fault = fault;
    // A request that never gets an answer looks to the caller like a network failure.
    const silent = noAnswerOf(response);
    if (silent === "lost") throw new TypeError("fetch failed");
    if (silent === "timeout") throw new TypeError("fetch failed: the request timed out");
    entry.status = response.status;
    return response;
  };
  vi.stubGlobal("fetch", stripeFetch);

  const origin = () => ({ request: { id: randomId("req_", 14), idempotency_key: null } });
  const pending = () =>
    Object.values(state.events).filter((e) =>
      ["held", "pending", "retrying"].includes(e.delivery.status),
    );

  async function deliver(eventIds?: string[], options: DeliverOptions = {}) {
    const ids = eventIds ?? pending().map((e) => e.event.id);
    const unknown = ids.find((id) => !state.events[id]);
    if (unknown) throw new Error(`No such event: ${unknown}`);
    const sent = options.asNewId ? ids.map((id) => core.webhooks.copy(id)) : ids;
    const endpoint: Endpoint | undefined = options.path
      ? { url: options.path, secret: secretFor(options.path) }
      : undefined;
    const results = await core.webhooks.deliverNow(sent, endpoint);
    return results.map((result) => {
      if (result.status === null)
        throw new Error(`Delivering ${result.id} failed: ${result.error}`);
      return result.status;
    });
  }

  return {
    state,
    requests,
    pay(sessionId, outcome, payer = {}) {
      const session = state.sessions[sessionId];
      if (!session) throw new Error(`No such checkout session: ${sessionId}`);
      payAsTest(core, session, outcome, {
        email: payer.email ?? session.customer_email ?? "jane@example.com",
        name: payer.name ?? "Jane Doe",
        country: payer.country ?? "US",
      });
      return structuredClone(session);
    },
    settleAsync(sessionId, outcome) {
      if (!settleLater(core, sessionId, outcome))
        throw new Error(`No bank transfer in flight for ${sessionId}`);
    },
    completeOnboarding(accountId) {
      completeOnboarding(core, accountId);
    },
    withdraw(accountId) {
      withdrawAll(core, accountId);
    },
    dashboardRefund(chargeOrIntentId, amount) {
      const key = chargeOrIntentId.startsWith("pi_") ? "payment_intent" : "charge";
      const params = new URLSearchParams({ [key]: chargeOrIntentId });
      if (amount !== undefined) params.set("amount", String(amount));
      return createRefund(core, new Reader(parseParams(params.toString())), origin());
    },
    openDispute(chargeId, amount) {
      return openDispute(core, chargeId, amount === undefined ? {} : { amount });
    },
    closeDispute(disputeId, outcome) {
      closeDispute(core, disputeId, outcome);
    },
    failRefund(refundId, reason) {
      failRefund(core, refundId, reason);
    },
    setRefundsPending(on) {
      state.settings.refundsPending = on;
    },
    succeedRefund(refundId) {
      succeedRefund(core, refundId);
    },
    failNext(count, mode, match = {}) {
      state.faults.push(...check(parseFaults({ faults: [{ mode, count, ...match }] })));
    },
    clearFaults() {
      state.faults.splice(0);
    },
    pendingEvents: () => pending().map((e) => e.event),
    deliver,
    async deliverShuffled(rand, { duplicateRate = 0, newIdRate = 0 } = {}) {
      const plan: { id: string; asNewId: boolean }[] = [];
      for (const { event } of pending()) {
        plan.push({ id: event.id, asNewId: false });
        if (rand() < duplicateRate) plan.push({ id: event.id, asNewId: false });
        if (rand() < newIdRate) plan.push({ id: event.id, asNewId: true });
      }
      for (let i = plan.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [plan[i], plan[j]] = [plan[j]!, plan[i]!];
      }
      for (const { id, asNewId } of plan) await deliver([id], { asNewId });
    },
    signedEvent(type, object, options = {}) {
      const id = options.id ?? randomId("evt_");
      const created = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({
        id,
        object: "event",
        ...(options.account ? { account: options.account } : {}),
        api_version: state.apiVersion ?? "2024-06-20",
        created,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const secret = options.secret ?? secretFor(options.account ? CONNECT_PATH : PLATFORM_PATH);
      const signature = signatureHeader(body, secret, created - (options.signedSecondsAgo ?? 0));
      return { id, body, signature };
    },
    books: () => books(core),
    balance: () => ({ availableCents: available(core) }),
  };
}

/** Delivers a signed event to one of the app's webhook routes; returns the HTTP status. */
export async function deliver(
  t: Backend,
  event: { body: string; signature: string },
  path: WebhookPath = PLATFORM_PATH,
): Promise<number> {
  const response = await t.fetch(path, {
    method: "POST",
    headers: { "Stripe-Signature": event.signature, "Content-Type": "application/json" },
    body: event.body,
  });
  return response.status;
}
