import { useState } from "react";
import "../../styles/video.css";
import { Play } from "lucide-react";
import clsx from "clsx";
import type { VideoPlatform } from "../../../convex/model/validators";
import { embedUrlOf, formatDuration } from "../../lib/videoEmbed";

interface Props {
  platform: VideoPlatform;
  url: string;
  title: string;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  className?: string;
}

/**
 * A video's cover in its real shape (portrait for TikTok) with its length; a click swaps in the
 * platform's official embed player, so nothing from the platform loads until the reader asks.
 */
export default function VideoPreview({
  platform,
  url,
  title,
  thumbnailUrl,
  durationSeconds,
  className,
}: Props) {
  const [playing, setPlaying] = useState(false);
  const embedUrl = embedUrlOf(platform, url);
  const portrait = platform === "TikTok";
  const classes = clsx("video-preview", portrait && "video-preview--portrait", className);
  const [width, height] = portrait ? [90, 160] : [160, 90];

  if (playing && embedUrl) {
    return (
      <div className={clsx(classes, "is-playing")}>
        <iframe
          className="video-preview__frame"
          src={embedUrl}
          title={`${title} (${platform} player)`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const cover = (
    <>
      {thumbnailUrl ? (
        <img
          className="video-preview__thumb"
          src={thumbnailUrl}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
        />
      ) : (
        <span className="video-preview__thumb video-preview__thumb--empty" aria-hidden="true" />
      )}
      {durationSeconds !== null && (
        <span className="video-preview__duration">
          <span className="visually-hidden">, length</span> {formatDuration(durationSeconds)}
        </span>
      )}
    </>
  );

  if (!embedUrl) return <div className={classes}>{cover}</div>;
  // Named by its content, so what it shows (the length) is part of what it is called.
  return (
    <button type="button" className={classes} onClick={() => setPlaying(true)}>
      <span className="visually-hidden">Play {title} here</span>
      {cover}
      <span className="video-preview__play" aria-hidden="true">
        <Play size={20} strokeWidth={2.5} fill="currentColor" />
      </span>
    </button>
  );
}
