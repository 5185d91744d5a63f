// <DestinationPicker contributionId amountCents onMoved />: the open ideas money waiting to move
// can go to (`api.moves.destinations`), searchable and page by page, each with why not when it
// can't (the rules of model/money/rules.ts destinationProblem); picking one asks to confirm, then
// moves the money (`api.moves.move`).
import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { judgingEndsAt } from "../../../convex/model/labels";
import SearchBox from "../../components/SearchBox";
import { formatLongDate, formatMoney } from "../../lib/format";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import styles from "./MoveMoney.module.css";

const PAGE = 10;

export default function DestinationPicker({
  contributionId,
  amountCents,
  onMoved,
}: {
  contributionId: Id<"contributions">;
  amountCents: number;
  onMoved: (to: { ideaId: string; title: string }) => void;
}) {
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<{ _id: Id<"proposals">; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const move = useMutation(api.moves.move);
  const { results, status, loadMore } = usePaginatedQuery(
    api.moves.destinations,
    { contributionId, ...(search ? { search } : {}) },
    { initialNumItems: PAGE },
  );
  const amount = formatMoney(amountCents);

  async function confirm() {
    if (chosen === null) return;
    setBusy(true);
    try {
      await move({ contributionId, ideaId: chosen._id });
      toast.success(`Your ${amount} now backs “${chosen.title}”.`, { id: "move" });
      onMoved({ ideaId: chosen._id, title: chosen.title });
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? "Failed to move your money", { id: "move" });
      setChosen(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.movePicker} aria-labelledby="move-picker-title">
      <h2 id="move-picker-title" className={styles.movePickerTitle}>
        Pick an open idea
      </h2>
      <SearchBox
        value={draft}
        onChange={setDraft}
        onSubmit={setSearch}
        label="Search open ideas"
        placeholder="Search open ideas"
      />
      {chosen !== null ? (
        <div className={`card ${styles.moveConfirm}`} role="region" aria-label="Confirm the move">
          <p>
            Move <strong>{amount}</strong> to <strong>“{chosen.title}”</strong>? It can't move again
            afterwards.
          </p>
          <div className={styles.moveConfirmActions}>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void confirm()}
            >
              Move my money
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => setChosen(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {status === "LoadingFirstPage" ? (
        <p className="muted">Loading open ideas…</p>
      ) : results.length === 0 ? (
        <p className="muted">No open idea matches. Try another search.</p>
      ) : (
        <ul className={styles.moveList}>
          {results.map(({ card, problem }) => (
            <li key={card._id} className={styles.moveItem} data-testid="move-destination">
              <div className={styles.moveItemText}>
                <Link to={`/expanded-proposal/${card._id}`} className={styles.moveItemTitle}>
                  {card.title}
                </Link>
                <p className={styles.moveItemMeta}>
                  {formatMoney(card.bountyCents)} bounty · deadline{" "}
                  {formatLongDate(card.expiration)} · judging ends{" "}
                  {formatLongDate(judgingEndsAt(card.expiration))}
                </p>
                {problem ? <p className={styles.moveItemProblem}>{problem}</p> : null}
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={problem !== null || busy}
                aria-label={`Move ${amount} to ${card.title}`}
                onClick={() => setChosen({ _id: card._id, title: card.title })}
              >
                Move here
              </button>
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(PAGE)}
        >
          {status === "LoadingMore" ? "Loading…" : "More ideas"}
        </button>
      ) : null}
    </section>
  );
}
