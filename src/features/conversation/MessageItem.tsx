// <MessageItem message ... />: one question or answer — who wrote it (the poster and creators
// marked), when, its words (or that the poster hid it), and what the viewer may do with it:
// the poster hides or shows it again, anyone signed in reports it.
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MESSAGE_REPORT_REASONS, ROLE_LABELS } from "../../../convex/model/ideaPageKinds";
import { convexErrorMessage } from "../../lib/errors";
import { formatShortDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import Avatar from "../../components/Avatar";
import ReportForm from "../moderation/ReportForm";
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
  const report = useMutation(api.conversation.report);
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
          reasons={MESSAGE_REPORT_REASONS}
          send={(reason, note) =>
            report({ messageId: message._id, reason, ...(note.trim() ? { note } : {}) })
          }
          thanks={REPORT_SENT}
          onDone={(sent) => {
            setReporting(false);
            if (sent) setReported(true);
          }}
        />
      ) : null}
    </div>
  );
}
