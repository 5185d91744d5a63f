import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  counters: defineTable({ text: v.string(), previous: v.optional(v.id("counters")) }),
});
