// An idea's questions and answers, live: thin over model/conversation.ts. The lists read no
// identity (one cached result serves every open page, and a new message reaches them all at
// once); what one viewer may do comes from `viewer`.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { publicQuery, sharedQuery, userMutation } from "./functions";
import { limit } from "./model/rateLimits";
import {
  answerQuestion,
  answersPage,
  askQuestion,
  CONVERSATION_MESSAGES,
  messageViewValidator,
  questionsPage,
  questionViewValidator,
  reportedOn,
  reportMessage,
  roleOn,
  setMessageHidden,
} from "./model/conversation";
import { messageReportReasonValidator, messageRoleValidator } from "./model/ideaPageKinds";
import { MODERATION_MESSAGES, REPORT_NOTE_MAX } from "./model/moderation/kinds";
import { reportContent } from "./model/moderation/cases";

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/** An idea's questions, newest first, each with its latest answers. */
export const questions = sharedQuery({
  args: { ideaId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(questionViewValidator),
  handler: async (ctx, { ideaId, paginationOpts }) => {
    const id = ctx.db.normalizeId("proposals", ideaId);
    return id === null ? EMPTY_PAGE : await questionsPage(ctx, id, paginationOpts);
  },
});

/** A question's answers, newest first (the thread shows them oldest first). */
export const answers = sharedQuery({
  args: { questionId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(messageViewValidator),
  handler: async (ctx, { questionId, paginationOpts }) => {
    const id = ctx.db.normalizeId("ideaMessages", questionId);
    const question = id === null ? null : await ctx.db.get("ideaMessages", id);
    return question === null || question.parentId !== null
      ? EMPTY_PAGE
      : await answersPage(ctx, question, paginationOpts);
  },
});

/**
 * The viewer on this idea's conversation: signed in or not, their role (the poster may hide
 * messages), and for the poster, which messages were reported and how often.
 */
export const viewer = publicQuery({
  args: { ideaId: v.string() },
  returns: v.object({
    signedIn: v.boolean(),
    role: v.union(messageRoleValidator, v.null()),
    reported: v.array(v.object({ messageId: v.id("ideaMessages"), reportCount: v.number() })),
  }),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("proposals", args.ideaId);
    const idea = id === null ? null : await ctx.db.get("proposals", id);
    if (ctx.viewerId === null || idea === null)
      return { signedIn: ctx.viewerId !== null, role: null, reported: [] };
    const role = await roleOn(ctx, idea, ctx.viewerId);
    return {
      signedIn: true,
      role,
      reported: role === "poster" ? await reportedOn(ctx, idea._id) : [],
    };
  },
});

export const ask = userMutation({
  args: { ideaId: v.id("proposals"), body: v.string() },
  returns: v.id("ideaMessages"),
  signInMessage: CONVERSATION_MESSAGES.signIn,
  handler: async (ctx, { ideaId, body }) => {
    await limit(ctx, "postMessage", ctx.userId);
    return await askQuestion(ctx, ctx.userId, ideaId, body);
  },
});

export const answer = userMutation({
  args: { questionId: v.id("ideaMessages"), body: v.string() },
  returns: v.id("ideaMessages"),
  signInMessage: CONVERSATION_MESSAGES.signIn,
  handler: async (ctx, { questionId, body }) => {
    await limit(ctx, "postMessage", ctx.userId);
    return await answerQuestion(ctx, ctx.userId, questionId, body);
  },
});

/** The idea's poster hides a message, or shows it again. */
export const setHidden = userMutation({
  args: { messageId: v.id("ideaMessages"), hidden: v.boolean() },
  returns: v.null(),
  signInMessage: "Please sign in to hide messages.",
  handler: async (ctx, { messageId, hidden }) => {
    await limit(ctx, "moderate", ctx.userId);
    await setMessageHidden(ctx, ctx.userId, messageId, hidden, Date.now());
    return null;
  },
});

/** A report reaches the idea's poster (their count) and the operators' queue (model/moderation). */
export const report = userMutation({
  args: {
    messageId: v.id("ideaMessages"),
    reason: messageReportReasonValidator,
    note: v.optional(v.string()),
  },
  returns: v.null(),
  signInMessage: "Please sign in to report a message.",
  handler: async (ctx, { messageId, reason, note }) => {
    if (note !== undefined && note.length > REPORT_NOTE_MAX)
      throw new ConvexError({ message: MODERATION_MESSAGES.noteTooLong });
    await limit(ctx, "moderate", ctx.userId);
    await reportMessage(ctx, ctx.userId, messageId, reason);
    const message = (await ctx.db.get("ideaMessages", messageId))!;
    await reportContent(
      ctx,
      ctx.userId,
      {
        target: message.parentId === null ? "question" : "answer",
        targetId: messageId,
        reason,
        note: note ?? "",
      },
      Date.now(),
      { quietIfReported: true },
    );
    return null;
  },
});
