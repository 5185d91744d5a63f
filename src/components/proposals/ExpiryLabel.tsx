import { expiryLabel, formatLongDate } from "../../lib/format";
import { useNow } from "../../lib/useNow";

/**
 * "N days left" / hours / minutes / "Completed", live. An idea the server already closed reads
 * "Completed" whatever this device's clock says.
 */
export default function ExpiryLabel({
  expiration,
  closed = false,
  className,
}: {
  expiration: number;
  closed?: boolean;
  className?: string;
}) {
  const now = useNow();
  const label = closed ? "Completed" : expiryLabel(expiration, now);
  return (
    <time
      className={className}
      dateTime={new Date(expiration).toISOString()}
      title={`Deadline: ${formatLongDate(expiration)}`}
    >
      {label}
    </time>
  );
}
