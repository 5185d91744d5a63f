import { Link } from "react-router-dom";
import { truncate, videoTitle } from "../../lib/format";
import { safeHref } from "../../lib/safeHref";
import type { ConnectedVideo } from "./platformTypes";
import styles from "./ConnectedVideos.module.css";
import VideoThumb from "../../components/VideoThumb";

export const NO_VIDEOS = "No videos connected.";
export const DESCRIPTION_MAX = 100;
/** Settings shows the latest three; the creator page lists them all. */
export const VIDEOS_SHOWN = 3;
export const SEE_ALL = "See all on your creator page";

/** "Your Videos:": the latest videos found on the connected accounts, and where the rest are. */
export default function VideoList({
  videos,
  creatorPagePath,
}: {
  videos: ConnectedVideo[];
  creatorPagePath: string;
}) {
  const shown = VIDEOS_SHOWN;
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
            <Link
              to={creatorPagePath}
              className={`btn btn-secondary btn-sm ${styles.creatorVideosMore}`}
            >
              {SEE_ALL} ({videos.length - shown} more)
            </Link>
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
          <span className={`badge platform-badge platform-badge--${video.platform}`}>
            {video.platform}
          </span>
          <span className={styles.creatorVideoUrl}>{video.url}</span>
        </p>
      </div>
    </li>
  );
}
