import clsx from "clsx";
import { durationLine, formatLongDate, formatMoney, platformLine } from "../../lib/format";
import type { Duration, IdeaPlatform } from "../../../convex/model/validators";
import styles from "./IdeaPreview.module.css";

interface PreviewProps {
  title: string;
  platform: IdeaPlatform | null;
  durations: Duration[];
  expiration: number;
  now: number;
}

/** What the idea will look like once posted. */
export default function IdeaPreview({ title, platform, durations, expiration, now }: PreviewProps) {
  const validDate = Number.isFinite(expiration) && expiration > now;
  return (
    <aside className={styles.submitPreview} aria-labelledby="submit-preview-heading">
      <h2 id="submit-preview-heading" className={styles.submitPreviewHeading}>
        Preview
      </h2>
      <div className={`card ${styles.submitPreviewCard}`}>
        <p className={clsx(styles.submitPreviewTitle, !title && styles.isEmpty)}>
          {title || "Your idea will appear here"}
        </p>
        <div className={styles.submitPreviewBounty}>
          <span className={styles.submitPreviewAmount}>{formatMoney(0)}</span>
          <span className="muted text-sm">bounty, ready for anyone to fund</span>
        </div>
        <ul className={styles.submitPreviewFacts}>
          <li>{platform ? platformLine(platform) : "Choose a platform"}</li>
          <li>{durations.length > 0 ? durationLine(durations) : "Choose the video lengths"}</li>
          <li>{validDate ? `Deadline: ${formatLongDate(expiration)}` : "Choose a deadline"}</li>
        </ul>
      </div>
      <p className="hint submit-preview__note">
        After posting, share your idea so others can add to the bounty. Creators submit videos until
        the deadline.
      </p>
    </aside>
  );
}
