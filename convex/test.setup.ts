// Shared set-up for convex-test suites: the function modules and helpers to act as a person.
/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import schema from "./schema";
import type { Id } from "./_generated/dataModel";

export const modules = import.meta.glob("./**/*.*s");

export function newBackend() {
  return convexTest({ schema, modules, transactionLimits: true });
}

export type Backend = ReturnType<typeof newBackend>;

type Caller = ReturnType<Backend["withIdentity"]>;
const sessions = new WeakMap<Backend, Map<Id<"users">, Promise<Caller>>>();

/**
 * Runs functions as the given user, the way Convex Auth's session tokens identify them
 * (`userId|sessionId`): the first call for a person creates a real `authSessions` row, since the
 * builders of functions.ts accept a token only while its session exists. Deleting that row signs
 * the person out.
 */
export function as(t: Backend, userId: Id<"users">): Caller {
  let known = sessions.get(t);
  if (!known) sessions.set(t, (known = new Map()));
  let caller = known.get(userId);
  if (!caller) {
    caller = t
      .run((ctx) =>
        ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 30 * 86_400_000 }),
      )
      .then((sessionId) =>
        t.withIdentity({ subject: `${userId}|${sessionId}`, issuer: "https://convex.test" }),
      );
    known.set(userId, caller);
  }
  const ready = caller;
  return {
    query: async (...args) => (await ready).query(...args),
    mutation: async (...args) => (await ready).mutation(...args),
    action: async (...args) => (await ready).action(...args),
    run: async (...args) => (await ready).run(...args),
    fetch: async (...args) => (await ready).fetch(...args),
  } as Caller;
}

/** Creates a signed-in person with a complete profile unless told otherwise. */
export async function createUser(
  t: Backend,
  fields: Partial<{
    name: string;
    email: string;
    accountType: "Creator" | "Viewer" | "Business";
    preferredPlatform: "YouTube" | "TikTok" | "Both";
  }> = {},
): Promise<Id<"users">> {
  return await t.run(async (ctx) =>
    ctx.db.insert("users", {
      name: fields.name ?? "Test Person",
      email: fields.email ?? `person${Math.random().toString(36).slice(2)}@example.com`,
      accountType: "accountType" in fields ? fields.accountType : "Viewer",
      preferredPlatform: "preferredPlatform" in fields ? fields.preferredPlatform : "Both",
    }),
  );
}

/** The message a refused call gave (its ConvexError's, else the error's text). */
export async function messageOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (e) {
    return ((e as { data?: { message?: string } }).data?.message ?? String(e)) as string;
  }
  throw new Error("expected the call to be refused");
}

/** An operator (the admin role). */
export async function operator(t: Backend) {
  const id = await createUser(t, { name: "Olga Operator" });
  await t.run((ctx) => ctx.db.patch("users", id, { role: "admin" }));
  return id;
}
