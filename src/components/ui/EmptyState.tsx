import clsx from "clsx";
import type { ReactNode } from "react";

interface EmptyStateProps {
  /** The headline ("No bounties here yet."). */
  title?: ReactNode;
  /** A line of explanation under the headline. */
  text?: ReactNode;
  /** Usually one link or button leading somewhere useful. */
  action?: ReactNode;
  className?: string;
}

/** What a list or section shows when it has nothing in it yet. */
export function EmptyState({ title, text, action, className }: EmptyStateProps) {
  return (
    <div className={clsx("empty-state", className)}>
      {title !== undefined && <p className="empty-state__title">{title}</p>}
      {text !== undefined && <p className="empty-state__text">{text}</p>}
      {action}
    </div>
  );
}
