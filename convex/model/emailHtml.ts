// The HTML part of every notification email, in the app's look: the Bounties mark and name, a
// white card on the app's slate background, the sentence the inbox shows, and a button in the
// brand indigo where the plain text has the raw link. Inline styles and tables only, as email
// clients need; the plain text part stays beside it (emails.ts).
import type { NotificationKind } from "./notificationKinds";
import { v } from "convex/values";
import { escapeHtml } from "./html";

/** What the button says, per kind: where the link leads. */
const BUTTON_LABELS: Record<NotificationKind, string> = {
  video_submitted: "Watch the video",
  ending_soon: "Open the idea",
  judging_started: "Open the idea",
  outcome: "See the outcome",
  video_won: "Set up payouts",
  claim_reminder: "Set up payouts",
  transfer_sent: "See your payouts",
  payment_confirmed: "Open the idea",
  refund_sent: "Open the idea",
  refund_failed: "Open the idea",
  video_claimed: "Open the idea",
  question_asked: "Read the question",
  question_answered: "Read the answer",
  idea_update: "Read the update",
  idea_update_money: "Read the update",
  idea_edited: "See what changed",
  deadline_extended: "Open the idea",
  backer_update: "Read it on the idea",
  move_waiting: "Choose an idea",
  pick_winner: "Pick your winner",
  money_outcome: "See where it went",
  creator_outcome: "See the winner",
  feedback_received: "Open your studio",
  invited: "Open the idea",
  idea_fits: "Open the idea",
  followed_idea: "Open the idea",
  followed_video: "Watch the video",
  content_hidden: "Open your inbox",
  content_restored: "Open the idea",
};

export function emailButtonLabel(kind: NotificationKind): string {
  return BUTTON_LABELS[kind];
}

// The app's tokens (src/styles/global.css), light scheme: emails are read on white.
const FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif";
const INK = "#0f172a";
const MUTED = "#475569";
const SURFACE = "#f1f5f9";
const BORDER = "#e2e8f0";
const PRIMARY = "#4f46e5";

export interface EmailContent {
  kind: NotificationKind;
  /** The kind's label: the email's heading ("Judging started"). */
  heading: string;
  /** The idea the email is about. */
  ideaTitle: string;
  /** The one sentence the inbox shows. */
  sentence: string;
  /** Where the button leads. */
  link: string;
  unsubscribeUrl: string;
  /** A message in full under the sentence (a poster's email to backers), paragraph by paragraph. */
  body?: string;
  /** What the unsubscribe link stops ("Unsubscribe from these emails" when absent). */
  unsubscribeText?: string;
  /** The winner card (issue 37): its image, and the share page it opens. */
  card?: { imageUrl: string; pageUrl: string; alt: string };
}

/** The email as HTML. */
export function emailHtml(c: EmailContent): string {
  const e = escapeHtml;
  const button = emailButtonLabel(c.kind);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(c.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${SURFACE};font-family:${FONT};color:${INK}">
<div style="display:none;max-height:0;overflow:hidden">${e(c.sentence)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${SURFACE}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td style="width:32px;height:32px;border-radius:9px;background:${PRIMARY};background-image:linear-gradient(135deg,#4f46e5 0%,#7c3aed 100%);color:#ffffff;font-size:16px;line-height:32px;text-align:center" aria-hidden="true">&#9654;</td>
<td style="padding-left:10px;font-size:20px;font-weight:700;color:${INK}">Bounties</td>
</tr></table>
</td></tr>
<tr><td style="background:#ffffff;border:1px solid ${BORDER};border-radius:16px;padding:28px 28px 24px">
<p style="margin:0 0 4px;font-size:13px;font-weight:600;letter-spacing:0.06em;text-transform:uppercase;color:${MUTED}">${e(c.heading)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK}">${e(c.ideaTitle)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.6;color:${INK}">${e(c.sentence)}</p>
${(c.body ?? "")
  .split(/\n{2,}/)
  .filter((p) => p.trim() !== "")
  .map(
    (p) =>
      `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${INK};border-left:3px solid ${BORDER};padding-left:12px">${e(p).replace(/\n/g, "<br>")}</p>`,
  )
  .join("\n")}${
    c.card
      ? `
<a href="${e(c.card.pageUrl)}" style="display:block;margin:0 0 24px"><img src="${e(c.card.imageUrl)}" width="504" alt="${e(c.card.alt)}" style="display:block;width:100%;max-width:504px;height:auto;border:1px solid ${BORDER};border-radius:12px"></a>`
      : ""
  }
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td style="border-radius:10px;background:${PRIMARY}">
<a href="${e(c.link)}" style="display:inline-block;padding:12px 22px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${e(button)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:16px 8px 0;font-size:13px;line-height:1.6;color:${MUTED}">
Bounties keeps none of anyone's money: every paid dollar ends up with a creator or back with its contributor.<br>
<a href="${e(c.unsubscribeUrl)}" style="color:${MUTED}">${e(c.unsubscribeText ?? "Unsubscribe from these emails")}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** An email as handed to the Resend component: its words, headers and idempotency key. */
export const emailDraftValidator = v.object({
  from: v.string(),
  to: v.array(v.string()),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  headers: v.array(v.object({ name: v.string(), value: v.string() })),
  idempotencyKey: v.string(),
});
