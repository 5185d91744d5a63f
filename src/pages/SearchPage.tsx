import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import SearchBox from "../components/SearchBox";
import IdeaList from "../features/ideas/IdeaList";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { EmptyState } from "../components/ui/EmptyState";
import completedPageStyles from "./CompletedPage.module.css";

/** How long typing pauses before the address (and the results) follow. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /search?q=: every bounty matching q, best matches first. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const term = q.trim();

  // The box follows the address when it changes from outside (back button, another link), but
  // not when the change is the box's own debounced write.
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const [written, setWritten] = useState<string | null>(null);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== written) setText(q);
  }

  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => {
      setWritten(text);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (text) next.set("q", text);
          else next.delete("q");
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  function submit(value: string) {
    setText(value);
    setWritten(value);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set("q", value);
        else next.delete("q");
        return next;
      },
      { replace: true },
    );
  }

  const heading = term ? `Bounties related to "${term}"` : "All Bounties";
  useDocumentTitle(term ? `Search: ${term}` : "All Bounties");

  return (
    <div className="container page list-page">
      <header className="list-page__header list-page__header--stacked">
        <h1>{heading}</h1>
        <SearchBox
          className={completedPageStyles.listPageSearch}
          label="Search bounties"
          placeholder="Search for bounties"
          value={text}
          onChange={setText}
          onSubmit={submit}
        />
      </header>
      <IdeaList
        titleLevel={2}
        view="all"
        search={term || undefined}
        emptyState={
          <EmptyState
            title={term ? `No bounties match "${term}" yet.` : "No bounties yet."}
            text="Wish this video existed? Post the idea and start its bounty."
            action={
              <Link to="/submit" className="btn btn-primary">
                Create a bounty!
              </Link>
            }
          />
        }
      />
    </div>
  );
}
