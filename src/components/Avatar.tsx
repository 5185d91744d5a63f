import { useState, type CSSProperties } from "react";
import clsx from "clsx";

/** Up to two initials of a name ("Ada Lovelace" → "AL"); "?" when there is none. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  const initials = letters
    .map((word) => Array.from(word ?? "")[0] ?? "")
    .join("")
    .toUpperCase();
  return initials || "?";
}

interface AvatarProps {
  name: string;
  url: string | null;
  size?: number;
  className?: string;
}

/**
 * A round picture of a person, decorative (the name is always shown next to it). Falls back to
 * their initials when there is no picture or it fails to load.
 */
export default function Avatar({ name, url, size = 64, className }: AvatarProps) {
  // Remembers which URL failed, so a new URL gets a fresh try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== "" && failedUrl !== url;
  const classes = clsx("avatar", className);
  // The size is a default: page styles may resize the avatar (e.g. on small screens).
  const style = { "--avatar-size": `${size}px` } as CSSProperties;

  if (showImage) {
    return (
      <img
        className={classes}
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        referrerPolicy="no-referrer"
        data-testid="avatar"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      className={clsx(classes, "avatar--initials")}
      style={style}
      aria-hidden="true"
      data-testid="avatar"
    >
      {initialsOf(name)}
    </span>
  );
}
