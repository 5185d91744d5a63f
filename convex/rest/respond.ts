// Helpers for the REST routes of spec §7: JSON responses, errors, the caller's identity, body
// parsing. Route handlers throw HttpError (or a model's ConvexError); the app's error handler
// (rest/app.ts) turns either into the spec's `{ error }` JSON.
import { ConvexError } from "convex/values";
import type { z } from "zod";
import type { ActionCtx } from "../_generated/server";
import type { Id } from "../_generated/dataModel";
import { internal } from "../_generated/api";
import { isRateLimited } from "../model/rateLimits";

type AuthCtx = Pick<ActionCtx, "auth" | "runQuery">;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

export function errorResponse(status: number, message: string): Response {
  return json({ error: message }, status);
}

/** Thrown inside a route to answer with an HTTP error. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * HttpError and ConvexError become JSON errors (a rate limit's a 429 with Retry-After);
 * anything else a 500.
 */
export function errorToResponse(e: unknown): Response {
  if (e instanceof HttpError) return errorResponse(e.status, e.message);
  if (isRateLimited(e)) {
    const response = errorResponse(429, e.data.message);
    response.headers.set("Retry-After", String(e.data.retryAfterSeconds));
    return response;
  }
  if (e instanceof ConvexError) {
    const data = e.data as { message?: string } | string;
    return errorResponse(400, typeof data === "string" ? data : (data.message ?? "Request failed"));
  }
  console.error(e);
  return errorResponse(500, "Something went wrong. Please try again.");
}

/**
 * The caller's user id from `Authorization: Bearer`; null when absent or invalid, or when the
 * token's subject names no existing user (users.callerOf).
 */
export async function callerId(ctx: AuthCtx): Promise<Id<"users"> | null> {
  let subject: string | undefined;
  try {
    subject = (await ctx.auth.getUserIdentity())?.subject;
  } catch {
    return null;
  }
  if (subject === undefined) return null;
  return await ctx.runQuery(internal.users.callerOf, { subject });
}

/** The caller's id; 401 without a valid session or when its user no longer exists. */
export async function requireCaller(ctx: AuthCtx): Promise<Id<"users">> {
  const userId = await callerId(ctx);
  if (userId === null) throw new HttpError(401, "Unauthorized");
  return userId;
}

/**
 * The caller of a route anyone may use that records who acted (a contribution): null for a
 * visitor (no Authorization header); a token that names no signed-in person (forged, expired,
 * signed out) is a 401, never taken as a visitor's: the person would lose sight of what they did.
 */
export async function optionalCaller(ctx: AuthCtx, request: Request): Promise<Id<"users"> | null> {
  const caller = await callerId(ctx);
  if (caller === null && request.headers.has("authorization"))
    throw new HttpError(401, "Unauthorized");
  return caller;
}

/**
 * Refuses requests about another person: routes that take a `userId` answer only for the
 * caller, whose identity comes from the token, never from the request.
 */
export function requireSelf(request: Request, caller: Id<"users">, claimed?: unknown) {
  const fromQuery = new URL(request.url).searchParams.get("userId");
  for (const value of [fromQuery, claimed]) {
    if (value !== null && value !== undefined && value !== "" && value !== caller) {
      throw new HttpError(403, "You can only access your own data.");
    }
  }
}

export async function parseBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw new HttpError(400, "The request body must be JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(
      400,
      `Invalid request: ${issue?.path.join(".") || "body"} ${issue?.message ?? ""}`.trim(),
    );
  }
  return parsed.data;
}
