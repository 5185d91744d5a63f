// <PosterBackersList ideaId />: the idea's backers as its poster sees them in the control room —
// names where the backer chose to show theirs ("a backer" otherwise), when they first backed,
// and what they paid in (which the public list never shows). Live, page by page.
import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { formatLongDate, formatMoney } from "../../lib/format";
import Avatar from "../../components/Avatar";
import styles from "./ControlRoom.module.css";

const PAGE = 20;
export const BACKERS_TITLE = "Your backers";
export const A_BACKER = "A backer";

export default function PosterBackersList({ ideaId }: { ideaId: string }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.controlRoom.backers,
    { ideaId },
    { initialNumItems: PAGE },
  );
  return (
    <section className={`card ${styles.controlRoomCard}`} aria-labelledby="poster-backers-title">
      <h2 id="poster-backers-title" className={styles.controlRoomCardTitle}>
        {BACKERS_TITLE}
      </h2>
      <p className={styles.controlRoomHint}>
        Names show only for backers who chose to show theirs. Amounts are yours alone: the public
        list never shows them.
      </p>
      {status === "LoadingFirstPage" ? (
        <p className="muted">Loading backers…</p>
      ) : results.length === 0 ? (
        <p className="muted">No backers yet. Share the idea to find some.</p>
      ) : (
        <ul className={styles.backerList} data-testid="poster-backers">
          {results.map((b) => (
            <li key={b._id} className={styles.backer}>
              <Avatar name={b.name ?? A_BACKER} url={b.avatarUrl} size={28} />
              <span className={styles.backerName}>{b.name ?? A_BACKER}</span>
              <span className={styles.backerSince}>since {formatLongDate(b.since)}</span>
              <span className={styles.backerAmount}>{formatMoney(b.paidCents)}</span>
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(PAGE)}
        >
          More backers
        </button>
      ) : null}
    </section>
  );
}
