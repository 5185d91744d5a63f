// The Stripe stand-in's objects have Stripe's shapes: every field the API object declares as
// always present is there, and nothing it does not declare. The declarations are the Stripe SDK's
// own types (stripe-node writes them from Stripe's OpenAPI description, "File generated from our
// OpenAPI spec"), read from the installed, pinned package, so this follows the SDK the app uses.
import { mkdtempSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "../runtime/test/harness.js";
import { serveStandIns, type StandIn } from "./framework.js";
import { createStandIns } from "./registry.js";

interface Property {
  optional: boolean;
  type: string;
}

/**
 * The interfaces of one of stripe-node's type files by dotted path (`Account`,
 * `Account.Settings`, `Account.Settings.Payouts`), each with its properties.
 */
function interfacesOf(resource: string): Map<string, Map<string, Property>> {
  // The package's entry is …/stripe/cjs/stripe.cjs.node.js (or esm/…): its folder is beside esm/.
  const entry = createRequire(import.meta.url).resolve("stripe");
  const file = path.join(
    entry.slice(0, entry.lastIndexOf(`${path.sep}stripe${path.sep}`)),
    "stripe",
    "esm",
    "resources",
    `${resource}.d.ts`,
  );
  const interfaces = new Map<string, Map<string, Property>>();
  const stack: { name: string; indent: number; kind: string }[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const open = /^(\s*)(?:export )?(?:declare )?(namespace|interface) (\w+)(?:<[^>]*>)? \{$/.exec(
      line,
    );
    if (open) {
      stack.push({ name: open[3]!, indent: open[1]!.length, kind: open[2]! });
      if (open[2] === "interface") interfaces.set(stack.map((s) => s.name).join("."), new Map());
      continue;
    }
    const close = /^(\s*)\}$/.exec(line);
    if (close && stack.length > 0 && stack.at(-1)!.indent === close[1]!.length) {
      stack.pop();
      continue;
    }
    const top = stack.at(-1);
    const property = /^(\s*)(\w+)(\??): (.+);$/.exec(line);
    if (top?.kind === "interface" && property && property[1]!.length === top.indent + 4)
      interfaces
        .get(stack.map((s) => s.name).join("."))!
        .set(property[2]!, { optional: property[3] === "?", type: property[4]! });
  }
  return interfaces;
}

/** The interface a property's type names, looked up from the interface it is declared in. */
function resolve(
  interfaces: Map<string, unknown>,
  from: string,
  type: string,
): { path: string; array: boolean } | null {
  const array = /^Array<([\w.]+)>/.exec(type);
  const named = array?.[1] ?? /^([A-Z][\w.]*)/.exec(type)?.[1];
  if (!named) return null;
  for (let scope = from; ; scope = scope.split(".").slice(0, -1).join(".")) {
    const candidate = scope ? `${scope}.${named}` : named;
    if (interfaces.has(candidate)) return { path: candidate, array: Boolean(array) };
    if (!scope) return null;
  }
}

/** Where `value` differs from the interface at `at`: missing fields and undeclared ones. */
function differences(
  interfaces: Map<string, Map<string, Property>>,
  at: string,
  value: unknown,
  where = at,
): string[] {
  const declared = interfaces.get(at);
  if (!declared || value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const found: string[] = [];
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object))
    if (!declared.has(key)) found.push(`${where}.${key} is not a field of ${at}`);
  for (const [key, property] of declared) {
    if (!(key in object)) {
      if (!property.optional) found.push(`${where}.${key} is missing`);
      continue;
    }
    const nested = resolve(interfaces, at, property.type);
    if (!nested) continue;
    const items = nested.array && Array.isArray(object[key]) ? object[key] : [object[key]];
    for (const [i, item] of (items as unknown[]).entries())
      found.push(
        ...differences(
          interfaces,
          nested.path,
          item,
          `${where}.${key}${nested.array ? `[${i}]` : ""}`,
        ),
      );
  }
  return found;
}

const SECRET_KEY = "sk_test_shapesTestKey0123456789abcdef";
let server: Server;
let standIns: StandIn[];
let base: string;
let stripe: Stripe;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  standIns = createStandIns({
    baseUrl: base,
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "whsec_shapes" },
    log: () => undefined,
    dataDir: mkdtempSync(path.join(tmpdir(), "standins-stripe-shapes-")),
  });
  server = await serveStandIns(standIns, { port, log: () => undefined });
  stripe = new Stripe(SECRET_KEY, {
    host: "127.0.0.1",
    port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  for (const standIn of standIns) (standIn as { dispose?: () => void }).dispose?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The raw JSON the API answers (the SDK would hide nothing, but keep it plain). */
async function raw(pathname: string) {
  const response = await fetch(`${base}${pathname}`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function paidSession() {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        price_data: { currency: "usd", unit_amount: 2500, product_data: { name: "Fund" } },
        quantity: 1,
      },
    ],
    success_url: "https://app.test/done",
    cancel_url: "https://app.test/cancel",
  });
  await fetch(`${base}/__control/stripe/sessions/${session.id}/pay`, {
    method: "POST",
    body: JSON.stringify({ outcome: "paid", email: "grace@example.com" }),
  });
  return session;
}

test("a Checkout Session has Stripe's fields, shipping_options: [] among them", async () => {
  const created = await paidSession();
  const sessions = interfacesOf("Checkout/Sessions");
  expect(differences(sessions, "Session", created)).toEqual([]);
  const stored = await raw(`/v1/checkout/sessions/${created.id}`);
  expect(stored.shipping_options).toEqual([]);
  expect(differences(sessions, "Session", stored)).toEqual([]);
});

test("a Refund has Stripe's fields and no livemode", async () => {
  const session = await paidSession();
  const intent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
  const refund = await stripe.refunds.create({ payment_intent: intent, amount: 500 });
  expect(refund).not.toHaveProperty("livemode");
  expect(differences(interfacesOf("Refunds"), "Refund", refund)).toEqual([]);
  expect(
    differences(interfacesOf("Refunds"), "Refund", await raw(`/v1/refunds/${refund.id}`)),
  ).toEqual([]);
});

test("a created Connect account has Stripe's fields, its settings' required parts, nothing else", async () => {
  const account = await stripe.accounts.create({
    type: "express",
    email: "creator@example.com",
    country: "US",
    capabilities: { transfers: { requested: true } },
    business_profile: { product_description: "Videos" },
  });
  const accounts = interfacesOf("Accounts");
  expect(differences(accounts, "Account", account)).toEqual([]);
  expect(Object.keys(account.settings ?? {}).sort()).toEqual(
    expect.arrayContaining(["branding", "card_payments", "dashboard", "payments", "payouts"]),
  );
  expect(differences(accounts, "Account", await raw(`/v1/accounts/${account.id}`))).toEqual([]);
});
