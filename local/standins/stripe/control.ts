// The control API for tests (/__control/stripe/...): inspect events and their deliveries, hold
// and release or reorder deliveries, redeliver, drive a Checkout Session without a browser,
// finish Connect onboarding, and read the whole state for assertions.
import { json, type RouteRequest, type StandIn } from "../framework.js";
import { completeOnboarding } from "./connect.js";
import type { Core } from "./core.js";
import { StripeApiError } from "./forms.js";
import { payByCard, payLater, settleLater, testCard } from "./payments.js";
import { expand } from "./state.js";

const OUTCOMES = ["paid", "declined", "async_succeeded", "async_failed"] as const;
type Outcome = (typeof OUTCOMES)[number];

interface PayBody {
  outcome?: Outcome;
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

export function controlRoutes(core: Core, standIn: StandIn) {
  const state = core.store.data;
  const { webhooks } = core;

  function pay(req: RouteRequest) {
    const input = body<PayBody>(req);
    if (input instanceof Response) return input;
    const session = state.sessions[req.params.id!];
    if (!session) return fail(`No such checkout session: ${req.params.id}`, 404);
    const outcome = input.outcome;
    if (!outcome || !OUTCOMES.includes(outcome))
      return fail(`outcome must be one of ${OUTCOMES.join(", ")}`);
    const payer = {
      email: input.email ?? session.customer_email ?? "buyer@example.com",
      name: input.name ?? "Test Buyer",
      country: input.country ?? "US",
    };
    const async = outcome === "async_succeeded" || outcome === "async_failed";
    const settled = async ? (outcome === "async_succeeded" ? "succeeded" : "failed") : undefined;
    let declined: string | undefined;
    if (session.status === "open") {
      if (async) {
        payLater(core, session, payer, input.delayMs ?? 0);
        state.checkout[session.id]!.asyncFails = settled === "failed";
        if (input.delayMs === undefined) settleLater(core, session.id, settled);
      } else {
        const card = testCard(outcome === "paid" ? "4242424242424242" : "4000000000000002")!;
        const result = payByCard(core, session, payer, card);
        if (!result.ok) declined = result.message;
      }
    } else if (!(async && settleLater(core, session.id, settled))) {
      // Only a bank transfer still in flight can be settled after the session completed.
      return fail(
        `The checkout session is ${session.status} (payment_status ${session.payment_status}).`,
        409,
      );
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
    .route("GET", "/__control/stripe/state", () =>
      json({
        held: state.held,
        sessions: Object.values(state.sessions),
        paymentIntents: Object.values(state.paymentIntents),
        charges: Object.values(state.charges),
        refunds: Object.values(state.refunds),
        accounts: Object.values(state.accounts),
        transfers: Object.values(state.transfers),
      }),
    );
}
