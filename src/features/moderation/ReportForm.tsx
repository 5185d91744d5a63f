// <ReportForm reasons send thanks onDone />: the one form a report is made with — a reason from
// the list and an optional note — for an idea, a video or an update (ReportControl) and for a
// question or an answer (MessageItem), each sending it where it goes.
import { useId, useState, type FormEvent } from "react";
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS } from "../../../convex/model/moderation/kinds";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import styles from "./ReportForm.module.css";

export default function ReportForm<Reason extends keyof typeof REPORT_REASON_LABELS>({
  reasons,
  send,
  thanks,
  onDone,
}: {
  /** The reasons this kind of content can be reported for; the first is chosen. */
  reasons: readonly Reason[];
  send: (reason: Reason, note: string) => Promise<unknown>;
  /** Said once the report is in. */
  thanks: string;
  /** Closes the form; `sent`: the report went through. */
  onDone: (sent: boolean) => void;
}) {
  const [reason, setReason] = useState<Reason>(reasons[0]!);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const legendId = useId();
  const noteId = useId();
  const radioName = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await send(reason, note);
      toast.success(thanks);
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
              name={radioName}
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
