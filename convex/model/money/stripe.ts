// Stripe, through its official SDK (fetch client and Web Crypto, so it runs in Convex's
// runtime). STRIPE_API_URL points it at the local stand-in; unset, it is api.stripe.com.
// Every call that moves money carries an idempotency key derived from our own records.
import Stripe from "stripe";
import { z } from "zod";
import { baseUrl, env } from "../platforms/http";
import type { CallFailure, RefundState, SessionState } from "./states";

function newClient(maxNetworkRetries: number): Stripe {
  const base = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : null;
  return new Stripe(env("STRIPE_SECRET_KEY"), {
    // Resolve `fetch` per request (not once) so the runtime's fetch is always the one used.
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

let client: Stripe | null = null;
let onceClient: Stripe | null = null;

/** For reads and checkouts: the SDK's own retries are harmless there. */
export function stripe(): Stripe {
  return (client ??= newClient(2));
}

/**
 * For money movements: one request per attempt, so the reconciler alone decides when to retry
 * and under which idempotency key (model/money/movements.ts nextKey).
 */
function stripeOnce(): Stripe {
  return (onceClient ??= newClient(0));
}

/** What we read from a Checkout Session (parsed: provider data is untrusted input). */
const sessionSchema = z.object({
  id: z.string(),
  status: z.string().nullable(),
  payment_status: z.string().nullable(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullable(),
  amount_total: z.number().nullable(),
  currency: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  customer_details: z
    .object({
      name: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      address: z
        .object({ country: z.string().nullable().optional() })
        .passthrough()
        .nullable()
        .optional(),
    })
    .passthrough()
    .nullable()
    .optional(),
});

/** A Checkout Session id as Stripe makes them (`cs_test_…`, `cs_live_…`); nothing else is one. */
export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/** A Checkout Session as the app keeps it (states.ts sessionStateValidator). */
export function sessionState(raw: unknown): SessionState {
  const session = sessionSchema.parse(raw);
  const details = session.customer_details;
  return {
    sessionId: session.id,
    status: session.status,
    paymentStatus: session.payment_status,
    paymentIntentId:
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : session.payment_intent?.id,
    amountTotal: session.amount_total,
    ...(session.currency ? { currency: session.currency.toLowerCase() } : {}),
    contributionId: session.metadata?.contributionId,
    customerDetails: details
      ? {
          name: details.name ?? undefined,
          email: details.email ?? undefined,
          country: details.address?.country ?? undefined,
        }
      : undefined,
  };
}

export async function createCheckoutSession(args: {
  contributionId: string;
  ideaId: string;
  title: string;
  amountCents: number;
  email?: string;
}): Promise<{ id: string; url: string }> {
  const site = baseUrl("SITE_URL");
  const metadata = { contributionId: args.contributionId, ideaId: args.ideaId };
  const session = await stripe().checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: args.amountCents,
            product_data: { name: `Bounty: ${args.title.slice(0, 200)}` },
          },
        },
      ],
      success_url: `${site}/contribution/{CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/expanded-proposal/${args.ideaId}?checkout=cancelled`,
      client_reference_id: args.contributionId,
      metadata,
      payment_intent_data: { metadata, transfer_group: transferGroup(args.ideaId) },
      ...(args.email ? { customer_email: args.email } : {}),
    },
    { idempotencyKey: `checkout-${args.contributionId}` },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { id: session.id, url: session.url };
}

/**
 * A lookup someone is waiting on (the confirmation page's): one try, answered or given up
 * within this time, so a slow Stripe costs that person a short wait and holds up nothing else.
 */
export const INTERACTIVE_LOOKUP = { timeout: 8_000, maxNetworkRetries: 0 } as const;

/** The session as Stripe has it, or null when Stripe does not know it ("No such checkout session"). */
export async function retrieveCheckoutSession(
  sessionId: string,
  requestOptions?: typeof INTERACTIVE_LOOKUP,
): Promise<SessionState | null> {
  try {
    return sessionState(
      await stripe().checkout.sessions.retrieve(sessionId, {}, requestOptions ?? {}),
    );
  } catch (e) {
    if (e instanceof Stripe.errors.StripeError && e.statusCode === 404) return null;
    throw e;
  }
}

export async function expireCheckoutSession(sessionId: string): Promise<void> {
  await stripe().checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
}

export async function createPayoutAccount(args: {
  userId: string;
  email?: string;
}): Promise<string> {
  const account = await stripe().accounts.create(
    {
      type: "express",
      ...(args.email ? { email: args.email } : {}),
      capabilities: { transfers: { requested: true } },
      metadata: { userId: args.userId },
    },
    { idempotencyKey: `account-${args.userId}` },
  );
  return account.id;
}

export async function payoutAccountLink(accountId: string): Promise<string> {
  const site = baseUrl("SITE_URL");
  const link = await stripe().accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: `${site}/profile?tab=settings&payouts=refresh`,
    return_url: `${site}/profile?tab=settings&payouts=return`,
  });
  return link.url;
}

/** Whether a Connect account can receive transfers. */
export function accountReady(account: {
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string | null } | null;
}): boolean {
  return account.payouts_enabled === true && account.capabilities?.transfers === "active";
}

export async function retrievePayoutAccountReady(accountId: string): Promise<boolean> {
  return accountReady(await stripe().accounts.retrieve(accountId));
}

/**
 * Verifies a webhook's signature (Stripe's scheme, 300 s tolerance) over the raw body. The
 * platform endpoint and the Connect endpoint each have their own signing secret.
 */
export async function verifyWebhook(
  rawBody: string,
  signature: string,
  endpoint: "platform" | "connect",
): Promise<Stripe.Event> {
  return await stripe().webhooks.constructEventAsync(
    rawBody,
    signature,
    env(endpoint === "platform" ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_CONNECT_WEBHOOK_SECRET"),
    300,
    Stripe.createSubtleCryptoProvider(),
  );
}

// --- Money movements: made once, found again by our metadata ---------------------------------

const refundSchema = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  status: z.string().nullable(),
  created: z.number().int().nonnegative().optional(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullable(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

export function refundState(raw: unknown): RefundState | null {
  const refund = refundSchema.parse(raw);
  const intent =
    typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!intent) return null;
  return {
    refundId: refund.id,
    paymentIntentId: intent,
    amountCents: refund.amount,
    status: refund.status ?? "pending",
    ...(refund.created !== undefined ? { createdAt: refund.created * 1000 } : {}),
    ...(refund.metadata?.movementId ? { movementId: refund.metadata.movementId } : {}),
  };
}

/** Every refund of a payment (all pages). */
export async function listRefunds(paymentIntentId: string): Promise<RefundState[]> {
  const found: RefundState[] = [];
  for await (const refund of stripe().refunds.list({
    payment_intent: paymentIntentId,
    limit: 100,
  })) {
    const state = refundState(refund);
    if (state) found.push(state);
  }
  return found;
}

export async function createRefund(args: {
  movementId: string;
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
}): Promise<RefundState> {
  const refund = await stripeOnce().refunds.create(
    {
      payment_intent: args.paymentIntentId,
      amount: args.amountCents,
      metadata: { movementId: args.movementId },
    },
    { idempotencyKey: args.idempotencyKey },
  );
  return refundState(refund)!;
}

export async function createTransfer(args: {
  movementId: string;
  destination: string;
  amountCents: number;
  ideaId: string;
  chargeId?: string;
  idempotencyKey: string;
}): Promise<string> {
  const transfer = await stripeOnce().transfers.create(
    {
      amount: args.amountCents,
      currency: "usd",
      destination: args.destination,
      transfer_group: transferGroup(args.ideaId),
      ...(args.chargeId ? { source_transaction: args.chargeId } : {}),
      metadata: { movementId: args.movementId },
    },
    { idempotencyKey: args.idempotencyKey },
  );
  return transfer.id;
}

/** Our transfer for a movement, if Stripe made it (searched within the idea's transfer group). */
export async function findTransfer(ideaId: string, movementId: string): Promise<string | null> {
  for await (const transfer of stripe().transfers.list({
    transfer_group: transferGroup(ideaId),
    limit: 100,
  })) {
    if (transfer.metadata?.movementId === movementId) return transfer.id;
  }
  return null;
}

export async function createReversal(args: {
  movementId: string;
  transferId: string;
  amountCents: number;
  idempotencyKey: string;
}): Promise<string> {
  const reversal = await stripeOnce().transfers.createReversal(
    args.transferId,
    { amount: args.amountCents, metadata: { movementId: args.movementId } },
    { idempotencyKey: args.idempotencyKey },
  );
  return reversal.id;
}

export async function findReversal(transferId: string, movementId: string): Promise<string | null> {
  for await (const reversal of stripe().transfers.listReversals(transferId, { limit: 100 })) {
    if (reversal.metadata?.movementId === movementId) return reversal.id;
  }
  return null;
}

export function transferGroup(ideaId: string) {
  return `idea_${ideaId}`;
}

/** The platform's balance in USD, for the operator page. */
export async function platformBalance(): Promise<{ availableCents: number; pendingCents: number }> {
  const balance = await stripe().balance.retrieve();
  const usd = (list: { amount: number; currency: string }[] | undefined) =>
    (list ?? []).filter((b) => b.currency === "usd").reduce((sum, b) => sum + b.amount, 0);
  return { availableCents: usd(balance.available), pendingCents: usd(balance.pending) };
}

/** How a failed Stripe call ended (states.ts CALL_FAILURES), which decides the next key. */
export function classifyFailure(e: unknown): CallFailure {
  if (e instanceof Stripe.errors.StripeError) {
    const status = e.statusCode;
    if (status === undefined || e instanceof Stripe.errors.StripeConnectionError) return "network";
    if (status === 429 || status === 409) return "rate_limited";
    if (status >= 500) return "server";
    return "refused";
  }
  return "network";
}

/** The charge behind a payment (transfers draw on it with `source_transaction`). */
export async function chargeOf(paymentIntentId: string): Promise<string | undefined> {
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  const charge = intent.latest_charge;
  return typeof charge === "string" ? charge : (charge?.id ?? undefined);
}
