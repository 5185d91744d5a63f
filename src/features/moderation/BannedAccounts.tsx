// <BannedAccounts />: the accounts banned now, on the operator page between the queue and the
// log. Lifting a ban takes a reason (the log keeps it): the person can sign in again and what
// the ban hid comes back; what was hidden on its own report stays hidden, and an idea the ban
// ended stays ended, because its backers' money already went back to them.
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import { MODERATION_REASON_MAX } from "../../../convex/model/moderation/kinds";
import { convexErrorMessage } from "../../lib/errors";
import { formatShortDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import styles from "./ModerationQueue.module.css";

type Banned = FunctionReturnType<typeof api.moderation.banned>[number];

export const BANNED_HEADING = "Banned accounts";
export const LIFT_DONE = "Ban lifted.";

/** What lifting the ban does, in the operator's words before they do it. */
export function liftBanLine(endedIdeas: number): string {
  const back = "Lifting the ban lets them sign in and shows what the ban hid;";
  if (endedIdeas === 0) return `${back} anything hidden on its own report stays hidden.`;
  const ideas = endedIdeas === 1 ? "their idea stays" : `their ${endedIdeas} ideas stay`;
  return `${back} ${ideas} ended, because the backers' money already went back to them.`;
}

export default function BannedAccounts() {
  const banned = useQuery(api.moderation.banned, {});
  const headingId = useId();
  if (banned === undefined || banned.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.log}>
      <h2 id={headingId}>{BANNED_HEADING}</h2>
      <ul className={styles.cases}>
        {banned.map((b) => (
          <BannedCard key={b.userId} account={b} />
        ))}
      </ul>
    </section>
  );
}

function BannedCard({ account }: { account: Banned }) {
  const unban = useMutation(api.moderation.unban);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const titleId = useId();

  async function lift() {
    if (!reason.trim()) {
      toast.error("Please give a reason.", { description: "The log keeps it with your name." });
      return;
    }
    setBusy(true);
    try {
      await unban({ userId: account.userId, reason });
      toast.success(LIFT_DONE);
    } catch (error) {
      toast.error("Couldn't do that", { description: convexErrorMessage(error) });
      setBusy(false);
    }
  }

  return (
    <li className={`card ${styles.case}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.caseSummary}>
        <Link to={`/creators/${account.userId}`}>{account.name}</Link>{" "}
        <span className="badge badge-warning">Banned</span>
      </h3>
      <p className={styles.caseMeta}>
        Banned {formatShortDateTime(account.bannedAt)}
        {account.reason ? `: ${account.reason}` : ""}
      </p>
      <p className={styles.caseMeta}>{liftBanLine(account.endedIdeas)}</p>
      <label htmlFor={reasonId} className={styles.reasonLabel}>
        Reason for lifting the ban (kept in the log)
      </label>
      <input
        id={reasonId}
        className={styles.reasonInput}
        value={reason}
        maxLength={MODERATION_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        disabled={busy}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => void lift()}
        >
          Lift the ban on {account.name}
        </button>
      </div>
    </li>
  );
}
