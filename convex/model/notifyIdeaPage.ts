// Who hears of an idea's questions, answers and updates (issue 29), beside model/notify.ts's
// events: followers by the same paged fan-out, the asker directly, each (event, person) once.
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { deliver, startFanOut } from "./notify";

/** A new question: the idea's followers, not its asker (who hears of answers directly). */
export async function notifyQuestionAsked(ctx: MutationCtx, message: Doc<"ideaMessages">) {
  await startFanOut(ctx, {
    ideaId: message.ideaId,
    kind: "question_asked",
    actorId: message.authorId,
    messageId: message._id,
  });
}

/** An answer: the question's asker hears it (unless they answered themselves). */
export async function notifyAnswered(ctx: MutationCtx, answer: Doc<"ideaMessages">) {
  const question = answer.parentId ? await ctx.db.get("ideaMessages", answer.parentId) : null;
  if (question === null || question.authorId === answer.authorId) return;
  await deliver(
    ctx,
    question.authorId,
    "question_answered",
    answer.ideaId,
    `question_answered:${answer._id}`,
    { messageId: answer._id },
  );
}

/** A poster's update: every follower; about money, by email unless they turned it off. */
export async function notifyUpdatePosted(ctx: MutationCtx, update: Doc<"ideaUpdates">) {
  await startFanOut(ctx, {
    ideaId: update.ideaId,
    kind: update.topic === "money" ? "idea_update_money" : "idea_update",
    actorId: update.authorId,
    updateId: update._id,
  });
}
