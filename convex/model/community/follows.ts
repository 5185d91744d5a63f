// People following people (product rules "Community and trust"): anyone signed in may follow a
// creator or a poster from their page, and is told of their new ideas and videos — in the app,
// and by email when they switch that kind's email on (opt-in, model/notificationKinds.ts).
// The news goes out a page of followers at a time (notifications are delivered once per
// (event, person) by model/notify.ts `deliver`), so a person with many followers costs their
// own idea or video nothing more.
import { ConvexError } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { addToCounter, followersCounter, readCounter } from "../counters";
import { deliver, FAN_OUT_PAGE, isFollowing } from "../notify";
import { FOLLOW_MESSAGES } from "./followTexts";

export { FOLLOW_MESSAGES };

async function followRow(ctx: QueryCtx, followerId: Id<"users">, personId: Id<"users">) {
  return await ctx.db
    .query("personFollows")
    .withIndex("by_follower_person", (q) => q.eq("followerId", followerId).eq("personId", personId))
    .unique();
}

export async function followsPerson(
  ctx: QueryCtx,
  followerId: Id<"users">,
  personId: Id<"users">,
): Promise<boolean> {
  return (await followRow(ctx, followerId, personId)) !== null;
}

/** How many people follow `personId` (one counter read). */
export async function followerCountOf(ctx: QueryCtx, personId: Id<"users">): Promise<number> {
  return await readCounter(ctx, followersCounter(personId));
}

/** Follows or unfollows a person; a no-op when nothing changes. */
export async function setFollowingPerson(
  ctx: MutationCtx,
  followerId: Id<"users">,
  personId: Id<"users">,
  follow: boolean,
) {
  if (followerId === personId) throw new ConvexError({ message: FOLLOW_MESSAGES.self });
  if ((await ctx.db.get("users", personId)) === null)
    throw new ConvexError({ message: FOLLOW_MESSAGES.missing });
  const row = await followRow(ctx, followerId, personId);
  if (follow && row === null) {
    await ctx.db.insert("personFollows", { followerId, personId });
    await addToCounter(ctx, followersCounter(personId), 1);
  } else if (!follow && row !== null) {
    await ctx.db.delete("personFollows", row._id);
    await addToCounter(ctx, followersCounter(personId), -1);
  }
}

/** News of a person that their followers hear: a new idea, or a new video. */
export type PersonEvent =
  | { kind: "followed_idea"; personId: Id<"users">; ideaId: Id<"proposals"> }
  | {
      kind: "followed_video";
      personId: Id<"users">;
      ideaId: Id<"proposals">;
      submissionId: Id<"submissions">;
    };

/**
 * One page of a person's followers told of their news; returns the next cursor (null: done).
 * Someone who follows the idea itself already hears of its new video as the idea's news
 * ("A new video was submitted to …"), so they are not told twice.
 */
export async function personFanOutPage(
  ctx: MutationCtx,
  e: PersonEvent,
  cursor: string | null,
): Promise<string | null> {
  // News is for the people who followed before it happened: someone who follows a minute
  // after an idea was posted sees it on the person's page, not as news.
  const news =
    e.kind === "followed_video"
      ? await ctx.db.get("submissions", e.submissionId)
      : await ctx.db.get("proposals", e.ideaId);
  if (news === null) return null;
  const page = await ctx.db
    .query("personFollows")
    .withIndex("by_person", (q) => q.eq("personId", e.personId))
    .paginate({ numItems: FAN_OUT_PAGE, cursor });
  for (const { followerId, _creationTime: followedAt } of page.page) {
    if (followerId === e.personId || followedAt > news._creationTime) continue;
    if (e.kind === "followed_video") {
      if (await isFollowing(ctx, followerId, e.ideaId)) continue;
      await deliver(ctx, followerId, e.kind, e.ideaId, `${e.kind}:${e.submissionId}`, {
        submissionId: e.submissionId,
      });
    } else await deliver(ctx, followerId, e.kind, e.ideaId, `${e.kind}:${e.ideaId}`);
  }
  return page.isDone ? null : page.continueCursor;
}
