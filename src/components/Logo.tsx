import { useId } from "react";
import clsx from "clsx";
import styles from "./Logo.module.css";

interface LogoProps {
  /** Show the "Bounties" wordmark next to the mark (default true). */
  wordmark?: boolean;
  /** Pixel size of the square mark (default 32). */
  size?: number;
  className?: string;
  /** Classes for the wordmark (the header colours it on hover). */
  wordmarkClassName?: string;
}

/** The Bounties mark: a play button on an indigo-to-violet tile, with a gold coin. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // Gradient ids must be unique when the logo appears twice (header and footer).
  const gradientId = `logo-gradient-${useId().replace(/:/g, "")}`;
  return (
    <svg
      className={styles.logoMark}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient
          id={gradientId}
          x1="0"
          y1="0"
          x2="32"
          y2="32"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M12 9.6v12.8c0 .8.9 1.3 1.6.9l10-6.4a1 1 0 0 0 0-1.8l-10-6.4c-.7-.4-1.6.1-1.6.9Z"
        fill="#fff"
      />
      <circle cx="24.5" cy="24.5" r="5" fill="#fbbf24" stroke="#fff" strokeWidth="1.5" />
      <circle cx="24.5" cy="24.5" r="2.6" fill="none" stroke="#d97706" strokeWidth="0.75" />
    </svg>
  );
}

export default function Logo({
  wordmark = true,
  size = 32,
  className,
  wordmarkClassName,
}: LogoProps) {
  return (
    <span className={clsx(styles.logo, className)}>
      <LogoMark size={size} />
      {wordmark && <span className={clsx(styles.logoWordmark, wordmarkClassName)}>Bounties</span>}
    </span>
  );
}
