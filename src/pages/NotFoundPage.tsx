import { useLocation } from "react-router-dom";
import NotFound from "../components/NotFound";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export default function NotFoundPage() {
  const { pathname } = useLocation();

  useDocumentTitle("Page not found");

  return (
    <div className="container page">
      <NotFound
        title="Page not found"
        actions={[
          { to: "/ideas", label: "Browse open bounties" },
          { to: "/", label: "Go to the home page" },
        ]}
      >
        We couldn’t find <code className="not-found__path">{pathname}</code>. The link may be
        broken, or the page may have moved. The bounties are still where you left them.
      </NotFound>
    </div>
  );
}
