import { useState } from "react";
import clsx from "clsx";
import { truncate, videoTitle } from "../../lib/format";
import { safeHref } from "../../lib/safeHref";
import type { ConnectedVideo } from "./platformTypes";
import styles from "./ConnectedVideos.module.css";
import submissionCardStyles from "./SubmissionCard.module.css";
import VideoThumb from "../../components/VideoThumb";
import { moduleClass } from "../../lib/moduleClass";

export const NO_VIDEOS = "No videos connected.";
export const DESCRIPTION_MAX = 100;
const VIDEOS_STEP = 10;

/** "Your Videos:": the videos found on the connected accounts, ten at a time. */
export default function VideoList({ videos }: { videos: ConnectedVideo[] }) {
  const [shown, setShown] = useState(VIDEOS_STEP);
  return (
    <div className={styles.creatorVideos} data-testid="connected-videos">
      <h3 className={styles.creatorVideosTitle}>Your Videos:</h3>
      {videos.length === 0 ? (
        <p className={styles.creatorVideosEmpty}>{NO_VIDEOS}</p>
      ) : (
        <>
          <ul className={styles.creatorVideosList} data-testid="connected-videos-list">
            {videos.slice(0, shown).map((video) => (
              <VideoItem key={`${video.platform}:${video.videoId}`} video={video} />
            ))}
          </ul>
          {videos.length > shown && (
            <button
              type="button"
              className={`btn btn-secondary btn-sm ${styles.creatorVideosMore}`}
              onClick={() => setShown((n) => n + VIDEOS_STEP)}
            >
              Show more videos ({videos.length - shown} more)
            </button>
          )}
        </>
      )}
    </div>
  );
}

function VideoItem({ video }: { video: ConnectedVideo }) {
  const title = videoTitle(video.title);
  const description = video.description.trim();
  const href = safeHref(video.url);
  return (
    <li className={styles.creatorVideo}>
      <VideoThumb
        url={video.thumbnailUrl}
        width={120}
        height={68}
        className={styles.creatorVideoThumb}
        fallback={
          <span
            className={`${styles.creatorVideoThumb} ${styles.creatorVideoThumbEmpty}`}
            aria-hidden="true"
          >
            {video.platform === "YouTube" ? "▶" : "♪"}
          </span>
        }
      />
      <div className={styles.creatorVideoText}>
        <p className={styles.creatorVideoTitle}>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            title
          )}
        </p>
        {description && (
          <p className={styles.creatorVideoDescription}>{truncate(description, DESCRIPTION_MAX)}</p>
        )}
        <p className={styles.creatorVideoMeta}>
          <span
            className={clsx(
              "badge platform-badge",
              moduleClass(submissionCardStyles, `platform-badge--${video.platform}`),
            )}
          >
            {video.platform}
          </span>
          <span className={styles.creatorVideoUrl}>{video.url}</span>
        </p>
      </div>
    </li>
  );
}
