// Bulk data for benchmarks (`npm run bench:live`): internal only, called with the admin key.
// Inserts rows directly, in batches, because posting 10,000 ideas and signing in 1,000 people
// through the product's flows would take longer than the measurement itself.
import { v } from "convex/values";
import { internalMutation } from "./functions";
import { searchTextOf } from "./model/ideas";

const MAX_BATCH = 1000;
// Far enough that no seeded idea reaches its deadline during a run (no close job is scheduled).
const SEEDED_IDEA_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** People with a live session each, as Convex Auth would store them after a sign-in. */
export const people = internalMutation({
  args: { count: v.number(), label: v.string() },
  returns: v.array(v.object({ userId: v.id("users"), sessionId: v.id("authSessions") })),
  handler: async (ctx, args) => {
    if (!Number.isInteger(args.count) || args.count < 1 || args.count > MAX_BATCH)
      throw new Error(`count must be a whole number from 1 to ${MAX_BATCH}.`);
    const people = [];
    for (let i = 0; i < args.count; i++) {
      const userId = await ctx.db.insert("users", {
        name: `${args.label} ${i}`,
        displayName: `${args.label} ${i}`,
        email: `${args.label.toLowerCase().replace(/\W+/g, ".")}.${i}@example.com`,
        accountType: "Viewer",
        preferredPlatform: "Both",
      });
      const sessionId = await ctx.db.insert("authSessions", {
        userId,
        expirationTime: Date.now() + 24 * 60 * 60 * 1000,
      });
      people.push({ userId, sessionId });
    }
    return people;
  },
});

/** Open ideas by one author, numbered from `from`. */
export const ideas = internalMutation({
  args: { count: v.number(), from: v.number(), authorId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, args) => {
    if (!Number.isInteger(args.count) || args.count < 1 || args.count > MAX_BATCH)
      throw new Error(`count must be a whole number from 1 to ${MAX_BATCH}.`);
    for (let i = args.from; i < args.from + args.count; i++) {
      const idea = {
        title: `Benchmark idea number ${i}: film something nobody has filmed yet`,
        description: "",
      };
      await ctx.db.insert("proposals", {
        ...idea,
        links: [],
        platform: "Any",
        durations: ["SHORT"],
        expiration: Date.now() + SEEDED_IDEA_LIFETIME_MS,
        authorId: args.authorId,
        status: "open",
        phase: "open",
        netVotes: 0,
        bountyCents: 0,
        submissionCount: 0,
        searchText: searchTextOf(idea),
      });
    }
    return null;
  },
});
