// Every rate limit of the app, in one place (convex-helpers' rate limiter, the plain library:
// its `rateLimits` table is in schema.ts). Token buckets: `capacity` is the burst a person may
// spend at once, `rate` per `period` is how fast it fills again. Keyed per person; callers
// without a person are keyed by a coarse client key (their IP) and all share one anonymous
// bucket besides. A refused call throws a ConvexError before anything is written
// (in a mutation the whole transaction is rolled back; actions consume in their own mutation
// first), and the REST edge answers it with 429 and Retry-After (rest/respond.ts).
import { ConvexError, v } from "convex/values";
import { defineRateLimits } from "convex-helpers/server/rateLimit";
import type { ActionCtx, MutationCtx } from "../_generated/server";
import { internal } from "../_generated/api";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  // Ten ideas at once, then one every six minutes: the 11th idea in a minute is refused.
  createIdea: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  // Each submit or verify asks YouTube/TikTok (a quota we pay for).
  submitVideo: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  verifyVideo: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
  // Each checkout creates a Stripe session and a pending contribution.
  checkout: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  // Anonymous checkouts: per client key (IP) at the REST edge, and one bucket for them all.
  checkoutPerClient: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  checkoutAnonymous: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 60 },
  // The confirmation page's Stripe lookup, per Checkout Session.
  reconcile: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 5 },
  // Starting a YouTube/TikTok connection stores a state row.
  oauthStart: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  // Idea and submission votes together; clicking around freely, but no vote scripts.
  vote: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // Questions and answers on ideas: a lively thread, not a flood (each one notifies people).
  postMessage: { kind: "token bucket", rate: 30, period: HOUR, capacity: 10 },
  // A poster's updates reach every follower, some by email: a few a day.
  postUpdate: { kind: "token bucket", rate: 6, period: 24 * HOUR, capacity: 3 },
  // Reports, and a poster hiding or showing messages again.
  moderate: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
export const rateLimitNameValidator = v.union(
  ...(Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => v.literal(name)),
);

const limits = defineRateLimits(RATE_LIMITS);
export const { resetRateLimit } = limits;

/** The ConvexError data of a refused call (rest/respond.ts reads `retryAfterSeconds`). */
export type RateLimitedData = { kind: "RateLimited"; message: string; retryAfterSeconds: number };

export function tooManyRequests(
  retryAt: number | undefined,
  now = Date.now(),
): ConvexError<RateLimitedData> {
  const retryAfterSeconds = Math.max(1, Math.ceil(((retryAt ?? now) - now) / SECOND));
  return new ConvexError({
    kind: "RateLimited",
    message: `Too many requests — please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  });
}

export function isRateLimited(e: unknown): e is ConvexError<RateLimitedData> {
  return (
    e instanceof ConvexError &&
    typeof e.data === "object" &&
    e.data !== null &&
    (e.data as { kind?: unknown }).kind === "RateLimited"
  );
}

/** Takes a token from the named bucket, or throws the "Too many requests" ConvexError. */
export async function limit(ctx: Pick<MutationCtx, "db">, name: RateLimitName, key: string) {
  const { ok, retryAt } = await limits.rateLimit(ctx, { name, key });
  if (!ok) throw tooManyRequests(retryAt);
}

/** The same from an action: the token is taken in a mutation of its own, before any work. */
export async function limitAction(
  ctx: Pick<ActionCtx, "runMutation">,
  name: RateLimitName,
  key: string,
) {
  await ctx.runMutation(internal.rateLimits.take, { buckets: [{ name, key }] });
}

/** The caller's IP as Convex saw it (null from crons, or where the runtime cannot tell). */
export async function requestIp(ctx: Pick<ActionCtx, "meta">): Promise<string | null> {
  try {
    return (await ctx.meta.getRequestMetadata()).ip ?? null;
  } catch {
    return null;
  }
}

/**
 * A checkout's buckets: the person's own; for an anonymous one, its client's (by the IP Convex
 * saw, when it saw one; the REST edge keys by the proxies' headers otherwise) and the bucket all
 * anonymous checkouts share.
 */
export async function limitCheckout(
  ctx: Pick<ActionCtx, "runMutation" | "meta">,
  contributorId: string | null,
) {
  if (contributorId !== null) return await limitAction(ctx, "checkout", contributorId);
  const ip = await requestIp(ctx);
  await ctx.runMutation(internal.rateLimits.take, {
    buckets: [
      ...(ip === null ? [] : [{ name: "checkoutPerClient" as const, key: coarseIp(ip) }]),
      { name: "checkoutAnonymous", key: "anonymous" },
    ],
  });
}

/**
 * A coarse key for a caller without a person: the client's IP (the first hop of the proxies'
 * headers), IPv6 cut to its /64 so one machine cannot rotate through its addresses.
 */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip =
    request.headers.get("cf-connecting-ip") ??
    request.headers.get("x-real-ip") ??
    (forwarded || null);
  return ip === null ? "unknown" : coarseIp(ip);
}

function coarseIp(ip: string): string {
  if (ip.includes(":")) return `ip6:${ip.toLowerCase().split(":").slice(0, 4).join(":")}`;
  return `ip:${ip.slice(0, 64)}`;
}
