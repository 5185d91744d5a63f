import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import QueryErrorBoundary from "../QueryErrorBoundary";

/** An idea as `api.proposals.get` returns it. */
export type Proposal = NonNullable<FunctionReturnType<typeof api.proposals.get>>;

export const LOAD_ERROR_MESSAGE = "Failed to load proposal details";

interface Props {
  /** Classes of the page's container. */
  className: string;
  /** Shown while the idea loads. */
  skeleton: ReactNode;
  /** Shown for a missing, unknown or unreadable id (after the spec's error toast). */
  notFound: ReactNode;
  /** The page for the idea, live: re-rendered whenever it changes. */
  children: (proposal: Proposal) => ReactNode;
}

/**
 * The idea named by the route's `:proposalId`, for the pages about one idea (its page and
 * "Submit content"): loading, not found, and 'Failed to load proposal details' in one place.
 */
export default function IdeaFromRoute({ className, skeleton, notFound, children }: Props) {
  const { proposalId } = useParams();
  return (
    <div className={className}>
      {proposalId ? (
        <QueryErrorBoundary
          key={proposalId}
          fallback={notFound}
          onError={() => toast.error(LOAD_ERROR_MESSAGE, { id: "proposal-load-error" })}
        >
          <IdeaLoader proposalId={proposalId} skeleton={skeleton} notFound={notFound}>
            {children}
          </IdeaLoader>
        </QueryErrorBoundary>
      ) : (
        notFound
      )}
    </div>
  );
}

function IdeaLoader({
  proposalId,
  skeleton,
  notFound,
  children,
}: Omit<Props, "className"> & { proposalId: string }) {
  const proposal = useQuery(api.proposals.get, { proposalId });
  if (proposal === undefined) return skeleton;
  if (proposal === null) return notFound;
  return children(proposal);
}
