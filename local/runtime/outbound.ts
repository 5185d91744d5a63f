// Outgoing `fetch` of the functions, in the local runtime only: a host map sends a real
// service's address to its local stand-in (`https://api.resend.com` → the Resend stand-in),
// for code that has no setting for another address (a component calling its service
// directly), and a loopback-only mode refuses anything that would leave the machine. Function
// code, the app's and the components', runs in this process's realm and calls the global
// `fetch`, so one wrapper around it covers all of it; nothing in convex/ changes.
//
// Configured by the local stack (LOCAL_RUNTIME_HOST_MAP, LOCAL_RUNTIME_OUTBOUND; see
// local/stack/env.ts), never on Convex.
import { isIP } from "node:net";

/** One rule: requests to `from` (a scheme, host and optional path prefix) go to `to` instead. */
export interface HostRule {
  from: string;
  to: string;
}

export type OutboundMode = "any" | "loopback-only";

/** Rewritten and refused requests since start (served to the admin for tests). */
export const outboundCounters = { mapped: 0, refused: 0 };

/**
 * Parses `https://api.resend.com=http://127.0.0.1:3220/resend,https://…=…`. Each side must be
 * an http(s) URL without a query or fragment.
 */
export function parseHostMap(spec: string | undefined): HostRule[] {
  if (!spec?.trim()) return [];
  return spec.split(",").map((entry) => {
    const at = entry.indexOf("=");
    const [from, to] = [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
    for (const side of [from, to]) {
      let url: URL;
      try {
        url = new URL(side);
      } catch {
        throw new Error(`Host map entry "${entry}": "${side}" is not a URL.`);
      }
      if (at < 0 || !/^https?:$/.test(url.protocol) || url.search || url.hash)
        throw new Error(
          `Host map entry "${entry}" must read <http(s) URL>=<http(s) URL>, without a query.`,
        );
    }
    return { from: from.replace(/\/+$/, ""), to: to.replace(/\/+$/, "") };
  });
}

/** The address a request for `url` goes to under `rules` (the longest matching prefix wins). */
export function mapUrl(url: string, rules: readonly HostRule[]): string {
  let best: HostRule | null = null;
  for (const rule of rules) {
    const matches =
      url === rule.from || url.startsWith(`${rule.from}/`) || url.startsWith(`${rule.from}?`);
    if (matches && (!best || rule.from.length > best.from.length)) best = rule;
  }
  return best ? best.to + url.slice(best.from.length) : url;
}

/** Whether a URL's host is this machine (127.0.0.0/8, ::1, localhost) and nothing else. */
export function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1";
  return false;
}

const MAX_REDIRECTS = 20;

/** A network error as `fetch` reports one, naming the refused address. */
function refused(url: string): TypeError {
  outboundCounters.refused += 1;
  return new TypeError("fetch failed", {
    cause: new Error(
      `The local runtime sends requests only to this machine (loopback-only): ${new URL(url).origin} was refused.`,
    ),
  });
}

/**
 * A `fetch` that maps addresses and, in loopback-only mode, refuses any other. Redirects are
 * followed here, through the same rules, so a redirect cannot lead out of the machine.
 */
export function outboundFetch(
  original: typeof fetch,
  rules: readonly HostRule[],
  mode: OutboundMode,
): typeof fetch {
  return async (input, init) => {
    const first = new Request(input, init);
    let url = first.url;
    let method = first.method;
    const { headers, signal } = first;
    // Read once (emails and API calls are small): the body may be sent again after a redirect.
    let body = first.body === null ? null : await first.arrayBuffer();
    for (let hop = 0; ; hop++) {
      const target = mapUrl(url, rules);
      if (target !== url) outboundCounters.mapped += 1;
      if (mode === "loopback-only" && !isLoopback(target)) throw refused(target);
      const response = await original(target, {
        method,
        headers,
        body,
        signal,
        redirect: "manual",
      });
      const location = response.headers.get("location");
      if (
        first.redirect === "manual" ||
        response.status < 300 ||
        response.status >= 400 ||
        !location
      )
        return response;
      if (first.redirect === "error" || hop >= MAX_REDIRECTS)
        throw new TypeError("fetch failed", { cause: new Error("redirect refused") });
      url = new URL(location, target).href;
      // As fetch does: 303 (and 301/302 after a POST) continue as a GET without a body.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === "POST")
      ) {
        method = "GET";
        body = null;
      }
    }
  };
}

/**
 * Installs the wrapper as this process's global `fetch` (what functions call). Returns a
 * function that puts the original back.
 */
export function installOutbound(rules: readonly HostRule[], mode: OutboundMode): () => void {
  const original = globalThis.fetch;
  if (rules.length === 0 && mode === "any") return () => {};
  globalThis.fetch = outboundFetch(original, rules, mode);
  return () => {
    globalThis.fetch = original;
  };
}

export function parseOutboundMode(value: string | undefined): OutboundMode {
  if (value === undefined || value === "" || value === "any") return "any";
  if (value === "loopback-only") return value;
  throw new Error(`Unknown outbound mode "${value}" (any, loopback-only).`);
}
