import "../../styles/proposals.css";
import clsx from "clsx";
import { ArrowBigDown, ArrowBigUp } from "lucide-react";
import type { VoteValue } from "../../../convex/model/validators";
import { toggleVote } from "../../../convex/model/votes";

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
}

/** Up arrow, net count, down arrow (spec §2). */
export default function VoteButtons({
  votes,
  userVote,
  onVote,
  disabledReason,
  subject = "this idea",
  orientation = "vertical",
}: Props) {
  const disabled = disabledReason !== undefined;
  const button = (direction: 1 | -1) => {
    const active = userVote === direction;
    const label = `${direction === 1 ? "Upvote" : "Downvote"} ${subject}`;
    const Arrow = direction === 1 ? ArrowBigUp : ArrowBigDown;
    return (
      <button
        type="button"
        className={clsx(
          "vote-button",
          direction === 1 ? "vote-button--up" : "vote-button--down",
          active && "is-active",
        )}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        title={disabledReason ?? label}
        onClick={() => onVote(toggleVote(userVote, direction))}
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
      className={clsx("vote-buttons", `vote-buttons--${orientation}`)}
      role="group"
      aria-label={`Votes for ${subject}`}
    >
      {button(1)}
      <span className="vote-buttons__count" aria-live="polite" aria-label={`${votes} votes`}>
        {votes}
      </span>
      {button(-1)}
      {disabledReason ? <span className="visually-hidden">{disabledReason}</span> : null}
    </div>
  );
}
