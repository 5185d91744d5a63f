// <NotificationBell />: the header's bell for a signed-in person, with their live unread count
// (`api.notifications.unreadCount`, capped at 99 → "99+"). It links to the inbox (/inbox).
import "../../styles/notifications.css";
import { NavLink } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";

export function unreadLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}

export default function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const count = useQuery(api.notifications.unreadCount, {});
  const unread = typeof count === "number" ? count : 0;
  const label = unread === 0 ? "Notifications" : `Notifications, ${unreadLabel(unread)} unread`;
  return (
    <NavLink
      to="/inbox"
      className={({ isActive }) =>
        isActive ? "site-nav__link notification-bell is-active" : "site-nav__link notification-bell"
      }
      aria-label={label}
      onClick={onNavigate}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="notification-bell__text">Inbox</span>
      {unread > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {unreadLabel(unread)}
        </span>
      )}
    </NavLink>
  );
}
