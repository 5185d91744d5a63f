// <ReportControl target targetId label />: "Report" on an idea, a video or an update (product
// rules "Community and trust"). Opens a small form: a reason from the list and an optional note;
// the report reaches the operators' queue. Shown only to signed-in people other than the author.
import { useId, useState, type FormEvent } from "react";
import { useConvexAuth, useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type ReportReason,
  type ReportTarget,
} from "../../../convex/model/moderation/kinds";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import styles from "./ReportControl.module.css";

export const REPORT_THANKS = "Thanks. Our moderators will look at your report.";

interface Props {
  target: ReportTarget;
  targetId: string;
  /** Hidden words naming what is reported, e.g. "this video". */
  label: string;
  /** The author does not report their own. */
  own?: boolean;
}

export default function ReportControl({ target, targetId, label, own = false }: Props) {
  const { isAuthenticated } = useConvexAuth();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!isAuthenticated || own) return null;
  if (sent) return <span className={styles.reported}>Reported</span>;
  return (
    <div className={styles.report}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Report <span className="visually-hidden">{label}</span>
      </button>
      {open ? (
        <ReportForm
          target={target}
          targetId={targetId}
          onDone={(ok) => {
            setOpen(false);
            if (ok) setSent(true);
          }}
        />
      ) : null}
    </div>
  );
}

function ReportForm({
  target,
  targetId,
  onDone,
}: {
  target: ReportTarget;
  targetId: string;
  onDone: (sent: boolean) => void;
}) {
  const report = useMutation(api.moderation.report);
  const [reason, setReason] = useState<ReportReason>("spam");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const legendId = useId();
  const noteId = useId();
  const reasons = REPORT_REASONS.filter((r) => r !== "off_topic" || target !== "idea");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await report({ target, targetId, reason, note });
      toast.success(REPORT_THANKS);
      onDone(true);
    } catch (error) {
      toast.error("Couldn't send the report", { description: convexErrorMessage(error) });
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-labelledby={legendId}>
      <fieldset className={styles.reasons} disabled={sending}>
        <legend id={legendId} className={styles.legend}>
          Why are you reporting it?
        </legend>
        {reasons.map((r) => (
          <label key={r} className={styles.reason}>
            <input
              type="radio"
              name={`report-${targetId}`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={noteId} className={styles.noteLabel}>
        Anything the moderators should know? (optional)
      </label>
      <textarea
        id={noteId}
        className={styles.note}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
        disabled={sending}
      />
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDone(false)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-secondary btn-sm" disabled={sending}>
          {sending ? "Sending..." : "Send report"}
        </button>
      </div>
    </form>
  );
}
