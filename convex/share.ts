// What an idea's share page and image read (rest/share.ts): the idea's public fields, found by
// a link's id; a malformed id or a missing idea is null (the page answers 404).
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import type { ShareIdea } from "./model/sharePreview";

export const idea = internalQuery({
  args: { id: v.string() },
  handler: async (ctx, { id }): Promise<ShareIdea | null> => {
    const proposalId = ctx.db.normalizeId("proposals", id);
    const found = proposalId ? await ctx.db.get("proposals", proposalId) : null;
    if (!found) return null;
    const { _id, title, description, brief, bountyCents, submissionCount, status, expiration } =
      found;
    return { _id, title, description, brief, bountyCents, submissionCount, status, expiration };
  },
});
