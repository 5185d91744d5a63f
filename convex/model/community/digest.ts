// The weekly digest (product rules "Community and trust"): an email of open ideas to fund or to
// make, opt-in (off by default), sent by a cron on Mondays through the Resend component with a
// one-click unsubscribe. Each person gets it at most once a week: the week is written on their
// subscription in the same transaction that queues their email, and the email's idempotency key
// is (person, week), so a second run of the cron, a retry or a restart sends nothing more.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { expiryLabel, formatMoney } from "../labels";
import { escapeHtml } from "../html";
import { weekStartOf } from "./weeks";
import { shownVideoCount } from "../moderation/shown";

/** Subscribers queued per transaction; the cron's run goes on in further ones. */
export const DIGEST_BATCH = 50;
/** Ideas per section of the email. */
export const DIGEST_IDEAS = 3;
/** Open ideas read for "waiting for a video" (the biggest bounties first). */
const WAITING_READ = 30;
/** An idea in its last hour is not worth a creator's start. */
const MIN_TIME_LEFT_MS = 60 * 60 * 1000;

export const DIGEST_SUBJECT = "Ideas to fund or make this week on Bounties";

async function subscriptionOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("digestSubscriptions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

export async function isSubscribed(ctx: QueryCtx, userId: Id<"users">): Promise<boolean> {
  return (await subscriptionOf(ctx, userId))?.subscribed ?? false;
}

/**
 * Switches the digest on or off. Switching it on again in a week that already had one does not
 * send a second (`lastSentWeek` is kept).
 */
export async function setSubscribed(ctx: MutationCtx, userId: Id<"users">, subscribed: boolean) {
  const row = await subscriptionOf(ctx, userId);
  if (row === null) {
    if (subscribed)
      await ctx.db.insert("digestSubscriptions", { userId, subscribed, lastSentWeek: 0 });
  } else if (row.subscribed !== subscribed)
    await ctx.db.patch("digestSubscriptions", row._id, { subscribed });
}

/**
 * Queues this week's digest for a batch of subscribers who have not had it yet; returns whether
 * more are waiting. Each queued email's sending is scheduled at once.
 */
export async function queueDigestBatch(
  ctx: MutationCtx,
  now: number,
  schedule: (emailId: Id<"digestEmails">) => Promise<unknown>,
): Promise<{ queued: number; more: boolean }> {
  const week = weekStartOf(now);
  const due = await ctx.db
    .query("digestSubscriptions")
    .withIndex("by_subscribed_week", (q) => q.eq("subscribed", true).lt("lastSentWeek", week))
    .take(DIGEST_BATCH + 1);
  let queued = 0;
  for (const sub of due.slice(0, DIGEST_BATCH)) {
    await ctx.db.patch("digestSubscriptions", sub._id, { lastSentWeek: week });
    const user = await ctx.db.get("users", sub.userId);
    if (!user?.email) continue;
    const already = await ctx.db
      .query("digestEmails")
      .withIndex("by_user_week", (q) => q.eq("userId", sub.userId).eq("week", week))
      .first();
    if (already !== null) continue;
    const emailId = await ctx.db.insert("digestEmails", {
      userId: sub.userId,
      week,
      to: user.email,
      state: "queued",
      idempotencyKey: `digest-${sub.userId}-${week}`,
      attempts: 0,
      nextAttemptAt: now,
    });
    await schedule(emailId);
    queued += 1;
  }
  return { queued, more: due.length > DIGEST_BATCH };
}

export interface DigestIdea {
  id: Id<"proposals">;
  title: string;
  bounty: string;
  timeLeft: string;
  submissions: number;
}

export interface DigestContent {
  /** The open ideas people want most: to fund. */
  toFund: DigestIdea[];
  /** The biggest open bounties no video has answered yet: to make. */
  toMake: DigestIdea[];
}

function digestIdea(idea: Doc<"proposals">, now: number): DigestIdea {
  return {
    id: idea._id,
    title: idea.title,
    bounty: formatMoney(idea.bountyCents),
    timeLeft: expiryLabel(idea.expiration, now),
    submissions: shownVideoCount(idea),
  };
}

/** What this week's digest lists, read when it is sent (index ranges of open ideas only). */
export async function digestContent(ctx: QueryCtx, now: number): Promise<DigestContent> {
  const live = (idea: Doc<"proposals">) =>
    idea.status === "open" && idea.expiration - now > MIN_TIME_LEFT_MS;
  const wanted = await ctx.db
    .query("proposals")
    .withIndex("by_phase_votes", (q) => q.eq("phase", "open"))
    .order("desc")
    .take(DIGEST_IDEAS * 3);
  const toFund = wanted.filter(live).slice(0, DIGEST_IDEAS);
  const listed = new Set(toFund.map((idea) => idea._id));
  const biggest = await ctx.db
    .query("proposals")
    .withIndex("by_phase_bounty", (q) => q.eq("phase", "open"))
    .order("desc")
    .take(WAITING_READ);
  const candidates = biggest.filter((idea) => live(idea) && !listed.has(idea._id));
  // No video yet first; if there are too few of those, the biggest bounties still open.
  const toMake = [
    ...candidates.filter((idea) => shownVideoCount(idea) === 0),
    ...candidates.filter((idea) => shownVideoCount(idea) > 0),
  ].slice(0, DIGEST_IDEAS);
  return {
    toFund: toFund.map((idea) => digestIdea(idea, now)),
    toMake: toMake.map((idea) => digestIdea(idea, now)),
  };
}

export const DIGEST_SECTIONS = {
  toFund: "Ideas to fund — the ones people want most",
  toMake: "Ideas waiting for a video — make one and win the bounty",
} as const;

const submissionsText = (n: number) =>
  n === 0 ? "no videos yet" : `${n} ${n === 1 ? "submission" : "submissions"}`;

function ideaLine(i: DigestIdea): string {
  return `${i.bounty} bounty · ${i.timeLeft} · ${submissionsText(i.submissions)}`;
}

/** The email's words, plain text and HTML (the notification emails' look, model/emailHtml.ts). */
export function digestEmail(
  content: DigestContent,
  links: { site: string; unsubscribe: string },
): { subject: string; text: string; html: string } {
  const ideaUrl = (i: DigestIdea) => `${links.site}/expanded-proposal/${i.id}`;
  const sections = (["toFund", "toMake"] as const).filter((key) => content[key].length > 0);
  const text =
    `This week on Bounties\n\n` +
    sections
      .map(
        (key) =>
          `${DIGEST_SECTIONS[key]}:\n` +
          content[key].map((i) => `• "${i.title}" — ${ideaLine(i)}\n  ${ideaUrl(i)}`).join("\n"),
      )
      .join("\n\n") +
    `\n\nSee every open bounty: ${links.site}/ideas\n` +
    `This week's leaderboards: ${links.site}/leaderboard\n\n` +
    `Unsubscribe from the weekly digest: ${links.unsubscribe}\n`;
  const e = escapeHtml;
  const htmlSections = sections
    .map(
      (key) =>
        `<h2 style="margin:24px 0 8px;font-size:15px;color:#475569">${e(DIGEST_SECTIONS[key])}</h2>` +
        content[key]
          .map(
            (i) =>
              `<p style="margin:0 0 12px;font-size:16px;line-height:1.5"><a href="${e(ideaUrl(i))}" style="color:#4f46e5;font-weight:600;text-decoration:none">${e(i.title)}</a><br><span style="font-size:14px;color:#475569">${e(ideaLine(i))}</span></p>`,
          )
          .join(""),
    )
    .join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${e(DIGEST_SUBJECT)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:20px;font-weight:700">Bounties</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e2e8f0;border-radius:16px;padding:28px 28px 20px">
<p style="margin:0 0 4px;font-size:13px;font-weight:600;letter-spacing:0.06em;text-transform:uppercase;color:#475569">Weekly digest</p>
<h1 style="margin:0;font-size:22px;line-height:1.3">This week on Bounties</h1>
${htmlSections}
<p style="margin:20px 0 0;font-size:15px"><a href="${e(`${links.site}/ideas`)}" style="color:#4f46e5">See every open bounty</a> · <a href="${e(`${links.site}/leaderboard`)}" style="color:#4f46e5">This week's leaderboards</a></p>
</td></tr>
<tr><td style="padding:16px 8px 0;font-size:13px;line-height:1.6;color:#475569">You get this because you switched on the weekly digest in Profile → Settings.<br><a href="${e(links.unsubscribe)}" style="color:#475569">Unsubscribe from the weekly digest</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: DIGEST_SUBJECT, text, html };
}
