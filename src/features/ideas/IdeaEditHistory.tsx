// <IdeaEditHistory ideaId editedAt />: "Edited {date}" beside the idea's meta, opening the full
// history of its poster's edits (issue 36): for each edit, when, and what each changed field was
// before and after. Loaded only when opened.
import { useState } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { IdeaEditView } from "../../../convex/model/ideaEdits";
import { DURATION_TIERS } from "../../../convex/model/labels";
import { formatLongDate, formatShortDateTime } from "../../lib/format";
import styles from "./IdeaEditHistory.module.css";

export const EDITED_LABEL = "Edited";

export default function IdeaEditHistory({
  ideaId,
  editedAt,
}: {
  ideaId: string;
  editedAt: number | null;
}) {
  const [open, setOpen] = useState(false);
  if (editedAt === null) return null;
  return (
    <details
      className={styles.editHistory}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className={styles.editHistorySummary}>
        {EDITED_LABEL} {formatLongDate(editedAt)} · history
      </summary>
      {open ? <EditList ideaId={ideaId} /> : null}
    </details>
  );
}

function EditList({ ideaId }: { ideaId: string }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.controlRoom.edits,
    { ideaId },
    { initialNumItems: 10 },
  );
  if (status === "LoadingFirstPage") return <p className="muted">Loading the history…</p>;
  return (
    <>
      <ol className={styles.editHistoryList} aria-label="Edits, newest first">
        {results.map((edit) => (
          <li key={edit._id} className={styles.editHistoryItem} data-testid="idea-edit">
            <p className={styles.editHistoryWhen}>{formatShortDateTime(edit.at)}</p>
            <EditChanges edit={edit} />
          </li>
        ))}
      </ol>
      {status === "CanLoadMore" ? (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => loadMore(10)}>
          Older edits
        </button>
      ) : null}
    </>
  );
}

const lengths = (d: readonly (keyof typeof DURATION_TIERS)[]) =>
  d.map((x) => DURATION_TIERS[x].label).join(", ") || "any length";

function EditChanges({ edit }: { edit: IdeaEditView }) {
  const { before, after } = edit;
  const rows: [label: string, was: string, now: string][] = [];
  if (after.title !== undefined) rows.push(["Title", before.title ?? "", after.title]);
  if (after.brief !== undefined)
    rows.push(["What the video should show", before.brief || "(none)", after.brief || "(none)"]);
  if (after.platform !== undefined) rows.push(["Platform", before.platform ?? "", after.platform]);
  if (after.durations !== undefined)
    rows.push(["Lengths", lengths(before.durations ?? []), lengths(after.durations)]);
  const added = (after.links ?? []).filter((l) => !(before.links ?? []).includes(l));
  const removed = (before.links ?? []).filter((l) => !(after.links ?? []).includes(l));
  return (
    <dl className={styles.editHistoryChanges}>
      {rows.map(([label, was, now]) => (
        <div key={label} className={styles.editHistoryChange}>
          <dt>{label}</dt>
          <dd>
            <del className={styles.editHistoryBefore}>{was}</del>
            <ins className={styles.editHistoryAfter}>{now}</ins>
          </dd>
        </div>
      ))}
      {after.links !== undefined ? (
        <div className={styles.editHistoryChange}>
          <dt>Supporting links</dt>
          <dd>
            {added.map((l) => (
              <ins key={`+${l}`} className={styles.editHistoryAfter}>
                + {l}
              </ins>
            ))}
            {removed.map((l) => (
              <del key={`-${l}`} className={styles.editHistoryBefore}>
                − {l}
              </del>
            ))}
            {added.length === 0 && removed.length === 0 ? <span>Reordered</span> : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
