// Who is asking, for the limits of people who are not (yet) signed in: the client of a sign-in
// callback (for the sign-up limits) and lookups of Checkout Sessions we may not know (each can
// cost a Stripe call). Internal steps of convex/http.ts's sign-in guard and of
// contributions.reconcile; the rules are in model/security/.
import { v } from "convex/values";
import { internalMutation } from "./functions";
import { contributionBySession } from "./model/money/contributions";
import { limit } from "./model/rateLimits";
import { signUpWait } from "./model/security/signUps";

/** How long Stripe's "no such session" is believed without asking again. */
export const NOT_FOUND_TTL_MS = 10 * 60 * 1000;
/** A sign-in callback's note outlives any callback (they take seconds). */
const SIGN_IN_NOTE_TTL_MS = 10 * 60 * 1000;

/**
 * Decides whether a lookup of a Checkout Session may ask Stripe: a session we have a
 * contribution for, within its own limit; one Stripe recently said it does not know, never
 * (answered "not found" at once); any other, only within the asking client's limit, so random
 * ids cost their sender, not Stripe's quota or anyone else's turn.
 */
export const admitLookup = internalMutation({
  args: { sessionId: v.string(), client: v.union(v.string(), v.null()) },
  returns: v.union(v.literal("lookUp"), v.literal("notFound")),
  handler: async (ctx, { sessionId, client }) => {
    if ((await contributionBySession(ctx, sessionId)) !== null) {
      await limit(ctx, "reconcile", sessionId);
      return "lookUp" as const;
    }
    const cached = await ctx.db
      .query("unknownCheckoutSessions")
      .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
      .unique();
    if (cached !== null && cached.until > Date.now()) return "notFound" as const;
    await limit(ctx, "lookupPerClient", client ?? "unknown");
    return "lookUp" as const;
  },
});

/** Remembers Stripe's "no such session" for NOT_FOUND_TTL_MS. */
export const rememberNotFound = internalMutation({
  args: { sessionId: v.string() },
  returns: v.null(),
  handler: async (ctx, { sessionId }) => {
    const until = Date.now() + NOT_FOUND_TTL_MS;
    const cached = await ctx.db
      .query("unknownCheckoutSessions")
      .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
      .unique();
    if (cached) await ctx.db.patch("unknownCheckoutSessions", cached._id, { until });
    else await ctx.db.insert("unknownCheckoutSessions", { sessionId, until });
    return null;
  },
});

/** Notes the client of a sign-in callback under its request id (see model/security/tables.ts). */
export const noteSignIn = internalMutation({
  args: {
    requestId: v.string(),
    address: v.union(v.string(), v.null()),
    device: v.union(v.string(), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    await ctx.db.insert("signInClients", { ...args, expiresAt: Date.now() + SIGN_IN_NOTE_TTL_MS });
    return null;
  },
});

/**
 * Ends a callback's note; answers whether its person is banned, and how long until its client
 * may make a new account (or null).
 */
export const finishSignIn = internalMutation({
  args: { requestId: v.string() },
  returns: v.object({ banned: v.boolean(), wait: v.union(v.number(), v.null()) }),
  handler: async (ctx, { requestId }) => {
    const note = await ctx.db
      .query("signInClients")
      .withIndex("by_request", (q) => q.eq("requestId", requestId))
      .unique();
    if (note === null) return { banned: false, wait: null };
    await ctx.db.delete("signInClients", note._id);
    return { banned: note.banned === true, wait: await signUpWait(ctx, note) };
  },
});
