import type { ReactNode } from "react";
import { useChangeHighlight } from "../../lib/useChangeHighlight";

interface Props {
  /** The figure's raw value; a change pulses the text once (e.g. a bounty in cents). */
  value: unknown;
  children: ReactNode;
  className?: string;
  as?: "span" | "p";
  /** A data-testid for the end-to-end journeys. */
  testId?: string;
}

/** A figure that briefly highlights when a live update changes it. */
export default function LiveFigure({
  value,
  children,
  className,
  as: Tag = "span",
  testId,
}: Props) {
  const { ref } = useChangeHighlight<HTMLParagraphElement & HTMLSpanElement>(value);
  return (
    <Tag className={className} ref={ref} data-testid={testId}>
      {children}
    </Tag>
  );
}
