// A poster's updates on their idea (issue 29): "I raised the bounty", "please include
// subtitles", "judging starts tomorrow". Only the poster writes them; they pass the content
// filter like every public text; each reaches the idea's followers in the app and by email
// (updates about money by default, the rest when people opt in).
import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { checkPublicText } from "./contentFilter";
import { visibleParagraphs } from "./ideaText";
import {
  BACKER_EMAIL_GAP_MS,
  UPDATE_MAX_LENGTH,
  updateTopicValidator,
  type UpdateTopic,
} from "./ideaPageKinds";
import { notifyUpdatePosted } from "./notifyIdeaPage";
import { startBackerFanOut } from "./notifyPoster";
import { refuseIfHidden } from "./moderation/shown";

export { BACKER_EMAIL_GAP_MS, UPDATE_MAX_LENGTH };

export const UPDATE_MESSAGES = {
  signIn: "Please sign in to post an update.",
  notPoster: "Only the idea's poster can post updates.",
  empty: "Please write your update.",
  tooLong: `Please keep your update to ${UPDATE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  content: "Your update contains inappropriate content or restricted URLs.",
  noIdea: "This idea no longer exists.",
  oncePerDay:
    "You can email your backers once a day: your last email went out less than 24 hours ago.",
} as const;

/** When the poster last emailed this idea's backers (null: never). */
export async function lastBackerEmailAt(ctx: QueryCtx, ideaId: Id<"proposals">) {
  const last = await ctx.db
    .query("ideaUpdates")
    .withIndex("by_idea_emailed", (q) => q.eq("ideaId", ideaId).gt("emailedAt", 0))
    .order("desc")
    .first();
  return last?.emailedAt ?? null;
}

export async function postUpdate(
  ctx: MutationCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  raw: string,
  topic: UpdateTopic,
  /** Also email it to the idea's backers (the control room's "email this update"). */
  emailBackers = false,
): Promise<Id<"ideaUpdates">> {
  const idea = await ctx.db.get("proposals", ideaId);
  const fail = (message: string): never => {
    throw new ConvexError({ message });
  };
  if (idea === null) return fail(UPDATE_MESSAGES.noIdea);
  if (idea.authorId !== userId) fail(UPDATE_MESSAGES.notPoster);
  refuseIfHidden("idea", idea);
  const body = visibleParagraphs(raw.slice(0, UPDATE_MAX_LENGTH * 4));
  if (body === "") fail(UPDATE_MESSAGES.empty);
  if (body.length > UPDATE_MAX_LENGTH) fail(UPDATE_MESSAGES.tooLong);
  if (!checkPublicText(body)) fail(UPDATE_MESSAGES.content);
  const now = Date.now();
  if (emailBackers) {
    const last = await lastBackerEmailAt(ctx, ideaId);
    if (last !== null && now - last < BACKER_EMAIL_GAP_MS) fail(UPDATE_MESSAGES.oncePerDay);
  }
  const id = await ctx.db.insert("ideaUpdates", {
    ideaId,
    authorId: userId,
    body,
    topic,
    ...(emailBackers ? { emailedAt: now } : {}),
  });
  // Emailed to backers: they hear first (by email, unless they stopped this idea's), then the
  // other followers as usual (model/notifyPoster.ts).
  if (emailBackers) await startBackerFanOut(ctx, { ideaId, kind: "backer_update", updateId: id });
  else await notifyUpdatePosted(ctx, (await ctx.db.get("ideaUpdates", id))!);
  return id;
}

export const updateViewValidator = v.object({
  _id: v.id("ideaUpdates"),
  _creationTime: v.number(),
  body: v.string(),
  topic: updateTopicValidator,
  /** Emailed to the idea's backers. */
  emailed: v.boolean(),
});
export type UpdateView = Infer<typeof updateViewValidator>;

/** A page of the idea's updates, newest first. */
export async function updatesPage(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<UpdateView>> {
  const result = await ctx.db
    .query("ideaUpdates")
    .withIndex("by_idea", (q) => q.eq("ideaId", ideaId))
    .order("desc")
    // Updates an operator hid are shown nowhere (model/moderation).
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .paginate(paginationOpts);
  return {
    ...result,
    page: result.page.map((u) => ({
      _id: u._id,
      _creationTime: u._creationTime,
      body: u.body,
      topic: u.topic,
      emailed: u.emailedAt !== undefined,
    })),
  };
}
