// "Ideas that fit you" (issue 37): the platforms a creator makes videos for and the lengths they
// make, the open ideas that ask for them, and the alert a creator gets when a new one is
// posted (in the app; by email if they turn it on). One row per platform (creatorTables.ts) so
// a new idea finds its creators by index.
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  DURATIONS,
  VIDEO_PLATFORMS,
  type Duration,
  type PreferredPlatform,
  type VideoPlatform,
} from "./validators";
import { notifyIdeaFits } from "./notify";

export interface Fits {
  platforms: VideoPlatform[];
  /** The lengths the creator makes; empty: any length. */
  durations: Duration[];
  /** False until the creator saved them (then they come from the preferred platform). */
  saved: boolean;
}

export const FITS_MESSAGES = {
  noPlatform: "Choose at least one platform you make videos for.",
} as const;

/** The platforms a preferred platform stands for ("Both": YouTube and TikTok). */
export function platformsOfPreference(p: PreferredPlatform | undefined): VideoPlatform[] {
  if (p === "YouTube" || p === "TikTok") return [p];
  return [...VIDEO_PLATFORMS];
}

/** Whether an idea fits: its platform is one of the creator's (or Any), and a length matches. */
export function ideaFits(
  idea: Pick<Doc<"proposals">, "platform" | "durations">,
  fits: Pick<Fits, "platforms" | "durations">,
): boolean {
  const platformOk =
    idea.platform === "Any" || fits.platforms.includes(idea.platform as VideoPlatform);
  const lengthOk =
    idea.durations.length === 0 ||
    fits.durations.length === 0 ||
    idea.durations.some((d) => fits.durations.includes(d));
  return platformOk && lengthOk;
}

export async function fitsOf(ctx: QueryCtx, user: Doc<"users">): Promise<Fits> {
  const rows = await ctx.db
    .query("creatorFits")
    .withIndex("by_user", (q) => q.eq("userId", user._id))
    .take(VIDEO_PLATFORMS.length);
  if (rows.length === 0)
    return {
      platforms: platformsOfPreference(user.preferredPlatform),
      durations: [],
      saved: false,
    };
  return {
    platforms: VIDEO_PLATFORMS.filter((p) => rows.some((r) => r.platform === p)),
    durations: DURATIONS.filter((d) => rows[0]!.durations.includes(d)),
    saved: true,
  };
}

/** Saves what a creator makes: one row per platform, the same lengths on each. */
export async function saveFits(
  ctx: MutationCtx,
  userId: Id<"users">,
  platforms: readonly VideoPlatform[],
  durations: readonly Duration[],
): Promise<void> {
  const chosen = VIDEO_PLATFORMS.filter((p) => platforms.includes(p));
  if (chosen.length === 0) throw new ConvexError({ message: FITS_MESSAGES.noPlatform });
  const lengths = DURATIONS.filter((d) => durations.includes(d));
  const rows = await ctx.db
    .query("creatorFits")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(VIDEO_PLATFORMS.length);
  for (const row of rows)
    if (!chosen.includes(row.platform)) await ctx.db.delete("creatorFits", row._id);
  for (const platform of chosen) {
    const row = rows.find((r) => r.platform === platform);
    if (row) await ctx.db.patch("creatorFits", row._id, { durations: lengths });
    else await ctx.db.insert("creatorFits", { userId, platform, durations: lengths });
  }
}

/** A new Creator's fits from their onboarding (their platform, any length), unless saved. */
export async function startFits(ctx: MutationCtx, user: Doc<"users">, p: PreferredPlatform) {
  const existing = await ctx.db
    .query("creatorFits")
    .withIndex("by_user", (q) => q.eq("userId", user._id))
    .first();
  if (existing === null) await saveFits(ctx, user._id, platformsOfPreference(p), []);
}

/** Open ideas read per platform to find the ones that fit (newest first). */
const FIT_SCAN = 60;
/** How many ideas that fit the studio lists. */
export const FITS_SHOWN = 12;

/** Open ideas that fit the creator, newest first, not their own. */
export async function ideasThatFit(ctx: QueryCtx, user: Doc<"users">): Promise<Doc<"proposals">[]> {
  const fits = await fitsOf(ctx, user);
  const found = new Map<Id<"proposals">, Doc<"proposals">>();
  for (const platform of [...fits.platforms, "Any"] as const) {
    const rows = await ctx.db
      .query("proposals")
      .withIndex("by_status_platform", (q) => q.eq("status", "open").eq("platform", platform))
      .order("desc")
      .take(FIT_SCAN);
    for (const idea of rows)
      if (idea.authorId !== user._id && ideaFits(idea, fits)) found.set(idea._id, idea);
  }
  return [...found.values()].sort((a, b) => b._creationTime - a._creationTime).slice(0, FITS_SHOWN);
}

/** Creators alerted per page of the fan-out. */
const ALERT_PAGE = 100;

/**
 * One page of a new idea's alert to the creators it fits: those who make videos for its
 * platform (both platforms for Any) in a length it asks for. Returns where to go on.
 */
export async function alertFitsPage(
  ctx: MutationCtx,
  ideaId: Id<"proposals">,
  platformIndex: number,
  cursor: string | null,
): Promise<{ platformIndex: number; cursor: string | null } | null> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.status !== "open") return null;
  const platforms: VideoPlatform[] =
    idea.platform === "Any" ? [...VIDEO_PLATFORMS] : [idea.platform];
  const platform = platforms[platformIndex];
  if (platform === undefined) return null;
  const page = await ctx.db
    .query("creatorFits")
    .withIndex("by_platform", (q) => q.eq("platform", platform))
    .paginate({ numItems: ALERT_PAGE, cursor });
  for (const row of page.page) {
    if (row.userId === idea.authorId) continue;
    if (ideaFits(idea, { platforms: [platform], durations: row.durations }))
      await notifyIdeaFits(ctx, row.userId, ideaId);
  }
  if (!page.isDone) return { platformIndex, cursor: page.continueCursor };
  return platformIndex + 1 < platforms.length
    ? { platformIndex: platformIndex + 1, cursor: null }
    : null;
}
