import { defineSchema, defineTable } from "convex/server";
import { authTables } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { accountTypeValidator, preferredPlatformValidator } from "./model/validators";

export default defineSchema({
  ...authTables,
  // Convex Auth's users table, with the product's own profile fields.
  users: defineTable({
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),
    displayName: v.optional(v.string()),
    avatarUrl: v.optional(v.string()),
    lastSignIn: v.optional(v.number()),
    accountType: v.optional(accountTypeValidator),
    preferredPlatform: v.optional(preferredPlatformValidator),
  })
    .index("email", ["email"])
    .index("phone", ["phone"]),
});
