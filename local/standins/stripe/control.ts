// The control API for tests (/__control/stripe/...): inspect events and their deliveries, hold
// and release or reorder deliveries, redeliver, drive a Checkout Session without a browser,
// finish Connect onboarding, a creator paying everything out to their bank, refunds made from
// the Dashboard, open and close disputes, fail or settle refunds, plan API faults, and read the
// whole state and the books for assertions.
import { json, type RouteRequest, type StandIn } from "../framework.js";
import { books } from "./books.js";
import { completeOnboarding } from "./connect.js";
import type { Core } from "./core.js";
import { closeDispute, openDispute } from "./disputes.js";
import { parseFaults } from "./faults.js";
import { parseParams, Reader, StripeApiError } from "./forms.js";
import { payAsTest, TEST_OUTCOMES, type TestOutcome } from "./payments.js";
import { createRefund, failRefund, succeedRefund } from "./refunds.js";
import { expand, randomId } from "./state.js";
import { withdrawAll } from "./transfers.js";

interface PayBody {
  outcome?: TestOutcome;
  email?: string;
  name?: string;
  country?: string;
  /** For async outcomes: settle after this many ms instead of at once. */
  delayMs?: number;
}

const fail = (message: string, status = 400) => json({ error: { message } }, status);

function body<T>(req: RouteRequest): T | Response {
  try {
    return (req.json<T>() ?? {}) as T;
  } catch {
    return fail("The body must be JSON.");
  }
}

/** Runs a control action; Stripe-style errors (unknown ids, refusals) become their responses. */
function act<T>(req: RouteRequest, run: (input: T) => unknown): Response {
  const input = body<T>(req);
  if (input instanceof Response) return input;
  if (typeof input !== "object" || Array.isArray(input)) return fail("The body must be an object.");
  try {
    return json(run(input));
  } catch (e) {
    if (e instanceof StripeApiError) return e.response();
    throw e;
  }
}

export function controlRoutes(core: Core, standIn: StandIn) {
  const state = core.store.data;
  const { webhooks } = core;

  function pay(req: RouteRequest) {
    const input = body<PayBody>(req);
    if (input instanceof Response) return input;
    const session = state.sessions[req.params.id!];
    if (!session) return fail(`No such checkout session: ${req.params.id}`, 404);
    const outcome = input.outcome;
    if (!outcome || !TEST_OUTCOMES.includes(outcome))
      return fail(`outcome must be one of ${TEST_OUTCOMES.join(", ")}`);
    const payer = {
      email: input.email ?? session.customer_email ?? "buyer@example.com",
      name: input.name ?? "Test Buyer",
      country: input.country ?? "US",
    };
    let declined: string | undefined;
    try {
      ({ declined } = payAsTest(core, session, outcome, payer, input.delayMs));
    } catch (e) {
      if (e instanceof StripeApiError) return fail(e.message, e.status);
      throw e;
    }
    return json({
      session: expand(state, session, session.payment_intent ? ["payment_intent"] : []),
      ...(declined ? { declined } : {}),
    });
  }

  standIn
    .route("GET", "/__control/stripe/events", ({ url }) =>
      json({
        events: webhooks
          .list(url.searchParams.get("type"))
          .map(({ event, delivery }) => ({ id: event.id, type: event.type, event, delivery })),
      }),
    )
    .route("POST", "/__control/stripe/events/:id/redeliver", async ({ params }) => {
      if (!state.events[params.id!]) return fail(`No such event: ${params.id}`, 404);
      const [result] = await webhooks.deliverNow([params.id!]);
      return json({ ...result, delivery: state.events[params.id!]!.delivery });
    })
    .route("POST", "/__control/stripe/hold", (req) => {
      const input = body<{ hold?: boolean }>(req);
      if (input instanceof Response) return input;
      if (typeof input.hold !== "boolean") return fail("hold must be true or false");
      webhooks.setHeld(input.hold);
      return json({ held: state.held });
    })
    .route("POST", "/__control/stripe/deliver", async (req) => {
      const input = body<{ eventIds?: string[] }>(req);
      if (input instanceof Response) return input;
      if (!Array.isArray(input.eventIds)) return fail("eventIds must be a list of event ids");
      const unknown = input.eventIds.find((id) => !state.events[id]);
      if (unknown !== undefined) return fail(`No such event: ${unknown}`, 404);
      return json({ results: await webhooks.deliverNow(input.eventIds) });
    })
    .route("POST", "/__control/stripe/sessions/:id/pay", pay)
    .route("POST", "/__control/stripe/accounts/:id/complete", ({ params }) => {
      try {
        return json(completeOnboarding(core, params.id!));
      } catch (e) {
        if (e instanceof StripeApiError) return e.response();
        throw e;
      }
    })
    .route("POST", "/__control/stripe/accounts/:id/withdraw", (req) =>
      act(req, () => withdrawAll(core, req.params.id!)),
    )
    // A refund made by hand in Stripe's Dashboard: no metadata of ours, all that is left by default.
    .route("POST", "/__control/stripe/charges/:id/refund", (req) =>
      act<{ amount?: unknown }>(req, (input) => {
        const params = new URLSearchParams({ charge: req.params.id! });
        if (input.amount !== undefined) params.set("amount", String(input.amount));
        return createRefund(core, new Reader(parseParams(params.toString())), {
          request: { id: randomId("req_", 14), idempotency_key: null },
        });
      }),
    )
    .route("POST", "/__control/stripe/charges/:id/dispute", (req) =>
      act<{ amount?: unknown; reason?: unknown }>(req, (input) =>
        openDispute(core, req.params.id!, input),
      ),
    )
    .route("POST", "/__control/stripe/disputes/:id/close", (req) =>
      act<{ outcome?: unknown }>(req, (input) => closeDispute(core, req.params.id!, input.outcome)),
    )
    .route("POST", "/__control/stripe/refunds/:id/fail", (req) =>
      act<{ failure_reason?: unknown }>(req, (input) =>
        failRefund(core, req.params.id!, input.failure_reason ?? undefined),
      ),
    )
    .route("POST", "/__control/stripe/refunds/:id/succeed", (req) =>
      act(req, () => succeedRefund(core, req.params.id!)),
    )
    .route("POST", "/__control/stripe/settings", (req) => {
      const input = body<{ refundsPending?: unknown }>(req);
      if (input instanceof Response) return input;
      const keys = Object.keys(input);
      if (keys.length === 0 || keys.some((k) => k !== "refundsPending"))
        return fail("The only setting is refundsPending (true or false).");
      if (typeof input.refundsPending !== "boolean")
        return fail("refundsPending must be true or false");
      state.settings.refundsPending = input.refundsPending;
      core.store.changed();
      return json(state.settings);
    })
    .route("POST", "/__control/stripe/faults", (req) => {
      const input = body<unknown>(req);
      if (input instanceof Response) return input;
      const faults = parseFaults(input);
      if (typeof faults === "string") return fail(faults);
      state.faults.push(...faults);
      core.store.changed();
      return json({ faults: state.faults });
    })
    .route("DELETE", "/__control/stripe/faults", () => {
      state.faults.splice(0);
      core.store.changed();
      return json({ faults: [] });
    })
    .route("GET", "/__control/stripe/books", () => json(books(core)))
    .route("GET", "/__control/stripe/state", () =>
      json({
        held: state.held,
        sessions: Object.values(state.sessions),
        paymentIntents: Object.values(state.paymentIntents),
        charges: Object.values(state.charges),
        refunds: Object.values(state.refunds),
        accounts: Object.values(state.accounts),
        transfers: Object.values(state.transfers),
        reversals: Object.values(state.reversals),
        disputes: Object.values(state.disputes),
        settings: state.settings,
        faults: state.faults,
      }),
    );
}
