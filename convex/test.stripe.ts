// Stripe's API mocked at the HTTP level for convex-test suites: the official SDK builds real
// requests (form bodies, idempotency keys) against it, and tests sign real webhook events.
import { vi } from "vitest";
import type { Backend } from "./test.setup";

export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_convex_suite",
  STRIPE_WEBHOOK_SECRET: "whsec_convex_suite",
  STRIPE_API_URL: "https://stripe.test",
  SITE_URL: "https://app.test",
};

interface Session {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  customer_details: { name: string; email: string; address: { country: string } } | null;
  url: string | null;
}

export interface FakeStripe {
  sessions: Map<string, Session>;
  charges: Map<
    string,
    { id: string; payment_intent: string; amount: number; amount_refunded: number }
  >;
  refunds: { id: string; payment_intent: string; amount: number; idempotencyKey: string | null }[];
  accounts: Map<
    string,
    { id: string; payouts_enabled: boolean; capabilities: { transfers: string } }
  >;
  transfers: {
    id: string;
    amount: number;
    destination: string;
    source_transaction?: string;
    idempotencyKey: string | null;
  }[];
  requests: {
    method: string;
    path: string;
    body: URLSearchParams;
    idempotencyKey: string | null;
  }[];
  /** Completes a session as Stripe's hosted page would; returns the session object. */
  pay(sessionId: string, outcome: "paid" | "async_pending" | "async_succeeded"): Session;
  /** A signed webhook request for an event about `object`. */
  event(
    type: string,
    object: unknown,
    options?: { id?: string; signedSecondsAgo?: number; secret?: string },
  ): Promise<{ id: string; body: string; signature: string }>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(8, "0")}`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload)),
  );
  return [...signature].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Installs env vars and wraps the current fetch so requests to Stripe are answered here. */
export function mockStripe(): FakeStripe {
  for (const [name, value] of Object.entries(STRIPE_ENV)) vi.stubEnv(name, value);
  const idempotent = new Map<string, Response>();
  const fake: FakeStripe = {
    sessions: new Map(),
    charges: new Map(),
    refunds: [],
    accounts: new Map(),
    transfers: [],
    requests: [],
    pay(sessionId, outcome) {
      const session = fake.sessions.get(sessionId)!;
      const intent = session.payment_intent ?? nextId("pi");
      session.payment_intent = intent;
      session.status = "complete";
      session.customer_details = {
        name: "Jane Doe",
        email: "jane@example.com",
        address: { country: "US" },
      };
      if (outcome !== "async_pending") {
        session.payment_status = "paid";
        const charge = nextId("ch");
        fake.charges.set(charge, {
          id: charge,
          payment_intent: intent,
          amount: session.amount_total,
          amount_refunded: 0,
        });
      }
      return { ...session };
    },
    async event(type, object, options = {}) {
      const id = options.id ?? nextId("evt");
      const body = JSON.stringify({
        id,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        api_version: "2024-06-20",
      });
      const t = Math.floor(Date.now() / 1000) - (options.signedSecondsAgo ?? 0);
      const v1 = await hmacHex(options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET, `${t}.${body}`);
      return { id, body, signature: `t=${t},v1=${v1}` };
    },
  };
  const previous = globalThis.fetch;
  const handler = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    );
    if (url.origin !== STRIPE_ENV.STRIPE_API_URL) return previous(input, init);
    const method = (init?.method ?? "GET").toUpperCase();
    const headers = new Headers(init?.headers);
    const body = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    const idempotencyKey = headers.get("idempotency-key");
    fake.requests.push({ method, path: url.pathname, body, idempotencyKey });
    if (headers.get("authorization") !== `Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`) {
      return json({ error: { type: "invalid_request_error", message: "Invalid API Key" } }, 401);
    }
    if (idempotencyKey && idempotent.has(`${url.pathname}:${idempotencyKey}`))
      return idempotent.get(`${url.pathname}:${idempotencyKey}`)!.clone();
    const respond = (response: Response) => {
      if (idempotencyKey) idempotent.set(`${url.pathname}:${idempotencyKey}`, response.clone());
      return response;
    };
    const path = url.pathname;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = nextId("cs_test");
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) {
        const m = /^metadata\[(\w+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const session: Session = {
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: Number(body.get("line_items[0][price_data][unit_amount]")),
        currency: "usd",
        metadata,
        customer_details: null,
        url: `https://checkout.stripe.test/${id}`,
      };
      fake.sessions.set(id, session);
      return respond(json(session));
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = fake.sessions.get(sessionMatch[1]!);
      if (!session)
        return json(
          { error: { type: "invalid_request_error", message: "No such checkout session" } },
          404,
        );
      if (sessionMatch[2] && session.status === "open") session.status = "expired";
      return respond(json(session));
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (intentMatch) {
      const charge = [...fake.charges.values()].find((c) => c.payment_intent === intentMatch[1]);
      return json({
        id: intentMatch[1],
        object: "payment_intent",
        latest_charge: charge?.id ?? null,
      });
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = body.get("payment_intent")!;
      const charge = [...fake.charges.values()].find((c) => c.payment_intent === intent);
      const amount = Number(body.get("amount"));
      if (!charge || charge.amount - charge.amount_refunded < amount) {
        return respond(
          json({ error: { type: "invalid_request_error", message: "Refund exceeds charge" } }, 400),
        );
      }
      charge.amount_refunded += amount;
      const refund = { id: nextId("re"), payment_intent: intent, amount, idempotencyKey };
      fake.refunds.push(refund);
      return respond(json({ ...refund, object: "refund", status: "succeeded" }));
    }
    if (method === "POST" && path === "/v1/accounts") {
      const account = {
        id: nextId("acct"),
        object: "account",
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
      };
      fake.accounts.set(account.id, account);
      return respond(json(account));
    }
    if (method === "POST" && path === "/v1/account_links") {
      return respond(
        json({ object: "account_link", url: `https://connect.stripe.test/${body.get("account")}` }),
      );
    }
    if (method === "POST" && path === "/v1/transfers") {
      const destination = body.get("destination")!;
      if (fake.accounts.get(destination)?.capabilities.transfers !== "active") {
        return respond(
          json(
            {
              error: {
                type: "invalid_request_error",
                message: "Destination cannot receive transfers",
              },
            },
            400,
          ),
        );
      }
      const transfer = {
        id: nextId("tr"),
        amount: Number(body.get("amount")),
        destination,
        source_transaction: body.get("source_transaction") ?? undefined,
        idempotencyKey,
      };
      fake.transfers.push(transfer);
      return respond(json({ ...transfer, object: "transfer" }));
    }
    return json(
      {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
      404,
    );
  };
  vi.stubGlobal("fetch", vi.fn(handler));
  return fake;
}

/** Delivers a signed event to the app's webhook route. */
export async function deliver(
  t: Backend,
  event: { body: string; signature: string },
): Promise<number> {
  const response = await t.fetch("/stripe/webhook", {
    method: "POST",
    headers: { "Stripe-Signature": event.signature, "Content-Type": "application/json" },
    body: event.body,
  });
  return response.status;
}
