// <ModerationQueue />: the operators' queue (product rules "Community and trust"): every item
// with open reports or an appeal, its reports grouped, and hide, restore, keep and ban, each
// with the reason the audit log keeps. Below it, the banned accounts (lift a ban there) and the
// audit log. Live: another operator's
// decision removes the item here at once.
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import {
  MODERATION_REASON_MAX,
  REPORT_REASON_LABELS,
} from "../../../convex/model/moderation/kinds";
import { convexErrorMessage } from "../../lib/errors";
import { formatShortDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import BannedAccounts from "./BannedAccounts";
import styles from "./ModerationQueue.module.css";

type QueueItem = FunctionReturnType<typeof api.moderation.queue>[number];

export const QUEUE_HEADING = "Reports and appeals";
export const QUEUE_EMPTY = "Nothing to review. New reports and appeals show here at once.";
export const LOG_HEADING = "Moderation log";

const STATE_TEXT: Record<QueueItem["state"], string> = {
  reported: "Reported",
  hidden: "Hidden",
  appealed: "Hidden, appealed",
  restored: "Restored",
  dismissed: "Kept",
};

export default function ModerationQueue() {
  const queue = useQuery(api.moderation.queue, {});
  const headingId = useId();
  return (
    <section className={styles.queue} aria-labelledby={headingId}>
      <h2 id={headingId}>{QUEUE_HEADING}</h2>
      {queue === undefined ? (
        <p className="muted">Loading…</p>
      ) : queue.length === 0 ? (
        <p className="muted">{QUEUE_EMPTY}</p>
      ) : (
        <ul className={styles.cases}>
          {queue.map((item) => (
            <CaseCard key={item.caseId} item={item} />
          ))}
        </ul>
      )}
      <BannedAccounts />
      <ModerationLog />
    </section>
  );
}

function CaseCard({ item }: { item: QueueItem }) {
  const hide = useMutation(api.moderation.hide);
  const restore = useMutation(api.moderation.restore);
  const dismiss = useMutation(api.moderation.dismiss);
  const ban = useMutation(api.moderation.ban);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const titleId = useId();
  const hidden = item.state === "hidden" || item.state === "appealed";

  async function act(name: string, run: () => Promise<unknown>) {
    if (!reason.trim()) {
      toast.error("Please give a reason.", { description: "The log keeps it with your name." });
      return;
    }
    setBusy(true);
    try {
      await run();
      toast.success(name);
    } catch (error) {
      toast.error("Couldn't do that", { description: convexErrorMessage(error) });
      setBusy(false);
    }
  }

  return (
    <li className={`card ${styles.case}`} aria-labelledby={titleId}>
      <p className={styles.caseHead}>
        <span className="badge">{item.target}</span>
        <span className={hidden ? "badge badge-warning" : "badge"}>{STATE_TEXT[item.state]}</span>
        {item.openReports > 0 ? (
          <span className="muted">
            {item.openReports === 1 ? "1 open report" : `${item.openReports} open reports`}
          </span>
        ) : null}
      </p>
      <h3 id={titleId} className={styles.caseSummary}>
        {item.summary}
      </h3>
      <p className={styles.caseMeta}>
        By{" "}
        <Link to={`/creators/${item.authorId}`}>
          <strong>{item.authorName}</strong>
        </Link>
        {item.authorBanned ? <span className="badge badge-warning">Banned</span> : null}
        {item.target !== "idea" || !hidden ? (
          <>
            {" · "}
            <Link to={`/expanded-proposal/${item.ideaId}`}>Open the idea</Link>
          </>
        ) : null}
      </p>
      {item.hiddenReason && hidden ? (
        <p className={styles.caseMeta}>Hidden because: {item.hiddenReason}</p>
      ) : null}
      {item.appeal ? (
        <blockquote className={styles.appeal} aria-label="The author's appeal">
          <strong>Appeal:</strong> {item.appeal}
        </blockquote>
      ) : null}
      {item.reports.length > 0 ? (
        <ul className={styles.reports} aria-label="Reports">
          {item.reports.map((r, i) => (
            <li key={i}>
              <strong>{REPORT_REASON_LABELS[r.reason]}</strong> — {r.reporterName},{" "}
              {formatShortDateTime(r.at)}
              {r.note ? <span className={styles.note}>“{r.note}”</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={reasonId} className={styles.reasonLabel}>
        Reason (kept in the log{hidden ? "" : ", shown to the author if hidden"})
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
        {hidden ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => void act("Shown again.", () => restore({ caseId: item.caseId, reason }))}
          >
            Restore
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() =>
              void act("Hidden.", () =>
                hide({ target: item.target, targetId: item.targetId, reason }),
              )
            }
          >
            Hide
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy}
          onClick={() => void act("Closed.", () => dismiss({ caseId: item.caseId, reason }))}
        >
          {hidden ? "Keep hidden" : "Keep up"}
        </button>
        {!item.authorBanned ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => {
              if (
                !window.confirm(
                  `Ban ${item.authorName}? Their content is hidden and they can't sign in.`,
                )
              )
                return;
              void act("Banned.", () => ban({ userId: item.authorId, reason }));
            }}
          >
            Ban {item.authorName}
          </button>
        ) : null}
      </div>
    </li>
  );
}

const ACTION_TEXT = {
  hide: "hid",
  restore: "restored",
  dismiss: "kept",
  ban: "banned",
  unban: "lifted the ban on",
} as const;

function ModerationLog() {
  const log = useQuery(api.moderation.log, {});
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.log}>
      <h2 id={headingId}>{LOG_HEADING}</h2>
      {log === undefined ? null : log.length === 0 ? (
        <p className="muted">No actions yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Operator</th>
                <th scope="col">Action</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {log.map((row) => (
                <tr key={row._id}>
                  <td>{formatShortDateTime(row.at)}</td>
                  <td>{row.operatorName}</td>
                  <td>
                    {ACTION_TEXT[row.action]} {row.what}
                  </td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
