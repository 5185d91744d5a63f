// Fault injection for the API, as Stripe fails in practice: a 500 (`api_error`, kept under the
// request's idempotency key and replayed like any result), a 429 (`rate_limit`, not kept), a
// request that never gets an answer (nothing done), and a response lost after the request was
// performed. Each planned fault fails the next `count` matching requests.
import type { Core } from "./core.js";
import { StripeApiError } from "./forms.js";
import type { Fault } from "./state.js";

export const FAULT_MODES = ["error_500", "rate_limit_429", "timeout", "lost_response"] as const;
export type FaultMode = Fault["mode"];

/** Checks a control request's faults like Stripe checks params: a clear message when wrong. */
export function parseFaults(input: unknown): Fault[] | string {
  const list = (input as { faults?: unknown } | null)?.faults;
  if (!Array.isArray(list) || list.length === 0) return "faults must be a non-empty list";
  const faults: Fault[] = [];
  for (const [i, item] of list.entries()) {
    const f = item as Partial<Record<keyof Fault, unknown>> | null;
    if (!f || typeof f !== "object") return `faults[${i}] must be an object`;
    if (!FAULT_MODES.includes(f.mode as FaultMode))
      return `faults[${i}].mode must be one of ${FAULT_MODES.join(", ")}`;
    if (!Number.isInteger(f.count) || (f.count as number) < 1)
      return `faults[${i}].count must be a whole number of at least 1`;
    if (f.method !== undefined && !/^(GET|POST|DELETE)$/i.test(String(f.method)))
      return `faults[${i}].method must be GET, POST or DELETE`;
    if (f.path !== undefined && (typeof f.path !== "string" || !f.path.startsWith("/v1")))
      return `faults[${i}].path must be a URL path starting with /v1`;
    faults.push({
      mode: f.mode as FaultMode,
      count: f.count as number,
      ...(f.method ? { method: String(f.method).toUpperCase() } : {}),
      ...(f.path ? { path: f.path as string } : {}),
    });
  }
  return faults;
}

/** Takes one use of the first fault matching this request, if any. */
export function takeFault(core: Core, method: string, pathname: string): FaultMode | null {
  const state = core.store.data;
  const fault = state.faults.find(
    (f) => (!f.method || f.method === method) && (!f.path || pathname.startsWith(f.path)),
  );
  if (!fault) return null;
  fault.count -= 1;
  if (fault.count <= 0) state.faults.splice(state.faults.indexOf(fault), 1);
  core.store.changed();
  return fault.mode;
}

export const serverError = () =>
  new StripeApiError(
    500,
    "api_error",
    "An unknown error occurred while processing your request. Please try again.",
    {},
    true,
  );

export const rateLimited = () =>
  new StripeApiError(
    429,
    "invalid_request_error",
    "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
    { code: "rate_limit" },
  );

/** Which fault (if any) a response carried, for test harnesses' request logs. */
const faultOf = new WeakMap<Response, FaultMode>();
export const markFault = (response: Response, mode: FaultMode) => {
  faultOf.set(response, mode);
  return response;
};
export const responseFault = (response: Response) => faultOf.get(response);
