// The landing page's counters: one read each (O(1) in the size of the marketplace).
import { internalQuery } from "./_generated/server";
import { publicQuery } from "./functions";
import { readStats, statsValidator } from "./model/counters";

export const get = publicQuery({
  args: {},
  returns: statsValidator,
  handler: async (ctx) => await readStats(ctx),
});

/** The REST edge's twin of `get` (GET /server/api/stats). */
export const read = internalQuery({
  args: {},
  returns: statsValidator,
  handler: async (ctx) => await readStats(ctx),
});
