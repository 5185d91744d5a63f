import { expiryLabel, formatLongDate } from "../../lib/format";
import { useNow } from "../../lib/useNow";

/** "N days left" / hours / minutes / "Completed", live. */
export default function ExpiryLabel({
  expiration,
  className,
}: {
  expiration: number;
  className?: string;
}) {
  const now = useNow();
  const label = expiryLabel(expiration, now);
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
