// What an idea's share page and image read (rest/share.ts): the idea's card, exactly as the lists
// and the idea page read it (so the preview says what they say), and the video it leads with —
// the winner once awarded, the leader while judging, else the most voted one with a cover — and,
// once awarded, its winner card's facts. A malformed id or a missing idea is null (404).
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { toCard } from "./model/ideas";
import { ideaOutcomeOf } from "./model/ideaOutcome";
import type { ShareIdea, ShareVideo } from "./model/sharePreview";

export const idea = internalQuery({
  args: { id: v.string() },
  handler: async (ctx, { id }): Promise<ShareIdea | null> => {
    const ideaId = ctx.db.normalizeId("proposals", id);
    const found = ideaId ? await ctx.db.get("proposals", ideaId) : null;
    if (!found) return null;
    const card = await toCard(ctx, found);
    let lead: ShareVideo | null = null;
    let winner: ShareIdea["winner"] = null;
    if (card.ending.kind === "awarded" || card.ending.kind === "judging") {
      const outcome = await ideaOutcomeOf(ctx, found);
      const video =
        outcome.kind === "awarded"
          ? outcome.winners[0]
          : outcome.kind === "judging"
            ? outcome.leader
            : null;
      if (video)
        lead = {
          title: video.title,
          creatorName: video.creatorName,
          thumbnailUrl: video.thumbnailUrl,
        };
      const top = outcome.kind === "awarded" ? outcome.winners[0] : undefined;
      if (top)
        winner = {
          title: top.title,
          creatorName: top.creatorName,
          thumbnailUrl: top.thumbnailUrl,
          amountCents: top.amountCents,
        };
    }
    if (lead === null) {
      const cover = card.videos.find((v) => v.thumbnailUrl !== null);
      if (cover) lead = { title: cover.title, creatorName: null, thumbnailUrl: cover.thumbnailUrl };
    }
    return { card, lead, winner, announcedAt: found.judgedAt ?? null };
  },
});
