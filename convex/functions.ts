// The function builders every module imports instead of `query`/`mutation`/`action`
// (convex-helpers' custom functions, as get-convex/ents-saas-starter does): the access check is
// written once, here, and the caller is on `ctx`.
//   shared*  — anyone, and the function reads nobody's identity (ctx.auth is not there), so
//              one cached result serves every viewer (on Convex a query that reads auth is
//              cached per caller).
//   public*  — anyone; ctx.viewerId is the signed-in person or null.
//   user*    — signed in, else a ConvexError with the function's own sign-in message
//              (`signInMessage`, the spec's text for that action); ctx.userId.
//   admin*   — people with the admin role (granted from the command line); everyone else,
//              signed in or not, gets "Not found." so the functions do not reveal themselves.
//   internal* — internal functions (scheduled, or called with ctx.run*); `internalMutation` is
//              the only one that must come from here.
// A token counts only while its session exists (model/sessions.ts userOfSubject): once its person
// signed out, it is a visitor's, though the token itself has not expired yet.
// Every mutation's database is model/triggers.ts dbWithTriggers: a write to a money table
// refreshes the derived money and tells the people concerned before it returns. Lint forbids
// Convex's raw `mutation`/`internalMutation` outside this file, so no mutation can write
// without them.
import { ConvexError } from "convex/values";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import {
  action,
  internalMutation as rawInternalMutation,
  mutation,
  query,
} from "./_generated/server";
import type { ActionCtx, MutationCtx, QueryCtx } from "./_generated/server";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { userOfSubject } from "./model/sessions";
import { dbWithTriggers } from "./model/triggers";

export const NOT_FOUND = "Not found.";

/** The signed-in person, if their session still exists; else null (a visitor). */
async function sessionUserId(ctx: Pick<QueryCtx, "auth" | "db">): Promise<Id<"users"> | null> {
  const identity = await ctx.auth.getUserIdentity();
  return identity === null ? null : await userOfSubject(ctx, identity.subject);
}

/** The same from an action, which reads the session through a query. */
async function sessionUserIdInAction(ctx: ActionCtx): Promise<Id<"users"> | null> {
  const identity = await ctx.auth.getUserIdentity();
  if (identity === null) return null;
  return await ctx.runQuery(internal.users.callerOf, { subject: identity.subject });
}

async function requireUser(
  userId: Promise<Id<"users"> | null>,
  signInMessage: string,
): Promise<Id<"users">> {
  const id = await userId;
  if (id === null) throw new ConvexError({ message: signInMessage });
  return id;
}

/** The mutation's own database, with the triggers (see the top of this file). */
const triggered = (ctx: MutationCtx) => ({ db: dbWithTriggers(ctx) });

/** Internal mutations (scheduled, or run by actions), with the same triggered database. */
export const internalMutation = customMutation(rawInternalMutation, customCtx(triggered));

/**
 * The same query for everyone: the handler's ctx has no `auth`, so it cannot read identity and
 * one cached result serves every viewer (lists, idea pages, a submission's vote breakdown).
 */
export const sharedQuery = customQuery(
  query,
  customCtx(() => ({ auth: undefined as never })),
);
export const publicQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ viewerId: await sessionUserId(ctx) })),
);
export const publicMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ ...triggered(ctx), viewerId: await sessionUserId(ctx) })),
);
export const publicAction = customAction(
  action,
  customCtx(async (ctx) => ({ viewerId: await sessionUserIdInAction(ctx) })),
);

type SignIn = { signInMessage: string };
export const userQuery = customQuery(
  query,
  customCtx(async (ctx, { signInMessage }: SignIn) => ({
    userId: await requireUser(sessionUserId(ctx), signInMessage),
  })),
);
export const userMutation = customMutation(
  mutation,
  customCtx(async (ctx, { signInMessage }: SignIn) => ({
    ...triggered(ctx),
    userId: await requireUser(sessionUserId(ctx), signInMessage),
  })),
);
export const userAction = customAction(
  action,
  customCtx(async (ctx, { signInMessage }: SignIn) => ({
    userId: await requireUser(sessionUserIdInAction(ctx), signInMessage),
  })),
);

async function requireAdmin(ctx: QueryCtx): Promise<Id<"users">> {
  const userId = await sessionUserId(ctx);
  const user = userId === null ? null : await ctx.db.get("users", userId);
  if (user?.role !== "admin") throw new ConvexError({ message: NOT_FOUND });
  return user._id;
}

export const adminQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ adminId: await requireAdmin(ctx) })),
);
export const adminMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ ...triggered(ctx), adminId: await requireAdmin(ctx) })),
);
export const adminAction = customAction(
  action,
  customCtx(async (ctx: ActionCtx): Promise<{ adminId: Id<"users"> }> => {
    if ((await sessionUserIdInAction(ctx)) === null) throw new ConvexError({ message: NOT_FOUND });
    const adminId: Id<"users"> | null = await ctx.runQuery(internal.operator.adminCheck, {});
    if (adminId === null) throw new ConvexError({ message: NOT_FOUND });
    return { adminId };
  }),
);
