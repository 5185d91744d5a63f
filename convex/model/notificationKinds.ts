// The kinds of notification (product rules "Notifications"), their default switches and their
// words, shared by the inbox, the emails and Profile → Settings.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";

export const NOTIFICATION_KINDS = [
  "video_submitted",
  "ending_soon",
  "judging_started",
  "outcome",
  "video_won",
  "claim_reminder",
  "transfer_sent",
  "payment_confirmed",
  "refund_sent",
  "refund_failed",
  "video_claimed",
] as const;
export const notificationKindValidator = literals(...NOTIFICATION_KINDS);
export type NotificationKind = Infer<typeof notificationKindValidator>;

export const emailStateValidator = literals("queued", "sent", "failed", "skipped");

/** Money and account kinds email by default; the idea's news is opt-in by email. */
export const KIND_INFO: Record<
  NotificationKind,
  { label: string; money: boolean; defaultEmail: boolean }
> = {
  video_submitted: { label: "A video was submitted", money: false, defaultEmail: false },
  ending_soon: { label: "An idea ends in 24 hours", money: false, defaultEmail: false },
  judging_started: { label: "Judging started", money: false, defaultEmail: false },
  outcome: { label: "An idea's outcome", money: false, defaultEmail: false },
  video_won: { label: "Your video was picked or won", money: true, defaultEmail: true },
  claim_reminder: { label: "Set up payouts reminders", money: true, defaultEmail: true },
  transfer_sent: { label: "A payout was sent", money: true, defaultEmail: true },
  payment_confirmed: { label: "Your payment was confirmed", money: true, defaultEmail: true },
  refund_sent: { label: "Your refund was sent", money: true, defaultEmail: true },
  refund_failed: { label: "Your refund failed", money: true, defaultEmail: true },
  video_claimed: {
    label: "A video you submitted was claimed by its creator",
    money: false,
    defaultEmail: true,
  },
};

export interface NotificationFacts {
  kind: NotificationKind;
  ideaTitle: string;
  videoTitle?: string | null;
  amountCents?: number;
  deadline?: number;
  /** For an outcome: refunded when no video won. */
  refunded?: boolean;
}

export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function dateText(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Where a notification leads in the web app: a creator's money to Settings → Payouts. */
export function notificationPath(kind: NotificationKind, proposalId: string): string {
  return kind === "video_won" || kind === "claim_reminder" || kind === "transfer_sent"
    ? "/profile?tab=settings"
    : `/expanded-proposal/${proposalId}`;
}

/** One short sentence for the inbox and the email's first line. */
export function notificationText(f: NotificationFacts): string {
  const idea = `"${f.ideaTitle}"`;
  const amount = f.amountCents !== undefined ? dollars(f.amountCents) : "";
  const video = f.videoTitle ? `"${f.videoTitle}"` : "a video";
  switch (f.kind) {
    case "video_submitted":
      return `A new video was submitted to ${idea}: ${video}.`;
    case "ending_soon":
      return `${idea} ends in 24 hours.`;
    case "judging_started":
      return f.deadline !== undefined
        ? `Judging started on ${idea}: pick your winner by ${dateText(f.deadline)}.`
        : `Judging started on ${idea}.`;
    case "outcome":
      return f.refunded
        ? `${idea} ended without an eligible video: its contributions are refunded.`
        : `${idea} was awarded to ${video}.`;
    case "video_won":
      return (
        `Your video ${video} won ${amount} on ${idea}.` +
        (f.deadline !== undefined
          ? ` Set up payouts by ${dateText(f.deadline)} to receive it.`
          : "")
      );
    case "claim_reminder":
      return `Reminder: set up payouts by ${dateText(f.deadline ?? 0)} to receive ${amount} for ${video} on ${idea}, or it passes to the next video.`;
    case "transfer_sent":
      return `${amount} was sent to your payout account for ${video} on ${idea}.`;
    case "payment_confirmed":
      return `Your payment of ${amount} to ${idea} is confirmed.`;
    case "refund_sent":
      return `Your refund of ${amount} for ${idea} was sent.`;
    case "refund_failed":
      return `Your refund of ${amount} for ${idea} failed. We are looking into it.`;
    case "video_claimed":
      return `The creator of ${video} connected the channel that posted it: its submission to ${idea} is now theirs, with its votes.`;
  }
}
