// Stripe Connect accounts for "separate charges and transfers": Express accounts that start
// unable to receive transfers, and account links to a hosted onboarding page that makes them
// ready (an `account.updated` Connect event). Transfers are in transfers.ts.
import { escapeHtml, page, redirect, type RouteRequest } from "../framework.js";
import { PLATFORM_NAME, type Core } from "./core.js";
import { errors, type Reader } from "./forms.js";
import { base, nowSeconds, randomId, type Account } from "./state.js";

const LINK_TTL_S = 300;
const CAPABILITIES = ["transfers", "card_payments"];
const CURRENCIES: Record<string, string> = {
  US: "usd",
  CA: "cad",
  GB: "gbp",
  AU: "aud",
  JP: "jpy",
};
const DUE = [
  "business_profile.url",
  "external_account",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];

export function createAccount(core: Core, r: Reader): Account {
  r.only(
    "type",
    "country",
    "email",
    "capabilities",
    "metadata",
    "business_type",
    "business_profile",
    "default_currency",
  );
  const type = r.oneOf("type", ["express", "standard", "custom"], true)!;
  const country = (r.string("country") ?? "US").toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw errors.invalid(`Invalid country: ${country}`, "country");
  const capabilities: Account["capabilities"] = {};
  const requested = r.hash("capabilities")?.only(...CAPABILITIES);
  for (const name of CAPABILITIES) {
    if (requested?.hash(name)?.only("requested").boolean("requested"))
      capabilities[name] = "inactive";
  }
  if (type !== "standard" && Object.keys(capabilities).length === 0) {
    throw errors.invalid(
      "You must request at least one of the following capabilities: transfers, card_payments.",
      "capabilities",
    );
  }
  const profile = r.hash("business_profile")?.only("name", "url", "product_description", "mcc");
  const account: Account = {
    ...base("account", "acct_", 16),
    business_profile: {
      mcc: profile?.string("mcc") ?? null,
      minority_owned_business_designation: null,
      name: profile?.string("name") ?? null,
      product_description: profile?.string("product_description") ?? null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: profile?.string("url") ?? null,
    },
    business_type:
      r.oneOf("business_type", ["individual", "company", "non_profit", "government_entity"]) ??
      null,
    capabilities,
    charges_enabled: false,
    controller: { is_controller: true, type: "application" },
    country,
    default_currency: r.string("default_currency")?.toLowerCase() ?? CURRENCIES[country] ?? "usd",
    details_submitted: false,
    email: r.email("email") ?? null,
    external_accounts: { object: "list", data: [], has_more: false, total_count: 0, url: "" },
    metadata: r.metadata(),
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: DUE,
      disabled_reason: "requirements.past_due",
      errors: [],
      eventually_due: DUE,
      past_due: DUE,
      pending_verification: [],
    },
    // The settings a new Express account has: the four parts the API always returns, and its
    // payout schedule.
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: profile?.string("name") ?? null, timezone: "Etc/UTC" },
      payments: {
        statement_descriptor: null,
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      payouts: {
        debit_negative_balances: true,
        schedule: { delay_days: 2, interval: "daily" },
        statement_descriptor: null,
      },
    },
    tos_acceptance: { date: null },
    type,
  };
  (account.external_accounts as { url: string }).url =
    `/v1/accounts/${account.id}/external_accounts`;
  core.store.data.accounts[account.id] = account;
  core.store.changed();
  return account;
}

export function getAccount(core: Core, id: string): Account {
  const account = core.store.data.accounts[id];
  if (!account) throw errors.notFound("account", id, "account");
  return account;
}

export function createAccountLink(core: Core, r: Reader) {
  r.only("account", "refresh_url", "return_url", "type", "collect", "collection_options");
  const accountId = r.required("account");
  getAccount(core, accountId);
  r.oneOf("type", ["account_onboarding", "account_update"], true);
  const refreshUrl = r.url("refresh_url", true)!;
  const returnUrl = r.url("return_url", true)!;
  const token = randomId("", 32);
  const created = nowSeconds();
  core.store.data.accountLinks[token] = {
    account: accountId,
    refresh_url: refreshUrl,
    return_url: returnUrl,
    expires_at: created + LINK_TTL_S,
    used: false,
  };
  core.store.changed();
  return {
    object: "account_link",
    created,
    expires_at: created + LINK_TTL_S,
    url: `${core.baseUrl}/stripe/connect/onboarding/${token}`,
  };
}

/** Finishes onboarding: the account can receive transfers (an `account.updated` event). */
export function completeOnboarding(core: Core, id: string): Account {
  const account = getAccount(core, id);
  if (
    account.details_submitted &&
    Object.values(account.capabilities).every((c) => c === "active")
  ) {
    return account;
  }
  const previous = structuredClone({
    capabilities: account.capabilities,
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
    requirements: account.requirements,
  });
  const bank = {
    id: randomId("ba_"),
    object: "bank_account",
    account: id,
    bank_name: "STRIPE TEST BANK",
    country: account.country,
    currency: account.default_currency,
    default_for_currency: true,
    last4: "6789",
    status: "new",
  };
  Object.assign(account, {
    capabilities: Object.fromEntries(
      Object.keys(account.capabilities).map((name) => [name, "active"]),
    ),
    charges_enabled: true,
    details_submitted: true,
    payouts_enabled: true,
    requirements: {
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    },
    tos_acceptance: { date: nowSeconds() },
    external_accounts: { ...(account.external_accounts as object), data: [bank], total_count: 1 },
  });
  core.webhooks.emit("account.updated", account, { account: id, previous_attributes: previous });
  core.store.changed();
  return account;
}

/** The hosted onboarding page behind an account link; expired or used links go to refresh_url. */
export function onboardingPage(core: Core, { params, request, form }: RouteRequest): Response {
  const link = core.store.data.accountLinks[params.token!];
  if (!link) {
    return page(
      "Link expired",
      `<h1>This link is no longer valid</h1><p class="note">Ask ${PLATFORM_NAME} for a new one.</p>`,
      404,
    );
  }
  if (link.used || link.expires_at < nowSeconds()) return redirect(link.refresh_url);
  if (request.method === "POST") {
    if (form().get("action") !== "complete") return redirect(link.refresh_url);
    completeOnboarding(core, link.account);
    link.used = true;
    core.store.changed();
    return redirect(link.return_url);
  }
  const account = getAccount(core, link.account);
  return page(
    `Set up payouts for ${PLATFORM_NAME}`,
    `<span class="badge">Test mode</span><h1>Set up payouts for ${PLATFORM_NAME}</h1>
<p class="note">${PLATFORM_NAME} partners with Stripe to pay you. In this local stand-in no personal or bank details are needed.</p>
<dl><dt>Email</dt><dd>${escapeHtml(account.email ?? "(none)")}</dd><dt>Account</dt><dd>${account.id}</dd></dl>
<form method="post"><button type="submit" name="action" value="complete">Complete setup</button>
<button type="submit" name="action" value="later" class="secondary">Not now</button></form>`,
  );
}
