// Stripe, through its official SDK (fetch client and Web Crypto, so it runs in Convex's
// runtime). STRIPE_API_URL points it at the local stand-in; unset, it is api.stripe.com.
// Every call that moves money carries an idempotency key derived from our own records.
import Stripe from "stripe";
import { z } from "zod";
import { baseUrl, env } from "../platforms/http";

let client: Stripe | null = null;

export function stripe(): Stripe {
  if (client) return client;
  const base = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : null;
  client = new Stripe(env("STRIPE_SECRET_KEY"), {
    // Resolve `fetch` per request (not once) so the runtime's fetch is always the one used.
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return client;
}

/** What we read from a Checkout Session (parsed: provider data is untrusted input). */
const sessionSchema = z.object({
  id: z.string(),
  status: z.string().nullable(),
  payment_status: z.string().nullable(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullable(),
  amount_total: z.number().nullable(),
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

export interface SessionState {
  sessionId: string;
  status: string | null;
  paymentStatus: string | null;
  paymentIntentId?: string;
  amountTotal: number | null;
  contributionId?: string;
  customerDetails?: { name?: string; email?: string; country?: string };
}

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
  proposalId: string;
  title: string;
  amountCents: number;
  email?: string;
}): Promise<{ id: string; url: string }> {
  const site = baseUrl("SITE_URL");
  const metadata = { contributionId: args.contributionId, proposalId: args.proposalId };
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
      cancel_url: `${site}/expanded-proposal/${args.proposalId}?checkout=cancelled`,
      client_reference_id: args.contributionId,
      metadata,
      payment_intent_data: { metadata, transfer_group: `proposal_${args.proposalId}` },
      ...(args.email ? { customer_email: args.email } : {}),
    },
    { idempotencyKey: `checkout-${args.contributionId}` },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { id: session.id, url: session.url };
}

export async function retrieveCheckoutSession(sessionId: string): Promise<SessionState> {
  return sessionState(await stripe().checkout.sessions.retrieve(sessionId));
}

export async function expireCheckoutSession(sessionId: string): Promise<void> {
  await stripe().checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
}

/** Refunds what remains of a contribution's payment. */
export async function refundPayment(args: {
  contributionId: string;
  paymentIntentId: string;
  amountCents: number;
}) {
  const refund = await stripe().refunds.create(
    {
      payment_intent: args.paymentIntentId,
      amount: args.amountCents,
      metadata: { contributionId: args.contributionId },
    },
    { idempotencyKey: `refund-${args.contributionId}` },
  );
  return { refundId: refund.id, status: refund.status };
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

/** Pays a creator's earning out of the contribution's charge (separate charges and transfers). */
export async function transferEarning(args: {
  earningId: string;
  accountId: string;
  amountCents: number;
  proposalId: string;
  chargeId?: string;
}): Promise<string> {
  const transfer = await stripe().transfers.create(
    {
      amount: args.amountCents,
      currency: "usd",
      destination: args.accountId,
      transfer_group: `proposal_${args.proposalId}`,
      ...(args.chargeId ? { source_transaction: args.chargeId } : {}),
      metadata: { earningId: args.earningId },
    },
    { idempotencyKey: `transfer-${args.earningId}` },
  );
  return transfer.id;
}

export async function chargeOf(paymentIntentId: string): Promise<string | undefined> {
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  const charge = intent.latest_charge;
  return typeof charge === "string" ? charge : (charge?.id ?? undefined);
}

/** Verifies a webhook's signature (Stripe's scheme, 300 s tolerance) over the raw body. */
export async function verifyWebhook(rawBody: string, signature: string): Promise<Stripe.Event> {
  return await stripe().webhooks.constructEventAsync(
    rawBody,
    signature,
    env("STRIPE_WEBHOOK_SECRET"),
    300,
    Stripe.createSubtleCryptoProvider(),
  );
}
