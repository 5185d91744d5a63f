import { memo, useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { usePaginatedQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import QuickContributeButton from "../money/QuickContributeButton";
import IdeaCard, { type IdeaListItem } from "./IdeaCard";
import ListFilterChips, {
  ClearFiltersLink,
  useListFilters,
  type ListFilterValues,
} from "./ListFilterChips";
import { EmptyState } from "../../components/ui/EmptyState";
import IdeaListSkeleton from "./IdeaListSkeleton";
import { useFlipReorder } from "../../lib/useFlipReorder";
import styles from "./IdeaList.module.css";

export type ListView = "open" | "all" | "completed";
export type SortKey = "recent" | "popular" | "payout" | "expiring";

export const SORT_OPTIONS: readonly { key: SortKey; label: string }[] = [
  { key: "recent", label: "Recent" },
  { key: "popular", label: "Popular" },
  { key: "payout", label: "Payout" },
  { key: "expiring", label: "Expiring Soon" },
];

/** The query parameter holding the chosen sort (absent for the list's initial sort). */
export const SORT_PARAM = "sort";
export const PAGE_SIZE = 10;
export const LOAD_ERROR_MESSAGE = "Failed to load proposals";

interface Props {
  view: ListView;
  /** Search text: results come in relevance order and the sort control is hidden. */
  search?: string;
  initialSort?: SortKey;
  hideExpiringSort?: boolean;
  /** Shown when the list has no items at all. */
  emptyState?: ReactNode;
  /** The cards' title heading level: 2 when the list sits right under the page's h1. */
  titleLevel?: 2 | 3;
}

/**
 * A live, paginated list of ideas with a sort control and "Load more". Items keep the server's
 * order (the paginated query keeps pages stable while others post); when a live update reorders
 * them (e.g. votes under Popular) they glide to their new places.
 */
export default function IdeaList({
  view,
  search,
  initialSort = "recent",
  hideExpiringSort = false,
  emptyState,
  titleLevel = 3,
}: Props) {
  const [params, setParams] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const options = hideExpiringSort
    ? SORT_OPTIONS.filter((option) => option.key !== "expiring")
    : SORT_OPTIONS;
  const requested = params.get(SORT_PARAM);
  const sortInUrl = options.find((option) => option.key === requested)?.key ?? initialSort;
  // The router updates the address in a transition; the chosen sort shows at once meanwhile
  // (a controlled radio would otherwise snap back until the transition commits).
  const [sort, setSort] = useState(sortInUrl);
  const [seenSortInUrl, setSeenSortInUrl] = useState(sortInUrl);
  if (sortInUrl !== seenSortInUrl) {
    setSeenSortInUrl(sortInUrl);
    setSort(sortInUrl);
  }
  const term = search?.trim() || undefined;
  const filters = useListFilters();

  function changeSort(next: SortKey) {
    setSort(next);
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === initialSort) updated.delete(SORT_PARAM);
        else updated.set(SORT_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="idea-list">
      <div className={styles.ideaListToolbar}>
        {term ? (
          <p className={styles.ideaListRelevance}>Best matches first</p>
        ) : (
          <SortControl options={options} value={sort} onChange={changeSort} />
        )}
        <ListFilterChips />
      </div>
      <QueryErrorBoundary
        key={`${view}|${sort}|${term ?? ""}|${filters.platform ?? ""}|${filters.duration ?? ""}|${attempt}`}
        onError={() => toast.error(LOAD_ERROR_MESSAGE, { id: "ideas-load-error" })}
        fallback={
          <div className={`card ${styles.ideaListError}`} role="alert">
            <p>{LOAD_ERROR_MESSAGE}</p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setAttempt((n) => n + 1)}
            >
              Try again
            </button>
          </div>
        }
      >
        <Results
          view={view}
          sort={sort}
          search={term}
          filters={filters}
          emptyState={emptyState}
          titleLevel={titleLevel}
        />
      </QueryErrorBoundary>
    </div>
  );
}

function SortControl({
  options,
  value,
  onChange,
}: {
  options: readonly { key: SortKey; label: string }[];
  value: SortKey;
  onChange: (next: SortKey) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.sortControl}>
      <legend className={styles.sortControlLegend}>Sort by</legend>
      <div className={styles.sortControlOptions}>
        {options.map((option) => (
          <label key={option.key} className={styles.sortControlOption}>
            <input
              type="radio"
              className={styles.sortControlInput}
              name={name}
              value={option.key}
              checked={value === option.key}
              onChange={() => onChange(option.key)}
            />
            <span className={styles.sortControlLabel}>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function uniqueById(items: readonly IdeaListItem[]): IdeaListItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item._id)) return false;
    seen.add(item._id);
    return true;
  });
}

function Results({
  view,
  sort,
  search,
  filters,
  emptyState,
  titleLevel,
}: {
  view: ListView;
  sort: SortKey;
  search?: string;
  filters: ListFilterValues;
  emptyState?: ReactNode;
  titleLevel: 2 | 3;
}) {
  const args = { view, sort, ...(search === undefined ? {} : { search }), ...filters };
  const live = usePaginatedQuery(api.ideas.list, args, { initialNumItems: PAGE_SIZE });
  const current = useMemo(
    () => ({ results: live.results, status: live.status, loadMore: live.loadMore }),
    [live.results, live.status, live.loadMore],
  );
  // A page of cards arriving (or changing) renders as a deferred update, which React works
  // through in short slices instead of one long task that blocks a phone's main thread.
  const { results, status, loadMore } = useDeferredValue(current);
  const items = useMemo(() => uniqueById(results), [results]);
  // A live reorder (e.g. votes under Popular) glides items to their new places.
  const ids = useMemo(() => items.map((item) => item._id), [items]);
  const { listRef, itemRef } = useFlipReorder<HTMLUListElement>(ids);

  const filtered = filters.platform !== undefined || filters.duration !== undefined;
  // A filtered page can come back empty while more ideas wait to be read: read on at once, so
  // the person sees the matching ideas or "No ideas match" without clicking "Load more".
  const readingOn = filtered && items.length === 0 && status !== "Exhausted";
  useEffect(() => {
    if (readingOn && status === "CanLoadMore") loadMore(PAGE_SIZE);
  }, [readingOn, status, loadMore]);

  if (status === "LoadingFirstPage" || readingOn) return <IdeaListSkeleton />;

  if (items.length === 0 && status === "Exhausted" && filtered) {
    return <EmptyState text="No ideas match these filters." action={<ClearFiltersLink />} />;
  }
  if (items.length === 0 && status === "Exhausted") {
    return (
      emptyState ?? (
        <EmptyState
          text="No bounties here yet."
          action={
            <Link to="/submit" className="btn btn-primary">
              Post an idea
            </Link>
          }
        />
      )
    );
  }

  const canLoadMore = status === "CanLoadMore" || status === "LoadingMore";
  return (
    <>
      <ul className={styles.ideaListItems} role="list" ref={listRef}>
        {items.map((idea) => (
          <li key={idea._id} ref={itemRef(idea._id)}>
            <ListedIdea idea={idea} titleLevel={titleLevel} />
          </li>
        ))}
      </ul>
      {canLoadMore ? (
        <div className={styles.ideaListMore}>
          <button
            type="button"
            className="btn btn-secondary btn-lg"
            onClick={() => loadMore(PAGE_SIZE)}
            disabled={status === "LoadingMore"}
            aria-busy={status === "LoadingMore" || undefined}
          >
            {status === "LoadingMore" ? "Loading…" : "Load more"}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * One card of the list. Memoized: the list re-renders as its page, status or order change, and
 * only the cards whose idea changed need to (Convex keeps an unchanged row's object as it was).
 */
const ListedIdea = memo(function ListedIdea({
  idea,
  titleLevel,
}: {
  idea: IdeaListItem;
  titleLevel: 2 | 3;
}) {
  return (
    <IdeaCard
      idea={idea}
      titleLevel={titleLevel}
      actions={
        idea.ending.kind === "open" ? (
          <QuickContributeButton ideaId={idea._id} title={idea.title} expired={false} />
        ) : undefined
      }
    />
  );
});
