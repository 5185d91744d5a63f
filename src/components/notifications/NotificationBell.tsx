// <NotificationBell />: the header's bell for a signed-in person, with their live unread count
// (`api.notifications.unreadCount`, capped at 99 → "99+"). It links to the inbox (/inbox).
import "../../styles/notifications.css";
import { NavLink } from "react-router-dom";
import { useQuery } from "convex/react";
import { Bell } from "lucide-react";
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
      <Bell size={20} strokeWidth={2} aria-hidden="true" />
      <span className="notification-bell__text">Inbox</span>
      {unread > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {unreadLabel(unread)}
        </span>
      )}
    </NavLink>
  );
}
