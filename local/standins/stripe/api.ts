// The Stripe REST API at the server's root (`/v1/...`, since the SDK only lets us change its
// host, port and protocol): secret-key authentication, bracket-notation parameters, `expand[]`,
// Stripe's error envelope, idempotency keys that replay the first result, and the faults tests
// plan (faults.ts).
import { noAnswer, type RouteRequest, type StandIn } from "../framework.js";
import { balanceObject } from "./books.js";
import { createAccount, createAccountLink, getAccount } from "./connect.js";
import type { Core, EventOrigin } from "./core.js";
import { markFault, rateLimited, serverError, takeFault } from "./faults.js";
import {
  errors,
  parseParams,
  Reader,
  StripeApiError,
  type Params,
  type ParamValue,
} from "./forms.js";
import { createRefund, listRefunds } from "./refunds.js";
import { createSession, expireSession } from "./sessions.js";
import { listPage } from "./lists.js";
import { expand, lineItemList, randomId, type StripeObject } from "./state.js";
import { createReversal, createTransfer, listReversals, listTransfers } from "./transfers.js";

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface ApiCall {
  r: Reader;
  id: string;
  origin: EventOrigin;
}
type ApiHandler = (call: ApiCall) => object;

/** Params in a canonical order, so the same request matches however its fields were ordered. */
function fingerprint(value: ParamValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${fingerprint(value[k]!)}`).join(",")}}`;
}

const authError = (message: string) => new StripeApiError(401, "invalid_request_error", message);

function authenticate(header: string | null, secretKey: string | undefined): StripeApiError | null {
  if (!header) {
    return authError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  const key =
    bearer ?? (basic ? Buffer.from(basic, "base64").toString("utf8").split(":")[0] : undefined);
  if (!key) {
    return authError(
      "Invalid API Key provided. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!secretKey || key !== secretKey) {
    const masked =
      key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : key;
    return authError(`Invalid API Key provided: ${masked}`);
  }
  return null;
}

export function apiRoutes(core: Core, standIn: StandIn, secretKey: string | undefined) {
  const state = core.store.data;

  const idempotencyConflict = (message: string) =>
    new StripeApiError(400, "idempotency_error", message);

  const endpoint =
    (handler: ApiHandler) =>
    ({ request, url, params, body }: RouteRequest): Response => {
      const requestId = randomId("req_", 14);
      const version = request.headers.get("stripe-version");
      if (version && !state.apiVersion) {
        state.apiVersion = version;
        core.store.changed();
      }
      const headers: Record<string, string> = {
        "Request-Id": requestId,
        "Stripe-Version": version ?? state.apiVersion ?? "2024-06-20",
      };
      const denied = authenticate(request.headers.get("authorization"), secretKey);
      if (denied) return denied.response(headers);
      const method = request.method;
      const route = `${method} ${url.pathname}`;
      const key = method === "POST" ? request.headers.get("idempotency-key") : null;
      let parsed: Params;
      try {
        parsed = parseParams(method === "GET" ? url.search.slice(1) : body.toString("utf8"));
      } catch (e) {
        if (e instanceof StripeApiError) return e.response(headers);
        throw e;
      }
      const print = fingerprint(parsed);
      if (key) headers["Idempotency-Key"] = key;
      const run = (): Response => {
        if (key) {
          const replay = replayed(key, route, print);
          if (replay instanceof StripeApiError) return replay.response(headers);
          if (replay) {
            return new Response(replay.body, {
              status: replay.status,
              headers: {
                ...headers,
                "Content-Type": "application/json",
                "Idempotent-Replayed": "true",
                "Original-Request": replay.requestId,
              },
            });
          }
        }
        let status = 200;
        let result: unknown;
        // Validation errors are not kept (the request never ran); refusals are, as with Stripe.
        let keep = true;
        try {
          const r = new Reader(parsed);
          const origin = { request: { id: requestId, idempotency_key: key } };
          const object = handler({ r, id: params.id ?? "", origin });
          const paths = r.strings("expand");
          result = paths.length ? expand(state, object as StripeObject, paths) : object;
        } catch (e) {
          if (!(e instanceof StripeApiError)) throw e;
          ({ status, stored: keep } = e);
          result = e.body();
        }
        const text = JSON.stringify(result, null, 2);
        if (key && keep) keepResult(key, route, print, status, result, requestId);
        return new Response(text, {
          status,
          headers: { ...headers, "Content-Type": "application/json" },
        });
      };
      // A planned fault hits the request before anything else, as a failure in front of Stripe
      // would; only a lost response lets the request run first.
      const fault = takeFault(core, method, url.pathname);
      if (fault === "timeout") return markFault(noAnswer("timeout"), fault);
      if (fault === "rate_limit_429") return markFault(rateLimited().response(headers), fault);
      if (fault === "error_500") {
        const error = serverError();
        // Stripe keeps a 500 under its key (so a retry with that key gets it again).
        if (key && !state.idempotency[key])
          keepResult(key, route, print, error.status, error.body(), requestId);
        const shouldRetry = key ? "false" : "true";
        return markFault(error.response({ ...headers, "Stripe-Should-Retry": shouldRetry }), fault);
      }
      const response = run();
      return fault === "lost_response" ? markFault(noAnswer("lost"), fault) : response;
    };

  function keepResult(
    key: string,
    route: string,
    print: string,
    status: number,
    result: unknown,
    requestId: string,
  ) {
    state.idempotency[key] = {
      endpoint: route,
      fingerprint: print,
      status,
      body: JSON.stringify(result, null, 2),
      requestId,
      createdAt: Date.now(),
    };
    core.store.changed();
  }

  /** The stored result for a key (same endpoint and params), a conflict, or null if new. */
  function replayed(key: string, route: string, print: string) {
    for (const [k, v] of Object.entries(state.idempotency)) {
      if (v.createdAt < Date.now() - IDEMPOTENCY_TTL_MS) delete state.idempotency[k];
    }
    const stored = state.idempotency[key];
    if (!stored) return null;
    const retry = `Try using a key other than '${key}' if you meant to execute a different request.`;
    if (stored.endpoint !== route) {
      return idempotencyConflict(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.endpoint}' vs '${route}'). ${retry}`,
      );
    }
    if (stored.fingerprint !== print) {
      return idempotencyConflict(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
      );
    }
    return stored;
  }

  const find =
    <T>(table: Record<string, T>, kind: string, param: string) =>
    (call: ApiCall) => {
      call.r.only();
      const object = table[call.id];
      if (!object) throw errors.notFound(kind, call.id, param);
      return object as object;
    };

  standIn
    .route(
      "POST",
      "/v1/checkout/sessions",
      endpoint(({ r }) => createSession(core, r)),
    )
    .route(
      "GET",
      "/v1/checkout/sessions/:id",
      endpoint(find(state.sessions, "checkout.session", "session")),
    )
    .route(
      "GET",
      "/v1/checkout/sessions/:id/line_items",
      endpoint((call) => {
        find(state.sessions, "checkout.session", "session")(call);
        return lineItemList(state, call.id);
      }),
    )
    .route(
      "POST",
      "/v1/checkout/sessions/:id/expire",
      endpoint(({ r, id, origin }) => {
        r.only();
        return expireSession(core, id, origin);
      }),
    )
    .route(
      "GET",
      "/v1/payment_intents/:id",
      endpoint(find(state.paymentIntents, "payment_intent", "intent")),
    )
    .route("GET", "/v1/charges/:id", endpoint(find(state.charges, "charge", "charge")))
    .route(
      "POST",
      "/v1/refunds",
      endpoint(({ r, origin }) => createRefund(core, r, origin)),
    )
    .route(
      "GET",
      "/v1/refunds",
      endpoint(({ r }) => listRefunds(core, r)),
    )
    .route("GET", "/v1/refunds/:id", endpoint(find(state.refunds, "refund", "refund")))
    .route(
      "GET",
      "/v1/disputes",
      endpoint(({ r }) => listDisputes(core, r)),
    )
    .route("GET", "/v1/disputes/:id", endpoint(find(state.disputes, "dispute", "dispute")))
    .route(
      "GET",
      "/v1/balance",
      endpoint(({ r }) => {
        r.only();
        return balanceObject(core);
      }),
    )
    .route(
      "POST",
      "/v1/accounts",
      endpoint(({ r }) => createAccount(core, r)),
    )
    .route(
      "GET",
      "/v1/accounts/:id",
      endpoint(({ r, id }) => {
        r.only();
        return getAccount(core, id);
      }),
    )
    .route(
      "POST",
      "/v1/account_links",
      endpoint(({ r }) => createAccountLink(core, r)),
    )
    .route(
      "POST",
      "/v1/transfers",
      endpoint(({ r, origin }) => createTransfer(core, r, origin)),
    )
    .route(
      "GET",
      "/v1/transfers",
      endpoint(({ r }) => listTransfers(core, r)),
    )
    .route("GET", "/v1/transfers/:id", endpoint(find(state.transfers, "transfer", "transfer")))
    .route(
      "POST",
      "/v1/transfers/:id/reversals",
      endpoint(({ r, id, origin }) => createReversal(core, id, r, origin)),
    )
    .route(
      "GET",
      "/v1/transfers/:id/reversals",
      endpoint(({ r, id }) => listReversals(core, id, r)),
    )
    .route(
      "GET",
      "/v1/events/:id",
      endpoint(({ r, id }) => {
        r.only();
        const stored = state.events[id];
        if (!stored) throw errors.notFound("event", id, "id");
        return stored.event;
      }),
    )
    .route(
      "GET",
      "/v1/events",
      endpoint(({ r }) => listEvents(core, r)),
    )
    .route("*", "/v1/*", ({ request, url }) =>
      new StripeApiError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      ).response(),
    );
}

/** `GET /v1/events`: newest first, filtered by `type`, paged with `limit` and `starting_after`. */
function listEvents(core: Core, r: Reader) {
  r.only("type", "limit", "starting_after");
  const type = r.string("type");
  const events = Object.values(core.store.data.events)
    .map((stored) => stored.event)
    .filter((event) => !type || event.type === type);
  return listPage(r, events, "/v1/events");
}

/** `GET /v1/disputes`, filtered by `charge` or `payment_intent`. */
function listDisputes(core: Core, r: Reader) {
  r.only("charge", "payment_intent", "limit", "starting_after");
  const charge = r.string("charge");
  const intent = r.string("payment_intent");
  const disputes = Object.values(core.store.data.disputes).filter(
    (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent),
  );
  return listPage(r, disputes, "/v1/disputes");
}
