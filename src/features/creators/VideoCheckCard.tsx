import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { CLAIM_WINDOW_DAYS } from "../../../convex/model/money/rules";
import { checklistItems } from "./OriginalityChecklist";
import { PAYMENT_SETTINGS_PATH } from "./submitVideoTexts";
import { safeHref } from "../../lib/safeHref";
import type { Duration } from "../../../convex/model/validators";
import { LengthChips } from "../ideas/IdeaStatus";
import styles from "./VideoCheckCard.module.css";
import VideoThumb from "../../components/VideoThumb";
import { moduleClass } from "../../lib/moduleClass";

/** What `api.submissions.check` says about a video on this idea. */
export type VideoCheck = FunctionReturnType<typeof api.submissions.check>;

export const CHECK_TEXTS = {
  heading: "Check your video before submitting",
  cannotWin: "This video cannot win this bounty",
  cannotWinNote:
    "You can still submit it, but it will not be considered when the bounty is awarded.",
  unproven: "It can win, but it can be paid only once it is proven yours.",
  unprovenNote: `Connect the account that posted it in your Profile settings by the end of the claim window (${CLAIM_WINDOW_DAYS} days after judging ends).`,
  takesOver:
    "Someone else submitted this video without proving it is theirs. Submitting it makes that submission yours, with its votes.",
  allPass: "Every check passes: this video can win the bounty.",
} as const;

const STATE_ICON = { yes: "✓", no: "✗", unknown: "?" } as const;
const STATE_TEXT = { yes: "passes", no: "fails", unknown: "unknown" } as const;

/** "8:05" or "1:02:03". */
export function lengthText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

function dateText(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

interface Props {
  check: VideoCheck;
  /** The lengths the idea allows, shown beside the length check. */
  durations: readonly Duration[];
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The confirmation card between checking a link and submitting it: what the platform says
 * about the video, each check of the originality checklist, and what a failed check means
 * (product rules "Submissions": cannot win, or cannot be paid until proven).
 */
export default function VideoCheckCard({ check, durations, busy, onSubmit, onCancel }: Props) {
  const { video, checklist, cannotWinReasons, ownershipNote, takesOver } = check;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [video.videoId]);
  const href = safeHref(video.url);
  const items = checklistItems(video.platform, checklist).map((item) =>
    item.key === "owned" ? { ...item, label: `Posted by your ${video.platform} account` } : item,
  );
  const canWin = cannotWinReasons.length === 0;

  return (
    <section className={`card ${styles.videoCheck}`} aria-labelledby="video-check-heading">
      <h2
        id="video-check-heading"
        className={styles.videoCheckHeading}
        tabIndex={-1}
        ref={headingRef}
      >
        {CHECK_TEXTS.heading}
      </h2>
      <div className={styles.videoCheckVideo}>
        <VideoThumb
          url={video.thumbnailUrl}
          width={160}
          height={90}
          className={styles.videoCheckThumb}
        />
        <dl className={styles.videoCheckFacts}>
          <dt>Title</dt>
          <dd className={styles.videoCheckTitle}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {video.title || "Untitled Video"}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              video.title || "Untitled Video"
            )}
          </dd>
          <dt>Channel</dt>
          <dd>
            {video.channelTitle || "Unknown"} · {video.platform}
          </dd>
          <dt>Length</dt>
          <dd>
            {video.durationSeconds !== undefined
              ? lengthText(video.durationSeconds)
              : "Not told by the platform"}
          </dd>
          <dt>Published</dt>
          <dd>
            {video.publishedAt !== undefined
              ? dateText(video.publishedAt)
              : "Not told by the platform"}
          </dd>
        </dl>
      </div>

      <ul className={styles.videoCheckChecks} aria-label="Originality checklist">
        {items.map((item) => (
          <li
            key={item.key}
            className={`${styles.checklistItem} ${moduleClass(styles, `checklist__item--${item.state}`)}`}
          >
            <span className={styles.checklistIcon} aria-hidden="true">
              {STATE_ICON[item.state]}
            </span>
            <span className="checklist__label">{item.label}</span>
            <span className={styles.videoCheckState}>
              <span className="visually-hidden">: </span>
              {STATE_TEXT[item.state]}
            </span>
            {item.key === "duration" ? (
              <LengthChips
                durations={durations}
                className={styles.videoCheckLengths}
                label="Lengths the idea allows"
              />
            ) : null}
          </li>
        ))}
      </ul>

      {!canWin && (
        <div className={`alert alert-danger ${styles.videoCheckWarning}`} role="alert">
          <p className={styles.videoCheckWarningTitle}>{CHECK_TEXTS.cannotWin}</p>
          <ul>
            {cannotWinReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>{CHECK_TEXTS.cannotWinNote}</p>
        </div>
      )}
      {ownershipNote !== null && (
        <div className={`alert ${styles.videoCheckNote}`}>
          <p className={styles.videoCheckWarningTitle}>{CHECK_TEXTS.unproven}</p>
          <p>{ownershipNote}</p>
          <p>
            {CHECK_TEXTS.unprovenNote} <Link to={PAYMENT_SETTINGS_PATH}>Profile settings</Link>
          </p>
        </div>
      )}
      {takesOver && <p className={`alert ${styles.videoCheckNote}`}>{CHECK_TEXTS.takesOver}</p>}
      {canWin && ownershipNote === null && (
        <p className={styles.videoCheckOk}>{CHECK_TEXTS.allPass}</p>
      )}

      <div className={styles.videoCheckActions}>
        <button type="button" className="btn btn-primary btn-lg" onClick={onSubmit} disabled={busy}>
          {busy ? "Submitting…" : "Submit Video"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Choose another video
        </button>
      </div>
    </section>
  );
}
