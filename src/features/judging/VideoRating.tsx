// <VideoRating submissionId title mine />: the poster's or a backer's rating of a video while the
// idea is open or judging — 1 to 5 stars and private feedback for its creator (product rules
// "Judging together"). Only the creator sees the feedback and the average; the rater sees their
// own rating here and may change or remove it. Folded to one line until opened.
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { Star } from "lucide-react";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { FEEDBACK_MAX_LENGTH } from "../../../convex/model/ratingRules";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import styles from "./VideoRating.module.css";

export const RATING_SAVED = "Rating saved. Only the creator sees your feedback.";
export const RATING_REMOVED = "Rating removed.";
export const RATING_FAILED = "Couldn't save your rating";
export const PRIVATE_NOTE = "Only the video's creator sees your stars and feedback.";

export interface OwnRating {
  stars: number;
  feedback: string | null;
}

const STARS = [1, 2, 3, 4, 5] as const;
const starsLabel = (n: number) => `${n} ${n === 1 ? "star" : "stars"}`;

/** Five stars, `value` of them filled, for reading (not a control). */
export function StarRow({ value, className }: { value: number; className?: string }) {
  return (
    <span className={clsx(styles.starRow, className)} aria-hidden="true">
      {STARS.map((n) => (
        <Star
          key={n}
          size={14}
          className={n <= Math.round(value) ? styles.starOn : styles.starOff}
        />
      ))}
    </span>
  );
}

export default function VideoRating({
  submissionId,
  title,
  mine,
}: {
  submissionId: Id<"submissions">;
  title: string;
  mine: OwnRating | null;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  if (!open)
    return (
      <div className={styles.videoRating}>
        {mine ? (
          <p className={styles.videoRatingMine}>
            <span>Your rating:</span> <StarRow value={mine.stars} />
            <span className="visually-hidden">{starsLabel(mine.stars)}</span>
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-expanded="false"
          aria-controls={formId}
          onClick={() => setOpen(true)}
        >
          {mine ? "Change your rating" : "Rate this video"}
          <span className="visually-hidden">: {title}</span>
        </button>
      </div>
    );
  return (
    <RatingForm
      id={formId}
      submissionId={submissionId}
      title={title}
      mine={mine}
      onDone={() => setOpen(false)}
    />
  );
}

function RatingForm({
  id,
  submissionId,
  title,
  mine,
  onDone,
}: {
  id: string;
  submissionId: Id<"submissions">;
  title: string;
  mine: OwnRating | null;
  onDone: () => void;
}) {
  const rate = useMutation(api.judging.rate);
  const unrate = useMutation(api.judging.unrate);
  const [stars, setStars] = useState<number | null>(mine?.stars ?? null);
  const [feedback, setFeedback] = useState(mine?.feedback ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const feedbackId = `${id}-feedback`;
  const countId = `${id}-count`;
  const tooLong = feedback.length > FEEDBACK_MAX_LENGTH;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      onDone();
    } catch (error) {
      toast.error(RATING_FAILED, { description: convexErrorMessage(error) ?? undefined });
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (stars === null) return setProblem("Choose 1 to 5 stars.");
    if (tooLong) return setProblem(`Feedback is at most ${FEEDBACK_MAX_LENGTH} characters.`);
    setProblem(null);
    void run(() => rate({ submissionId, stars, feedback }), RATING_SAVED);
  }

  return (
    <form id={id} className={styles.ratingForm} onSubmit={submit} noValidate>
      <fieldset className={styles.ratingStars}>
        <legend className={styles.ratingLegend}>Your rating of “{title}”</legend>
        {STARS.map((n) => (
          <label key={n} className={styles.ratingStar}>
            <input
              type="radio"
              name={`${id}-stars`}
              value={n}
              checked={stars === n}
              onChange={() => setStars(n)}
              className="visually-hidden"
            />
            <Star
              size={26}
              aria-hidden="true"
              className={stars !== null && n <= stars ? styles.starOn : styles.starOff}
            />
            <span className="visually-hidden">{starsLabel(n)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={feedbackId} className="label">
        Private feedback for the creator (optional)
      </label>
      <textarea
        id={feedbackId}
        className="textarea"
        rows={3}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
        aria-describedby={countId}
        aria-invalid={tooLong || undefined}
        placeholder="What works, and what would you like changed while there is still time?"
      />
      <p id={countId} className={clsx("hint", tooLong && styles.ratingTooLong)}>
        {feedback.length.toLocaleString("en-US")}/{FEEDBACK_MAX_LENGTH.toLocaleString("en-US")}{" "}
        characters. {PRIVATE_NOTE}
      </p>
      {problem ? (
        <p className={styles.ratingProblem} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.ratingActions}>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? "Saving..." : "Save rating"}
        </button>
        {mine ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => void run(() => unrate({ submissionId }), RATING_REMOVED)}
          >
            Remove rating
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
