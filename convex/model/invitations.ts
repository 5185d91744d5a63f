// A poster invites a creator to one of their open ideas (product rules "Community and trust"):
// at most 10 invitations a day per poster (rateLimits.ts "invite", a window per UTC day), once
// per (creator, idea); the creator is told in the app (and by email if they turned it on).
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { limit } from "./rateLimits";
import { notifyInvited } from "./notify";

export const INVITE_MESSAGES = {
  signIn: "Please sign in to invite a creator.",
  noCreator: "This creator no longer exists.",
  notYours: "You can invite creators only to your own ideas.",
  closed: "This idea no longer takes videos.",
  yourself: "You can't invite yourself.",
} as const;

/** The poster's open ideas read for the invitation menu (newest first). */
const OWN_IDEAS_READ = 50;

async function invitationOf(ctx: QueryCtx, creatorId: Id<"users">, ideaId: Id<"proposals">) {
  return await ctx.db
    .query("invitations")
    .withIndex("by_creator_idea", (q) => q.eq("creatorId", creatorId).eq("ideaId", ideaId))
    .unique();
}

/**
 * Invites a creator to an idea. Returns false when they were already invited to it (nothing is
 * counted against the day's ten, and they are not told twice).
 */
export async function inviteCreator(
  ctx: MutationCtx,
  posterId: Id<"users">,
  creatorId: Id<"users">,
  ideaId: Id<"proposals">,
): Promise<boolean> {
  if (creatorId === posterId) throw new ConvexError({ message: INVITE_MESSAGES.yourself });
  if ((await ctx.db.get("users", creatorId)) === null)
    throw new ConvexError({ message: INVITE_MESSAGES.noCreator });
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.authorId !== posterId)
    throw new ConvexError({ message: INVITE_MESSAGES.notYours });
  if (idea.status !== "open" || idea.expiration <= Date.now())
    throw new ConvexError({ message: INVITE_MESSAGES.closed });
  if ((await invitationOf(ctx, creatorId, ideaId)) !== null) return false;
  await limit(ctx, "invite", posterId);
  await ctx.db.insert("invitations", { ideaId, creatorId, posterId });
  await notifyInvited(ctx, creatorId, ideaId);
  return true;
}

/** The viewer's open ideas they could invite this creator to, each saying if it was done. */
export async function invitableIdeas(
  ctx: QueryCtx,
  posterId: Id<"users">,
  creatorId: Id<"users">,
): Promise<{ _id: Id<"proposals">; title: string; invited: boolean }[]> {
  if (posterId === creatorId) return [];
  const own: Doc<"proposals">[] = await ctx.db
    .query("proposals")
    .withIndex("by_author", (q) => q.eq("authorId", posterId))
    .order("desc")
    .take(OWN_IDEAS_READ);
  // "open" flips to judging at the deadline (a scheduled function): no clock read in a query.
  const open = own.filter((idea) => idea.status === "open");
  return await Promise.all(
    open.map(async (idea) => ({
      _id: idea._id,
      title: idea.title,
      invited: (await invitationOf(ctx, creatorId, idea._id)) !== null,
    })),
  );
}
