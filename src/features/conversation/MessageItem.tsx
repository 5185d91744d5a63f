// <MessageItem message ... />: one question or answer — who wrote it (the poster and creators
// marked), when, its words (or that the poster hid it), and what the viewer may do with it:
// the poster hides or shows it again, anyone signed in reports it.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import {
  MESSAGE_REPORT_REASONS,
  REPORT_REASON_LABELS,
  ROLE_LABELS,
  type MessageReportReason,
} from "../../../convex/model/ideaPageKinds";
import { REPORT_NOTE_MAX } from "../../../convex/model/moderation/kinds";
import { convexErrorMessage } from "../../lib/errors";
import { formatShortDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import Avatar from "../../components/Avatar";
import styles from "./MessageItem.module.css";
import { moduleClass } from "../../lib/moduleClass";

export type MessageView = FunctionReturnType<
  typeof api.conversation.questions
>["page"][number]["latestAnswers"][number];

export const HIDDEN_TEXT = "Hidden by the idea's poster.";
export const REPORT_SENT = "Thanks. The idea's poster and our moderators will see your report.";

export interface ViewerOnThread {
  signedIn: boolean;
  userId: Id<"users"> | null;
  isPoster: boolean;
  /** How often each message was reported (the poster's view only). */
  reports: Map<string, number>;
}

interface Props {
  message: MessageView;
  kind: "question" | "answer";
  viewer: ViewerOnThread;
  headingId?: string;
  /** Extra actions (a question's "Answer" button). */
  actions?: ReactNode;
}

export default function MessageItem({ message, kind, viewer, headingId, actions }: Props) {
  const setHidden = useMutation(api.conversation.setHidden);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const role = ROLE_LABELS[message.role];
  const own = viewer.userId === message.authorId;
  const reportCount = viewer.reports.get(message._id) ?? 0;

  async function toggleHidden() {
    try {
      await setHidden({ messageId: message._id, hidden: !message.hidden });
      toast.success(message.hidden ? "The message shows again." : "The message is hidden.");
    } catch (error) {
      toast.error("Couldn't change the message", { description: convexErrorMessage(error) });
    }
  }

  const author =
    message.role === "creator" ? (
      <Link to={`/creators/${message.authorId}`} className={styles.messageAuthorLink}>
        {message.authorName}
      </Link>
    ) : (
      message.authorName
    );

  return (
    <div className={styles.message} data-testid="message" data-kind={kind}>
      <div className={styles.messageHead}>
        <Avatar name={message.authorName} url={message.authorAvatarUrl} size={28} />
        <p className={styles.messageByline} id={headingId}>
          <strong className={styles.messageAuthor}>{author}</strong>
          {role ? (
            <span
              className={`badge ${styles.messageRole} ${moduleClass(styles, `message__role--${message.role}`)}`}
              data-testid="message-role"
            >
              {role}
            </span>
          ) : null}
          <span className="visually-hidden">{kind === "question" ? " asked" : " answered"}</span>
          <time
            className={styles.messageTime}
            dateTime={new Date(message._creationTime).toISOString()}
          >
            {formatShortDateTime(message._creationTime)}
          </time>
        </p>
      </div>
      {message.hidden || message.body === null ? (
        <p className={`${styles.messageBody} ${styles.messageBodyHidden}`}>{HIDDEN_TEXT}</p>
      ) : (
        <p className={styles.messageBody}>{message.body}</p>
      )}
      <div className={styles.messageActions}>
        {actions}
        {viewer.isPoster ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void toggleHidden()}
          >
            {message.hidden ? "Show again" : "Hide"}{" "}
            <span className="visually-hidden">this {kind}</span>
          </button>
        ) : null}
        {viewer.signedIn && !own && !message.hidden ? (
          reported ? (
            <span className={styles.messageReported}>Reported</span>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-expanded={reporting}
              onClick={() => setReporting((open) => !open)}
            >
              Report <span className="visually-hidden">this {kind}</span>
            </button>
          )
        ) : null}
        {viewer.isPoster && reportCount > 0 ? (
          <span className="badge badge-warning message__report-count">
            Reported {reportCount === 1 ? "once" : `${reportCount} times`}
          </span>
        ) : null}
      </div>
      {reporting ? (
        <ReportForm
          messageId={message._id}
          onDone={(sent) => {
            setReporting(false);
            if (sent) setReported(true);
          }}
        />
      ) : null}
    </div>
  );
}

function ReportForm({
  messageId,
  onDone,
}: {
  messageId: Id<"ideaMessages">;
  onDone: (sent: boolean) => void;
}) {
  const report = useMutation(api.conversation.report);
  const [reason, setReason] = useState<MessageReportReason>("spam");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const legendId = useId();
  const noteId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await report({ messageId, reason, ...(note.trim() ? { note } : {}) });
      toast.success(REPORT_SENT);
      onDone(true);
    } catch (error) {
      toast.error("Couldn't send the report", { description: convexErrorMessage(error) });
      setSending(false);
    }
  }

  return (
    <form className={styles.reportForm} onSubmit={(e) => void submit(e)} aria-labelledby={legendId}>
      <fieldset className={styles.reportFormReasons} disabled={sending}>
        <legend id={legendId} className={styles.reportFormLegend}>
          Why are you reporting it?
        </legend>
        {MESSAGE_REPORT_REASONS.map((r) => (
          <label key={r} className={styles.reportFormReason}>
            <input
              type="radio"
              name={`report-${messageId}`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={noteId} className={styles.reportFormReason}>
        Anything the moderators should know? (optional)
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
        disabled={sending}
      />
      <div className={styles.reportFormActions}>
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
