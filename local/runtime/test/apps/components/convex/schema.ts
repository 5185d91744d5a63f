import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  // The same name as the component's own table.
  counters: defineTable({ name: v.string(), value: v.number() }).index("name", ["name"]),
});
