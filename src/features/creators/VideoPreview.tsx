import { useState } from "react";
import { Play } from "lucide-react";
import clsx from "clsx";
import type { VideoPlatform } from "../../../convex/model/validators";
import { embedUrlOf, formatDuration } from "../../lib/videoEmbed";
import styles from "./VideoPreview.module.css";
import VideoThumb from "../../components/VideoThumb";

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
  const classes = clsx(styles.videoPreview, portrait && styles.videoPreviewPortrait, className);
  const [width, height] = portrait ? [90, 160] : [160, 90];

  if (playing && embedUrl) {
    return (
      <div className={clsx(classes, styles.isPlaying)}>
        <iframe
          className={styles.videoPreviewFrame}
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
      <VideoThumb
        url={thumbnailUrl}
        width={width}
        height={height}
        className={styles.videoPreviewThumb}
        fallback="box"
      />
      {durationSeconds !== null && (
        <span className={styles.videoPreviewDuration}>
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
      <span className={styles.videoPreviewPlay} aria-hidden="true">
        <Play size={20} strokeWidth={2.5} fill="currentColor" />
      </span>
    </button>
  );
}
