// <FeedbackReceived average count feedback />: what a creator's video received from the idea's
// poster and backers — the average and each rating with its private feedback, newest first.
// Only its creator is ever sent these (convex/model/judgingTogether.ts feedbackFor).
import { averageText } from "../../../convex/model/ratingRules";
import { formatLongDate } from "../../lib/format";
import { StarRow } from "./VideoRating";
import styles from "./FeedbackReceived.module.css";

export interface FeedbackItem {
  _id: string;
  stars: number;
  text: string | null;
  from: "poster" | "backer";
  at: number;
}

export const NO_FEEDBACK =
  "No ratings yet. Backers and the poster can rate your video until judging ends.";
const FROM: Record<FeedbackItem["from"], string> = { poster: "The poster", backer: "A backer" };

export default function FeedbackReceived({
  average,
  count,
  feedback,
  limit,
}: {
  average: number | null;
  count: number;
  feedback: readonly FeedbackItem[];
  /** Show at most this many (the newest). */
  limit?: number;
}) {
  if (count === 0) return <p className="muted">{NO_FEEDBACK}</p>;
  const shown = limit === undefined ? feedback : feedback.slice(0, limit);
  return (
    <div className={styles.feedback}>
      <p className={styles.feedbackAverage}>
        <StarRow value={average ?? 0} /> {averageText(average, count)}
      </p>
      <ul className={styles.feedbackList} aria-label="Ratings and feedback received">
        {shown.map((item) => (
          <li key={item._id} className={styles.feedbackItem} data-testid="feedback-item">
            <p className={styles.feedbackMeta}>
              <StarRow value={item.stars} />
              <span className="visually-hidden">
                {item.stars} {item.stars === 1 ? "star" : "stars"}
              </span>{" "}
              · {FROM[item.from]} · {formatLongDate(item.at)}
            </p>
            {item.text ? <p className={styles.feedbackText}>{item.text}</p> : null}
          </li>
        ))}
      </ul>
      {shown.length < feedback.length ? (
        <p className="hint">{feedback.length - shown.length} more in your studio.</p>
      ) : null}
    </div>
  );
}
