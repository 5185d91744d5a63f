// <EmailBackers ideaId backers lastEmailAt />: the poster writes an update and emails it to the
// idea's backers (it also appears on the idea page, as every update does). At most one such email
// a day per idea; backers can stop them for this idea with one click (the server enforces both).
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { BACKER_EMAIL_GAP_MS, UPDATE_MAX_LENGTH } from "../../../convex/model/ideaPageKinds";
import { formatShortDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import { useNow } from "../../lib/useNow";
import styles from "./ControlRoom.module.css";

export const EMAIL_TITLE = "Email an update to your backers";
export const EMAIL_BUTTON = "Email this update to backers";
export const EMAIL_SENT = "Sent. Your backers get it by email, and it is on the idea page.";

export default function EmailBackers({
  ideaId,
  backers,
  lastEmailAt,
}: {
  ideaId: Id<"proposals">;
  backers: number;
  lastEmailAt: number | null;
}) {
  const send = useMutation(api.controlRoom.emailUpdate);
  const now = useNow();
  const [body, setBody] = useState("");
  const [money, setMoney] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const nextAt = lastEmailAt === null ? null : lastEmailAt + BACKER_EMAIL_GAP_MS;
  const waiting = nextAt !== null && now < nextAt;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (body.trim() === "" || waiting) return;
    setBusy(true);
    try {
      await send({ ideaId, body, topic: money ? "money" : "general" });
      setBody("");
      toast.success(EMAIL_SENT, { id: "email-backers" });
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? "Failed to send your update", {
        id: "email-backers",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`card ${styles.controlRoomCard}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.controlRoomCardTitle}>
        {EMAIL_TITLE}
      </h2>
      <p className={styles.controlRoomHint}>
        {backers === 0
          ? "Nobody backs this idea yet: the update would only appear on its page."
          : `Goes to your ${backers} backer${backers === 1 ? "" : "s"} by email (unless they stopped this idea's emails) and appears on the idea page. One email a day.`}
      </p>
      {waiting ? (
        <p className={styles.controlRoomHint} role="status">
          You emailed your backers recently. You can email them again after{" "}
          {formatShortDateTime(nextAt!)}.
        </p>
      ) : null}
      <form className={styles.emailForm} onSubmit={submit} noValidate>
        <div className="field">
          <label className="label" htmlFor={`${id}-body`}>
            Your update
          </label>
          <textarea
            id={`${id}-body`}
            className={`input ${styles.editBrief}`}
            rows={5}
            maxLength={UPDATE_MAX_LENGTH}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            disabled={busy || waiting}
          />
        </div>
        <label className={styles.editChoice}>
          <input
            type="checkbox"
            checked={money}
            onChange={(e) => setMoney(e.target.checked)}
            disabled={busy || waiting}
          />
          It's about the bounty, the deadline or judging
        </label>
        <div className={styles.controlRoomActions}>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || waiting || body.trim() === ""}
          >
            {busy ? "Sending..." : EMAIL_BUTTON}
          </button>
        </div>
      </form>
    </section>
  );
}
