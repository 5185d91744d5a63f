import { Link } from "react-router-dom";
import IdeaList from "../features/ideas/IdeaList";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { EmptyState } from "../components/ui/EmptyState";

/** /discover: every bounty, open or completed (no Expiring Soon sort). */
export default function DiscoverPage() {
  useDocumentTitle("Discover");
  return (
    <div className="container page list-page">
      <header className="list-page__header">
        <div>
          <h1>Discover</h1>
          <p className="list-page__lead">
            Every bounty on Bounties, from fresh ideas to finished videos.
          </p>
        </div>
        <Link to="/search" className="btn btn-secondary">
          Search bounties
        </Link>
      </header>
      <IdeaList
        titleLevel={2}
        view="all"
        initialSort="recent"
        hideExpiringSort
        emptyState={
          <EmptyState
            title="Nothing to discover yet."
            text="Post the first idea and start its bounty."
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
