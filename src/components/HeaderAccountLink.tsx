import { NavLink } from "react-router-dom";
import { CircleUserRound } from "lucide-react";
import clsx from "clsx";
import Avatar from "./Avatar";
import { useCurrentUser } from "../lib/session";
import headerStyles from "./Header.module.css";
import styles from "./HeaderAccountLink.module.css";

interface Props {
  onNavigate?: () => void;
}

/**
 * The signed-in person in the header: their picture (else initials) and name, linking to their
 * profile. Until the profile has loaded it reads "Profile", so the link never shows a wrong name.
 */
export default function HeaderAccountLink({ onNavigate }: Props) {
  const { user } = useCurrentUser();
  return (
    <NavLink
      to="/profile"
      className={({ isActive }) =>
        clsx(
          `${headerStyles.siteNavLink} ${styles.siteAccountMe}`,
          isActive && headerStyles.isActive,
        )
      }
      onClick={onNavigate}
    >
      {user ? (
        <>
          <Avatar name={user.displayName} url={user.avatarUrl} size={28} />
          <span className={styles.siteAccountName}>{user.displayName}</span>
          <span className="visually-hidden">, profile</span>
        </>
      ) : (
        <>
          <CircleUserRound size={20} strokeWidth={2} aria-hidden="true" />
          Profile
        </>
      )}
    </NavLink>
  );
}
