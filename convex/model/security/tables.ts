// Tables of the abuse defences (spread into schema.ts): who is signing in, and Checkout Sessions
// Stripe said it does not know. Both are short-lived and swept (rateLimits.sweepExpired).
import { defineTable } from "convex/server";
import { v } from "convex/values";

export const securityTables = {
  /**
   * The client of a sign-in callback in flight, for the sign-up limits: the callback's HTTP
   * action notes it under its request id before Convex Auth runs, and the user it creates (in a
   * mutation of the same request, model/accounts.ts) is counted against that address and
   * device. Deleted when the callback ends.
   */
  signInClients: defineTable({
    requestId: v.string(),
    address: v.union(v.string(), v.null()),
    device: v.union(v.string(), v.null()),
    expiresAt: v.number(),
    // The callback's person is banned (model/accounts.ts): the login page is told, no session.
    banned: v.optional(v.boolean()),
  })
    .index("by_request", ["requestId"])
    .index("by_expiry", ["expiresAt"]),
  /** Checkout Session ids Stripe answered "no such session" for: not asked again until then. */
  unknownCheckoutSessions: defineTable({ sessionId: v.string(), until: v.number() })
    .index("by_session", ["sessionId"])
    .index("by_until", ["until"]),
};
