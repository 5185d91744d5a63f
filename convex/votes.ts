// The caller's own votes, one small query per item on screen. The lists and the idea page
// (ideas.ts) read no identity so everyone shares them; what is personal comes from here,
// each a single unique index lookup, re-run only when that person's vote on that item changes.
import { v } from "convex/values";
import { publicQuery } from "./functions";
import { voteOf } from "./model/ideas";
import { submissionVoteOf } from "./model/submissions";
import { voteValidator } from "./model/validators";

/** The caller's vote on an idea: 1, -1, or 0 (none, or a visitor). */
export const mineOnIdea = publicQuery({
  args: { ideaId: v.id("proposals") },
  returns: voteValidator,
  handler: async (ctx, { ideaId }) => await voteOf(ctx, ctx.viewerId, ideaId),
});

/** The caller's vote on a submission: 1, -1, or 0 (none, or a visitor). */
export const mineOnSubmission = publicQuery({
  args: { submissionId: v.id("submissions") },
  returns: voteValidator,
  handler: async (ctx, { submissionId }) => await submissionVoteOf(ctx, ctx.viewerId, submissionId),
});
