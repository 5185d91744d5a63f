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

/** Runs functions as the given user, the way Convex Auth's session tokens identify them. */
export function as(t: Backend, userId: Id<"users">) {
  return t.withIdentity({
    subject: `${userId}|session-of-${userId}`,
    issuer: "https://convex.test",
  });
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
