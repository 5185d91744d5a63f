import clsx from "clsx";
import type { ReactNode } from "react";
import styles from "./EmptyState.module.css";

interface EmptyStateProps {
  /** The headline ("No bounties here yet."). */
  title?: ReactNode;
  /** A line of explanation under the headline. */
  text?: ReactNode;
  /** Usually one link or button leading somewhere useful. */
  action?: ReactNode;
  className?: string;
  /** Classes for the text, where a page sets it larger. */
  textClassName?: string;
}

/** What a list or section shows when it has nothing in it yet. */
export function EmptyState({ title, text, action, className, textClassName }: EmptyStateProps) {
  return (
    <div className={clsx(styles.emptyState, className)}>
      {title !== undefined && <p className={styles.emptyStateTitle}>{title}</p>}
      {text !== undefined && <p className={clsx(styles.emptyStateText, textClassName)}>{text}</p>}
      {action}
    </div>
  );
}
