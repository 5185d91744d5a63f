// Which client a request comes from, for the limits of callers who are not signed in (anonymous
// checkouts and lookups) and of sign-ups. By default only the address Convex itself saw is used
// (`ctx.meta.getRequestMetadata().ip`: on Convex the client's, locally the socket's): headers
// are written by the client and prove nothing. Behind proxies of your own (self-hosted Convex
// behind a load balancer, say) set CLIENT_IP_HEADER to the header they write and
// CLIENT_IP_TRUSTED_HOPS to how many of them append to it; the README explains both.
import type { ActionCtx } from "../../_generated/server";

type MetaCtx = { meta: Pick<ActionCtx["meta"], "getRequestMetadata"> };

/** The address Convex saw for this request; null from crons, scheduled jobs and admin calls. */
export async function seenAddress(ctx: MetaCtx): Promise<string | null> {
  try {
    return (await ctx.meta.getRequestMetadata()).ip ?? null;
  } catch {
    return null;
  }
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;

/** The address an entry of a proxy header names, without port or brackets; null if none. */
function parseAddress(entry: string): string | null {
  let value = entry.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.replace(/:\d+$/, "");
  value = value.replace(/^::ffff:(?=\d+\.)/i, "");
  if (IPV4.test(value)) return value.split(".").every((part) => Number(part) <= 255) ? value : null;
  return value.includes(":") && IPV6.test(value) ? value.toLowerCase() : null;
}

/** The proxy configuration from the environment; null when no header is trusted (the default). */
export function trustedProxy(
  env: Record<string, string | undefined> = process.env,
): { header: string; hops: number } | null {
  const header = env.CLIENT_IP_HEADER?.trim();
  if (!header) return null;
  const hops = Number(env.CLIENT_IP_TRUSTED_HOPS ?? "1");
  if (!Number.isInteger(hops) || hops < 1 || hops > 10)
    throw new Error("CLIENT_IP_TRUSTED_HOPS must be a whole number from 1 to 10");
  return { header, hops };
}

/**
 * The client's address from the trusted header: each trusted proxy appends the address it saw,
 * so the client is the entry `hops` from the right; entries left of it were written by the
 * client and are ignored. Null when the header is absent or too short (the request did not come
 * through every proxy).
 */
export function addressFromHeader(
  request: Request,
  proxy: { header: string; hops: number },
): string | null {
  const entries = (request.headers.get(proxy.header) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - proxy.hops];
  return entry === undefined ? null : parseAddress(entry);
}

/**
 * A key for the client's bucket: its address, IPv6 cut to its /64 (one machine holds a whole
 * /64 and could rotate through it). Null when nobody can tell who the client is.
 */
export function addressKey(address: string | null): string | null {
  const parsed = address === null ? null : parseAddress(address);
  if (parsed === null) return null;
  if (parsed.includes(":")) {
    const groups = expandIpv6(parsed);
    return groups ? `ip6:${groups.slice(0, 4).join(":")}` : null;
  }
  return `ip:${parsed}`;
}

function expandIpv6(address: string): string[] | null {
  const [head, tail, ...rest] = address.split("::");
  if (rest.length > 0) return null;
  const part = (text: string | undefined) => (text ? text.split(":") : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  return groups.map((g) => g.replace(/^0+(?=.)/, "").toLowerCase());
}

/**
 * The key of the client making this request: from the trusted proxy header when one is
 * configured and present (HTTP actions only: other functions have no headers), else from the
 * address Convex saw. Null when neither tells.
 */
export async function clientKeyOf(ctx: MetaCtx, request?: Request): Promise<string | null> {
  const proxy = request ? trustedProxy() : null;
  const fromHeader = proxy && request ? addressFromHeader(request, proxy) : null;
  return addressKey(fromHeader ?? (await seenAddress(ctx)));
}
