// Plain words for where money is (product rules "Money": visible at every step). One place for
// every sentence the money screens say, so none of them says "on its way" about money that
// cannot move: only money being transferred or refunded is described as moving.
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import type { ShownAwardStatus } from "../../../convex/model/money/rules";
import type { FatePart, HeldLineReason, LedgerKind } from "../../../convex/model/money/states";

/** “{title}” with typographic quotes. */
export function quoted(title: string): string {
  return `“${title}”`;
}

/** One sentence for one part of a contribution's money. */
export function fateSentence(part: FatePart): string {
  const amount = formatMoney(part.amountCents);
  const video = part.submission ? quoted(part.submission.title) : "the winning video";
  const creator = part.submission?.creatorName ?? "the creator";
  const on = (ms: number | null) => (ms === null ? "" : ` on ${formatLongDate(ms)}`);
  const until = (ms: number | null) => (ms === null ? "" : ` until ${formatLongDate(ms)}`);
  switch (part.state) {
    case "not_finished":
      return `Not finished — ${amount} has not been paid; nothing was charged`;
    case "processing":
      return `${amount} is waiting for the payment to be confirmed`;
    case "counting":
      return part.until === null
        ? `${amount} counts toward the bounty until judging ends`
        : `${amount} counts toward the bounty until judging ends on ${formatLongDate(part.until)}`;
    case "awarded_waiting":
      return `${amount} awarded to ${video} — waiting for its creator${until(part.until)}`;
    case "awarded_paying":
      return `${amount} awarded to ${video} — being paid to ${creator}`;
    case "on_hold":
      return `${amount} awarded to ${video} — held: the payment to ${creator} could not be made; our team is on it`;
    case "returning":
      return `${amount} will be refunded`;
    case "paid":
      return `${amount} paid to ${creator}${on(part.at)}`;
    case "refunding":
      return `${amount} is being refunded`;
    case "refunded":
      return `${amount} refunded${on(part.at)}`;
    case "refund_failed":
      return `${amount}: the refund failed — we'll sort it out and contact you`;
    case "disputed":
      return `${amount} is frozen by a card dispute`;
    case "lost":
      return `${amount} was lost to a chargeback`;
    case "waiting_to_move":
      return part.until === null
        ? `${amount} is waiting for you to move it to another idea`
        : `${amount} is waiting for you to move it to another idea until ${formatLongDate(part.until)}; then it is refunded`;
    case "moved":
      return `${amount} moved to ${part.idea ? quoted(part.idea.title) : "another idea"}${on(part.at)}`;
  }
}

/** A held amount, why it is still here and until when. `creator` names who it waits for. */
export function heldSentence(
  held: { cents: number; until: number | null; reason: HeldLineReason },
  creator: string | null = null,
): string {
  const amount = formatMoney(held.cents);
  const on = held.until === null ? "" : ` on ${formatLongDate(held.until)}`;
  const until = held.until === null ? "" : ` until ${formatLongDate(held.until)}`;
  switch (held.reason) {
    case "judging":
      return `${amount} is held until the winner is decided${on}`;
    case "waiting_for_creator":
      return `${amount} is waiting for ${creator ?? "the winning creator"} to set up payouts${until}`;
    case "being_paid":
      return `${amount} is being paid to creators`;
    case "returning":
      return `${amount} will be refunded to its contributors`;
    case "frozen":
      return `${amount} is frozen while a card dispute is open`;
    case "needs_attention":
      return `${amount} is held: a payment could not be made; our team is on it`;
    case "refund_failed":
      return `${amount}: a refund failed; our team is on it`;
    case "waiting_to_move":
      return `${amount} is waiting for its backers to move it to another idea${until}; then it is refunded`;
  }
}

/** Short labels of held reasons (the operator's table). */
export const HELD_REASON_LABELS: Record<HeldLineReason, string> = {
  judging: "Until the winner is decided",
  waiting_for_creator: "Waiting for the creator to set up payouts",
  being_paid: "Being paid to creators",
  returning: "Being refunded once movements under way end",
  frozen: "Frozen by a card dispute",
  needs_attention: "A movement needs attention",
  refund_failed: "Refund failed",
  waiting_to_move: "Waiting for its backer to move it (then refunded)",
};

/** Every kind of ledger line, in plain words. */
export const LEDGER_KIND_TEXT: Record<LedgerKind, string> = {
  contributed: "A contribution was paid",
  refund_started: "A refund was started",
  refund_cancelled: "A planned refund was called off (the money went back another way)",
  refunded: "Refunded to a contributor",
  refund_failed: "A refund failed",
  refund_redone: "A failed refund was made again",
  awarded: "Awarded to a winning video",
  award_passed: "An unclaimed award passed to the next video",
  award_video_gone: "An award passed to the next video: its video is gone from its platform",
  award_reduced: "An award was lowered by a refund",
  paid_out: "Paid to a creator",
  reversed: "A payment to a creator was taken back",
  disputed: "Frozen by a card dispute",
  dispute_won: "A card dispute was won; the money is back on its path",
  lost: "Lost to a chargeback",
  moved_out: "Moved by its backer to another idea",
  moved_in: "Moved here by its backer from another idea",
};

/** A move's ledger line, naming the other idea. */
export function moveEntryText(kind: "moved_out" | "moved_in", otherTitle: string): string {
  return kind === "moved_out"
    ? `Moved by its backer to ${quoted(otherTitle)}`
    : `Moved here by its backer from ${quoted(otherTitle)}`;
}

export const HIDDEN_VIDEO_PASSED =
  "An award passed to the next video: its video was removed by our moderators";

/** A ledger line's text, naming the video when there is one (never one an operator hid). */
export function ledgerEntryText(
  kind: LedgerKind,
  submissionTitle: string | null,
  videoHidden = false,
): string {
  if (videoHidden && kind === "award_video_gone") return HIDDEN_VIDEO_PASSED;
  if (submissionTitle === null || videoHidden) return LEDGER_KIND_TEXT[kind];
  switch (kind) {
    case "awarded":
      return `Awarded to ${quoted(submissionTitle)}`;
    case "award_passed":
      // The line names the video whose creator did not claim it in time.
      return `The award to ${quoted(submissionTitle)} went unclaimed and passed on`;
    case "award_video_gone":
      return `The award to ${quoted(submissionTitle)} passed on: the video is gone from its platform`;
    case "award_reduced":
      return `The award to ${quoted(submissionTitle)} was lowered by a refund`;
    case "paid_out":
      return `Paid to the creator of ${quoted(submissionTitle)}`;
    case "reversed":
      return `A payment for ${quoted(submissionTitle)} was taken back`;
    default:
      return LEDGER_KIND_TEXT[kind];
  }
}

/** A winner's award: "— paid on {date}", "— waiting for its creator until {date}", "— being paid". */
export function awardState(award: {
  status: ShownAwardStatus;
  claimDeadline: number;
  paidAt: number | null;
}): string {
  switch (award.status) {
    case "paid":
      return award.paidAt === null ? "paid" : `paid on ${formatLongDate(award.paidAt)}`;
    case "waiting":
      return `waiting for its creator until ${formatLongDate(award.claimDeadline)}`;
    case "paying":
      return "being paid";
    case "frozen":
      return "frozen by a card dispute";
    case "on_hold":
      return "held: the payment could not be made; our team is on it";
  }
}
