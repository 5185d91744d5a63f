// Convex Auth: sign-in with Google and Discord, sessions, sign-out.
import { convexAuth } from "@convex-dev/auth/server";
import { discordProvider, googleProvider } from "./model/authProviders";
import { upsertUserFromSignIn } from "./model/accounts";

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [googleProvider(), discordProvider()],
  callbacks: {
    createOrUpdateUser: (ctx, args) =>
      upsertUserFromSignIn(
        ctx as never,
        args as unknown as Parameters<typeof upsertUserFromSignIn>[1],
      ),
  },
});
