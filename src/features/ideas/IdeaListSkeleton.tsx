import "../../styles/lists.css";
import { Loading, Skeleton } from "../../components/ui/Skeleton";

/** Placeholder cards while the first page loads. */
export default function IdeaListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Loading className="idea-list__skeleton" label="Loading bounties…">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="idea-card idea-card--skeleton card" aria-hidden="true">
          <div className="idea-card__votes">
            <Skeleton className="skeleton-votes" />
          </div>
          <div className="idea-card__body">
            <Skeleton className="skeleton-line skeleton-line--short" />
            <Skeleton className="skeleton-line skeleton-line--title" />
            <Skeleton className="skeleton-line" />
          </div>
          <div className="idea-card__bounty">
            <Skeleton className="skeleton-line skeleton-line--amount" />
            <Skeleton className="skeleton-line skeleton-line--bar" />
          </div>
        </div>
      ))}
    </Loading>
  );
}
