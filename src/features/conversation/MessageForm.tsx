// <MessageForm kind onSend />: the box to ask a question or write an answer. The server's rules
// decide (content filter, length, rate limits); their message shows under the box and the
// words stay, so nothing typed is lost.
import clsx from "clsx";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { MESSAGE_MAX_LENGTH } from "../../../convex/model/ideaPageKinds";
import { convexErrorMessage } from "../../lib/errors";
import { describedBy } from "../../components/ui/FieldError";
import styles from "./MessageForm.module.css";
import fieldErrorStyles from "../../components/ui/FieldError.module.css";

export const SEND_FAILED = "Something went wrong. Please try again.";

interface Props {
  kind: "question" | "answer";
  /** Sends the words; resolves once the server accepted them. */
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Tells answer boxes of a list apart for screen readers. */
  context?: string;
  maxLength?: number;
  label?: string;
  placeholder?: string;
  submitLabel?: string;
  children?: ReactNode;
}

export default function MessageForm({
  kind,
  onSend,
  onCancel,
  autoFocus = false,
  context,
  maxLength = MESSAGE_MAX_LENGTH,
  label,
  placeholder,
  submitLabel,
  children,
}: Props) {
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const counterId = useId();
  const errorId = useId();
  const tooLong = body.trim().length > maxLength;

  // A refused message: back to the box (enabled again by now) to fix it.
  useEffect(() => {
    if (error) textareaRef.current?.focus();
  }, [error]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(body);
      setBody("");
    } catch (e) {
      setError(convexErrorMessage(e) ?? SEND_FAILED);
    } finally {
      setSending(false);
    }
  }

  const defaultLabel = kind === "question" ? "Your question" : "Your answer";
  return (
    <form
      className={styles.messageForm}
      onSubmit={(e) => void submit(e)}
      aria-busy={sending || undefined}
    >
      <label className={`label ${styles.messageFormLabel}`} htmlFor={id}>
        {label ?? defaultLabel}
        {context ? <span className="visually-hidden"> to {context}</span> : null}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        className={`textarea ${styles.messageFormInput}`}
        rows={kind === "question" ? 3 : 2}
        value={body}
        placeholder={
          placeholder ??
          (kind === "question" ? "Does a 4-minute cut count? Ask anything about this idea." : "")
        }
        aria-describedby={describedBy(counterId, error && errorId)}
        aria-invalid={tooLong || !!error || undefined}
        disabled={sending}
        // Opened on request (an Answer button), the box takes the focus.
        autoFocus={autoFocus}
        onChange={(e) => setBody(e.target.value)}
      />
      {children}
      <div className={styles.messageFormMeta}>
        <p
          id={counterId}
          className={clsx(styles.messageFormCount, tooLong && styles.isOver)}
          aria-label={`${body.length} of ${maxLength} characters`}
        >
          {body.length}/{maxLength.toLocaleString("en-US")}
        </p>
        <div className={styles.messageFormActions}>
          {onCancel ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={sending || body.trim() === ""}
          >
            {sending ? "Sending..." : (submitLabel ?? (kind === "question" ? "Ask" : "Answer"))}
          </button>
        </div>
      </div>
      {/* No toast here: the message itself is announced. */}
      {error ? (
        <p id={errorId} className={fieldErrorStyles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
