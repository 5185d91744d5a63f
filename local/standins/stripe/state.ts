// The Stripe stand-in's state: the API objects exactly as the API returns them (snake_case,
// ids like Stripe's), plus the little the stand-in keeps beside them (line items, hosted-link
// tokens, webhook deliveries, idempotent results). One JSON file, so a restart loses nothing.
import { randomBytes } from "node:crypto";
import { Store } from "../framework.js";
import { onClockChange } from "../../runtime/clock.js";
import { errors } from "./forms.js";

/** Stripe objects are open-ended; these name the fields the stand-in reads or changes. */
export interface StripeObject {
  id: string;
  object: string;
  created: number;
  /** Absent on the objects Stripe gives none (accounts, refunds, transfer reversals). */
  livemode?: false;
  metadata?: Record<string, string>;
  [field: string]: unknown;
}

export interface CheckoutSession extends StripeObject {
  object: "checkout.session";
  amount_total: number;
  currency: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  expires_at: number;
  url: string | null;
  metadata: Record<string, string>;
}

export interface PaymentIntent extends StripeObject {
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "requires_payment_method" | "processing" | "succeeded" | "canceled";
  latest_charge: string | null;
  metadata: Record<string, string>;
}

export interface Charge extends StripeObject {
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  refunded: boolean;
  status: "succeeded" | "pending" | "failed";
  payment_intent: string | null;
}

export interface Account extends StripeObject {
  object: "account";
  email: string | null;
  capabilities: Record<string, "active" | "inactive" | "pending">;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  /** Paid out to the creator's bank (test control): no longer there to reverse. */
  withdrawn?: number;
}

export interface Transfer extends StripeObject {
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  reversed: boolean;
  transfer_group: string | null;
  destination: string;
  source_transaction: string | null;
}

export interface Refund extends StripeObject {
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string | null;
  status: "pending" | "succeeded" | "failed" | "canceled";
  failure_reason?: string;
}

export interface Dispute extends StripeObject {
  object: "dispute";
  amount: number;
  charge: string;
  payment_intent: string | null;
  currency: string;
  status: "needs_response" | "under_review" | "won" | "lost";
  reason: string;
}

export interface TransferReversal extends StripeObject {
  object: "transfer_reversal";
  amount: number;
  currency: string;
  transfer: string;
}

/** A planned failure of the next matching API requests (see faults.ts). */
export interface Fault {
  mode: "error_500" | "rate_limit_429" | "timeout" | "lost_response";
  count: number;
  method?: string;
  path?: string;
}

export interface LineItem {
  id: string;
  object: "item";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: StripeObject & { unit_amount: number; currency: string; product: string };
}

/** What a Checkout Session carries that the API shows only through other objects. */
export interface CheckoutExtras {
  lineItems: LineItem[];
  intentData: {
    metadata: Record<string, string>;
    transfer_group: string | null;
    description: string | null;
  };
  /** The intent a declined attempt created; the next attempt reuses it. */
  intentId: string | null;
  /** A bank transfer in flight: when it settles, and how. */
  asyncDueAt: number | null;
  asyncFails: boolean;
}

export interface AccountLinkGrant {
  account: string;
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
}

export interface StripeEvent extends StripeObject {
  object: "event";
  type: string;
  account?: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface DeliveryAttempt {
  at: number;
  status: number | null;
  error?: string;
}

export interface StoredEvent {
  event: StripeEvent;
  delivery: {
    /** held: waiting for the tests' release; no_endpoint: the event's endpoint URL is unset. */
    status: "held" | "pending" | "retrying" | "delivered" | "failed" | "no_endpoint";
    attempts: DeliveryAttempt[];
    nextAttemptAt: number | null;
  };
}

export interface IdempotentResult {
  endpoint: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  createdAt: number;
}

export interface StripeState {
  sessions: Record<string, CheckoutSession>;
  checkout: Record<string, CheckoutExtras>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  accounts: Record<string, Account>;
  accountLinks: Record<string, AccountLinkGrant>;
  transfers: Record<string, Transfer>;
  reversals: Record<string, TransferReversal>;
  disputes: Record<string, Dispute>;
  events: Record<string, StoredEvent>;
  idempotency: Record<string, IdempotentResult>;
  /** While held, new events wait for /__control/stripe/deliver. */
  held: boolean;
  /** Pinned by the first API request's Stripe-Version, as Stripe pins an account's version. */
  apiVersion: string | null;
  /** Test settings: new refunds start `pending` (they succeed or fail by control). */
  settings: { refundsPending: boolean };
  faults: Fault[];
}

const emptyState = (): StripeState => ({
  sessions: {},
  checkout: {},
  paymentIntents: {},
  charges: {},
  refunds: {},
  accounts: {},
  accountLinks: {},
  transfers: {},
  events: {},
  idempotency: {},
  reversals: {},
  disputes: {},
  held: false,
  apiVersion: null,
  settings: { refundsPending: false },
  faults: [],
});

/** The state file, or (null folder) state in memory only; older files gain the newer tables. */
export function stripeStore(dataDir: string | null): StripeStore {
  const store = new Store<StripeState>(dataDir, "stripe", emptyState);
  store.data = { ...emptyState(), ...store.data };
  return store;
}

export type StripeStore = Store<StripeState>;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export function randomId(prefix: string, length = 24) {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (b) => BASE62[b % 62]).join("");
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Objects Stripe's API describes without a `livemode` field (its OpenAPI description). */
const WITHOUT_LIVEMODE = new Set(["account", "refund", "transfer_reversal"]);

/** The fields every API object starts with (`livemode` where Stripe's has it). */
export const base = <T extends string>(object: T, prefix: string, length?: number) => ({
  id: randomId(prefix, length),
  object,
  created: nowSeconds(),
  ...(WITHOUT_LIVEMODE.has(object) ? {} : { livemode: false as const }),
});

/** Finds any object by its id (its prefix says which kind), for `expand[]`. */
export function findObject(state: StripeState, id: string): StripeObject | undefined {
  const tables: [string, Record<string, StripeObject>][] = [
    ["cs_", state.sessions],
    ["pi_", state.paymentIntents],
    ["ch_", state.charges],
    ["re_", state.refunds],
    ["acct_", state.accounts],
    ["trr_", state.reversals],
    ["tr_", state.transfers],
    ["dp_", state.disputes],
  ];
  return tables.find(([prefix]) => id.startsWith(prefix))?.[1][id];
}

/** A snapshot of an object with `expand` paths (`payment_intent.latest_charge`) filled in. */
export function expand<T extends StripeObject>(state: StripeState, object: T, paths: string[]): T {
  const copy = structuredClone(object);
  for (const path of paths) {
    let nodes: Record<string, unknown>[] = [copy];
    for (const field of path.split(".")) {
      const next: Record<string, unknown>[] = [];
      for (const node of nodes) {
        const value = node[field];
        if (field === "line_items" && node.object === "checkout.session") {
          node.line_items = lineItemList(state, node.id as string);
        } else if (typeof value === "string") {
          const found = findObject(state, value);
          if (!found)
            throw errors.invalid(`This property cannot be expanded (${field}).`, "expand");
          node[field] = structuredClone(found);
        } else if (value === undefined) {
          throw errors.invalid(`This property cannot be expanded (${field}).`, "expand");
        }
        if (node[field] && typeof node[field] === "object")
          next.push(node[field] as Record<string, unknown>);
      }
      nodes = next;
    }
  }
  return copy;
}

export function lineItemList(state: StripeState, sessionId: string) {
  const data = state.checkout[sessionId]?.lineItems ?? [];
  return {
    object: "list",
    data,
    has_more: false,
    url: `/v1/checkout/sessions/${sessionId}/line_items`,
  };
}

/**
 * Named timers at absolute times (session expiry, bank transfers settling, webhook retries)
 * that follow the stand-ins' movable clock: moving it re-arms every timer.
 */
export class Timers {
  private entries = new Map<
    string,
    { dueAt: number; run: () => void; timer?: ReturnType<typeof setTimeout> }
  >();
  private unsubscribe = onClockChange(() => {
    for (const key of this.entries.keys()) this.arm(key);
  });

  at(key: string, dueAt: number, run: () => void) {
    this.cancel(key);
    this.entries.set(key, { dueAt, run });
    this.arm(key);
  }

  cancel(key: string) {
    clearTimeout(this.entries.get(key)?.timer);
    this.entries.delete(key);
  }

  private arm(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    // setTimeout holds at most ~24.8 days; a longer wait re-arms when it fires early.
    const delay = Math.min(Math.max(0, entry.dueAt - Date.now()), 2 ** 31 - 1);
    entry.timer = setTimeout(() => {
      if (entry.dueAt > Date.now()) return this.arm(key);
      this.entries.delete(key);
      entry.run();
    }, delay);
    // Node timers must not keep a process alive; other runtimes' timers are plain numbers.
    (entry.timer as { unref?: () => void }).unref?.();
  }

  dispose() {
    for (const key of [...this.entries.keys()]) this.cancel(key);
    this.unsubscribe();
  }
}
