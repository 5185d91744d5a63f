import { Link, useSearchParams } from "react-router-dom";
import IdeaList from "../features/ideas/IdeaList";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { EmptyState } from "../components/ui/EmptyState";

/** /ideas: the open bounties. */
export default function IdeasPage() {
  const [params] = useSearchParams();
  useDocumentTitle("Open bounties");
  return (
    <div className="container page list-page">
      <header className="list-page__header">
        <div>
          <h1>Open bounties</h1>
          <p className="list-page__lead">
            Ideas waiting for a creator. Vote for the ones you want to see, or make one yourself.
          </p>
        </div>
        <Link to="/submit" className="btn btn-primary">
          Post an idea
        </Link>
      </header>
      <IdeaList
        titleLevel={2}
        view="open"
        initialSort="recent"
        search={params.get("q") ?? undefined}
        emptyState={
          <EmptyState
            title="No open bounties right now."
            text="Be the first to post an idea for a video you wish existed."
            action={
              <Link to="/submit" className="btn btn-primary">
                Post an idea
              </Link>
            }
          />
        }
      />
    </div>
  );
}
