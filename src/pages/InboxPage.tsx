// /inbox: the signed-in person's notifications, newest first, a page at a time; each links to
// its place and is marked read when opened; "Mark all as read" clears the bell.
import { Link, Navigate, useLocation } from "react-router-dom";
import { useConvexAuth, useMutation, usePaginatedQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import AppealForm from "../features/moderation/AppealForm";
import styles from "./InboxPage.module.css";

export const PAGE_SIZE = 20;
export const EMPTY_INBOX = "Nothing yet. Follow an idea to hear how its story goes.";

function when(ms: number) {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(ms);
}

export default function InboxPage() {
  useDocumentTitle("Inbox");
  const location = useLocation();
  const { isLoading, isAuthenticated } = useConvexAuth();
  if (!isLoading && !isAuthenticated)
    return <Navigate to="/login" state={{ from: location }} replace />;
  return <Inbox sessionKnown={!isLoading} />;
}

function Inbox({ sessionKnown }: { sessionKnown: boolean }) {
  // The inbox is asked for only once the session is known: asked before the client has sent
  // its token (the page can render before the auth provider starts), it would run as nobody.
  const { results, status, loadMore } = usePaginatedQuery(
    api.notifications.inbox,
    sessionKnown ? {} : "skip",
    { initialNumItems: PAGE_SIZE },
  );
  const markRead = useMutation(api.notifications.markRead);
  const markAllRead = useMutation(api.notifications.markAllRead);
  const anyUnread = results.some((n) => !n.read);

  async function readAll() {
    while ((await markAllRead({})).more);
  }

  return (
    <div className="container page inbox-page">
      <div className="inbox-header">
        <h1>Inbox</h1>
        {anyUnread && (
          <button type="button" className="btn btn-secondary" onClick={() => void readAll()}>
            Mark all as read
          </button>
        )}
      </div>
      {status === "LoadingFirstPage" ? (
        <p aria-busy="true">Loading…</p>
      ) : results.length === 0 ? (
        <p className="inbox-empty">{EMPTY_INBOX}</p>
      ) : (
        <ul className={styles.inboxList} role="list">
          {results.map((n) => (
            <li
              key={n._id}
              className={n.read ? styles.inboxItem : `${styles.inboxItem} ${styles.isUnread}`}
            >
              <Link
                to={n.link}
                className={styles.inboxItemLink}
                onClick={() => {
                  if (!n.read) void markRead({ notificationId: n._id });
                }}
              >
                {!n.read && <span className="visually-hidden">Unread: </span>}
                {n.text}
              </Link>
              <span className={styles.inboxItemMeta}>
                <time dateTime={new Date(n.createdAt).toISOString()}>{when(n.createdAt)}</time>
                {!n.read && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => void markRead({ notificationId: n._id })}
                  >
                    Mark as read
                  </button>
                )}
              </span>
              {n.appeal ? <AppealForm caseId={n.appeal.caseId} state={n.appeal.state} /> : null}
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" && (
        <button type="button" className="btn btn-secondary" onClick={() => loadMore(PAGE_SIZE)}>
          Show more
        </button>
      )}
    </div>
  );
}
