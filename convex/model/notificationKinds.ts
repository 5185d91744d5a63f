// The kinds of notification (product rules "Notifications"), their default switches and their
// words, shared by the inbox, the emails and Profile → Settings.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";
import type { Standing } from "./ideaPageKinds";
import { outcomeText, type IdeaStatus } from "./ideaStage";

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
  "question_asked",
  "question_answered",
  "idea_update",
  "idea_update_money",
  "idea_edited",
  "deadline_extended",
  "backer_update",
  "move_waiting",
  "pick_winner",
  "money_outcome",
  "creator_outcome",
  "feedback_received",
  "invited",
  "idea_fits",
  "followed_idea",
  "followed_video",
  "content_hidden",
  "content_restored",
] as const;
export const notificationKindValidator = literals(...NOTIFICATION_KINDS);
export type NotificationKind = Infer<typeof notificationKindValidator>;

export const emailStateValidator = literals("queued", "sent", "failed", "skipped");

/**
 * Money and account kinds email by default; the idea's news is opt-in by email. `creator`: only
 * about one's own videos, so Settings lists it only for people who make them.
 */
export const KIND_INFO: Record<
  NotificationKind,
  { label: string; money: boolean; defaultEmail: boolean; creator?: true }
> = {
  video_submitted: { label: "A video was submitted", money: false, defaultEmail: false },
  ending_soon: { label: "An idea ends in 24 hours", money: false, defaultEmail: false },
  judging_started: { label: "Judging started", money: false, defaultEmail: false },
  outcome: { label: "An idea's outcome", money: false, defaultEmail: false },
  video_won: {
    label: "Your video was picked or won",
    money: true,
    defaultEmail: true,
    creator: true,
  },
  claim_reminder: {
    label: "Set up payouts reminders",
    money: true,
    defaultEmail: true,
    creator: true,
  },
  transfer_sent: { label: "A payout was sent", money: true, defaultEmail: true, creator: true },
  payment_confirmed: { label: "Your payment was confirmed", money: true, defaultEmail: true },
  refund_sent: { label: "Your refund was sent", money: true, defaultEmail: true },
  refund_failed: { label: "Your refund failed", money: true, defaultEmail: true },
  video_claimed: {
    label: "A video you submitted was claimed by its creator",
    money: false,
    defaultEmail: true,
    creator: true,
  },
  question_asked: { label: "A question on an idea you follow", money: false, defaultEmail: false },
  question_answered: { label: "An answer to your question", money: false, defaultEmail: false },
  idea_update: { label: "An update from an idea's poster", money: false, defaultEmail: false },
  // "The deadline is tomorrow", "I raised the bounty": about money, so emailed by default.
  idea_update_money: {
    label: "An update about a bounty, its deadline or judging",
    money: true,
    defaultEmail: true,
  },
  // The brief a creator is working from changed: in the app; by email when they opt in.
  idea_edited: {
    label: "An idea you submitted to was edited",
    money: false,
    defaultEmail: false,
    creator: true,
  },
  // Judging together (product rules): "pick your winner by", "where your money went" and "you
  // won" (video_won) are money emails, on by default; the outcome by email to the creators who
  // submitted too. Everything else a creator hears is opt-in by email.
  pick_winner: { label: "Pick your winner", money: true, defaultEmail: true },
  money_outcome: { label: "Where your money went", money: true, defaultEmail: true },
  creator_outcome: {
    label: "The winner of an idea you submitted to",
    money: false,
    defaultEmail: true,
    creator: true,
  },
  feedback_received: {
    label: "A rating of your video",
    money: false,
    defaultEmail: false,
    creator: true,
  },
  // Backers may take their money back until the original deadline: about their money.
  deadline_extended: {
    label: "An idea you backed extended its deadline",
    money: true,
    defaultEmail: true,
  },
  // The poster chose to email it to their backers: sent unless the backer stopped that idea's
  // emails (one-click, per idea) or this kind in Settings.
  backer_update: {
    label: "Emails from the posters of ideas you backed",
    money: false,
    defaultEmail: true,
  },
  move_waiting: {
    label: "Your money can move to another idea",
    money: true,
    defaultEmail: true,
  },
  invited: { label: "A poster invited you", money: false, defaultEmail: false, creator: true },
  idea_fits: {
    label: "A new idea that fits you",
    money: false,
    defaultEmail: false,
    creator: true,
  },
  // People one follows (model/community/follows.ts): in the app; by email if switched on.
  followed_idea: {
    label: "A new idea from someone you follow",
    money: false,
    defaultEmail: false,
  },
  followed_video: {
    label: "A new video from someone you follow",
    money: false,
    defaultEmail: false,
  },
  // About one's own standing on Bounties: emailed by default, like money.
  content_hidden: { label: "Something you posted was hidden", money: true, defaultEmail: true },
  content_restored: {
    label: "Something you posted is shown again",
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
  /** For an outcome: the idea's status as every screen shows it (model/ideaStage.ts). */
  status?: IdeaStatus;
  /** Who asked, answered or posted (their public name), and their role on the idea. */
  actorName?: string;
  actorRole?: "poster" | "creator" | "member";
  /** The message's or update's words, shortened; null when the poster hid the message. */
  excerpt?: string | null;
  /** Judging started: where the recipient's own video stands. */
  standing?: Standing;
  /** An extension: the idea's new deadline (`deadline` is the original one). */
  newDeadline?: number;
  /** An edit: which parts changed ("the brief and the links"). */
  changed?: string;
  /** The outcome for a backer: where their own money went (model/notificationFacts.ts). */
  yourMoney?: YourMoney;
  /** Moderation: what was hidden or restored ("question", "video"…) and the operator's reason. */
  moderated?: { what: string; reason: string | null; appealed: boolean };
}

/** Where a backer's money on an idea went: to which videos, and what goes back to them. */
export interface YourMoney {
  awarded: { videoTitle: string; cents: number }[];
  returnedCents: number;
}

/** "Your $15.00 goes to “Video”." / "Your $15.00 is being returned to your card." */
export function yourMoneyText(m: YourMoney): string {
  const parts = m.awarded.map((a) => `${dollars(a.cents)} goes to "${a.videoTitle}"`);
  if (m.returnedCents > 0) parts.push(`${dollars(m.returnedCents)} comes back to your card`);
  if (parts.length === 0) return "";
  return `Of your money, ${parts.join(" and ")}.`;
}

const EXCERPT_MAX = 140;

/** A message's words for a notification: one line, at most 140 characters. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_MAX ? `${line.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : line;
}

/** Where a creator's video stands (the judging notification and the idea page say the same). */
export function standingText(video: string, s: Standing): string {
  if (!s.eligible) return `Your video ${video} can't win: it fails the idea's checks.`;
  const votes = (n: number) => `${n} counted vote${n === 1 ? "" : "s"}`;
  if (s.leading) return `Your video ${video} leads with ${votes(s.countedVotes)}.`;
  return `Your video ${video} has ${votes(s.countedVotes)}; the leader has ${votes(s.leaderVotes ?? 0)}.`;
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

/**
 * Where a notification leads in the web app: a creator's money to Settings → Payouts (where
 * payouts are set up), a rating of their video to their studio, money waiting to move to the
 * page where its backer picks an idea, the rest to the idea.
 */
export function notificationPath(
  kind: NotificationKind,
  ideaId: string,
  contributionId?: string | null,
): string {
  switch (kind) {
    case "content_hidden":
      return "/inbox";
    case "move_waiting":
      return contributionId ? `/move-money/${contributionId}` : `/expanded-proposal/${ideaId}`;
    case "video_won":
    case "claim_reminder":
    case "transfer_sent":
      return "/profile?tab=settings";
    case "feedback_received":
      return STUDIO_PATH;
    default:
      return `/expanded-proposal/${ideaId}`;
  }
}

/** The creator's studio (src/pages/StudioPage.tsx). */
export const STUDIO_PATH = "/studio";

const quoted = (excerpt: string | null | undefined) =>
  excerpt ? `“${excerpt}”` : "(a message the poster hid)";

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
      return (
        (f.deadline !== undefined
          ? `Judging started on ${idea}: pick your winner by ${dateText(f.deadline)}.`
          : `Judging started on ${idea}.`) +
        (f.standing ? ` ${standingText(video, f.standing)}` : "")
      );
    case "outcome":
    case "creator_outcome":
      return f.status
        ? outcomeText(f.ideaTitle, f.status, f.videoTitle ?? null)
        : `${idea} has ended.`;
    case "money_outcome": {
      const outcome = f.status
        ? outcomeText(f.ideaTitle, f.status, f.videoTitle ?? null)
        : `${idea} has ended.`;
      const money = f.yourMoney ? yourMoneyText(f.yourMoney) : "";
      return money ? `${outcome} ${money}` : outcome;
    }
    case "pick_winner":
      return f.deadline !== undefined
        ? `Judging started on ${idea}: pick your winner by ${dateText(f.deadline)}.`
        : `Judging started on ${idea}: pick your winner.`;
    case "feedback_received":
      return `Your video ${video} on ${idea} got a new rating. See it in your studio.`;
    case "invited":
      return `${f.actorName ?? "A poster"} invited you to make a video for ${idea}.`;
    case "idea_fits":
      return `A new idea fits what you make: ${idea}.`;
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
    case "question_asked":
      return `${f.actorName ?? "Someone"} asked about ${idea}: ${quoted(f.excerpt)}`;
    case "question_answered": {
      const who =
        f.actorRole === "poster"
          ? `${f.actorName ?? "The poster"} (the poster)`
          : f.actorRole === "creator"
            ? `${f.actorName ?? "A creator"} (a creator)`
            : (f.actorName ?? "Someone");
      return `${who} answered your question on ${idea}: ${quoted(f.excerpt)}`;
    }
    case "idea_update":
    case "idea_update_money":
      return `Update from the poster of ${idea}: ${quoted(f.excerpt)}`;
    case "backer_update":
      return `The poster of ${idea} wrote to its backers: ${quoted(f.excerpt)}`;
    case "idea_edited":
      return `The poster of ${idea} edited ${f.changed ?? "the idea"}. Check that your video still fits.`;
    case "deadline_extended":
      return (
        `The poster of ${idea} extended its deadline` +
        (f.newDeadline !== undefined ? ` to ${dateText(f.newDeadline)}` : "") +
        `. You may take your money back until ${dateText(f.deadline ?? 0)}.`
      );
    case "move_waiting":
      return `Nobody delivered ${idea}. Choose another idea for your ${amount} by ${dateText(f.deadline ?? 0)}, or it is refunded to your card then.`;
    case "followed_idea":
      return `${f.actorName ?? "Someone you follow"} posted a new idea: ${idea}.`;
    case "followed_video":
      return `${f.actorName ?? "Someone you follow"} submitted a new video to ${idea}: ${video}.`;
    case "content_hidden": {
      const what = f.moderated?.what ?? "post";
      const why = f.moderated?.reason ? ` Reason: ${f.moderated.reason}` : "";
      const appeal = f.moderated?.appealed
        ? " Your appeal was received."
        : " You may appeal once from your inbox.";
      return `Your ${what} on ${idea} was hidden by Bounties' moderators.${why}${appeal}`;
    }
    case "content_restored":
      return `Your ${f.moderated?.what ?? "post"} on ${idea} is shown again.`;
  }
}

/** Which parts of an idea an edit changed, in words ("the brief and the links"). */
export function changedPartsText(after: Record<string, unknown>): string {
  const names: [string, string][] = [
    ["title", "the title"],
    ["brief", "the brief"],
    ["links", "the links"],
    ["platform", "the platform"],
    ["durations", "the allowed lengths"],
  ];
  const parts = names.filter(([key]) => after[key] !== undefined).map(([, name]) => name);
  if (parts.length <= 1) return parts[0] ?? "the idea";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
