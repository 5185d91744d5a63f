import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import Logo from "./Logo";
import { Menu, X } from "lucide-react";
import clsx from "clsx";
import NotificationBell, {
  MenuUnreadDot,
  unreadLabel,
  useUnreadCount,
} from "../features/notifications/NotificationBell";
import HeaderSearch from "./HeaderSearch";
import HeaderAccountLink from "./HeaderAccountLink";
import styles from "./Header.module.css";

const MENU_ID = "site-menu";

function navClass({ isActive }: { isActive: boolean }) {
  return clsx(styles.siteNavLink, isActive && styles.isActive);
}

/**
 * The sticky site header: logo, main links, and the session-aware account links.
 * Below 768px the links collapse behind a menu toggle.
 */
export default function Header() {
  const location = useLocation();
  const { isLoading, isAuthenticated } = useConvexAuth();
  // The phone's closed menu hides the inbox link: its button carries an unread dot instead.
  const unread = useUnreadCount(!isAuthenticated);

  // The menu is open only for the location it was opened at, so any navigation closes it
  // without an effect.
  const [openAtKey, setOpenAtKey] = useState<string | null>(null);
  const menuOpen = openAtKey === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpenAtKey(null);
        toggleRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) {
        setOpenAtKey(null);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  const closeMenu = () => setOpenAtKey(null);
  const returnState = { from: location };

  return (
    <header className={styles.siteHeader} ref={headerRef}>
      <div className={`container ${styles.siteHeaderInner}`}>
        <Link
          to="/"
          className={styles.siteHeaderBrand}
          aria-label="Bounties home"
          onClick={closeMenu}
        >
          <Logo wordmarkClassName={styles.siteHeaderWordmark} />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={
            menuOpen
              ? "Close menu"
              : unread > 0
                ? `Open menu, ${unreadLabel(unread)} unread`
                : "Open menu"
          }
          onClick={() => setOpenAtKey(menuOpen ? null : location.key)}
        >
          {menuOpen ? (
            <X size={24} strokeWidth={2} aria-hidden="true" />
          ) : (
            <Menu size={24} strokeWidth={2} aria-hidden="true" />
          )}
          {!menuOpen ? <MenuUnreadDot unread={unread} /> : null}
        </button>

        <nav
          id={MENU_ID}
          className={clsx(styles.siteMenu, menuOpen && styles.isOpen)}
          aria-label="Main"
        >
          <ul className={styles.siteNav} role="list">
            <li>
              <NavLink to="/ideas" className={navClass} onClick={closeMenu}>
                Bounties
              </NavLink>
            </li>
            <li>
              <NavLink to="/discover" className={navClass} onClick={closeMenu}>
                Discover
              </NavLink>
            </li>
            <li>
              <NavLink to="/completed" className={navClass} onClick={closeMenu}>
                Completed
              </NavLink>
            </li>
          </ul>

          <HeaderSearch onSearch={closeMenu} />

          <div className={styles.siteAccount} aria-busy={isLoading || undefined}>
            {isLoading ? null : isAuthenticated ? (
              <>
                <NotificationBell onNavigate={closeMenu} />
                <HeaderAccountLink onNavigate={closeMenu} />
              </>
            ) : (
              <>
                <Link
                  to="/login"
                  state={returnState}
                  className={`btn btn-ghost ${styles.siteAccountLogin}`}
                  onClick={closeMenu}
                >
                  Login
                </Link>
                <Link
                  to="/login"
                  state={returnState}
                  className="btn btn-primary site-account__register"
                  onClick={closeMenu}
                >
                  Register
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
