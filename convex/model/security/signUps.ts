// Sign-up limits: how many new accounts one address and one browser may make (RATE_LIMITS
// signUpPerAddress and signUpPerDevice). Only sign-ins that create a user count; people who
// already have an account sign in whatever their address did. The browser is a random id in a
// long-lived cookie of the HTTP actions origin (model/security/authRoutes.ts): a script can drop
// it, so the address limit is the one that holds against scripts, the device limit the one
// that holds for many people behind one address.
import type { GenericMutationCtx } from "convex/server";
import type { DataModel } from "../../_generated/dataModel";
import { limit, waitOf } from "../rateLimits";
import { addressKey } from "./clientAddress";

type Ctx = GenericMutationCtx<DataModel>;

/** The address and device of this request's sign-in callback (noted by its HTTP action). */
async function signUpClient(ctx: Ctx): Promise<{ address: string | null; device: string | null }> {
  let meta: { requestId: string; ip: string | null } | null = null;
  try {
    meta = await ctx.meta.getRequestMetadata();
  } catch {
    meta = null;
  }
  if (meta === null) return { address: null, device: null };
  const requestId = meta.requestId;
  const note = await ctx.db
    .query("signInClients")
    .withIndex("by_request", (q) => q.eq("requestId", requestId))
    .unique();
  return note ?? { address: addressKey(meta.ip), device: null };
}

/**
 * Takes a new account's tokens from its address's and device's buckets, or throws the "Too
 * many requests" ConvexError (the sign-in then creates nothing). An unknown address (a sign-up
 * from no HTTP request: only internal tooling) takes none.
 */
export async function admitSignUp(ctx: Ctx): Promise<void> {
  const { address, device } = await signUpClient(ctx);
  if (address !== null) await limit(ctx, "signUpPerAddress", address);
  if (device !== null) await limit(ctx, "signUpPerDevice", device);
}

/** Seconds until this client may make a new account again; null when it may now. */
export async function signUpWait(
  ctx: Ctx,
  { address, device }: { address: string | null; device: string | null },
): Promise<number | null> {
  const waits = [
    address === null ? null : await waitOf(ctx, "signUpPerAddress", address),
    device === null ? null : await waitOf(ctx, "signUpPerDevice", device),
  ].filter((wait): wait is number => wait !== null);
  return waits.length === 0 ? null : Math.max(...waits);
}

/**
 * Notes on this request's sign-in callback that its person is banned, so the callback sends the
 * browser to the login page with the reason and drops the sign-in (authRoutes.ts). False when
 * there is no callback to note it on (the caller then refuses by throwing).
 */
export async function noteBannedSignIn(ctx: Ctx): Promise<boolean> {
  let requestId: string;
  try {
    requestId = (await ctx.meta.getRequestMetadata()).requestId;
  } catch {
    return false;
  }
  const note = await ctx.db
    .query("signInClients")
    .withIndex("by_request", (q) => q.eq("requestId", requestId))
    .unique();
  if (note === null) return false;
  await ctx.db.patch("signInClients", note._id, { banned: true });
  return true;
}
