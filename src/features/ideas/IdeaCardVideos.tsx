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

/** Palettes of an idea's own cover (light text on each keeps 4.5:1). */
const ART_PALETTES = [
  ["#4f46e5", "#7c3aed"],
  ["#0f766e", "#0369a1"],
  ["#b45309", "#be123c"],
  ["#1d4ed8", "#0e7490"],
  ["#7c2d12", "#9d174d"],
  ["#334155", "#4338ca"],
] as const;

/** A stable palette per idea: the same idea looks the same on every screen. */
export function artPaletteOf(ideaId: string): readonly [string, string] {
  let hash = 0;
  for (let i = 0; i < ideaId.length; i++) hash = (hash * 31 + ideaId.charCodeAt(i)) | 0;
  return ART_PALETTES[Math.abs(hash) % ART_PALETTES.length]!;
}

/**
 * The idea's own cover while no video has a thumbnail: its palette, the play mark and its
 * platform, drawn in CSS (no image to download). Decorative: the card names the idea.
 */
export function IdeaArtCover({
  ideaId,
  platform,
  className,
}: {
  ideaId: string;
  platform: string;
  className?: string;
}) {
  const [from, to] = artPaletteOf(ideaId);
  return (
    <div
      className={className ? `${styles.ideaArt} ${className}` : styles.ideaArt}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
      aria-hidden="true"
      data-testid="idea-art-cover"
    >
      <span className={styles.ideaArtMark}>
        <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path d="M8 5.6v12.8c0 .8.9 1.3 1.6.9l10-6.4a1 1 0 0 0 0-1.8l-10-6.4C8.9 4.3 8 4.8 8 5.6Z" />
        </svg>
      </span>
      <span className={styles.ideaArtPlatform}>
        {platform === "Any" ? "Any platform" : platform}
      </span>
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
