// What a poster may edit of their idea and how an edit is kept (model/ideaEdits.ts): a leaf
// module, read by the schema, so it imports nothing of the app but the validators.
import { v, type Infer } from "convex/values";
import { durationValidator, ideaPlatformValidator } from "./validators";

/**
 * The fields an edit changed, as they were before or after it. The brief and the links change
 * while the idea is open; the title, platform and lengths only until anyone contributed or
 * submitted (product rules "Running an idea").
 */
export const ideaEditFieldsValidator = v.object({
  brief: v.optional(v.string()),
  links: v.optional(v.array(v.string())),
  title: v.optional(v.string()),
  platform: v.optional(ideaPlatformValidator),
  durations: v.optional(v.array(durationValidator)),
});
export type IdeaEditFields = Infer<typeof ideaEditFieldsValidator>;
