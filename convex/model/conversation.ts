// Questions and answers on an idea (issue 29): signed-in people ask and answer; the poster's and
// creators' messages are marked; the content filter and the rate limits apply as to every
// public write; the idea's poster can hide a message and anyone can report one. Lists are read
// a page at a time, newest first, each question with only its latest answers.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { checkPublicText } from "./contentFilter";
import { visibleParagraphs } from "./ideaText";
import {
  MESSAGE_MAX_LENGTH,
  messageRoleValidator,
  type MessageReportReason,
  type MessageRole,
} from "./ideaPageKinds";
import { notifyAnswered, notifyQuestionAsked } from "./notifyIdeaPage";
import { publicName } from "./users";
import { refuseIfHidden } from "./moderation/shown";

export { MESSAGE_MAX_LENGTH };
/** Answers shown under each question of a page; the rest load on request. */
export const LATEST_ANSWERS = 3;
/** Reported messages the poster's list shows at once. */
const REPORTED_MAX = 50;

export const CONVERSATION_MESSAGES = {
  signIn: "Please sign in to ask or answer.",
  emptyQuestion: "Please write your question.",
  emptyAnswer: "Please write your answer.",
  tooLong: `Please keep your message to ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  content: "Your message contains inappropriate content or restricted URLs.",
  noIdea: "This idea no longer exists.",
  noQuestion: "This question no longer exists.",
  hiddenQuestion: "This question was hidden by the idea's poster.",
  notPoster: "Only the idea's poster can hide messages.",
  ownReport: "You can't report your own message.",
} as const;

/** A message's words, cleaned and checked; throws the message's problem. */
export function validateMessageBody(raw: string, kind: "question" | "answer"): string {
  const body = visibleParagraphs(raw.slice(0, MESSAGE_MAX_LENGTH * 4));
  const fail = (message: string): never => {
    throw new ConvexError({ message });
  };
  if (body === "")
    fail(
      kind === "question" ? CONVERSATION_MESSAGES.emptyQuestion : CONVERSATION_MESSAGES.emptyAnswer,
    );
  if (body.length > MESSAGE_MAX_LENGTH) fail(CONVERSATION_MESSAGES.tooLong);
  if (!checkPublicText(body)) fail(CONVERSATION_MESSAGES.content);
  return body;
}

/** Who a person is on an idea: its poster, a creator who submitted a video, or neither. */
export async function roleOn(
  ctx: QueryCtx,
  idea: Doc<"proposals">,
  userId: Id<"users">,
): Promise<MessageRole> {
  if (idea.authorId === userId) return "poster";
  const video = await ctx.db
    .query("submissions")
    .withIndex("by_idea_author", (q) => q.eq("ideaId", idea._id).eq("authorId", userId))
    .first();
  return video === null ? "member" : "creator";
}

async function ideaOrFail(ctx: QueryCtx, ideaId: Id<"proposals">) {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) throw new ConvexError({ message: CONVERSATION_MESSAGES.noIdea });
  refuseIfHidden("idea", idea);
  return idea;
}

export async function askQuestion(
  ctx: MutationCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  raw: string,
): Promise<Id<"ideaMessages">> {
  const idea = await ideaOrFail(ctx, ideaId);
  const body = validateMessageBody(raw, "question");
  const role = await roleOn(ctx, idea, userId);
  const id = await ctx.db.insert("ideaMessages", {
    ideaId,
    parentId: null,
    authorId: userId,
    role,
    body,
    answerCount: 0,
    reportCount: 0,
    // The poster's control room counts the questions waiting for their answer.
    awaitingPoster: role !== "poster",
  });
  await notifyQuestionAsked(ctx, (await ctx.db.get("ideaMessages", id))!);
  return id;
}

export async function answerQuestion(
  ctx: MutationCtx,
  userId: Id<"users">,
  questionId: Id<"ideaMessages">,
  raw: string,
): Promise<Id<"ideaMessages">> {
  const question = await ctx.db.get("ideaMessages", questionId);
  if (question === null || question.parentId !== null)
    throw new ConvexError({ message: CONVERSATION_MESSAGES.noQuestion });
  refuseIfHidden("question", question);
  if (question.hiddenAt !== undefined)
    throw new ConvexError({ message: CONVERSATION_MESSAGES.hiddenQuestion });
  const idea = await ideaOrFail(ctx, question.ideaId);
  const body = validateMessageBody(raw, "answer");
  const role = await roleOn(ctx, idea, userId);
  const id = await ctx.db.insert("ideaMessages", {
    ideaId: idea._id,
    parentId: questionId,
    authorId: userId,
    role,
    body,
    answerCount: 0,
    reportCount: 0,
  });
  await ctx.db.patch("ideaMessages", questionId, {
    answerCount: question.answerCount + 1,
    ...(role === "poster" ? { awaitingPoster: false, posterAnswered: true } : {}),
  });
  await notifyAnswered(ctx, (await ctx.db.get("ideaMessages", id))!);
  return id;
}

/** Hides a message (or shows it again): the idea's poster only. */
export async function setMessageHidden(
  ctx: MutationCtx,
  userId: Id<"users">,
  messageId: Id<"ideaMessages">,
  hidden: boolean,
  now: number,
): Promise<void> {
  const message = await ctx.db.get("ideaMessages", messageId);
  if (message === null) throw new ConvexError({ message: CONVERSATION_MESSAGES.noQuestion });
  const idea = await ideaOrFail(ctx, message.ideaId);
  if (idea.authorId !== userId) throw new ConvexError({ message: CONVERSATION_MESSAGES.notPoster });
  if (hidden === (message.hiddenAt !== undefined)) return;
  // A hidden question waits for nobody; shown again, it waits until the poster answers it.
  const waits =
    !hidden && message.parentId === null && message.role !== "poster" && !message.posterAnswered;
  await ctx.db.patch("ideaMessages", messageId, {
    hiddenAt: hidden ? now : undefined,
    ...(message.parentId === null ? { awaitingPoster: waits } : {}),
  });
}

/** Records one person's report of a message; reporting again changes nothing. */
export async function reportMessage(
  ctx: MutationCtx,
  userId: Id<"users">,
  messageId: Id<"ideaMessages">,
  reason: MessageReportReason,
): Promise<void> {
  const message = await ctx.db.get("ideaMessages", messageId);
  if (message === null) throw new ConvexError({ message: CONVERSATION_MESSAGES.noQuestion });
  if (message.authorId === userId)
    throw new ConvexError({ message: CONVERSATION_MESSAGES.ownReport });
  const existing = await ctx.db
    .query("ideaMessageReports")
    .withIndex("by_message_reporter", (q) => q.eq("messageId", messageId).eq("reporterId", userId))
    .unique();
  if (existing !== null) return;
  await ctx.db.insert("ideaMessageReports", { messageId, reporterId: userId, reason });
  await ctx.db.patch("ideaMessages", messageId, { reportCount: message.reportCount + 1 });
}

// --- Reading ---------------------------------------------------------------------------------

/** A message as everyone sees it: a hidden one keeps its place, without its words. */
export const messageViewValidator = v.object({
  _id: v.id("ideaMessages"),
  _creationTime: v.number(),
  authorId: v.id("users"),
  authorName: v.string(),
  authorAvatarUrl: v.union(v.string(), v.null()),
  role: messageRoleValidator,
  body: v.union(v.string(), v.null()),
  hidden: v.boolean(),
});
export type MessageView = Infer<typeof messageViewValidator>;

/** A question with its latest answers (oldest of them first) and how many there are. */
export const questionViewValidator = messageViewValidator.extend({
  answerCount: v.number(),
  latestAnswers: v.array(messageViewValidator),
});
export type QuestionView = Infer<typeof questionViewValidator>;

async function toView(ctx: QueryCtx, m: Doc<"ideaMessages">): Promise<MessageView> {
  const author = await ctx.db.get("users", m.authorId);
  const hidden = m.hiddenAt !== undefined;
  return {
    _id: m._id,
    _creationTime: m._creationTime,
    authorId: m.authorId,
    authorName: author ? publicName(author) : "Anonymous",
    authorAvatarUrl: author ? (author.avatarUrl ?? author.image ?? null) : null,
    role: m.role,
    body: hidden ? null : m.body,
    hidden,
  };
}

/** A page of an idea's questions, newest first, each with its latest few answers. */
export async function questionsPage(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<QuestionView>> {
  const result = await ctx.db
    .query("ideaMessages")
    .withIndex("by_idea_parent", (q) => q.eq("ideaId", ideaId).eq("parentId", null))
    .order("desc")
    // Messages an operator hid are shown nowhere (model/moderation).
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .paginate(paginationOpts);
  const page = await Promise.all(
    result.page.map(async (question) => {
      const latest =
        question.answerCount === 0
          ? []
          : await ctx.db
              .query("ideaMessages")
              .withIndex("by_idea_parent", (q) =>
                q.eq("ideaId", ideaId).eq("parentId", question._id),
              )
              .order("desc")
              // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
              .filter((q) => q.eq(q.field("removedAt"), undefined))
              .take(LATEST_ANSWERS);
      return {
        ...(await toView(ctx, question)),
        answerCount: question.answerCount,
        latestAnswers: await Promise.all(latest.reverse().map((a) => toView(ctx, a))),
      };
    }),
  );
  return { ...result, page };
}

/** A page of a question's answers, newest first (for "show earlier answers"). */
export async function answersPage(
  ctx: QueryCtx,
  question: Doc<"ideaMessages">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<MessageView>> {
  const result = await ctx.db
    .query("ideaMessages")
    .withIndex("by_idea_parent", (q) =>
      q.eq("ideaId", question.ideaId).eq("parentId", question._id),
    )
    .order("desc")
    // eslint-disable-next-line @convex-dev/no-filter-in-query -- hidden items are rare: it skips few rows of the index range
    .filter((q) => q.eq(q.field("removedAt"), undefined))
    .paginate(paginationOpts);
  return { ...result, page: await Promise.all(result.page.map((m) => toView(ctx, m))) };
}

/** The idea's reported messages with their counts, most reported first (for its poster). */
export async function reportedOn(ctx: QueryCtx, ideaId: Id<"proposals">) {
  const rows = await ctx.db
    .query("ideaMessages")
    .withIndex("by_idea_reports", (q) => q.eq("ideaId", ideaId).gt("reportCount", 0))
    .order("desc")
    .take(REPORTED_MAX);
  return rows.map((m) => ({ messageId: m._id, reportCount: m.reportCount }));
}
