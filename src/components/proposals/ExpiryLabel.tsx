import { expiryLabel, formatLongDate } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { DAY_MS } from "../../../convex/model/labels";

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
  // Under a day left on an open idea: the label stands out so backers see it before it closes.
  const endingSoon = !closed && expiration > now && expiration - now < DAY_MS;
  return (
    <time
      className={endingSoon ? `${className ?? ""} expiry--ending-soon`.trim() : className}
      dateTime={new Date(expiration).toISOString()}
      title={`Deadline: ${formatLongDate(expiration)}`}
    >
      {label}
    </time>
  );
}
