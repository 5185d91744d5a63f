import { Video } from "lucide-react";
import type { CardVideo } from "../../../convex/model/ideas";
import styles from "./IdeaCardVideos.module.css";
import VideoThumb from "../../components/VideoThumb";
import { moduleClass } from "../../lib/moduleClass";

/** Cover size in the strip: 16:9 tiles; portrait covers fit inside (see idea-card.css). */
const TILE_WIDTH = 112;
const TILE_HEIGHT = 63;

/** The card's cover: the leading video (most voted) that has a thumbnail, if any does. */
export function coverVideoOf(videos: CardVideo[]): CardVideo | null {
  return videos.find((v) => v.thumbnailUrl !== null) ?? null;
}

/** The leading video's thumbnail across the top of the card (decorative: the strip names it). */
export function IdeaCardCover({ video }: { video: CardVideo }) {
  return (
    <div
      className={`${styles.ideaCover} ${moduleClass(styles, `idea-cover--${video.platform.toLowerCase()}`)}`}
      data-testid="idea-cover"
    >
      <VideoThumb
        url={video.thumbnailUrl}
        alt={`Leading video: ${video.title}`}
        width={640}
        height={360}
      />
    </div>
  );
}

/** Up to three of an idea's videos as small covers, or a plain "No videos yet". */
export default function IdeaCardVideos({
  videos,
  hideEmpty = false,
}: {
  videos: CardVideo[];
  /** Nothing at all when there are no videos (the card's cover already shows one). */
  hideEmpty?: boolean;
}) {
  if (videos.length === 0) {
    if (hideEmpty) return null;
    return (
      <p className={`${styles.ideaVideos} ${styles.ideaVideosEmpty}`}>
        <Video size={14} strokeWidth={2} aria-hidden="true" />
        No videos yet
      </p>
    );
  }
  return (
    <ul className={styles.ideaVideos} aria-label="Videos">
      {videos.map((video) => (
        <li
          key={video._id}
          className={`${styles.ideaVideosTile} ${moduleClass(styles, `idea-videos__tile--${video.platform.toLowerCase()}`)}`}
        >
          <VideoThumb
            url={video.thumbnailUrl}
            alt={video.title}
            width={TILE_WIDTH}
            height={TILE_HEIGHT}
            fallback={
              // No cover known: the title stands in, cut short.
              <span className={styles.ideaVideosNoCover} title={video.title}>
                {video.title}
              </span>
            }
          />
        </li>
      ))}
    </ul>
  );
}
