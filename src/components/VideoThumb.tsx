import type { ReactNode } from "react";
import clsx from "clsx";
import styles from "./VideoThumb.module.css";

interface VideoThumbProps {
  /** The platform's thumbnail; without one the fallback shows. */
  url: string | null | undefined;
  /** The picture's intrinsic size (the page's styles set the shown size). */
  width: number;
  height: number;
  /** The caller's classes: size, corners, background (also on the empty box). */
  className?: string;
  /** Decorative by default; a thumbnail that stands for its video names it. */
  alt?: string;
  /** Without a thumbnail: nothing (default), an empty box in the thumbnail's place, or this. */
  fallback?: "box" | ReactNode;
}

/**
 * A video's thumbnail, the same way everywhere: lazy, decoded off the main thread, fetched
 * without a referrer (the platforms' image hosts need none), cropped to its box.
 */
export default function VideoThumb({
  url,
  width,
  height,
  className,
  alt = "",
  fallback = null,
}: VideoThumbProps) {
  if (url) {
    return (
      <img
        className={clsx(styles.thumb, className)}
        src={url}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
      />
    );
  }
  if (fallback === "box") return <span className={className} aria-hidden="true" />;
  return <>{fallback}</>;
}
