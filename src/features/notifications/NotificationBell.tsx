// <NotificationBell />: the header's bell for a signed-in person, with their live unread count
// (`api.notifications.unreadCount`, capped at 99 → "99+"). It links to the inbox (/inbox).
import { NavLink } from "react-router-dom";
import { useQuery } from "convex/react";
import { Bell } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import headerStyles from "../../components/Header.module.css";
import styles from "./NotificationBell.module.css";

export function unreadLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The live unread count of the signed-in person (0 while it loads, or when `skip`). */
export function useUnreadCount(skip = false): number {
  const count = useQuery(api.notifications.unreadCount, skip ? "skip" : {});
  return typeof count === "number" ? count : 0;
}

/**
 * Named by what it shows ("Inbox", and the count with " unread" for screen readers), so the
 * visible label and the accessible name agree.
 */
export default function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const unread = useUnreadCount();
  return (
    <NavLink
      to="/inbox"
      className={({ isActive }) =>
        isActive
          ? `${headerStyles.siteNavLink} ${styles.notificationBell} ${headerStyles.isActive}`
          : `${headerStyles.siteNavLink} ${styles.notificationBell}`
      }
      onClick={onNavigate}
    >
      <Bell size={20} strokeWidth={2} aria-hidden="true" />
      <span className="notification-bell__text">Inbox</span>
      {unread > 0 && (
        <>
          {" "}
          <span className={styles.notificationBellCount}>{unreadLabel(unread)}</span>{" "}
          <span className="visually-hidden">unread</span>
        </>
      )}
    </NavLink>
  );
}

/** The phone's closed menu: a dot on its button when something is unread. */
export function MenuUnreadDot({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return <span className={styles.menuToggleDot} aria-hidden="true" data-testid="unread-dot" />;
}
