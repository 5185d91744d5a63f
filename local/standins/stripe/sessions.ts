// Checkout Sessions: creation with Stripe's validation (payment mode, line items with
// price_data, at least $0.50, expires_at between 30 minutes and 24 hours), expiry (on request
// or when expires_at passes) and the timers a restart must re-arm.
import { formatMoney, type Core, type EventOrigin } from "./core.js";
import { errors, type Reader } from "./forms.js";
import { base, nowSeconds, randomId, type CheckoutSession, type LineItem } from "./state.js";
import { armSettlement } from "./payments.js";

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;
const MAX_AMOUNT = 99_999_999;
export const PAYMENT_METHOD_TYPES = ["card", "us_bank_account"] as const;

function lineItems(r: Reader): LineItem[] {
  const items = r.list("line_items", true);
  if (items.length === 0) throw errors.missing("line_items");
  return items.map((item) => {
    item.only("price_data", "price", "quantity");
    const priceId = item.string("price");
    if (priceId) throw errors.notFound("price", priceId, item.name("price"));
    const data = item
      .hash("price_data", true)!
      .only("currency", "unit_amount", "product_data", "product");
    const currency = data.required("currency").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw errors.invalid(`Invalid currency: ${currency}`, data.name("currency"));
    const unitAmount = data.integer("unit_amount", { required: true, min: 0 })!;
    const productId = data.string("product");
    if (productId) throw errors.notFound("product", productId, data.name("product"));
    const product = data
      .hash("product_data", true)!
      .only("name", "description", "images", "metadata");
    const name = product.string("name", { required: true, max: 250 })!;
    const quantity = item.integer("quantity", { required: true, min: 1 })!;
    const amount = unitAmount * quantity;
    return {
      id: randomId("li_"),
      object: "item" as const,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency,
      description: name,
      quantity,
      price: {
        ...base("price", "price_"),
        active: false,
        currency,
        metadata: {},
        product: randomId("prod_", 14),
        type: "one_time",
        unit_amount: unitAmount,
      },
    };
  });
}

export function createSession(core: Core, r: Reader): CheckoutSession {
  r.only(
    ...["mode", "line_items", "success_url", "cancel_url", "client_reference_id", "customer_email"],
    ...[
      "metadata",
      "payment_intent_data",
      "expires_at",
      "payment_method_types",
      "locale",
      "submit_type",
    ],
  );
  const mode = r.oneOf("mode", ["payment", "setup", "subscription"], true);
  if (mode !== "payment") {
    throw errors.invalid("The local Stripe stand-in supports only mode=payment.", "mode");
  }
  const items = lineItems(r);
  const currency = items[0]!.currency;
  if (items.some((item) => item.currency !== currency)) {
    throw errors.invalid("All line items must use the same currency.", "line_items");
  }
  const total = items.reduce((sum, item) => sum + item.amount_total, 0);
  if (total < 50) {
    throw errors.invalid(
      `The Checkout Session's total amount due must add up to at least ${formatMoney(50, currency)} ${currency}`,
      "line_items",
      "amount_too_small",
    );
  }
  if (total > MAX_AMOUNT) {
    throw errors.invalid(
      `The Checkout Session's total amount due must be no more than ${formatMoney(MAX_AMOUNT, currency)}`,
      "line_items",
      "amount_too_large",
    );
  }
  const successUrl = r.url("success_url", true)!;
  const cancelUrl = r.url("cancel_url") ?? null;
  const created = nowSeconds();
  const expiresAt = r.integer("expires_at") ?? created + MAX_EXPIRY_S;
  if (expiresAt - created < MIN_EXPIRY_S || expiresAt - created > MAX_EXPIRY_S) {
    throw errors.invalid(
      "The `expires_at` timestamp must be at least 30 minutes and less than 24 hours from Checkout Session creation.",
      "expires_at",
    );
  }
  const methodTypes = r.strings("payment_method_types");
  for (const type of methodTypes) {
    if (!(PAYMENT_METHOD_TYPES as readonly string[]).includes(type)) {
      throw errors.invalid(
        `Invalid payment_method_types: must be one of ${PAYMENT_METHOD_TYPES.join(", ")}`,
        "payment_method_types",
      );
    }
  }
  const intentData = r
    .hash("payment_intent_data")
    ?.only("metadata", "transfer_group", "description");
  // A hosted payment-mode session without the features this stand-in does not offer
  // (shipping, tax, consent, custom fields, discounts, invoices...): Stripe returns those fields
  // all the same, empty.
  const session: CheckoutSession = {
    ...base("checkout.session", "cs_test_", 58),
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: r.string("client_reference_id", { max: 200 }) ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: "if_required",
    customer_details: null,
    customer_email: r.email("customer_email") ?? null,
    discounts: [],
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    locale: r.string("locale") ?? null,
    managed_payments: null,
    metadata: r.metadata(),
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: methodTypes.length ? methodTypes : [...PAYMENT_METHOD_TYPES],
    payment_status: "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: r.oneOf("submit_type", ["auto", "pay", "donate", "book"]) ?? null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: null,
    wallet_options: null,
  };
  session.created = created;
  session.url = `${core.baseUrl}/stripe/checkout/${session.id}`;
  const state = core.store.data;
  state.sessions[session.id] = session;
  state.checkout[session.id] = {
    lineItems: items,
    intentData: {
      metadata: intentData?.metadata() ?? {},
      transfer_group: intentData?.string("transfer_group") ?? null,
      description: intentData?.string("description") ?? null,
    },
    intentId: null,
    asyncDueAt: null,
    asyncFails: false,
  };
  core.store.changed();
  armExpiry(core, session);
  return session;
}

export function expireSession(core: Core, id: string, origin: EventOrigin = {}): CheckoutSession {
  const state = core.store.data;
  const session = state.sessions[id];
  if (!session) throw errors.notFound("checkout.session", id, "session");
  if (session.status !== "open") {
    throw errors.refused(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      "checkout_session_not_open",
    );
  }
  session.status = "expired";
  session.url = null;
  core.timers.cancel(`expire:${id}`);
  const intentId = state.checkout[id]?.intentId;
  const intent = intentId ? state.paymentIntents[intentId] : undefined;
  if (intent) {
    Object.assign(intent, {
      status: "canceled",
      canceled_at: nowSeconds(),
      cancellation_reason: "abandoned",
    });
    core.webhooks.emit("payment_intent.canceled", intent, origin);
  }
  core.webhooks.emit("checkout.session.expired", session, origin);
  core.store.changed();
  return session;
}

function armExpiry(core: Core, session: CheckoutSession) {
  core.timers.at(`expire:${session.id}`, session.expires_at * 1000, () => {
    if (core.store.data.sessions[session.id]?.status === "open") expireSession(core, session.id);
  });
}

/** After a restart: open sessions expire on time, bank transfers in flight settle. */
export function resumeSessions(core: Core) {
  const state = core.store.data;
  for (const session of Object.values(state.sessions)) {
    if (session.status === "open") armExpiry(core, session);
    armSettlement(core, session.id);
  }
}
