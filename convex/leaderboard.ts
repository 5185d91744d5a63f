// The weekly leaderboards (/leaderboard): thin over model/community/boards.ts. The page asks for
// this week and last week by their Monday 00:00 UTC (the query reads no clock); both are live.
import { ConvexError, v } from "convex/values";
import { sharedQuery } from "./functions";
import { boardsOf, boardsValidator } from "./model/community/boards";
import { isWeekStart } from "./model/community/weeks";

export const week = sharedQuery({
  args: { week: v.number() },
  returns: boardsValidator,
  handler: async (ctx, { week }) => {
    if (!isWeekStart(week))
      throw new ConvexError({ message: "A week starts on a Monday at 00:00 UTC." });
    return await boardsOf(ctx, week);
  },
});
