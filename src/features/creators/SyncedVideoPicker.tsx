import "../../styles/videoCheck.css";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import type { IdeaPlatform } from "../../../convex/model/validators";
import { platformAccepts } from "../../../convex/model/videoLinks";

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
    <section className="video-picker" aria-labelledby="video-picker-heading">
      <h2 id="video-picker-heading" className="video-picker__heading">
        Or pick one of your videos
      </h2>
      <ul className="video-picker__list">
        {videos.slice(0, PICKER_LIMIT).map((video) => (
          <li key={`${video.platform}:${video.videoId}`}>
            <button
              type="button"
              className="video-picker__item"
              disabled={disabled}
              onClick={() => onPick(video.url)}
            >
              {video.thumbnailUrl ? (
                <img
                  className="video-picker__thumb"
                  src={video.thumbnailUrl}
                  alt=""
                  width={96}
                  height={54}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                />
              ) : (
                <span className="video-picker__thumb" aria-hidden="true" />
              )}
              <span className="video-picker__text">
                <span className="video-picker__title">{video.title || "Untitled Video"}</span>
                <span className="video-picker__meta">
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
