// Who is calling: the session behind a token. Every function builder asks (convex/functions.ts),
// so this module imports nothing else of the app: each function starts from fresh module state
// and pays for every module it loads.
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

/**
 * The person behind a token's subject, `userId|sessionId` as Convex Auth writes it: null unless
 * the session still exists (signing out deletes it), belongs to that user, and the user exists.
 * A signed-out token is refused even before it expires.
 */
export async function userOfSubject(
  ctx: Pick<QueryCtx, "db">,
  subject: string,
): Promise<Id<"users"> | null> {
  const [userPart = "", sessionPart = ""] = subject.split("|");
  const userId = ctx.db.normalizeId("users", userPart);
  const sessionId = ctx.db.normalizeId("authSessions", sessionPart);
  if (userId === null || sessionId === null) return null;
  const session = await ctx.db.get("authSessions", sessionId);
  if (session === null || session.userId !== userId) return null;
  // A banned person is signed out everywhere, even by a session made before the ban ended it.
  const user = await ctx.db.get("users", userId);
  return user === null || user.bannedAt !== undefined ? null : userId;
}
