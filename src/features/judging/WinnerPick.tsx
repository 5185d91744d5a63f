// <WinnerPick ideaId submissionId isOwn title? />: on each submission card, lets a
// contributor who chose "I'll pick the winner" (customer_choice) pick this video (product
// rules "Money": any time after the first submission until expiration + 7 days).
//
// Props:
//   ideaId:   string  — the idea the submission belongs to.
//   submissionId: Id<"submissions"> — this submission.
//   isOwn:        boolean — the video is the viewer's own: no pick button on it (a contributor
//                           does not award their own money to their own video here).
//   title?:       string  — the video's title, to tell the buttons of a list apart for screen
//                           readers ("Pick as winner: {title}").
//
// Renders nothing when the viewer cannot pick (signed out, not a paid customer_choice
// contributor, no submissions yet, idea settled, or past the pick deadline) — except that a
// past pick still shows "Your pick". Live: `myStake` updates when the pick changes anywhere.
// Until when a pick can change is said once, above the list (PickStatus), not on every card.
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { useNow } from "../../lib/useNow";
import { PICK_FAILED, PICK_SAVED, usePickWinner } from "./usePickWinner";
import styles from "./WinnerPick.module.css";

export const PICK_LABEL = "Pick as winner";
export const YOUR_PICK = "Your pick";
export { PICK_FAILED, PICK_SAVED };

export interface WinnerPickProps {
  ideaId: string;
  submissionId: Id<"submissions">;
  isOwn: boolean;
  title?: string;
}

export default function WinnerPick(props: WinnerPickProps) {
  // Never let this small control take the idea page down.
  return (
    <QueryErrorBoundary fallback={null}>
      <WinnerPickInner {...props} />
    </QueryErrorBoundary>
  );
}

function WinnerPickInner({ ideaId, submissionId, isOwn, title }: WinnerPickProps) {
  const stake = useQuery(api.contributions.myStake, { ideaId });
  const { saving: savingId, pick: pickVideo } = usePickWinner();
  const saving = savingId === submissionId;
  const now = useNow();

  if (!stake || !stake.canPick) return null;
  const picked = stake.pickedSubmissionId === submissionId;
  const open = now <= stake.pickDeadline;
  if (!open && !picked) return null;
  if (isOwn && !picked) return null;

  const pick = () => pickVideo(submissionId);

  return (
    <div className={styles.winnerPick}>
      {picked ? (
        <p className={styles.winnerPickPicked}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {YOUR_PICK}
          {title ? <span className="visually-hidden">: {title}</span> : null}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-soft btn-sm winner-pick__button"
          aria-busy={saving || undefined}
          disabled={saving}
          onClick={() => void pick()}
        >
          {saving ? "Saving..." : PICK_LABEL}
          {title && !saving ? <span className="visually-hidden">: {title}</span> : null}
        </button>
      )}
    </div>
  );
}
