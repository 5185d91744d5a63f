// Rate limits taken from actions (model/rateLimits.ts limitAction), and the housekeeping of the
// tables that only grow with abuse: expired OAuth states, Convex Auth's leftover verifiers,
// sign-in notes, "no such Checkout Session" answers and stale rate-limit buckets (crons.ts).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { limit, RATE_LIMITS, rateLimitNameValidator } from "./model/rateLimits";

/** Takes a token from each bucket, or none: one refusal rolls back the others. */
export const take = internalMutation({
  args: { buckets: v.array(v.object({ name: rateLimitNameValidator, key: v.string() })) },
  returns: v.null(),
  handler: async (ctx, { buckets }) => {
    for (const { name, key } of buckets) await limit(ctx, name, key);
    return null;
  },
});

const BATCH = 200;
/** Convex Auth deletes a verifier when its sign-in completes; abandoned ones stay without this. */
export const VERIFIER_TTL_MS = 60 * 60 * 1000;
/** A bucket untouched this long is full again (every limit refills to its capacity within a day). */
const BUCKET_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes expired OAuth states, verifiers older than an hour, sign-in notes of callbacks that
 * never finished and expired "no such Checkout Session" answers, a batch at a time.
 */
export const sweepExpired = internalMutation({
  args: {},
  returns: v.object({
    states: v.number(),
    verifiers: v.number(),
    signInNotes: v.number(),
    unknownSessions: v.number(),
  }),
  handler: async (ctx) => {
    const now = Date.now();
    const states = await ctx.db
      .query("oauthStates")
      .withIndex("by_expiry", (q) => q.lt("expiresAt", now))
      .take(BATCH);
    for (const state of states) await ctx.db.delete("oauthStates", state._id);
    const verifiers = await ctx.db
      .query("authVerifiers")
      .withIndex("by_creation_time", (q) => q.lt("_creationTime", now - VERIFIER_TTL_MS))
      .take(BATCH);
    for (const verifier of verifiers) await ctx.db.delete("authVerifiers", verifier._id);
    const notes = await ctx.db
      .query("signInClients")
      .withIndex("by_expiry", (q) => q.lt("expiresAt", now))
      .take(BATCH);
    for (const note of notes) await ctx.db.delete("signInClients", note._id);
    const unknown = await ctx.db
      .query("unknownCheckoutSessions")
      .withIndex("by_until", (q) => q.lt("until", now))
      .take(BATCH);
    for (const row of unknown) await ctx.db.delete("unknownCheckoutSessions", row._id);
    if ([states, verifiers, notes, unknown].some((batch) => batch.length === BATCH))
      await ctx.scheduler.runAfter(0, internal.rateLimits.sweepExpired, {});
    return {
      states: states.length,
      verifiers: verifiers.length,
      signInNotes: notes.length,
      unknownSessions: unknown.length,
    };
  },
});

/** Deletes buckets nobody used for a day (they would be full again), paging through the table. */
export const sweepBuckets = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.number(),
  handler: async (ctx, { cursor }) => {
    const now = Date.now();
    const { page, isDone, continueCursor } = await ctx.db
      .query("rateLimits")
      .paginate({ cursor: cursor ?? null, numItems: BATCH });
    let deleted = 0;
    for (const bucket of page) {
      if (bucket.name in RATE_LIMITS && bucket.ts > now - BUCKET_TTL_MS) continue;
      await ctx.db.delete("rateLimits", bucket._id);
      deleted += 1;
    }
    if (!isDone)
      await ctx.scheduler.runAfter(0, internal.rateLimits.sweepBuckets, { cursor: continueCursor });
    return deleted;
  },
});
