// The landing page's counters: one read each (O(1) in the size of the marketplace).
import { query } from "./_generated/server";
import { readCounter } from "./model/counters";

export const get = query({
  args: {},
  handler: async (ctx) => ({
    activeUsers: await readCounter(ctx, "users"),
    bounties: await readCounter(ctx, "bounties"),
    originalVideos: await readCounter(ctx, "originalVideos"),
  }),
});
