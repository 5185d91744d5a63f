// The hosted Checkout page (`session.url`): shows what is being paid, takes a test card or a
// "pay later" bank debit, and returns to the product's success_url like Stripe Checkout does.
import { escapeHtml, page, redirect, type RouteRequest } from "../framework.js";
import { formatMoney, PLATFORM_NAME, type Core } from "./core.js";
import { payByCard, payLater, testCard, TEST_CARD_HINT, type Payer } from "./payments.js";
import type { CheckoutSession } from "./state.js";

export const COUNTRIES: [string, string][] = [
  ["US", "United States"],
  ["CA", "Canada"],
  ["GB", "United Kingdom"],
  ["IE", "Ireland"],
  ["AU", "Australia"],
  ["NZ", "New Zealand"],
  ["DE", "Germany"],
  ["FR", "France"],
  ["ES", "Spain"],
  ["IT", "Italy"],
  ["NL", "Netherlands"],
  ["SE", "Sweden"],
  ["JP", "Japan"],
  ["SG", "Singapore"],
  ["IN", "India"],
  ["BR", "Brazil"],
  ["MX", "Mexico"],
];

export const successUrlFor = (session: CheckoutSession) =>
  session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);

const amountOf = (session: CheckoutSession) => formatMoney(session.amount_total, session.currency);

interface FormState {
  error?: string;
  values?: Partial<Payer & { card: string }>;
}

function checkoutForm(core: Core, session: CheckoutSession, state: FormState = {}, status = 200) {
  const items = core.store.data.checkout[session.id]?.lineItems ?? [];
  const v = state.values ?? {};
  const email = v.email ?? session.customer_email ?? "";
  const country = v.country ?? "US";
  const later = session.payment_method_types.includes("us_bank_account");
  const options = COUNTRIES.map(
    ([code, name]) =>
      `<option value="${code}"${code === country ? " selected" : ""}>${escapeHtml(name)}</option>`,
  ).join("");
  const list = items
    .map(
      (item) =>
        `<li>${escapeHtml(item.description)}${item.quantity > 1 ? ` × ${item.quantity}` : ""}: ${formatMoney(item.amount_total, item.currency)}</li>`,
    )
    .join("");
  return page(
    `Pay ${amountOf(session)} to ${PLATFORM_NAME}`,
    `<span class="badge">Test mode</span><h1>Pay ${amountOf(session)} to ${PLATFORM_NAME}</h1>
<ul class="note">${list}</ul>
${state.error ? `<p role="alert" style="color:#b42318">${escapeHtml(state.error)}</p>` : ""}
<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required value="${escapeHtml(v.name ?? "")}">
<label for="country">Country</label><select id="country" name="country" autocomplete="country">${options}</select>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint" value="${escapeHtml(v.card ?? "4242 4242 4242 4242")}">
<p id="card-hint" class="note">${TEST_CARD_HINT} Any future expiry date and CVC.${
      later
        ? ` A bank transfer settles after ${Math.round(core.asyncDelayMs / 1000)} seconds; an email containing "+fail" makes it fail.`
        : ""
    }</p>
<button type="submit" name="action" value="pay">Pay</button>
${later ? '<button type="submit" name="action" value="later" class="secondary">Pay later (bank transfer)</button>' : ""}
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ""}`,
    status,
  );
}

function closedPage(session: CheckoutSession) {
  if (session.status === "expired") {
    return page(
      "Checkout expired",
      `<h1>This checkout session has expired</h1><p class="note">Nothing was charged. Start again from ${PLATFORM_NAME}.</p>${
        session.cancel_url
          ? `<p><a href="${escapeHtml(session.cancel_url)}">Back to ${PLATFORM_NAME}</a></p>`
          : ""
      }`,
      410,
    );
  }
  return page(
    "Payment complete",
    `<h1>This payment is complete</h1><p class="note">${amountOf(session)} to ${PLATFORM_NAME}${
      session.payment_status === "paid" ? "" : " (the bank transfer is still processing)"
    }.</p><p><a href="${escapeHtml(successUrlFor(session))}">Continue to ${PLATFORM_NAME}</a></p>`,
  );
}

const notFound = () =>
  page(
    "Not found",
    '<h1>Something went wrong</h1><p class="note">This checkout session does not exist.</p>',
    404,
  );

/** Reads and checks the form's payer fields; a message when one is missing or wrong. */
function payerFrom(form: URLSearchParams): Payer | string {
  const email = (form.get("email") ?? "").trim();
  const name = (form.get("name") ?? "").trim();
  const country = form.get("country") ?? "US";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return "Your email address is invalid.";
  if (!name) return "Enter the name on the card.";
  if (!COUNTRIES.some(([code]) => code === country)) return "Choose a country.";
  return { email, name, country };
}

export function checkoutRoutes(core: Core) {
  const show = ({ params }: RouteRequest) => {
    const session = core.store.data.sessions[params.sessionId!];
    if (!session) return notFound();
    return session.status === "open" ? checkoutForm(core, session) : closedPage(session);
  };

  const submit = ({ params, form }: RouteRequest) => {
    const session = core.store.data.sessions[params.sessionId!];
    if (!session) return notFound();
    if (session.status !== "open") return closedPage(session);
    const fields = form();
    const values = Object.fromEntries(fields) as FormState["values"];
    const payer = payerFrom(fields);
    if (typeof payer === "string")
      return checkoutForm(core, session, { error: payer, values }, 400);
    if (
      fields.get("action") === "later" &&
      session.payment_method_types.includes("us_bank_account")
    ) {
      payLater(core, session, payer);
      return redirect(successUrlFor(session));
    }
    const card = testCard(fields.get("card") ?? "");
    if (!card)
      return checkoutForm(core, session, { error: "Your card number is incorrect.", values }, 400);
    const result = payByCard(core, session, payer, card);
    if (!result.ok) return checkoutForm(core, session, { error: result.message, values }, 402);
    return redirect(successUrlFor(session));
  };

  return { show, submit };
}
