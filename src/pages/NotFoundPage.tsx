import { Link, useLocation } from "react-router-dom";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export default function NotFoundPage() {
  const { pathname } = useLocation();

  useDocumentTitle("Page not found");

  return (
    <div className="container page not-found">
      <div className="not-found__card">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="not-found__text">
          We couldn’t find <code className="not-found__path">{pathname}</code>. The link may be
          broken, or the page may have moved. The bounties are still where you left them.
        </p>
        <div className="not-found__actions">
          <Link to="/ideas" className="btn btn-primary btn-lg">
            Browse open bounties
          </Link>
          <Link to="/" className="btn btn-secondary btn-lg">
            Go to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
