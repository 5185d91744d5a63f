import clsx from "clsx";
import { useState } from "react";
import { ArrowBigDown, ArrowBigUp } from "lucide-react";
import type { VoteValue } from "../../../convex/model/validators";
import { toggleVote } from "../../../convex/model/votes";
import { useChangeHighlight } from "../../lib/useChangeHighlight";
import styles from "./VoteButtons.module.css";
import { moduleClass } from "../../lib/moduleClass";

interface Props {
  votes: number;
  userVote: VoteValue;
  /** Called with the vote after the click (same direction again clears it). */
  onVote: (next: VoteValue) => void;
  /** Why voting is unavailable (e.g. signed out); disables the buttons. */
  disabledReason?: string;
  /** What is voted on, for screen readers: "this idea", "this video". */
  subject?: string;
  orientation?: "vertical" | "horizontal";
  className?: string;
}

/** "1 vote", "5 votes", "-2 votes": the count as a screen reader says it. */
export function voteCountLabel(votes: number): string {
  return `${votes} ${Math.abs(votes) === 1 ? "vote" : "votes"}`;
}

/** What a screen reader says once after the person's own click. */
function ownVoteAnnouncement(next: VoteValue, subject: string): string {
  if (next === 1) return `You upvoted ${subject}`;
  if (next === -1) return `You downvoted ${subject}`;
  return `You removed your vote on ${subject}`;
}

/**
 * Up arrow, net count, down arrow (spec §2). The count is not a live region (a list of them
 * would read out everyone's votes as they arrive); only the person's own click is announced.
 */
export default function VoteButtons({
  votes,
  userVote,
  onVote,
  disabledReason,
  subject = "this idea",
  orientation = "vertical",
  className,
}: Props) {
  const disabled = disabledReason !== undefined;
  const [announcement, setAnnouncement] = useState("");
  // Others' votes pulse the count; the reader's own click does not.
  const countHighlight = useChangeHighlight<HTMLSpanElement>(votes);
  const button = (direction: 1 | -1) => {
    const active = userVote === direction;
    const label = `${direction === 1 ? "Upvote" : "Downvote"} ${subject}`;
    const Arrow = direction === 1 ? ArrowBigUp : ArrowBigDown;
    return (
      <button
        type="button"
        className={clsx(
          styles.voteButton,
          direction === 1 ? styles.voteButtonUp : styles.voteButtonDown,
          active && styles.isActive,
        )}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        title={disabledReason ?? label}
        onClick={() => {
          const next = toggleVote(userVote, direction);
          setAnnouncement(ownVoteAnnouncement(next, subject));
          countHighlight.expectOwnChange();
          onVote(next);
        }}
      >
        <Arrow
          size={18}
          strokeWidth={2}
          fill={active ? "currentColor" : "none"}
          aria-hidden="true"
        />
      </button>
    );
  };
  return (
    <div
      className={clsx(
        styles.voteButtons,
        moduleClass(styles, `vote-buttons--${orientation}`),
        className,
      )}
      role="group"
      aria-label={`Votes for ${subject}`}
    >
      {button(1)}
      <span className={styles.voteButtonsCount} ref={countHighlight.ref} data-testid="vote-count">
        <span aria-hidden="true">{votes}</span>
        <span className="visually-hidden">{voteCountLabel(votes)}</span>
      </span>
      {button(-1)}
      {disabledReason ? <span className="visually-hidden">{disabledReason}</span> : null}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
