import { useState } from "react";
import { Link, createSearchParams, useNavigate } from "react-router-dom";
import SearchBox from "../components/SearchBox";
import ProposalList from "../components/proposals/ProposalList";
import { useDocumentTitle } from "../lib/useDocumentTitle";

/** /completed: bounties whose deadline has passed; the search box searches every bounty. */
export default function CompletedPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  useDocumentTitle("Completed bounties");

  return (
    <div className="container page list-page">
      <header className="list-page__header list-page__header--stacked">
        <div>
          <h1>Completed bounties</h1>
          <p className="list-page__lead">Ideas whose deadline has passed, and their bounties.</p>
        </div>
        <SearchBox
          className="list-page__search"
          label="Search for bounties"
          placeholder="Search for bounties"
          value={query}
          onChange={setQuery}
          onSubmit={(value) =>
            navigate({ pathname: "/search", search: `?${createSearchParams({ q: value })}` })
          }
        />
      </header>
      <ProposalList
        titleLevel={2}
        view="completed"
        initialSort="recent"
        hideExpiringSort
        emptyState={
          <div className="empty-state">
            <p className="empty-state__title">No completed bounties yet.</p>
            <p>Open bounties move here once their deadline passes.</p>
            <Link to="/ideas" className="btn btn-primary">
              Browse open bounties
            </Link>
          </div>
        }
      />
    </div>
  );
}
