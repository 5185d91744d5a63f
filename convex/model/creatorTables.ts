// The tables of judging together and of creators' tools (issue 37), spread into schema.ts: the
// ratings and private feedback backers and posters give a video, the platforms and lengths a
// creator makes (their "ideas that fit you" and its alerts), and posters' invitations. A leaf
// module (schema.ts imports it): it imports only validators.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { durationValidator, videoPlatformValidator } from "./validators";

export const creatorTables = {
  // One rating per (video, person): 1 to 5 stars and optional private feedback for its creator
  // (model/ratings.ts). Only the creator sees the feedback and the average; the submission
  // keeps the count and the sum of stars, so the average costs no read of these rows.
  videoRatings: defineTable({
    ideaId: v.id("proposals"),
    submissionId: v.id("submissions"),
    raterId: v.id("users"),
    stars: v.number(),
    feedback: v.optional(v.string()),
    // Who rated, as the creator is told: the idea's poster, or one of its backers.
    raterRole: v.union(v.literal("poster"), v.literal("backer")),
    updatedAt: v.number(),
  })
    .index("by_submission_rater", ["submissionId", "raterId"])
    // A video's feedback, newest first (the creator's studio and idea page).
    .index("by_submission_updated", ["submissionId", "updatedAt"])
    // One person's ratings on one idea (the gallery shows them their own).
    .index("by_rater_idea", ["raterId", "ideaId"]),

  // What a creator makes, one row per platform: the lengths they make there (empty: any).
  // "Ideas that fit you" reads them, and a new idea alerts the creators whose rows match.
  creatorFits: defineTable({
    userId: v.id("users"),
    platform: videoPlatformValidator,
    durations: v.array(durationValidator),
  })
    .index("by_user", ["userId"])
    .index("by_platform", ["platform"]),

  // A poster's invitation of a creator to one of their ideas (at most 10 a day per poster).
  invitations: defineTable({
    ideaId: v.id("proposals"),
    creatorId: v.id("users"),
    posterId: v.id("users"),
  }).index("by_creator_idea", ["creatorId", "ideaId"]),
};
