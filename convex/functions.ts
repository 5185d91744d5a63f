// The function builders every module imports instead of `query`/`mutation`/`action`
// (convex-helpers' custom functions, as get-convex/ents-saas-starter does): the access check is
// written once, here, and the caller is on `ctx`.
//   public*  — anyone; ctx.viewerId is the signed-in person or null.
//   user*    — signed in, else a ConvexError with the function's own sign-in message
//              (`signInMessage`, the spec's text for that action); ctx.userId.
//   admin*   — people with the admin role (granted from the command line); everyone else,
//              signed in or not, gets "Not found." so the functions do not reveal themselves.
import { ConvexError } from "convex/values";
import { getAuthUserId } from "@convex-dev/auth/server";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import { action, mutation, query } from "./_generated/server";
import type { ActionCtx, QueryCtx } from "./_generated/server";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";

export const NOT_FOUND = "Not found.";

async function requireUser(
  ctx: { auth: QueryCtx["auth"] },
  signInMessage: string,
): Promise<Id<"users">> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) throw new ConvexError({ message: signInMessage });
  return userId;
}

export const publicQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ viewerId: await getAuthUserId(ctx) })),
);
export const publicMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ viewerId: await getAuthUserId(ctx) })),
);
export const publicAction = customAction(
  action,
  customCtx(async (ctx) => ({ viewerId: await getAuthUserId(ctx) })),
);

type SignIn = { signInMessage: string };
export const userQuery = customQuery(
  query,
  customCtx(async (ctx, { signInMessage }: SignIn) => ({
    userId: await requireUser(ctx, signInMessage),
  })),
);
export const userMutation = customMutation(
  mutation,
  customCtx(async (ctx, { signInMessage }: SignIn) => ({
    userId: await requireUser(ctx, signInMessage),
  })),
);
export const userAction = customAction(
  action,
  customCtx(async (ctx, { signInMessage }: SignIn) => ({
    userId: await requireUser(ctx, signInMessage),
  })),
);

async function requireAdmin(ctx: QueryCtx): Promise<Id<"users">> {
  const userId = await getAuthUserId(ctx);
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
  customCtx(async (ctx) => ({ adminId: await requireAdmin(ctx) })),
);
export const adminAction = customAction(
  action,
  customCtx(async (ctx: ActionCtx): Promise<{ adminId: Id<"users"> }> => {
    const adminId: Id<"users"> | null = await ctx.runQuery(internal.operator.adminCheck, {});
    if (adminId === null) throw new ConvexError({ message: NOT_FOUND });
    return { adminId };
  }),
);
