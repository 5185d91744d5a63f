// Stripe's webhooks on the running stack (`/stripe/webhook` for the platform's events,
// `/stripe/connect-webhook` for connected accounts'): an event counts only when its
// `Stripe-Signature` is the endpoint's own HMAC of the exact body, made within five minutes;
// anything else is a 400 that changes nothing. A valid event is applied once, however often it
// arrives. Events are signed here the way Stripe (and the Stripe stand-in) signs them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeFunctionReference } from "convex/server";
import { clientFor } from "../../local/stack/signInClient.js";
import { control } from "../../local/stack/scriptedFlows.js";
import { signatureHeader } from "../../local/standins/stripe/webhooks.js";
import { call, expectOk, stack } from "./support/http.js";
import { signIn, type Person } from "./support/people.js";
import * as shape from "./support/shapes.js";
import { newCheckout, newIdea, observe, pay } from "./support/world.js";

const fn = {
  startOnboarding: makeFunctionReference<"action">("payouts:startOnboarding"),
  myPayouts: makeFunctionReference<
    "query",
    Record<string, never>,
    { account: { ready: boolean } | null } | null
  >("payouts:mine"),
};

const ENDPOINTS = [
  { path: "/stripe/webhook", secret: () => stack().env.STRIPE_WEBHOOK_SECRET! },
  { path: "/stripe/connect-webhook", secret: () => stack().env.STRIPE_CONNECT_WEBHOOK_SECRET! },
] as const;

/** POSTs a body to a webhook endpoint with the given Stripe-Signature (none when undefined). */
const deliver = (path: string, body: string, signature?: string) =>
  call("POST", path, {
    body,
    headers: {
      "Content-Type": "application/json",
      ...(signature === undefined ? {} : { "Stripe-Signature": signature }),
    },
  });

const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_rest_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });

let payer: Person;
let ideaId: string;
let sessionId: string;

beforeAll(async () => {
  payer = await signIn("Payer Hook");
  ideaId = await newIdea(await signIn("Poster Hook"));
  sessionId = await newCheckout(payer, ideaId, 1200);
});

describe.each(ENDPOINTS)("POST $path", (endpoint) => {
  const other = ENDPOINTS.find((e) => e !== endpoint)!;
  const body = () =>
    event("checkout.session.completed", { id: sessionId, object: "checkout.session" });
  const refusals: { name: string; send: () => [string, string | undefined] }[] = [
    { name: "no signature", send: () => [body(), undefined] },
    { name: "a signature that is not Stripe's format", send: () => [body(), "garbage"] },
    {
      name: "a signature made with another secret",
      send: () => {
        const b = body();
        return [b, signatureHeader(b, "whsec_not_the_secret")];
      },
    },
    {
      name: "the other endpoint's signature",
      send: () => {
        const b = body();
        return [b, signatureHeader(b, other.secret())];
      },
    },
    {
      name: "a signature from ten minutes ago",
      send: () => {
        const b = body();
        return [b, signatureHeader(b, endpoint.secret(), Math.floor(Date.now() / 1000) - 600)];
      },
    },
    {
      name: "a body changed after signing",
      send: () => {
        const b = body();
        return [
          b.replace("checkout.session.completed", "checkout.session.expired"),
          signatureHeader(b, endpoint.secret()),
        ];
      },
    },
    {
      name: "a signed body that is not JSON",
      send: () => ["{", signatureHeader("{", endpoint.secret())],
    },
    {
      name: "a signed JSON null",
      send: () => ["null", signatureHeader("null", endpoint.secret())],
    },
    { name: "a signed JSON array", send: () => ["[]", signatureHeader("[]", endpoint.secret())] },
    {
      name: "a signed event without an id",
      send: () => ["{}", signatureHeader("{}", endpoint.secret())],
    },
    {
      name: "a signed event with a type but no id",
      send: () => {
        const b = JSON.stringify({ type: "customer.created", data: { object: {} } });
        return [b, signatureHeader(b, endpoint.secret())];
      },
    },
    {
      name: "a signed event whose object is not what its type says",
      send: () => {
        const b = event(
          endpoint.path === "/stripe/webhook" ? "checkout.session.completed" : "account.updated",
          { amount: "lots" },
        );
        return [b, signatureHeader(b, endpoint.secret())];
      },
    },
  ];

  test.each(refusals)("$name is a 400 and changes nothing", async ({ send }) => {
    const before = await observe({ owner: payer, ideaId, sessionId });
    const [b, signature] = send();
    const answer = await deliver(endpoint.path, b, signature);
    expect(`${answer.status} ${answer.text}`).toMatch(/^400 /);
    expect(await observe({ owner: payer, ideaId, sessionId })).toEqual(before);
  });

  test("a signed event of a type the app does not use is acknowledged (200)", async () => {
    const b = event("customer.created", { id: "cus_rest", object: "customer" });
    expect((await deliver(endpoint.path, b, signatureHeader(b, endpoint.secret()))).status).toBe(
      200,
    );
  });
});

/** Holds the Stripe stand-in's own deliveries, does `act`, and returns the event it made. */
async function heldEvent(
  type: string,
  about: (object: { id: string; email?: string }) => boolean,
  act: () => Promise<void>,
) {
  await control(stack().standInsUrl, "/__control/stripe/hold", { hold: true });
  await act();
  const { events } = (await (
    await fetch(`${stack().standInsUrl}/__control/stripe/events?type=${type}`)
  ).json()) as { events: { event: { data: { object: { id: string; email?: string } } } }[] };
  return events.find((e) => about(e.event.data.object))!.event;
}

describe("a real payment's event, signed", () => {
  afterAll(async () => {
    await control(stack().standInsUrl, "/__control/stripe/hold", { hold: false });
  });

  test("is applied once: the contribution is paid and the bounty counts it once", async () => {
    // Hold the stand-in's own delivery, pay, and deliver its event here ourselves.
    const completed = await heldEvent(
      "checkout.session.completed",
      (session) => session.id === sessionId,
      () => pay(sessionId, { name: "Payer Hook", email: payer.email }),
    );
    const body = JSON.stringify(completed);
    const secret = stack().env.STRIPE_WEBHOOK_SECRET!;

    const first = await deliver("/stripe/webhook", body, signatureHeader(body, secret));
    expect(first.status).toBe(200);
    const contribution = expectOk(
      await call("GET", `/server/api/contributions/${sessionId}`, { token: payer.token }),
      200,
      shape.contribution,
    );
    expect(contribution.contribution).toMatchObject({ amount: 12, status: "paid" });
    const bounty = () => call("GET", `/server/api/proposals/${ideaId}/bounty`);
    expect((await bounty()).json).toEqual({ total: 12 });

    const before = await observe({ owner: payer, ideaId, sessionId });
    const again = await deliver("/stripe/webhook", body, signatureHeader(body, secret));
    expect(again.status).toBe(200);
    expect(await observe({ owner: payer, ideaId, sessionId })).toEqual(before);
  });
});

describe("a real connected account's event, signed", () => {
  afterAll(async () => {
    await control(stack().standInsUrl, "/__control/stripe/hold", { hold: false });
  });

  test("makes the creator's payout account ready", async () => {
    const creator = await signIn("Creator Hook");
    const client = clientFor(stack().convexUrl, creator.token);
    await client.action(fn.startOnboarding, {});
    const state = (await (await fetch(`${stack().standInsUrl}/__control/stripe/state`)).json()) as {
      accounts: { id: string; email: string | null }[];
    };
    const account = state.accounts.find((a) => a.email === creator.email)!;
    const updated = await heldEvent(
      "account.updated",
      (object) => object.id === account.id,
      () => control(stack().standInsUrl, `/__control/stripe/accounts/${account.id}/complete`, {}),
    );
    const body = JSON.stringify(updated);
    const secret = stack().env.STRIPE_CONNECT_WEBHOOK_SECRET!;
    expect((await client.query(fn.myPayouts, {}))?.account).toEqual({ ready: false });
    expect(
      (await deliver("/stripe/connect-webhook", body, signatureHeader(body, secret))).status,
    ).toBe(200);
    expect((await client.query(fn.myPayouts, {}))?.account).toEqual({ ready: true });
  });
});

test.each(ENDPOINTS)("GET $path is a 405", async ({ path }) => {
  const answer = await call("GET", path);
  expect(answer.status).toBe(405);
  expect(answer.headers.get("Allow")).toBe("POST");
});
