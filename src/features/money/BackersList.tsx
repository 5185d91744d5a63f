// <BackersList ideaId />: the idea page's public backers list (issue 36) — each backer's name
// where they chose to show it, "A backer" otherwise, and since when; never amounts. A signed-in
// backer can show or hide their own name here, and stop the poster's emails about this idea.
import { useId } from "react";
import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import Avatar from "../../components/Avatar";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { formatLongDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import sectionStyles from "../ideas/IdeaSection.module.css";
import styles from "./BackersList.module.css";

export const BACKERS_LIST_TITLE = "Backers";
export const A_BACKER = "A backer";
const PAGE = 12;

export default function BackersList({ ideaId }: { ideaId: Id<"proposals"> }) {
  return (
    <QueryErrorBoundary fallback={null}>
      <BackersLive ideaId={ideaId} />
    </QueryErrorBoundary>
  );
}

function BackersLive({ ideaId }: { ideaId: Id<"proposals"> }) {
  const titleId = useId();
  const { results, status, loadMore } = usePaginatedQuery(
    api.backers.list,
    { ideaId },
    { initialNumItems: PAGE },
  );
  if (status === "LoadingFirstPage" || results.length === 0) return null;
  return (
    <section
      className={`card ${sectionStyles.ideaSection}`}
      aria-labelledby={titleId}
      data-testid="backers-list"
    >
      <h2 id={titleId} className={sectionStyles.ideaSectionTitle}>
        {BACKERS_LIST_TITLE}
      </h2>
      <ul className={styles.backers}>
        {results.map((b) => (
          <li key={b._id} className={styles.backer}>
            <Avatar name={b.name ?? A_BACKER} url={b.avatarUrl} size={28} />
            <span className={styles.backerName}>{b.name ?? A_BACKER}</span>
            <time className={styles.backerSince} dateTime={new Date(b.since).toISOString()}>
              {formatLongDate(b.since)}
            </time>
          </li>
        ))}
      </ul>
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(PAGE)}
        >
          More backers
        </button>
      ) : null}
      <MyBacking ideaId={ideaId} />
    </section>
  );
}

/** The signed-in backer's own switches: their name on this list, the poster's emails. */
function MyBacking({ ideaId }: { ideaId: Id<"proposals"> }) {
  const mine = useQuery(api.backers.mine, { ideaId });
  const setShowName = useMutation(api.backers.setShowName);
  const setEmails = useMutation(api.backers.setUpdateEmails);
  if (!mine) return null;
  const run = (p: Promise<unknown>, done: string) =>
    p.then(
      () => toast.success(done, { id: "my-backing" }),
      (e: unknown) => toast.error(convexErrorMessage(e) ?? "Failed to save", { id: "my-backing" }),
    );
  return (
    <div className={styles.mine}>
      <label className={styles.mineSwitch}>
        <input
          type="checkbox"
          checked={mine.showName}
          onChange={(e) =>
            void run(
              setShowName({ ideaId, show: e.target.checked }),
              e.target.checked ? "Your name shows on the list." : "You appear as “a backer”.",
            )
          }
        />
        Show my name on this list
      </label>
      <label className={styles.mineSwitch}>
        <input
          type="checkbox"
          checked={mine.updateEmails}
          onChange={(e) =>
            void run(
              setEmails({ ideaId, on: e.target.checked }),
              e.target.checked
                ? "You'll get the poster's emails about this idea."
                : "No more emails from the poster about this idea.",
            )
          }
        />
        Email me the poster's updates about this idea
      </label>
    </div>
  );
}
