// The Stripe stand-in, driven by the official SDK as the product drives Stripe (only host, port
// and protocol differ), with a small webhook receiver that verifies every delivery with the
// SDK's own `constructEventAsync`.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../runtime/test/harness.js";
import { serveStandIns, type StandIn } from "./framework.js";
import { createStandIns } from "./registry.js";
import type { StoredEvent } from "./stripe/state.js";

const SECRET_KEY = "sk_test_standInTestKey0123456789abcdef";
const WEBHOOK_SECRET = "whsec_standInTestSecret0123456789";
const CONNECT_SECRET = "whsec_standInConnectSecret0123456";
const RETRY_MS = 100;
const crypto = Stripe.createSubtleCryptoProvider();

// --- A webhook receiver that verifies signatures and can be told to fail. ---
interface Received {
  event: Stripe.Event;
  body: string;
  signature: string;
  /** The endpoint it came to: /stripe/webhook or /stripe/connect-webhook. */
  path: string;
}
const received: Received[] = [];
const attempts: { id: string; type: string; status: number; at: number }[] = [];
const rejected: string[] = [];
/** Event type → how many more deliveries of it to answer with 500. */
const failing = new Map<string, number>();
let receiver: Server;
let webhookUrl: string;
let connectWebhookUrl: string;

// --- The stand-ins and the SDK pointed at them. ---
let server: Server;
let standIns: StandIn[];
let base: string;
let stripe: Stripe;
const dataDir = mkdtempSync(path.join(tmpdir(), "standins-stripe-"));

async function start(dir: string) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_WEBHOOK_URL: webhookUrl,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_CONNECT_WEBHOOK_URL: connectWebhookUrl,
    STRIPE_WEBHOOK_RETRY_MS: String(RETRY_MS),
    STRIPE_ASYNC_DELAY_MS: "300",
  };
  standIns = createStandIns({ baseUrl: base, env, log: () => undefined, dataDir: dir });
  server = await serveStandIns(standIns, { port, log: () => undefined });
  stripe = sdk(SECRET_KEY);
}
const sdk = (key: string) =>
  new Stripe(key, {
    host: "127.0.0.1",
    port: Number(new URL(base).port),
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
async function stop() {
  for (const standIn of standIns) (standIn as { dispose?: () => void }).dispose?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = String(req.headers["stripe-signature"]);
      // Each endpoint verifies with its own secret, as the app's two routes do.
      const path = req.url ?? "";
      const secret = path === "/stripe/connect-webhook" ? CONNECT_SECRET : WEBHOOK_SECRET;
      stripe.webhooks
        .constructEventAsync(body, signature, secret, undefined, crypto)
        .then((event) => {
          const left = failing.get(event.type) ?? 0;
          if (left > 0) failing.set(event.type, left - 1);
          const status = left > 0 ? 500 : 200;
          attempts.push({ id: event.id, type: event.type, status, at: Date.now() });
          if (status === 200) received.push({ event, body, signature, path });
          res.writeHead(status).end();
        })
        .catch((e: Error) => {
          rejected.push(e.message);
          res.writeHead(400).end();
        });
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${port}/stripe/webhook`;
  connectWebhookUrl = `http://127.0.0.1:${port}/stripe/connect-webhook`;
  await start(dataDir);
});
afterAll(async () => {
  await stop();
  receiver.close();
  expect(rejected).toEqual([]);
});

async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 5000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
/** Waits for a delivered event of `type` about the object `id`. */
const delivered = (type: string, id: string) =>
  until(
    () =>
      received.find(
        (r) => r.event.type === type && (r.event.data.object as { id: string }).id === id,
      )?.event,
  );

async function control<T = Record<string, unknown>>(pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/__control/stripe/${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}
type ListedEvent = StoredEvent & { id: string; type: string };
const listEvents = async () => (await control<{ events: ListedEvent[] }>("events")).events;
const eventsAbout = async (id: string) =>
  (await listEvents()).filter((e) => (e.event.data.object as { id: string }).id === id);

const newSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, key?: string) =>
  stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          price_data: {
            currency: "usd",
            unit_amount: 500,
            product_data: { name: "Fund: a video about bees" },
          },
          quantity: 1,
        },
      ],
      success_url: "http://localhost:5999/contributed?session={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:5999/ideas/p1",
      client_reference_id: "contribution-1",
      customer_email: "ada@example.com",
      metadata: { proposalId: "p1", contributionId: "c1" },
      payment_intent_data: { metadata: { proposalId: "p1" }, transfer_group: "proposal_p1" },
      ...overrides,
    },
    key ? { idempotencyKey: key } : undefined,
  );

/** Submits the hosted Checkout form as a browser would. */
const submitCheckout = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    body: new URLSearchParams({
      name: "Ada Lovelace",
      email: "ada@example.com",
      country: "US",
      ...fields,
    }),
    redirect: "manual",
  });

describe("Checkout Sessions", () => {
  test("are created, retrieved and expired like Stripe's", async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 500,
      currency: "usd",
      payment_intent: null,
      livemode: false,
      client_reference_id: "contribution-1",
      metadata: { proposalId: "p1", contributionId: "c1" },
    });
    expect(session.id).toMatch(/^cs_test_\w{58}$/);
    expect(session.url).toBe(`${base}/stripe/checkout/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({
      description: "Fund: a video about bees",
      amount_total: 500,
    });

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    expect((await delivered("checkout.session.expired", session.id)).request?.id).toMatch(/^req_/);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    const page = await fetch(session.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("expired");
  });

  test("refuse what Stripe refuses, with Stripe's errors", async () => {
    const item = (unit_amount: number) => [
      { price_data: { currency: "usd", unit_amount, product_data: { name: "x" } }, quantity: 1 },
    ];
    await expect(newSession({ line_items: item(49) })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "amount_too_small",
    });
    await expect(newSession({ success_url: undefined })).rejects.toMatchObject({
      code: "parameter_missing",
      param: "success_url",
    });
    await expect(
      newSession({ line_items: [{ price_data: item(500)[0]!.price_data }] }),
    ).rejects.toMatchObject({
      param: "line_items[0][quantity]",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nope")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such checkout.session: 'cs_test_nope'",
    });
    await expect(
      sdk("sk_test_wrong").checkout.sessions.retrieve("cs_test_nope"),
    ).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    const raw = await fetch(`${base}/v1/charges/ch_1`);
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as { error: { type: string } }).error.type).toBe(
      "invalid_request_error",
    );
  });

  test("an Idempotency-Key replays the first response and refuses other parameters", async () => {
    const first = await newSession({}, "contribution-c9");
    const again = await newSession({}, "contribution-c9");
    expect(again.id).toBe(first.id);
    // The header itself, as Stripe sends it (the fetch client's lastResponse hides it).
    const raw = await fetch(`${base}/v1/accounts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET_KEY}`, "Idempotency-Key": "raw-1" },
      body: "type=express&capabilities[transfers][requested]=true&metadata[userId]=u9",
    });
    const replay = await fetch(`${base}/v1/accounts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET_KEY}`, "Idempotency-Key": "raw-1" },
      body: "metadata[userId]=u9&capabilities[transfers][requested]=true&type=express",
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(await raw.text());
    await expect(
      newSession({ client_reference_id: "other" }, "contribution-c9"),
    ).rejects.toMatchObject({
      type: "StripeIdempotencyError",
      statusCode: 400,
    });
  });
});

describe("paying on the hosted Checkout page", () => {
  test("a card pays: intent, charge, completed session and its webhook", async () => {
    const session = await newSession();
    const page = await (await fetch(session.url!)).text();
    for (const text of [
      "Pay $5.00 to Bounties",
      "Email",
      "Name on card",
      "Country",
      "Card number",
      "4242 4242 4242 4242",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toContain('<option value="US" selected>United States</option>');
    expect(page).toContain("Pay later (bank transfer)");
    expect(page).toContain('<a href="http://localhost:5999/ideas/p1">Cancel</a>');

    const response = await submitCheckout(session.url!, {
      card: "4242 4242 4242 4242",
      action: "pay",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `http://localhost:5999/contributed?session=${session.id}`,
    );

    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(paid).toMatchObject({
      status: "complete",
      payment_status: "paid",
      customer_details: {
        email: "ada@example.com",
        name: "Ada Lovelace",
        address: { country: "US" },
      },
    });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: 500,
      metadata: { proposalId: "p1" },
      transfer_group: "proposal_p1",
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({
      amount: 500,
      amount_refunded: 0,
      refunded: false,
      payment_intent: intent.id,
    });
    expect(charge.billing_details).toMatchObject({
      email: "ada@example.com",
      name: "Ada Lovelace",
    });
    const event = await delivered("checkout.session.completed", session.id);
    expect(event).toMatchObject({
      object: "event",
      livemode: false,
      api_version: expect.any(String),
    });
    expect(event.data.object).toMatchObject({
      payment_status: "paid",
      metadata: { contributionId: "c1" },
    });
    await delivered("payment_intent.succeeded", intent.id);
    // A completed session's page says so and charges nothing twice.
    expect(await (await fetch(session.url!)).text()).toContain("This payment is complete");
  });

  test("a declined card keeps the session open; the next card reuses the intent", async () => {
    const session = await newSession();
    const declined = await submitCheckout(session.url!, {
      card: "4000 0000 0000 0002",
      action: "pay",
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    const failed = await until(
      () =>
        received.find(
          (r) =>
            r.event.type === "payment_intent.payment_failed" &&
            (r.event.data.object as Stripe.PaymentIntent).metadata.proposalId === "p1",
        )?.event,
    );
    const failedIntent = failed.data.object as Stripe.PaymentIntent;
    expect(failedIntent.last_payment_error?.decline_code).toBe("generic_decline");

    await submitCheckout(session.url!, { card: "4242424242424242", action: "pay" });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.payment_intent).toBe(failedIntent.id);
  });

  test("pay later completes unpaid, then the bank debit succeeds, or fails for +fail", async () => {
    const ok = await newSession();
    const later = await submitCheckout(ok.url!, { action: "later" });
    expect(later.status).toBe(302);
    const pending = await stripe.checkout.sessions.retrieve(ok.id, { expand: ["payment_intent"] });
    expect(pending).toMatchObject({ status: "complete", payment_status: "unpaid" });
    expect((pending.payment_intent as Stripe.PaymentIntent).status).toBe("processing");
    expect((await delivered("checkout.session.completed", ok.id)).data.object).toMatchObject({
      payment_status: "unpaid",
    });
    // Nothing to refund while the debit is processing.
    const processingId = (pending.payment_intent as Stripe.PaymentIntent).id;
    await expect(stripe.refunds.create({ payment_intent: processingId })).rejects.toMatchObject({
      statusCode: 400,
    });
    const succeeded = await delivered("checkout.session.async_payment_succeeded", ok.id);
    expect(succeeded.data.object).toMatchObject({ payment_status: "paid" });

    const bad = await newSession();
    await submitCheckout(bad.url!, { action: "later", email: "ada+fail@example.com" });
    await delivered("checkout.session.async_payment_failed", bad.id);
    const failed = await stripe.checkout.sessions.retrieve(bad.id, { expand: ["payment_intent"] });
    expect(failed.payment_status).toBe("unpaid");
    expect((failed.payment_intent as Stripe.PaymentIntent).status).toBe("requires_payment_method");
  });
});

/** A session paid through the control API, with its intent and charge. */
async function paidSession(amount = 1000) {
  const session = await newSession({
    line_items: [
      {
        price_data: { currency: "usd", unit_amount: amount, product_data: { name: "Fund" } },
        quantity: 1,
      },
    ],
  });
  await control(`sessions/${session.id}/pay`, { outcome: "paid", email: "grace@example.com" });
  const intent = await stripe.paymentIntents.retrieve(
    (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string,
  );
  return { session, intent, chargeId: intent.latest_charge as string };
}

describe("refunds", () => {
  test("partial, then the rest; never more than remains; with their events", async () => {
    const { intent, chargeId } = await paidSession(1000);
    const part = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 300, metadata: { contributionId: "c1" } },
      { idempotencyKey: `refund-${intent.id}` },
    );
    expect(part).toMatchObject({
      object: "refund",
      status: "succeeded",
      amount: 300,
      charge: chargeId,
    });
    expect(part.id).toMatch(/^re_/);
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({
      amount_refunded: 300,
      refunded: false,
    });
    await delivered("refund.created", part.id);
    const chargeEvent = await delivered("charge.refunded", chargeId);
    expect(chargeEvent.data.object).toMatchObject({ object: "charge", amount_refunded: 300 });

    await expect(stripe.refunds.create({ charge: chargeId, amount: 800 })).rejects.toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
    });
    const rest = await stripe.refunds.create({ charge: chargeId });
    expect(rest.amount).toBe(700);
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({
      amount_refunded: 1000,
      refunded: true,
    });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
  });
});

describe("Connect", () => {
  test("accounts onboard through a hosted link; transfers wait for it and respect the source charge", async () => {
    const account = await stripe.accounts.create({
      type: "express",
      email: "creator@example.com",
      country: "US",
      capabilities: { transfers: { requested: true } },
      metadata: { userId: "u1" },
    });
    expect(account).toMatchObject({
      object: "account",
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { transfers: "inactive" },
      metadata: { userId: "u1" },
    });
    expect(account.id).toMatch(/^acct_/);
    const { chargeId } = await paidSession(1000);
    const early = {
      amount: 500,
      currency: "usd",
      destination: account.id,
      source_transaction: chargeId,
    };
    await expect(
      stripe.transfers.create(early, { idempotencyKey: "payout-early" }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "insufficient_capabilities_for_transfer",
    });

    const linkParams = {
      account: account.id,
      refresh_url: "http://localhost:5999/profile?payouts=refresh",
      return_url: "http://localhost:5999/profile?payouts=done",
      type: "account_onboarding" as const,
    };
    const notNow = await stripe.accountLinks.create(linkParams);
    const declined = await fetch(notNow.url, {
      method: "POST",
      body: new URLSearchParams({ action: "later" }),
      redirect: "manual",
    });
    expect(declined.headers.get("location")).toBe(linkParams.refresh_url);

    const link = await stripe.accountLinks.create(linkParams);
    expect(link).toMatchObject({ object: "account_link", expires_at: expect.any(Number) });
    const page = await (await fetch(link.url)).text();
    expect(page).toContain("Set up payouts for Bounties");
    expect(page).toContain("creator@example.com");
    const done = await fetch(link.url, {
      method: "POST",
      body: new URLSearchParams({ action: "complete" }),
      redirect: "manual",
    });
    expect(done.headers.get("location")).toBe(linkParams.return_url);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
    });
    const updated = await delivered("account.updated", account.id);
    expect(updated.account).toBe(account.id);
    // A Connect event goes to the Connect endpoint, signed with its secret; the platform's own
    // events stay on the platform endpoint.
    const paths = (type: string) =>
      new Set(received.filter((r) => r.event.type === type).map((r) => r.path));
    expect(paths("account.updated")).toEqual(new Set(["/stripe/connect-webhook"]));
    expect(paths("charge.succeeded")).toEqual(new Set(["/stripe/webhook"]));
    // A used link sends the person to refresh_url for a new one.
    expect((await fetch(link.url, { redirect: "manual" })).headers.get("location")).toBe(
      linkParams.refresh_url,
    );

    // As with Stripe, a refusal is kept under its idempotency key: retrying needs a new key.
    await expect(
      stripe.transfers.create(early, { idempotencyKey: "payout-early" }),
    ).rejects.toMatchObject({
      code: "insufficient_capabilities_for_transfer",
    });
    await stripe.refunds.create({ charge: chargeId, amount: 300 });
    const transfer = (amount: number) =>
      stripe.transfers.create({
        amount,
        currency: "usd",
        destination: account.id,
        source_transaction: chargeId,
        transfer_group: "proposal_p1",
        metadata: { payoutId: "po1" },
      });
    await expect(transfer(800)).rejects.toMatchObject({
      code: "balance_insufficient",
      param: "amount",
    });
    const first = await transfer(500);
    expect(first).toMatchObject({
      object: "transfer",
      amount: 500,
      destination: account.id,
      source_transaction: chargeId,
    });
    expect(first.id).toMatch(/^tr_/);
    await transfer(200);
    await expect(transfer(1)).rejects.toMatchObject({ code: "balance_insufficient" });
    expect((await stripe.transfers.retrieve(first.id)).metadata).toEqual({ payoutId: "po1" });
    await delivered("transfer.created", first.id);
  });

  test("the control API finishes onboarding too", async () => {
    const account = await stripe.accounts.create({
      type: "express",
      capabilities: { transfers: { requested: true } },
    });
    const done = await control<{ capabilities: { transfers: string } }>(
      `accounts/${account.id}/complete`,
      {},
    );
    expect(done.capabilities.transfers).toBe("active");
  });
});

/** A control request with any method; the raw response, for status checks. */
const controlCall = (method: string, pathname: string, body?: unknown) =>
  fetch(`${base}/__control/stripe/${pathname}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function readyAccount() {
  const account = await stripe.accounts.create({
    type: "express",
    capabilities: { transfers: { requested: true } },
  });
  await control(`accounts/${account.id}/complete`, {});
  return account;
}

interface BookLine {
  id: string;
  amount: number;
  refundedSucceeded: number;
  refundPending: number;
  refundFailed: number;
  transferred: number;
  disputeOpen: number;
  lost: number;
  refunds: { id: string }[];
  transfers: { id: string }[];
  reversals: { id: string }[];
  disputes: { id: string }[];
}
const bookOf = async (chargeId: string) =>
  (await control<{ charges: BookLine[] }>("books")).charges.find((c) => c.id === chargeId)!;

describe("disputes", () => {
  test("open one on a charge: refunds are refused while it is open; won, the money comes back", async () => {
    const { intent, chargeId } = await paidSession(2000);
    const available = async () => (await stripe.balance.retrieve()).available[0]!.amount;
    const before = await available();
    const dispute = await control<Stripe.Dispute>(`charges/${chargeId}/dispute`, {
      reason: "product_not_received",
    });
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 2000,
      charge: chargeId,
      payment_intent: intent.id,
      currency: "usd",
      status: "needs_response",
      reason: "product_not_received",
      is_charge_refundable: false,
      livemode: false,
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(dispute.evidence_details.due_by).toBeGreaterThan(Date.now() / 1000);
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ status: "needs_response" });
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);
    expect((await stripe.disputes.list({ charge: chargeId })).data.map((d) => d.id)).toEqual([
      dispute.id,
    ]);
    expect(
      (await stripe.disputes.list({ payment_intent: intent.id })).data.map((d) => d.id),
    ).toEqual([dispute.id]);
    expect(await available()).toBe(before - 2000);
    expect(await bookOf(chargeId)).toMatchObject({ disputeOpen: 2000, lost: 0 });
    await delivered("charge.dispute.created", dispute.id);
    await delivered("charge.dispute.funds_withdrawn", dispute.id);

    await expect(
      stripe.refunds.create({ payment_intent: intent.id, amount: 100 }),
    ).rejects.toMatchObject({ statusCode: 400, code: "charge_disputed" });

    const closed = await control<Stripe.Dispute>(`disputes/${dispute.id}/close`, {
      outcome: "won",
    });
    expect(closed.status).toBe("won");
    await delivered("charge.dispute.closed", dispute.id);
    await delivered("charge.dispute.funds_reinstated", dispute.id);
    expect(await available()).toBe(before);
    expect(await bookOf(chargeId)).toMatchObject({ disputeOpen: 0, lost: 0 });
    // Won, the charge can be refunded again.
    await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
  });

  test("a lost dispute is lost money; the control API checks what it is asked", async () => {
    const { chargeId } = await paidSession(1500);
    await stripe.refunds.create({ charge: chargeId, amount: 500 });
    expect(
      (await controlCall("POST", `charges/${chargeId}/dispute`, { amount: 1001 })).status,
    ).toBe(400);
    expect(
      (await controlCall("POST", `charges/${chargeId}/dispute`, { reason: "bored" })).status,
    ).toBe(400);
    expect((await controlCall("POST", "charges/ch_nope/dispute", {})).status).toBe(404);
    // By default the dispute is for what was not refunded.
    const dispute = await control<Stripe.Dispute>(`charges/${chargeId}/dispute`, {});
    expect(dispute.amount).toBe(1000);
    expect((await controlCall("POST", `charges/${chargeId}/dispute`, {})).status).toBe(400);
    expect(
      (await controlCall("POST", `disputes/${dispute.id}/close`, { outcome: "draw" })).status,
    ).toBe(400);
    await control(`disputes/${dispute.id}/close`, { outcome: "lost" });
    expect(
      (await controlCall("POST", `disputes/${dispute.id}/close`, { outcome: "won" })).status,
    ).toBe(400);
    await delivered("charge.dispute.closed", dispute.id);
    expect((await eventsAbout(dispute.id)).map((e) => e.type)).not.toContain(
      "charge.dispute.funds_reinstated",
    );
    expect(await bookOf(chargeId)).toMatchObject({
      amount: 1500,
      refundedSucceeded: 500,
      disputeOpen: 0,
      lost: 1000,
    });
    // Nothing is left to refund: the rest went back through the chargeback.
    await expect(stripe.refunds.create({ charge: chargeId })).rejects.toMatchObject({
      code: "charge_disputed",
    });
  });
});

describe("refund failures and pending refunds", () => {
  test("pending refunds succeed or fail later; a failed refund gives the money back to the charge", async () => {
    const { intent, chargeId } = await paidSession(1000);
    expect((await controlCall("POST", "settings", { refundsPending: "yes" })).status).toBe(400);
    expect((await controlCall("POST", "settings", { other: true })).status).toBe(400);
    await control("settings", { refundsPending: true });
    try {
      const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 300 });
      const second = await stripe.refunds.create({ payment_intent: intent.id, amount: 200 });
      expect([first.status, second.status]).toEqual(["pending", "pending"]);
      expect(await bookOf(chargeId)).toMatchObject({ refundPending: 500, refundedSucceeded: 0 });

      const done = await control<Stripe.Refund>(`refunds/${first.id}/succeed`, {});
      expect(done.status).toBe("succeeded");
      expect((await controlCall("POST", `refunds/${first.id}/succeed`, {})).status).toBe(400);
      await delivered("refund.updated", first.id);
      await delivered("charge.refund.updated", first.id);

      expect(
        (await controlCall("POST", `refunds/${second.id}/fail`, { failure_reason: "bored" }))
          .status,
      ).toBe(400);
      const failed = await control<Stripe.Refund>(`refunds/${second.id}/fail`, {});
      expect(failed).toMatchObject({
        status: "failed",
        failure_reason: "expired_or_canceled_card",
      });
      const charge = await stripe.charges.retrieve(chargeId);
      expect(charge).toMatchObject({ amount_refunded: 300, refunded: false });
      for (const type of ["refund.failed", "refund.updated", "charge.refund.updated"])
        await delivered(type, second.id);
      expect(await bookOf(chargeId)).toMatchObject({
        refundedSucceeded: 300,
        refundPending: 0,
        refundFailed: 200,
      });
      // A succeeded refund can fail too (a closed card), with the reason given.
      const late = await control<Stripe.Refund>(`refunds/${first.id}/fail`, {
        failure_reason: "lost_or_stolen_card",
      });
      expect(late.failure_reason).toBe("lost_or_stolen_card");
      expect((await stripe.charges.retrieve(chargeId)).amount_refunded).toBe(0);
      expect((await controlCall("POST", "refunds/re_nope/fail", {})).status).toBe(404);
    } finally {
      await control("settings", { refundsPending: false });
    }
    const now = await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
    expect(now.status).toBe("succeeded");
  });
});

describe("lists, reversals, balance and books", () => {
  test("refunds are listed newest first, filtered and paged", async () => {
    const { intent, chargeId } = await paidSession(1000);
    const made: string[] = [];
    for (const amount of [100, 200, 300])
      made.push((await stripe.refunds.create({ charge: chargeId, amount })).id);
    const page = await stripe.refunds.list({ payment_intent: intent.id, limit: 2 });
    expect(page).toMatchObject({ object: "list", has_more: true, url: "/v1/refunds" });
    expect(page.data.map((r) => r.id)).toEqual([made[2], made[1]]);
    const rest = await stripe.refunds.list({ charge: chargeId, starting_after: made[1] });
    expect(rest.data.map((r) => r.id)).toEqual([made[0]]);
    expect(rest.has_more).toBe(false);
    await expect(stripe.refunds.list({ limit: 101 })).rejects.toMatchObject({ param: "limit" });
  });

  test("transfers are reversed in part or in full, never more; listed by group and destination", async () => {
    const account = await readyAccount();
    const { chargeId } = await paidSession(1000);
    const group = `proposal_${chargeId}`;
    const transfer = await stripe.transfers.create({
      amount: 800,
      currency: "usd",
      destination: account.id,
      source_transaction: chargeId,
      transfer_group: group,
    });
    const available = async () => (await stripe.balance.retrieve()).available[0]!.amount;
    const before = await available();
    const part = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 300, metadata: { why: "refund" } },
      { idempotencyKey: `reverse-${transfer.id}` },
    );
    expect(part).toMatchObject({
      object: "transfer_reversal",
      amount: 300,
      currency: "usd",
      transfer: transfer.id,
      metadata: { why: "refund" },
    });
    expect(part.id).toMatch(/^trr_/);
    // The same key replays the same reversal.
    const replay = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 300, metadata: { why: "refund" } },
      { idempotencyKey: `reverse-${transfer.id}` },
    );
    expect(replay.id).toBe(part.id);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({
      amount_reversed: 300,
      reversed: false,
      reversals: { total_count: 1 },
    });
    await expect(
      stripe.transfers.createReversal(transfer.id, { amount: 501 }),
    ).rejects.toMatchObject({ statusCode: 400, param: "amount" });
    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(500);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({
      amount_reversed: 800,
      reversed: true,
    });
    await expect(stripe.transfers.createReversal(transfer.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await available()).toBe(before + 800);
    const reversals = await stripe.transfers.listReversals(transfer.id);
    expect(reversals.data.map((r) => r.id)).toEqual([rest.id, part.id]);
    const reversedEvents = (await eventsAbout(transfer.id)).map((e) => e.type);
    expect(reversedEvents.filter((type) => type === "transfer.reversed")).toHaveLength(2);
    expect(reversedEvents.filter((type) => type === "transfer.updated")).toHaveLength(2);
    await delivered("transfer.reversed", transfer.id);

    const other = await stripe.transfers.create({
      amount: 100,
      currency: "usd",
      destination: account.id,
      source_transaction: chargeId,
      transfer_group: group,
    });
    const byGroup = await stripe.transfers.list({ transfer_group: group });
    expect(byGroup.data.map((t) => t.id)).toEqual([other.id, transfer.id]);
    const byDestination = await stripe.transfers.list({ destination: account.id, limit: 1 });
    expect(byDestination.data.map((t) => t.id)).toEqual([other.id]);
    expect(byDestination.has_more).toBe(true);

    expect(await bookOf(chargeId)).toMatchObject({ amount: 1000, transferred: 100 });
    const book = await bookOf(chargeId);
    expect(book.transfers.map((t) => t.id).sort()).toEqual([transfer.id, other.id].sort());
    expect(book.reversals.map((r) => r.id).sort()).toEqual([part.id, rest.id].sort());
  });
});

describe("fault injection", () => {
  const refundOf = async (amount: number, key?: string) => {
    const { intent } = await paidSession(1000);
    const create = () =>
      stripe.refunds.create(
        { payment_intent: intent.id, amount },
        key ? { idempotencyKey: `${key}-${intent.id}` } : undefined,
      );
    const count = async () =>
      (await stripe.refunds.list({ payment_intent: intent.id })).data.length;
    return { create, count };
  };

  test("the control API checks faults and clears them", async () => {
    for (const faults of [
      [],
      [{ mode: "explode", count: 1 }],
      [{ mode: "timeout", count: 0 }],
      [{ mode: "timeout", count: 1, path: "refunds" }],
    ]) {
      expect((await controlCall("POST", "faults", { faults })).status).toBe(400);
    }
    await control("faults", { faults: [{ mode: "error_500", count: 3 }] });
    expect((await controlCall("DELETE", "faults")).status).toBe(200);
    expect((await control<{ faults: unknown[] }>("state")).faults).toEqual([]);
    expect((await stripe.balance.retrieve()).object).toBe("balance");
  });

  test("error_500: nothing done; kept under its idempotency key and replayed", async () => {
    const { create, count } = await refundOf(100, "r500");
    await control("faults", { faults: [{ mode: "error_500", count: 1, path: "/v1/refunds" }] });
    const first = await create().catch((e: Stripe.errors.StripeError) => e);
    expect(first).toMatchObject({ type: "StripeAPIError", statusCode: 500 });
    expect(await count()).toBe(0);
    // The retry with the same key gets the saved 500 again; nothing is done.
    const again = await create().catch((e: Stripe.errors.StripeError) => e);
    expect(again).toMatchObject({ type: "StripeAPIError", statusCode: 500 });
    expect((again as Stripe.errors.StripeError).headers?.["idempotent-replayed"]).toBe("true");
    expect(await count()).toBe(0);
    // Without a key a 500 is not kept: the next request runs.
    const plain = await refundOf(100);
    await control("faults", { faults: [{ mode: "error_500", count: 1, method: "POST" }] });
    await expect(plain.create()).rejects.toMatchObject({ statusCode: 500 });
    expect((await plain.create()).status).toBe("succeeded");
    expect(await plain.count()).toBe(1);
  });

  test("rate_limit_429: nothing done, nothing kept; counts down per matching request", async () => {
    const { create, count } = await refundOf(100, "r429");
    await control("faults", {
      faults: [{ mode: "rate_limit_429", count: 2, method: "POST", path: "/v1/refunds" }],
    });
    // A GET does not match; two POSTs are limited; the third goes through with the same key.
    expect(await count()).toBe(0);
    for (let i = 0; i < 2; i++) {
      await expect(create()).rejects.toMatchObject({
        type: "StripeRateLimitError",
        statusCode: 429,
      });
    }
    expect(await count()).toBe(0);
    expect((await create()).status).toBe("succeeded");
    expect(await count()).toBe(1);
  });

  test("timeout: the request is held unanswered and nothing is done", async () => {
    const { intent } = await paidSession(1000);
    const impatient = new Stripe(SECRET_KEY, {
      host: "127.0.0.1",
      port: Number(new URL(base).port),
      protocol: "http",
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 0,
      timeout: 500,
    });
    await control("faults", { faults: [{ mode: "timeout", count: 1, path: "/v1/refunds" }] });
    const started = Date.now();
    await expect(
      impatient.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `t-${intent.id}` }),
    ).rejects.toMatchObject({ type: "StripeConnectionError" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toEqual([]);
    // The retry with the same key does the work (nothing was kept).
    const refund = await impatient.refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `t-${intent.id}` },
    );
    expect(refund.amount).toBe(1000);
  });

  test("lost_response: the request is done, the answer lost; the same key replays it", async () => {
    const { create, count } = await refundOf(400, "lost");
    await control("faults", { faults: [{ mode: "lost_response", count: 1, path: "/v1/refunds" }] });
    await expect(create()).rejects.toMatchObject({ type: "StripeConnectionError" });
    expect(await count()).toBe(1);
    const replayed = await create();
    expect(replayed.amount).toBe(400);
    expect(await count()).toBe(1);
  });
});

describe("webhooks", () => {
  test("signatures verify with the SDK, and a changed body does not", async () => {
    const { body, signature } = await until(() => received[0]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expect(
      stripe.webhooks.constructEventAsync(body, signature, WEBHOOK_SECRET, undefined, crypto),
    ).resolves.toBeTruthy();
    await expect(
      stripe.webhooks.constructEventAsync(
        body.replace("event", "evemt"),
        signature,
        WEBHOOK_SECRET,
        undefined,
        crypto,
      ),
    ).rejects.toThrow(/signature/i);
  });

  test("a failing endpoint is retried with backoff", async () => {
    failing.set("transfer.created", 2);
    const account = await stripe.accounts.create({
      type: "express",
      capabilities: { transfers: { requested: true } },
    });
    await control(`accounts/${account.id}/complete`, {});
    const { chargeId } = await paidSession(600);
    const transfer = await stripe.transfers.create({
      amount: 600,
      currency: "usd",
      destination: account.id,
      source_transaction: chargeId,
    });
    await delivered("transfer.created", transfer.id);
    const tries = attempts.filter(
      (a) => a.type === "transfer.created" && a.id === received.at(-1)!.event.id,
    );
    expect(tries.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(RETRY_MS - 10);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(2 * RETRY_MS - 10);
    const [stored] = await eventsAbout(transfer.id);
    expect(stored!.delivery).toMatchObject({ status: "delivered", nextAttemptAt: null });
    expect(stored!.delivery.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
  });

  test("held events are delivered in the order a test chooses, duplicates included; redelivery", async () => {
    await control("hold", { hold: true });
    const session = await newSession();
    await control(`sessions/${session.id}/pay`, { outcome: "paid" });
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const queued = (await listEvents()).filter((e) => e.delivery.status === "held");
    const completed = queued.find((e) => e.type === "checkout.session.completed")!;
    const succeeded = queued.find(
      (e) =>
        e.type === "payment_intent.succeeded" &&
        (e.event.data.object as { id: string }).id === intentId,
    )!;
    expect(received.some((r) => r.event.id === completed.id)).toBe(false);

    const from = received.length;
    const result = await control<{ results: { status: number }[] }>("deliver", {
      eventIds: [completed.id, succeeded.id, completed.id],
    });
    expect(result.results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(received.slice(from).map((r) => r.event.id)).toEqual([
      completed.id,
      succeeded.id,
      completed.id,
    ]);

    await control("hold", { hold: false });
    const rest = queued.filter((e) => e.id !== completed.id && e.id !== succeeded.id);
    await until(() => rest.every((e) => received.some((r) => r.event.id === e.id)));

    const before = received.filter((r) => r.event.id === completed.id).length;
    await control(`events/${completed.id}/redeliver`, {});
    expect(received.filter((r) => r.event.id === completed.id).length).toBe(before + 1);
  });

  test("events are listed by the API too", async () => {
    const list = await stripe.events.list({ type: "checkout.session.completed", limit: 2 });
    expect(list.data).toHaveLength(2);
    expect(list.data.every((e) => e.type === "checkout.session.completed")).toBe(true);
  });
});

test("state survives a restart, and a bank debit in flight still settles", async () => {
  const session = await newSession();
  await control(`sessions/${session.id}/pay`, { outcome: "async_succeeded", delayMs: 400 });
  const account = await stripe.accounts.create({
    type: "express",
    capabilities: { transfers: { requested: true } },
  });
  await stop();
  await start(dataDir);
  expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);
  expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("complete");
  await delivered("checkout.session.async_payment_succeeded", session.id);
  expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("paid");
  const state = await control<{ sessions: { id: string }[] }>("state");
  expect(state.sessions.some((s) => s.id === session.id)).toBe(true);
});
