import { useState } from "react";
import clsx from "clsx";
import { truncate, videoTitle } from "../../lib/format";
import { safeHref } from "../../lib/safeHref";
import type { ConnectedVideo } from "./platformTypes";

export const NO_VIDEOS = "No videos connected.";
export const DESCRIPTION_MAX = 100;
const VIDEOS_STEP = 10;

/** "Your Videos:": the videos found on the connected accounts, ten at a time. */
export default function VideoList({ videos }: { videos: ConnectedVideo[] }) {
  const [shown, setShown] = useState(VIDEOS_STEP);
  return (
    <div className="creator-videos">
      <h3 className="creator-videos__title">Your Videos:</h3>
      {videos.length === 0 ? (
        <p className="creator-videos__empty">{NO_VIDEOS}</p>
      ) : (
        <>
          <ul className="creator-videos__list">
            {videos.slice(0, shown).map((video) => (
              <VideoItem key={`${video.platform}:${video.videoId}`} video={video} />
            ))}
          </ul>
          {videos.length > shown && (
            <button
              type="button"
              className="btn btn-secondary btn-sm creator-videos__more"
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
    <li className="creator-video">
      {video.thumbnailUrl ? (
        <img
          className="creator-video__thumb"
          src={video.thumbnailUrl}
          alt=""
          width={120}
          height={68}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <span className="creator-video__thumb creator-video__thumb--empty" aria-hidden="true">
          {video.platform === "YouTube" ? "▶" : "♪"}
        </span>
      )}
      <div className="creator-video__text">
        <p className="creator-video__title">
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
          <p className="creator-video__description">{truncate(description, DESCRIPTION_MAX)}</p>
        )}
        <p className="creator-video__meta">
          <span className={clsx("badge platform-badge", `platform-badge--${video.platform}`)}>
            {video.platform}
          </span>
          <span className="creator-video__url">{video.url}</span>
        </p>
      </div>
    </li>
  );
}
