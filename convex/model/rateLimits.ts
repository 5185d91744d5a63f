// Every rate limit of the app, in one place (convex-helpers' rate limiter, the plain library:
// its `rateLimits` table is in schema.ts). Token buckets: `capacity` is the burst a person may
// spend at once, `rate` per `period` is how fast it fills again. Keyed per person; callers
// without a person are keyed by their client (security/clientAddress.ts), each client with a
// bucket of its own: no bucket is shared by everyone, so no client can use one up for the rest.
// A refused call throws a ConvexError before anything is written (in a mutation the whole
// transaction is rolled back; actions consume in their own mutation first), and the REST edge
// answers it with 429 and Retry-After (rest/respond.ts). The README's limits table lists them.
import { ConvexError, v } from "convex/values";
import { defineRateLimits } from "convex-helpers/server/rateLimit";
import type { ActionCtx, MutationCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { clientKeyOf } from "./security/clientAddress";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RATE_LIMITS = {
  // Ten ideas at once, then one every six minutes: the 11th idea in a minute is refused.
  createIdea: { kind: "token bucket", rate: 10, period: HOUR, capacity: 10 },
  // Each submit or verify asks YouTube/TikTok (a quota we pay for).
  submitVideo: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  verifyVideo: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
  // Each checkout creates a Stripe session and a pending contribution.
  checkout: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  // Anonymous checkouts, per client (its address).
  checkoutPerClient: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  // The confirmation page's Stripe lookup, per Checkout Session.
  reconcile: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 5 },
  // Lookups of sessions we have no contribution for, per client: each may cost a Stripe call.
  lookupPerClient: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 5 },
  // Starting a YouTube/TikTok connection stores a state row.
  oauthStart: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  // Payout onboarding: each start may create a Stripe Connect account and always asks Stripe
  // for an onboarding link; each refresh re-reads the account from Stripe.
  payoutOnboarding: { kind: "token bucket", rate: 10, period: HOUR, capacity: 5 },
  payoutRefresh: { kind: "token bucket", rate: 30, period: HOUR, capacity: 10 },
  // Idea and submission votes together; clicking around freely, but no vote scripts.
  vote: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  // Questions and answers on ideas: a lively thread, not a flood (each one notifies people).
  postMessage: { kind: "token bucket", rate: 30, period: HOUR, capacity: 10 },
  // A poster's updates reach every follower, some by email: a few a day.
  postUpdate: { kind: "token bucket", rate: 6, period: 24 * HOUR, capacity: 3 },
  // A poster's edits of their idea: each one is kept and tells every creator who submitted.
  editIdea: { kind: "token bucket", rate: 30, period: HOUR, capacity: 10 },
  // Views and shares counted for the poster, per idea: enough for a busy page, and a script
  // cannot inflate them without bound (past it they are simply not counted).
  countView: { kind: "token bucket", rate: 600, period: MINUTE, capacity: 600 },
  countShare: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 120 },
  // A backer's money choices: "if nobody delivers", moving money, taking it back.
  moneyChoice: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
  // Reports, and a poster hiding or showing messages again.
  moderate: { kind: "token bucket", rate: 60, period: HOUR, capacity: 20 },
  // Ratings and feedback on videos (each may tell a creator), and finalists.
  rate: { kind: "token bucket", rate: 60, period: HOUR, capacity: 30 },
  // A poster's invitations of creators: at most 10 a day (product rules), per UTC day.
  invite: { kind: "fixed window", rate: 10, period: DAY, start: 0 },
  // A creator's bio and what they make ("ideas that fit you").
  creatorProfile: { kind: "token bucket", rate: 30, period: HOUR, capacity: 10 },
  // Following and unfollowing people: a click each, never a script walking the members list.
  follow: { kind: "token bucket", rate: 60, period: HOUR, capacity: 30 },
  // Switching the weekly digest on and off.
  digest: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  // Reports to the operators (ideas, videos, questions, answers, updates): each one queues work.
  report: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  // New accounts (a sign-in that creates a user), per address and per browser (device cookie).
  // The address limit can be raised with SIGN_UP_LIMIT_PER_ADDRESS (e.g. one campus NAT).
  signUpPerAddress: { kind: "token bucket", rate: 5, period: HOUR, capacity: 5 },
  signUpPerDevice: { kind: "token bucket", rate: 3, period: DAY, capacity: 3 },
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

/**
 * A limit's configuration: RATE_LIMITS, with the per-address sign-up limit raised or lowered by
 * SIGN_UP_LIMIT_PER_ADDRESS (new accounts per hour, also the burst).
 */
export function limitConfig(name: RateLimitName) {
  const base = RATE_LIMITS[name];
  if (name !== "signUpPerAddress") return base;
  const perHour = Number(process.env.SIGN_UP_LIMIT_PER_ADDRESS);
  return Number.isInteger(perHour) && perHour > 0
    ? { ...base, rate: perHour, capacity: perHour }
    : base;
}

/**
 * A bucket last touched "in the future" refills backwards (the rate limiter counts negative
 * time): only a clock that moved back does that (the local stack's test clock; never Convex's),
 * and such a bucket starts again full rather than locking its key out for as long as the clock
 * jumped.
 */
async function forgetFutureBucket(ctx: Pick<MutationCtx, "db">, name: string, key: string) {
  const bucket = await ctx.db
    .query("rateLimits")
    .withIndex("name", (q) => q.eq("name", name).eq("key", key))
    .unique();
  if (bucket !== null && bucket.ts > Date.now()) await ctx.db.delete("rateLimits", bucket._id);
}

/** Takes a token from the named bucket, or throws the "Too many requests" ConvexError. */
export async function limit(ctx: Pick<MutationCtx, "db">, name: RateLimitName, key: string) {
  await forgetFutureBucket(ctx, name, key);
  const { ok, retryAt } = await limits.rateLimit(ctx, {
    name,
    key,
    config: limitConfig(name),
  } as Parameters<typeof limits.rateLimit>[1]);
  if (!ok) throw tooManyRequests(retryAt);
}

/** When the named bucket has a token again (null: it has one now), without taking any. */
export async function waitOf(
  ctx: Pick<MutationCtx, "db">,
  name: RateLimitName,
  key: string,
  now = Date.now(),
): Promise<number | null> {
  await forgetFutureBucket(ctx, name, key);
  const { ok, retryAt } = await limits.checkRateLimit(ctx, {
    name,
    key,
    config: limitConfig(name),
  } as Parameters<typeof limits.checkRateLimit>[1]);
  return ok ? null : Math.max(1, Math.ceil(((retryAt ?? now) - now) / SECOND));
}

/** The same from an action: the token is taken in a mutation of its own, before any work. */
export async function limitAction(
  ctx: Pick<ActionCtx, "runMutation">,
  name: RateLimitName,
  key: string,
) {
  await ctx.runMutation(internal.rateLimits.take, { buckets: [{ name, key }] });
}

/**
 * A checkout's bucket: the person's own, or for an anonymous checkout its client's (`client`:
 * the REST edge's key, from the trusted proxy header when one is configured; else the address
 * Convex saw). A client nobody can tell (no address at all) gets the "unknown" bucket.
 */
export async function limitCheckout(
  ctx: Pick<ActionCtx, "runMutation" | "meta">,
  contributorId: string | null,
  client?: string | null,
) {
  if (contributorId !== null) return await limitAction(ctx, "checkout", contributorId);
  const key = client ?? (await clientKeyOf(ctx));
  await limitAction(ctx, "checkoutPerClient", key ?? "unknown");
}
