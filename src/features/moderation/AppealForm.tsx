// <AppealForm caseId state />: under an inbox notice that something of the person's was hidden:
// they may appeal once, in their own words; the appeal reaches the operators' queue.
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { APPEAL_MAX } from "../../../convex/model/moderation/kinds";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import styles from "./ReportControl.module.css";

export const APPEAL_SENT = "Appeal sent. Our moderators will review it.";

interface Props {
  caseId: Id<"moderationCases">;
  state: "open" | "sent" | "closed";
}

export default function AppealForm({ caseId, state }: Props) {
  const appeal = useMutation(api.moderation.appeal);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const textId = useId();
  if (state === "sent") return <span className={styles.reported}>Appeal sent</span>;
  if (state === "closed") return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await appeal({ caseId, text });
      toast.success(APPEAL_SENT);
      setOpen(false);
    } catch (error) {
      toast.error("Couldn't send the appeal", { description: convexErrorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  if (!open)
    return (
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
        Appeal
      </button>
    );
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)}>
      <label htmlFor={textId} className={styles.legend}>
        Why should it be shown again? (one appeal)
      </label>
      <textarea
        id={textId}
        className={styles.note}
        value={text}
        maxLength={APPEAL_MAX}
        rows={3}
        required
        onChange={(e) => setText(e.target.value)}
        disabled={sending}
      />
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={sending}>
          {sending ? "Sending..." : "Send appeal"}
        </button>
      </div>
    </form>
  );
}
