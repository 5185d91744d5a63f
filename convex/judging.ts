// The end of a bounty, role by role: the videos a contributor may pick from, and where a
// creator's own videos stand. Picking itself is contributions.pickWinner (the money rules).
import { v } from "convex/values";
import { publicQuery, sharedQuery } from "./functions";
import { eligibleVideos, standingsOf } from "./model/judging";
import { standingValidator } from "./model/ideaPageKinds";
import { publicName } from "./model/users";
import { videoPlatformValidator } from "./model/validators";

/** The videos that can win the idea, most counted votes first (the same for everyone). */
export const pickChoices = sharedQuery({
  args: { ideaId: v.string() },
  returns: v.array(
    v.object({
      _id: v.id("submissions"),
      authorId: v.id("users"),
      title: v.string(),
      url: v.string(),
      platform: videoPlatformValidator,
      thumbnailUrl: v.union(v.string(), v.null()),
      creatorName: v.string(),
      countedVotes: v.number(),
    }),
  ),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    if (id === null) return [];
    return await Promise.all(
      (await eligibleVideos(ctx, id)).map(async (s) => {
        const author = await ctx.db.get("users", s.authorId);
        return {
          _id: s._id,
          authorId: s.authorId,
          title: s.title,
          url: s.url,
          platform: s.platform,
          thumbnailUrl: s.thumbnailUrl ?? null,
          creatorName: author ? publicName(author) : "Anonymous",
          countedVotes: s.qualifiedVotes ?? 0,
        };
      }),
    );
  },
});

/** The caller's own videos on the idea and where each stands now (none for a visitor). */
export const myStanding = publicQuery({
  args: { ideaId: v.string() },
  returns: v.array(
    v.object({ submissionId: v.id("submissions"), title: v.string(), standing: standingValidator }),
  ),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    if (id === null || ctx.viewerId === null) return [];
    return (await standingsOf(ctx, ctx.viewerId, id)).map(({ submission, standing }) => ({
      submissionId: submission._id,
      title: submission.title,
      standing,
    }));
  },
});
