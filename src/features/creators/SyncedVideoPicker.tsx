import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import type { IdeaPlatform } from "../../../convex/model/validators";
import { platformAccepts } from "../../../convex/model/videoLinks";
import styles from "./SyncedVideoPicker.module.css";
import VideoThumb from "../../components/VideoThumb";

/** How many of the newest synced videos the picker offers (the link field takes any other). */
export const PICKER_LIMIT = 12;

/** The caller's connections and synced videos (`api.platforms.mine`). */
export type MyPlatforms = NonNullable<FunctionReturnType<typeof api.platforms.mine>>;

interface Props {
  mine: MyPlatforms | null | undefined;
  platform: IdeaPlatform;
  disabled: boolean;
  onPick: (url: string) => void;
}

/**
 * A connected creator's synced videos (newest first) on the idea's
 * platform: picking one checks it like a pasted link. Nothing for a visitor or a creator with
 * no connected account or no videos.
 */
export default function SyncedVideoPicker({ mine, platform, disabled, onPick }: Props) {
  if (!mine) return null;
  const videos = mine.videos.filter((v) => platformAccepts(platform, v.platform));
  if (videos.length === 0) return null;
  return (
    <section className={styles.videoPicker} aria-labelledby="video-picker-heading">
      <h2 id="video-picker-heading" className={styles.videoPickerHeading}>
        Or pick one of your videos
      </h2>
      <ul className={styles.videoPickerList}>
        {videos.slice(0, PICKER_LIMIT).map((video) => (
          <li key={`${video.platform}:${video.videoId}`}>
            <button
              type="button"
              className={styles.videoPickerItem}
              disabled={disabled}
              onClick={() => onPick(video.url)}
            >
              <VideoThumb
                url={video.thumbnailUrl}
                width={96}
                height={54}
                className={styles.videoPickerThumb}
                fallback="box"
              />
              <span className={styles.videoPickerText}>
                <span className={styles.videoPickerTitle}>{video.title || "Untitled Video"}</span>
                <span className={styles.videoPickerMeta}>
                  {video.platform}
                  {video.publishedAt !== null &&
                    ` · ${new Date(video.publishedAt).toLocaleDateString("en-US", {
                      month: "short",
                      day: "numeric",
                      year: "numeric",
                    })}`}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
