import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import type { FunctionReturnType } from "convex/server";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { useQueryAfterFirstPaint } from "../../lib/firstPaint";

/** An idea as `api.ideas.get` returns it. */
export type Idea = NonNullable<FunctionReturnType<typeof api.ideas.get>>;

export const LOAD_ERROR_MESSAGE = "Failed to load proposal details";

interface Props {
  /** Classes of the page's container. */
  className: string;
  /** Shown while the idea loads. */
  skeleton: ReactNode;
  /** Shown for a missing, unknown or unreadable id (after the spec's error toast). */
  notFound: ReactNode;
  /** The page for the idea, live: re-rendered whenever it changes. */
  children: (idea: Idea) => ReactNode;
}

/**
 * The idea named by the route's `:ideaId`, for the pages about one idea (its page and
 * "Submit content"): loading, not found, and 'Failed to load idea details' in one place.
 */
export default function IdeaFromRoute({ className, skeleton, notFound, children }: Props) {
  const { ideaId } = useParams();
  return (
    <div className={className}>
      {ideaId ? (
        <QueryErrorBoundary
          key={ideaId}
          fallback={notFound}
          onError={() => toast.error(LOAD_ERROR_MESSAGE, { id: "idea-load-error" })}
        >
          <IdeaLoader ideaId={ideaId} skeleton={skeleton} notFound={notFound}>
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
  ideaId,
  skeleton,
  notFound,
  children,
}: Omit<Props, "className"> & { ideaId: string }) {
  // The idea the first paint showed (index.html), until the live query answers.
  const idea = useQueryAfterFirstPaint(api.ideas.get, { ideaId });
  if (idea === undefined) return skeleton;
  if (idea === null) return notFound;
  return children(idea);
}
