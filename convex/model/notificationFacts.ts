// What a stored notification says, read once for the inbox and the email (notificationText's
// facts): the idea's and the video's titles, and for a question, an answer or an update, who
// wrote it and its words (none once the poster hid the message).
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { excerptOf, type NotificationFacts } from "./notificationKinds";
import { publicName } from "./users";
import { endingFor } from "./ideaOutcome";
import { ideaStatusOf } from "./ideaStage";
import { TARGET_LABELS } from "./moderation/kinds";

export async function notificationFactsOf(
  ctx: QueryCtx,
  n: Doc<"notifications">,
  idea: Doc<"proposals"> | null,
): Promise<NotificationFacts> {
  const submission = n.submissionId ? await ctx.db.get("submissions", n.submissionId) : null;
  const facts: NotificationFacts = {
    kind: n.kind,
    ideaTitle: idea?.title ?? "An idea",
    videoTitle: submission?.title ?? null,
    ...(n.amountCents !== undefined ? { amountCents: n.amountCents } : {}),
    ...(n.deadline !== undefined ? { deadline: n.deadline } : {}),
    ...(n.standing !== undefined ? { standing: n.standing } : {}),
  };
  // An outcome says what every screen says of the idea now (model/ideaStage.ts ideaStatusOf).
  if (n.kind === "outcome" && idea !== null)
    facts.status = ideaStatusOf(
      {
        ending: await endingFor(ctx, idea),
        expiration: idea.expiration,
        bountyCents: idea.bountyCents,
        backerCount: idea.backerCount ?? 0,
        submissionCount: idea.submissionCount,
      },
      n.createdAt,
    );
  if (n.caseId) {
    const c = await ctx.db.get("moderationCases", n.caseId);
    facts.moderated = {
      what: c ? TARGET_LABELS[c.target] : "post",
      reason: c?.hiddenReason ?? null,
      appealed: c?.appeal !== undefined,
    };
    return facts;
  }
  const written = n.messageId
    ? await ctx.db.get("ideaMessages", n.messageId)
    : n.updateId
      ? await ctx.db.get("ideaUpdates", n.updateId)
      : null;
  if (written !== null) {
    const author = await ctx.db.get("users", written.authorId);
    facts.actorName = author ? publicName(author) : "Anonymous";
    const hidden = "hiddenAt" in written && written.hiddenAt !== undefined;
    facts.excerpt = hidden ? null : excerptOf(written.body);
    if ("role" in written) facts.actorRole = written.role;
  } else if (n.messageId || n.updateId) facts.excerpt = null;
  return facts;
}
