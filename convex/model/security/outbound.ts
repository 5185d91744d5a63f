// Calls to outside services (YouTube, TikTok, Google, Discord, Resend) end within a deadline:
// a slow provider costs the one request that needs it a bounded wait, and never keeps an
// action (and the slot it holds) waiting for ever. Stripe's SDK has its own timeouts
// (model/money/stripe.ts).

/** How long a call to an outside service may take before it is given up. */
export const OUTBOUND_TIMEOUT_MS = 10_000;

export class OutboundTimeout extends Error {
  constructor(url: string, ms: number) {
    super(`${new URL(url).host} did not answer within ${ms / 1000} s`);
  }
}

/**
 * `fetch` with a deadline for the answer's headers; `read` (the body, when given) must finish
 * within the same deadline. A caller's own abort signal still works.
 */
export async function fetchWithin<T = Response>(
  input: string | URL | Request,
  init: RequestInit = {},
  read?: (response: Response) => Promise<T>,
  ms = OUTBOUND_TIMEOUT_MS,
): Promise<T> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const controller = new AbortController();
  const outer = init.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new OutboundTimeout(url, ms));
  }, ms);
  try {
    const response = await fetch(input, { ...init, signal: controller.signal });
    return read ? await read(response) : (response as T);
  } catch (e) {
    throw timedOut ? new OutboundTimeout(url, ms) : e;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}
