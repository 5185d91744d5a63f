// Creating and updating user records at every sign-in (Convex Auth's createOrUpdateUser).
import type { GenericMutationCtx } from "convex/server";
import type { DataModel, Id } from "../_generated/dataModel";
import type { ProviderProfile } from "./authProviders";
import { addToCounter } from "./counters";
import { admitSignUp, noteBannedSignIn } from "./security/signUps";
import { ConvexError } from "convex/values";
import { MODERATION_MESSAGES } from "./moderation/kinds";

type Ctx = GenericMutationCtx<DataModel>;

/**
 * Called by Convex Auth on every sign-in. Updates the known user, or links the account to the
 * user with the same verified email (Google and Discord under one email are one person), or
 * creates a new user.
 */
export async function upsertUserFromSignIn(
  ctx: Ctx,
  args: {
    existingUserId: Id<"users"> | null;
    profile: Partial<ProviderProfile> & Record<string, unknown>;
  },
): Promise<Id<"users">> {
  const profile = args.profile;
  const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : undefined;
  const verified = profile.emailVerified === true && email !== undefined;
  let userId = args.existingUserId;
  if (userId === null && verified) {
    const sameEmail = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .take(10);
    const verifiedOwners = sameEmail.filter((user) => user.emailVerificationTime !== undefined);
    if (verifiedOwners.length === 1) userId = verifiedOwners[0]!._id;
  }
  const now = Date.now();
  // The display name is derived from `name` (full name, else name) and the email until the
  // person picks one in their settings; see `publicName`.
  const fromProvider = {
    name: profile.fullName ?? profile.name,
    email,
    lastSignIn: now,
    ...(profile.image ? { image: profile.image, avatarUrl: profile.image } : {}),
    ...(verified ? { emailVerificationTime: now } : {}),
  };
  const known = userId !== null ? await ctx.db.get("users", userId) : null;
  // A banned person cannot sign in (product rules "Community and trust"). In a sign-in callback
  // the refusal is noted for the callback, which then drops the sign-in and takes the browser to
  // the login page with the reason (a throw here would be rolled back with its note, and Convex
  // Auth would say only that the sign-in failed); the account is left as it was.
  if (known !== null && known.bannedAt !== undefined) {
    if (await noteBannedSignIn(ctx)) return known._id;
    throw new ConvexError({ message: MODERATION_MESSAGES.banned });
  }
  if (userId !== null && known !== null) {
    await ctx.db.patch("users", userId, fromProvider);
    return userId;
  }
  // A new account: within its address's and browser's sign-up limits, or nothing is created.
  await admitSignUp(ctx);
  const newUserId = await ctx.db.insert("users", fromProvider);
  await addToCounter(ctx, "users", 1);
  return newUserId;
}
