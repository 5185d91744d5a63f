// The weekly digest (model/community/digest.ts): the switch in Profile → Settings, the Monday
// cron that queues it, and its outbox, handed to the Resend component once per (person, week)
// as convex/emails.ts hands notification emails.
import { v } from "convex/values";
import { internalAction } from "./_generated/server";
import { internal } from "./_generated/api";
import { internalMutation, userMutation, userQuery } from "./functions";
import { limit } from "./model/rateLimits";
import {
  digestContent,
  digestEmail,
  isSubscribed,
  queueDigestBatch,
  setSubscribed,
} from "./model/community/digest";
import { DIGEST_EMAIL_KIND, unsubscribeUrl } from "./model/emailLinks";
import { emailDraftValidator } from "./model/emailHtml";
import { markHandedOver, resendClient, waitForApiKey } from "./model/emailOutbox";

const SIGN_IN = "Sign in to change your notifications.";

export const subscribed = userQuery({
  args: {},
  returns: v.boolean(),
  signInMessage: SIGN_IN,
  handler: async (ctx) => await isSubscribed(ctx, ctx.userId),
});

export const setSubscription = userMutation({
  args: { subscribed: v.boolean() },
  returns: v.null(),
  signInMessage: SIGN_IN,
  handler: async (ctx, { subscribed }) => {
    await limit(ctx, "digest", ctx.userId);
    await setSubscribed(ctx, ctx.userId, subscribed);
    return null;
  },
});

/** The Monday cron (crons.ts), and its own continuation while subscribers are left. */
export const start = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const { more } = await queueDigestBatch(ctx, Date.now(), (emailId) =>
      ctx.scheduler.runAfter(0, internal.digest.send, { emailId }),
    );
    if (more) await ctx.scheduler.runAfter(0, internal.digest.start, {});
    return null;
  },
});

/**
 * Writes a queued, due digest's words (the ideas as they are now); null when there is nothing
 * to send: no open idea to list (skipped), or no RESEND_API_KEY (it waits, as notification
 * emails do).
 */
export const claim = internalMutation({
  args: { emailId: v.id("digestEmails") },
  returns: v.union(emailDraftValidator, v.null()),
  handler: async (ctx, { emailId }) => {
    const now = Date.now();
    const email = await ctx.db.get("digestEmails", emailId);
    if (email === null || email.state !== "queued" || email.nextAttemptAt > now) return null;
    const content = await digestContent(ctx, now);
    if (content.toFund.length === 0 && content.toMake.length === 0) {
      await ctx.db.patch("digestEmails", emailId, { state: "skipped" });
      return null;
    }
    if (!process.env.RESEND_API_KEY) {
      const wait = await waitForApiKey(ctx, "digestEmails", email, now);
      if (wait !== null) await ctx.scheduler.runAfter(wait, internal.digest.send, { emailId });
      return null;
    }
    const unsubscribe = await unsubscribeUrl(email.userId, DIGEST_EMAIL_KIND);
    const { subject, text, html } = digestEmail(content, {
      site: process.env.SITE_URL ?? "",
      unsubscribe,
    });
    return {
      from: process.env.EMAIL_FROM ?? "Bounties <notifications@bounties.local>",
      to: [email.to],
      subject,
      text,
      html,
      headers: [
        { name: "List-Unsubscribe", value: `<${unsubscribe}>` },
        { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      ],
      idempotencyKey: email.idempotencyKey,
    };
  },
});

export const handedOver = internalMutation({
  args: { emailId: v.id("digestEmails"), resendId: v.string() },
  returns: v.null(),
  handler: async (ctx, { emailId, resendId }) =>
    await markHandedOver(ctx, "digestEmails", emailId, resendId),
});

/** Hands a queued digest to the Resend component, once (its key is the (person, week)'s). */
export const send = internalAction({
  args: { emailId: v.id("digestEmails") },
  returns: v.null(),
  handler: async (ctx, { emailId }) => {
    const draft = await ctx.runMutation(internal.digest.claim, { emailId });
    if (draft === null) return null;
    const resendId = await resendClient().sendEmail(ctx, draft);
    await ctx.runMutation(internal.digest.handedOver, { emailId, resendId });
    return null;
  },
});

/** Queued digests that are due (a lost or delayed attempt) are handed over now. */
export const sweep = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const due = await ctx.db
      .query("digestEmails")
      .withIndex("by_state_next", (q) => q.eq("state", "queued").lte("nextAttemptAt", Date.now()))
      .take(100);
    for (const email of due)
      await ctx.scheduler.runAfter(0, internal.digest.send, { emailId: email._id });
    return null;
  },
});

/** A verified unsubscribe link: the digest off for that person. */
export const unsubscribe = internalMutation({
  args: { userId: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { userId }) => {
    const id = ctx.db.normalizeId("users", userId);
    if (id === null || (await ctx.db.get("users", id)) === null) return false;
    await setSubscribed(ctx, id, false);
    return true;
  },
});
