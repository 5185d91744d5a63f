import clsx from "clsx";
import type { CSSProperties, ReactNode } from "react";

interface SkeletonProps {
  /** Sets the shape (width, height, radius) through the page's stylesheet. */
  className?: string;
  width?: CSSProperties["width"];
  height?: CSSProperties["height"];
}

/** A shimmering placeholder block, hidden from assistive technology. */
export function Skeleton({ className, width, height }: SkeletonProps) {
  return (
    <span
      className={clsx("skeleton", className)}
      style={width !== undefined || height !== undefined ? { width, height } : undefined}
      aria-hidden="true"
    />
  );
}

/** `count` identical skeletons, e.g. the rows of a list that is loading. */
export function SkeletonRows({ count, className }: { count: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </>
  );
}

interface LoadingProps {
  /** What is loading, read out by screen readers ("Loading your profile..."). */
  label: string;
  className?: string;
  /** The skeletons drawn meanwhile (each hidden from assistive technology). */
  children?: ReactNode;
}

/**
 * A region whose content is loading: a polite status message for screen readers, and the
 * skeletons that stand in for the content on screen.
 */
export function Loading({ label, className, children }: LoadingProps) {
  return (
    <div className={className} aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {children}
    </div>
  );
}

/** The one busy spinner (sign-in, platform callbacks, contributions); decorative. */
export function Spinner({ className }: { className?: string }) {
  return <span className={clsx("spinner", className)} aria-hidden="true" />;
}
