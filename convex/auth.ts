// Convex Auth: sign-in with Google and Discord, sessions, sign-out.
import { convexAuth } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { publicQuery } from "./functions";
import { discordProvider, googleProvider } from "./model/authProviders";
import { upsertUserFromSignIn } from "./model/accounts";

export const { auth, signIn, signOut, store } = convexAuth({
  providers: [googleProvider(), discordProvider()],
  callbacks: {
    createOrUpdateUser: (ctx, args) =>
      upsertUserFromSignIn(
        ctx as never,
        args as unknown as Parameters<typeof upsertUserFromSignIn>[1],
      ),
  },
});

/**
 * Whether the caller is signed in. Convex Auth's own `isAuthenticated` reads only the token, so
 * a token whose person signed out (valid until it expires) still answered true; ours counts a
 * token only while its session exists, like every function (functions.ts).
 */
export const isAuthenticated = publicQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => ctx.viewerId !== null,
});
