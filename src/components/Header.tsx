import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import Logo from "./Logo";
import NotificationBell from "./notifications/NotificationBell";

const MENU_ID = "site-menu";

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "site-nav__link is-active" : "site-nav__link";
}

/**
 * The sticky site header: logo, main links, and the session-aware account links.
 * Below 768px the links collapse behind a menu toggle.
 */
export default function Header() {
  const location = useLocation();
  const { isLoading, isAuthenticated } = useConvexAuth();

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
    <header className="site-header" ref={headerRef}>
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Bounties home" onClick={closeMenu}>
          <Logo />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setOpenAtKey(menuOpen ? null : location.key)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            )}
          </svg>
        </button>

        <nav
          id={MENU_ID}
          className={menuOpen ? "site-menu is-open" : "site-menu"}
          aria-label="Main"
        >
          <ul className="site-nav" role="list">
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
          </ul>

          <div className="site-account" aria-busy={isLoading || undefined}>
            {isLoading ? null : isAuthenticated ? (
              <>
                <NotificationBell onNavigate={closeMenu} />
                <NavLink to="/profile" className={navClass} onClick={closeMenu}>
                  <svg
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <circle
                      cx="12"
                      cy="8"
                      r="4"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    />
                    <path
                      d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                  Profile
                </NavLink>
              </>
            ) : (
              <>
                <Link
                  to="/login"
                  state={returnState}
                  className="btn btn-ghost site-account__login"
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
