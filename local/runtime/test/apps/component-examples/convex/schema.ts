import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  attempts: defineTable({ key: v.string(), count: v.number() }).index("by_key", ["key"]),
  finished: defineTable({ key: v.string(), result: v.any() }).index("by_key", ["key"]),
});
