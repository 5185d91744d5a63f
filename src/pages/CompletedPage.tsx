import { useState } from "react";
import { Link, createSearchParams, useNavigate } from "react-router-dom";
import SearchBox from "../components/SearchBox";
import IdeaList from "../features/ideas/IdeaList";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { EmptyState } from "../components/ui/EmptyState";
import styles from "./CompletedPage.module.css";

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
          className={styles.listPageSearch}
          label="Search for bounties"
          placeholder="Search for bounties"
          value={query}
          onChange={setQuery}
          onSubmit={(value) =>
            navigate({ pathname: "/search", search: `?${createSearchParams({ q: value })}` })
          }
        />
      </header>
      <IdeaList
        titleLevel={2}
        view="completed"
        initialSort="recent"
        hideExpiringSort
        emptyState={
          <EmptyState
            title="No completed bounties yet."
            text="Open bounties move here once their deadline passes."
            action={
              <Link to="/ideas" className="btn btn-primary">
                Browse open bounties
              </Link>
            }
          />
        }
      />
    </div>
  );
}
