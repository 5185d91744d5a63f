// What a stored notification says, read once for the inbox and the email (notificationText's
// facts): the idea's and the video's titles, and for a question, an answer or an update, who
// wrote it and its words (none once the poster hid the message).
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import {
  changedPartsText,
  excerptOf,
  type NotificationFacts,
  type YourMoney,
} from "./notificationKinds";
import { publicName } from "./users";
import { endingFor } from "./ideaOutcome";
import { ideaStatusOf } from "./ideaStage";
import { contributionsOf } from "./money/stake";
import { EMPTY_BUCKETS, heldCents } from "./money/rules";

const OUTCOME_KINDS = new Set(["outcome", "money_outcome", "creator_outcome"]);
import { TARGET_LABELS } from "./moderation/kinds";
import { shownVideoCount } from "./moderation/shown";

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
  if (OUTCOME_KINDS.has(n.kind) && idea !== null)
    facts.status = ideaStatusOf(
      {
        ending: await endingFor(ctx, idea),
        expiration: idea.expiration,
        bountyCents: idea.bountyCents,
        backerCount: idea.backerCount ?? 0,
        submissionCount: shownVideoCount(idea),
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
  if (n.kind === "deadline_extended" && idea !== null) facts.newDeadline = idea.expiration;
  if (n.kind === "idea_edited" && n.editId) {
    const edit = await ctx.db.get("ideaEdits", n.editId);
    facts.changed = edit ? changedPartsText(edit.after) : "the idea";
  }
  if (n.kind === "money_outcome" && idea !== null)
    facts.yourMoney = await yourMoneyOn(ctx, n.recipientId, idea);
  // An invitation comes from the idea's poster.
  if (n.kind === "invited" && idea !== null) {
    const poster = await ctx.db.get("users", idea.authorId);
    facts.actorName = poster ? publicName(poster) : "A poster";
  }
  // News of a person one follows names them: the idea's poster, or the video's submitter.
  if (n.kind === "followed_idea" || n.kind === "followed_video") {
    const actorId = n.kind === "followed_idea" ? idea?.authorId : submission?.authorId;
    const actor = actorId ? await ctx.db.get("users", actorId) : null;
    facts.actorName = actor ? publicName(actor) : "Someone you follow";
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

/**
 * Where a backer's money on a settled idea went, from the ledger's buckets of their own
 * contributions: the part awarded to each video, and the part that goes back to their card.
 */
async function yourMoneyOn(
  ctx: QueryCtx,
  userId: Doc<"users">["_id"],
  idea: Doc<"proposals">,
): Promise<YourMoney> {
  const byVideo = new Map<string, number>();
  let returnedCents = 0;
  for (const c of await contributionsOf(ctx, userId, idea._id, "backed")) {
    const b = c.money ?? EMPTY_BUCKETS;
    returnedCents += b.refundedCents + b.refundingCents;
    if (c.outcome === "awarded" && c.awardedSubmissionId) {
      const id = c.awardedSubmissionId;
      byVideo.set(id, (byVideo.get(id) ?? 0) + b.transferredCents + heldCents(b));
    } else if (c.outcome === "refund") returnedCents += heldCents(b);
  }
  const awarded = [];
  for (const [id, cents] of byVideo) {
    const video = await ctx.db.get("submissions", id as Doc<"submissions">["_id"]);
    if (cents > 0) awarded.push({ videoTitle: video?.title ?? "a video", cents });
  }
  return { awarded, returnedCents };
}
