// <ExtendDeadline idea open extension />: the poster extends the deadline once, by 1 to 30 days,
// while the idea is open and at least 24 hours before the deadline (model/money/rules.ts
// extensionProblem, checked again by the server). Judging and the claim window move with it;
// every backer is told and may take their money back until the original deadline.
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import {
  EXTEND_MAX_DAYS,
  EXTEND_MIN_DAYS,
  EXTEND_NOTICE_MS,
} from "../../../convex/model/money/rules";
import { DAY_MS, judgingEndsAt } from "../../../convex/model/labels";
import type { Idea } from "../ideas/IdeaFromRoute";
import { formatLongDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import { useNow } from "../../lib/useNow";
import styles from "./ControlRoom.module.css";

export const EXTEND_TITLE = "Extend the deadline";

export default function ExtendDeadline({
  idea,
  open,
  extension,
}: {
  idea: Idea;
  open: boolean;
  extension: { from: number; days: number; at: number } | null;
}) {
  const extend = useMutation(api.controlRoom.extend);
  const now = useNow();
  const [days, setDays] = useState("7");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= EXTEND_MIN_DAYS && n <= EXTEND_MAX_DAYS;
  const newDeadline = idea.expiration + (valid ? n : 0) * DAY_MS;
  const tooLate = idea.expiration - now < EXTEND_NOTICE_MS;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      const at = await extend({ ideaId: idea._id, days: n });
      toast.success(`The deadline is now ${formatLongDate(at)}. Your backers are being told.`, {
        id: "extend",
      });
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? "Failed to extend the deadline", { id: "extend" });
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (extension !== null)
    body = (
      <p className={styles.controlRoomHint}>
        Extended once by {extension.days} day{extension.days === 1 ? "" : "s"} on{" "}
        {formatLongDate(extension.at)}: from {formatLongDate(extension.from)} to{" "}
        {formatLongDate(idea.expiration)}. Backers could take their money back until{" "}
        {formatLongDate(extension.from)}. A deadline is extended only once.
      </p>
    );
  else if (!open)
    body = <p className={styles.controlRoomHint}>The idea is closed: its deadline has passed.</p>;
  else if (tooLate)
    body = (
      <p className={styles.controlRoomHint}>
        The deadline can be extended only until 24 hours before it (
        {formatLongDate(idea.expiration)}).
      </p>
    );
  else
    body = (
      <form className={styles.extendForm} onSubmit={submit} noValidate>
        <p className={styles.controlRoomHint}>
          Give creators more time, once. Judging and the winner's time to claim move with the
          deadline. Your backers are told and may take their money back until the current deadline,{" "}
          {formatLongDate(idea.expiration)}.
        </p>
        <div className="field">
          <label className="label" htmlFor={`${id}-days`}>
            Extend by (days)
          </label>
          <input
            id={`${id}-days`}
            className={`input ${styles.extendDays}`}
            type="number"
            inputMode="numeric"
            min={EXTEND_MIN_DAYS}
            max={EXTEND_MAX_DAYS}
            step={1}
            value={days}
            aria-invalid={!valid || undefined}
            aria-describedby={`${id}-preview`}
            onChange={(e) => setDays(e.target.value)}
          />
          <p
            id={`${id}-preview`}
            className={valid ? "hint" : styles.extendError}
            role={valid ? undefined : "alert"}
          >
            {valid
              ? `New deadline: ${formatLongDate(newDeadline)} · judging ends ${formatLongDate(judgingEndsAt(newDeadline))}`
              : `Extend by ${EXTEND_MIN_DAYS} to ${EXTEND_MAX_DAYS} days.`}
          </p>
        </div>
        <button type="submit" className="btn btn-secondary" disabled={!valid || busy}>
          {busy ? "Extending..." : "Extend the deadline"}
        </button>
      </form>
    );

  return (
    <section className={`card ${styles.controlRoomCard}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.controlRoomCardTitle}>
        {EXTEND_TITLE}
      </h2>
      <p className={styles.controlRoomDeadline}>
        Deadline: <strong>{formatLongDate(idea.expiration)}</strong>
      </p>
      {body}
    </section>
  );
}
