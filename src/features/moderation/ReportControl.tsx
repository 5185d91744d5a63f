// <ReportControl target targetId label />: "Report" on an idea, a video or an update (product
// rules "Community and trust"). Opens a small form: a reason from the list and an optional note;
// the report reaches the operators' queue. Shown only to signed-in people other than the author.
import { useState } from "react";
import { useConvexAuth, useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { REPORT_REASONS, type ReportTarget } from "../../../convex/model/moderation/kinds";
import ReportForm from "./ReportForm";
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
  const report = useMutation(api.moderation.report);
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
          // An idea is the topic itself: it cannot be off it.
          reasons={REPORT_REASONS.filter((r) => r !== "off_topic" || target !== "idea")}
          send={(reason, note) => report({ target, targetId, reason, note })}
          thanks={REPORT_THANKS}
          onDone={(ok) => {
            setOpen(false);
            if (ok) setSent(true);
          }}
        />
      ) : null}
    </div>
  );
}
