// An app whose only work is a cron: every second it records a tick.
import { cronJobs, internalMutationGeneric, makeFunctionReference } from "convex/server";

export const tick = internalMutationGeneric({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("ticks", { at: Date.now() });
  },
});

const crons = cronJobs();
crons.interval("tick", { seconds: 1 }, makeFunctionReference<"mutation">("crons:tick"), {});
export default crons;
