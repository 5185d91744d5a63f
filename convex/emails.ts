// The email outbox: each notification email (one per (event, person), see model/notify.ts) is
// handed to the Resend component (@convex-dev/resend), which sends it through Resend's batch
// API, retries with backoff and keeps one idempotency key per batch across retries. The
// hand-off is keyed by the notification's own key, so an email is handed over once; this file
// only writes its words, waits while Resend is not configured, and sweeps.
import { v } from "convex/values";
import { internalAction, type MutationCtx } from "./_generated/server";
import { internalMutation } from "./functions";
import { components, internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import {
  KIND_INFO,
  notificationKindValidator,
  notificationPath,
  notificationText,
} from "./model/notificationKinds";
import { unsubscribeUrl } from "./model/emailLinks";
import { emailDraftValidator, emailHtml } from "./model/emailHtml";
import { setPreference } from "./model/notify";
import { notificationFactsOf } from "./model/notificationFacts";
import { setUpdateEmails } from "./model/money/backers";
import { endingFor } from "./model/ideaOutcome";
import { sharePath } from "./model/sharePreview";
import { WINNER_IMAGE_SUFFIX, winnerCardPath } from "./model/winnerCard";
import { markHandedOver, resendClient, waitForApiKey } from "./model/emailOutbox";

/** Finalized emails are kept this long in the component (its idempotency keys with them). */
const SENT_EMAIL_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * The email's words: the notification's sentence, its link, and a one-click unsubscribe, as plain
 * text and as an HTML part in the app's look (model/emailHtml.ts).
 */
async function draftOf(
  ctx: MutationCtx,
  email: Doc<"emails">,
  n: Doc<"notifications">,
  idea: Doc<"proposals">,
) {
  const facts = await notificationFactsOf(ctx, n, idea);
  const link = `${process.env.SITE_URL ?? ""}${notificationPath(n.kind, idea._id, n.contributionId)}`;
  // A poster's email to backers carries the update in full; its unsubscribe stops only that
  // idea's emails (product rules "Running an idea": backers can stop them per idea).
  const update =
    n.kind === "backer_update" && n.updateId ? await ctx.db.get("ideaUpdates", n.updateId) : null;
  const sentence =
    update !== null
      ? `The poster of "${idea.title}" wrote to its backers:`
      : notificationText(facts);
  const perIdea = n.kind === "backer_update";
  const unsubscribe = await unsubscribeUrl(email.userId, email.kind, perIdea ? idea._id : null);
  const unsubscribeText = perIdea
    ? "Stop the poster's emails about this idea"
    : "Unsubscribe from these emails";
  const body = update?.body ?? "";
  const card = await winnerCardOf(ctx, n, idea);
  const cardLine = card ? `\n\nShare the winner card: ${card.pageUrl}` : "";
  return {
    from: process.env.EMAIL_FROM ?? "Bounties <notifications@bounties.local>",
    to: [email.to],
    subject: (perIdea
      ? `An update from the poster of ${idea.title}`
      : `${KIND_INFO[n.kind].label}: ${idea.title}`
    ).slice(0, 200),
    text: `${sentence}\n\n${body ? `${body}\n\n` : ""}${link}${cardLine}\n\n${unsubscribeText}: ${unsubscribe}\n`,
    html: emailHtml({
      kind: n.kind,
      heading: perIdea ? "An update for backers" : KIND_INFO[n.kind].label,
      ideaTitle: idea.title,
      sentence,
      link,
      unsubscribeUrl: unsubscribe,
      ...(body ? { body } : {}),
      unsubscribeText,
      ...(card ? { card } : {}),
    }),
    headers: [
      { name: "List-Unsubscribe", value: `<${unsubscribe}>` },
      { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
    ],
  };
}

const OUTCOME_KINDS = new Set(["outcome", "money_outcome", "creator_outcome"]);

/** An outcome email of an awarded idea shows its winner card (model/winnerCard.ts). */
async function winnerCardOf(ctx: MutationCtx, n: Doc<"notifications">, idea: Doc<"proposals">) {
  if (!OUTCOME_KINDS.has(n.kind) || (await endingFor(ctx, idea)).kind !== "awarded") return null;
  const origin = (process.env.SITE_URL ?? process.env.CONVEX_SITE_URL ?? "").replace(/\/$/, "");
  const page = `${origin}${winnerCardPath(idea._id)}`;
  return {
    pageUrl: page,
    imageUrl: `${origin}${sharePath(idea._id)}${WINNER_IMAGE_SUFFIX}`,
    alt: `The winner card of “${idea.title}”`,
  };
}

/**
 * Writes a queued, due email's words; null when there is nothing to send. Without an API key
 * nothing is sent and the email waits for its next attempt. A short transaction: it reads the
 * idea, which votes and payments write all the time, so it must not stay open across the
 * hand-off to the component.
 */
export const claim = internalMutation({
  args: { emailId: v.id("emails") },
  returns: v.union(emailDraftValidator, v.null()),
  handler: async (ctx, { emailId }) => {
    // This transaction's clock, not the calling action's: Convex runs a job no earlier than its
    // scheduling mutation's clock said, and an action's clock may trail a mutation's.
    const now = Date.now();
    const email = await ctx.db.get("emails", emailId);
    if (email === null || email.state !== "queued" || email.nextAttemptAt > now) return null;
    const n = await ctx.db.get("notifications", email.notificationId);
    const idea = n ? await ctx.db.get("proposals", n.ideaId) : null;
    if (n === null || idea === null) {
      await ctx.db.patch("emails", emailId, { state: "skipped" });
      return null;
    }
    if (!process.env.RESEND_API_KEY) {
      const wait = await waitForApiKey(ctx, "emails", email, now);
      if (wait !== null) await ctx.scheduler.runAfter(wait, internal.emails.send, { emailId });
      return null;
    }
    return { ...(await draftOf(ctx, email, n, idea)), idempotencyKey: email.idempotencyKey };
  },
});

/** "sent": handed to the component, which delivers it to Resend (its email id: `resendId`). */
export const handedOver = internalMutation({
  args: { emailId: v.id("emails"), resendId: v.string() },
  returns: v.null(),
  handler: async (ctx, { emailId, resendId }) =>
    await markHandedOver(ctx, "emails", emailId, resendId),
});

/**
 * Hands a queued email to the Resend component, once. The component's enqueue is keyed by the
 * email's own idempotency key, so a second run (the sweep, a retry after a crash between the
 * hand-off and `handedOver`) gets the same component email back instead of a second email.
 */
export const send = internalAction({
  args: { emailId: v.id("emails") },
  returns: v.null(),
  handler: async (ctx, { emailId }) => {
    const draft = await ctx.runMutation(internal.emails.claim, { emailId });
    if (draft === null) return null;
    const resendId = await resendClient().sendEmail(ctx, draft);
    await ctx.runMutation(internal.emails.handedOver, { emailId, resendId });
    return null;
  },
});

/** Drops the component's finalized emails after a week (its retention, as its README advises). */
export const cleanup = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    // Called in this transaction, not scheduled: crons also run when the runtime starts, and a
    // scheduled call would be an app document written at that moment (see local/stack/demo.ts).
    await ctx.runMutation(components.resend.lib.cleanupOldEmails, {
      olderThan: SENT_EMAIL_RETENTION_MS,
    });
    return null;
  },
});

/** Queued emails that are due (a lost or delayed attempt) are handed over now. */
export const sweep = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const now = Date.now();
    const due = await ctx.db
      .query("emails")
      .withIndex("by_state_next", (q) => q.eq("state", "queued").lte("nextAttemptAt", now))
      .take(100);
    for (const email of due)
      await ctx.scheduler.runAfter(0, internal.emails.send, { emailId: email._id });
    return null;
  },
});

/**
 * A verified unsubscribe link: that kind's emails off for that person — or, for a poster's
 * emails to backers, that idea's only. Returns the idea's title when it stopped one idea's.
 */
export const unsubscribe = internalMutation({
  args: { userId: v.string(), kind: notificationKindValidator, ideaId: v.optional(v.string()) },
  returns: v.union(v.boolean(), v.object({ ideaTitle: v.string() })),
  handler: async (ctx, { userId, kind, ideaId }) => {
    const id = ctx.db.normalizeId("users", userId);
    if (id === null || (await ctx.db.get("users", id)) === null) return false;
    if (ideaId !== undefined) {
      const ideaKey = ctx.db.normalizeId("proposals", ideaId);
      const idea = ideaKey === null ? null : await ctx.db.get("proposals", ideaKey);
      if (idea === null) return false;
      await setUpdateEmails(ctx, idea._id, id, false);
      return { ideaTitle: idea.title };
    }
    await setPreference(ctx, id, kind, { email: false });
    return true;
  },
});
