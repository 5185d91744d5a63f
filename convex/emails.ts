// The email outbox's sender: each queued email is sent through Resend's HTTP API by a scheduled
// action, retried with backoff under one idempotency key (Resend keeps it 24 h), and never sent
// again once Resend accepted it. A lease keeps two runs from sending the same email at once.
import { v } from "convex/values";
import { internalAction, internalMutation } from "./_generated/server";
import { internal } from "./_generated/api";
import {
  KIND_INFO,
  notificationKindValidator,
  notificationPath,
  notificationText,
} from "./model/notificationKinds";
import { unsubscribeUrl } from "./model/emailLinks";
import { emailHtml } from "./model/emailHtml";
import { setPreference } from "./model/notify";
import { notificationFactsOf } from "./model/notificationFacts";
import { fetchWithin } from "./model/security/outbound";

export const MAX_EMAIL_ATTEMPTS = 8;
export const EMAIL_LEASE_MS = 60_000;

/** 1, 2, 4 … minutes, at most an hour. */
export function emailBackoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 60 * 60_000);
}

const draftValidator = v.object({
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  // The HTML part's words (emailHtml): the kind's label, the idea, the sentence, the link.
  heading: v.string(),
  ideaTitle: v.string(),
  sentence: v.string(),
  link: v.string(),
  idempotencyKey: v.string(),
  userId: v.id("users"),
  kind: notificationKindValidator,
});

/** Takes a queued email for one attempt and writes its words; null when nothing is due. */
export const claim = internalMutation({
  args: { emailId: v.id("emails"), now: v.number() },
  returns: v.union(draftValidator, v.null()),
  handler: async (ctx, { emailId, now }) => {
    const email = await ctx.db.get("emails", emailId);
    if (email === null || email.state !== "queued") return null;
    if (email.nextAttemptAt > now || (email.leaseUntil ?? 0) > now) return null;
    const n = await ctx.db.get("notifications", email.notificationId);
    const proposal = n ? await ctx.db.get("proposals", n.proposalId) : null;
    if (n === null || proposal === null) {
      await ctx.db.patch("emails", emailId, { state: "skipped" });
      return null;
    }
    await ctx.db.patch("emails", emailId, {
      attempts: email.attempts + 1,
      leaseUntil: now + EMAIL_LEASE_MS,
    });
    const sentence = notificationText(await notificationFactsOf(ctx, n, proposal));
    const site = process.env.SITE_URL ?? "";
    const link = `${site}${notificationPath(n.kind, proposal._id)}`;
    return {
      to: email.to,
      subject: `${KIND_INFO[n.kind].label}: ${proposal.title}`.slice(0, 200),
      text: `${sentence}\n\n${link}\n`,
      heading: KIND_INFO[n.kind].label,
      ideaTitle: proposal.title,
      sentence,
      link,
      idempotencyKey: email.idempotencyKey,
      userId: email.userId,
      kind: email.kind,
    };
  },
});

export const record = internalMutation({
  args: {
    emailId: v.id("emails"),
    now: v.number(),
    result: v.union(
      v.object({ ok: v.literal(true), resendId: v.string() }),
      v.object({ ok: v.literal(false), error: v.string(), permanent: v.boolean() }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { emailId, now, result }) => {
    const email = await ctx.db.get("emails", emailId);
    if (email === null || email.state !== "queued") return null;
    if (result.ok) {
      await ctx.db.patch("emails", emailId, {
        state: "sent",
        resendId: result.resendId,
        sentAt: now,
        leaseUntil: undefined,
      });
      return null;
    }
    const giveUp = result.permanent || email.attempts >= MAX_EMAIL_ATTEMPTS;
    const wait = emailBackoffMs(email.attempts);
    await ctx.db.patch("emails", emailId, {
      leaseUntil: undefined,
      lastError: result.error.slice(0, 500),
      ...(giveUp ? { state: "failed" as const } : { nextAttemptAt: now + wait }),
    });
    if (!giveUp) await ctx.scheduler.runAfter(wait, internal.emails.send, { emailId });
    return null;
  },
});

/** One attempt to send one email. */
export const send = internalAction({
  args: { emailId: v.id("emails") },
  returns: v.null(),
  handler: async (ctx, { emailId }) => {
    const draft = await ctx.runMutation(internal.emails.claim, { emailId, now: Date.now() });
    if (draft === null) return null;
    let result: { ok: true; resendId: string } | { ok: false; error: string; permanent: boolean };
    try {
      // Not configured yet: nothing is sent; the email waits for its next attempt.
      if (!process.env.RESEND_API_KEY) throw new Error("RESEND_API_KEY is not set");
      const unsubscribe = await unsubscribeUrl(draft.userId, draft.kind);
      const response = await fetchWithin(
        `${process.env.RESEND_API_URL ?? "https://api.resend.com"}/emails`,
        {
          method: "POST",
          headers: {
            Authorization: `Bearer ${process.env.RESEND_API_KEY}`,
            "Content-Type": "application/json",
            "Idempotency-Key": draft.idempotencyKey,
          },
          body: JSON.stringify({
            from: process.env.EMAIL_FROM ?? "Bounties <notifications@bounties.local>",
            to: [draft.to],
            subject: draft.subject,
            text: `${draft.text}\nUnsubscribe from these emails: ${unsubscribe}\n`,
            html: emailHtml({
              kind: draft.kind,
              heading: draft.heading,
              ideaTitle: draft.ideaTitle,
              sentence: draft.sentence,
              link: draft.link,
              unsubscribeUrl: unsubscribe,
            }),
            headers: {
              "List-Unsubscribe": `<${unsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          }),
        },
      );
      if (response.ok) {
        const body = (await response.json()) as { id?: string };
        result = { ok: true, resendId: body.id ?? "" };
      } else {
        const status = response.status;
        // 4xx (but 409 "request in progress" and 429) will not change on a retry.
        const permanent = status >= 400 && status < 500 && status !== 409 && status !== 429;
        result = { ok: false, error: `Resend ${status}: ${await response.text()}`, permanent };
      }
    } catch (e) {
      result = { ok: false, error: (e as Error).message, permanent: false };
    }
    await ctx.runMutation(internal.emails.record, { emailId, now: Date.now(), result });
    return null;
  },
});

/** Emails whose scheduled attempt was lost (a crashed action) are sent again. */
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
      if ((email.leaseUntil ?? 0) <= now)
        await ctx.scheduler.runAfter(0, internal.emails.send, { emailId: email._id });
    return null;
  },
});

/** A verified unsubscribe link: that kind's emails off for that person. */
export const unsubscribe = internalMutation({
  args: { userId: v.string(), kind: notificationKindValidator },
  returns: v.boolean(),
  handler: async (ctx, { userId, kind }) => {
    const id = ctx.db.normalizeId("users", userId);
    if (id === null || (await ctx.db.get("users", id)) === null) return false;
    await setPreference(ctx, id, kind, { email: false });
    return true;
  },
});
