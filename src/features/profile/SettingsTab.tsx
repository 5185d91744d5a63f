import { Link, useNavigate } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { accountTypeLabel, preferredPlatformLabel } from "../../lib/preferences";
import type { CurrentUser } from "../../lib/session";
import CreatorSettings from "./CreatorSettings";
import PayoutSettings from "../money/PayoutSettings";
import DisplayNameEditor from "./DisplayNameEditor";
import NotificationSettings from "../notifications/NotificationSettings";
import CreatorPageSettings from "./CreatorPageSettings";
import styles from "./SettingsTab.module.css";

interface SettingsTabProps {
  user: CurrentUser;
  /** Signs out and leaves the profile; the page owns it (it must not bounce to /login). */
  onSignOut: () => void;
  signingOut: boolean;
}

/** Profile → Settings: preferences, a way to change them, creator settings, and signing out. */
export default function SettingsTab({ user, onSignOut, signingOut }: SettingsTabProps) {
  const navigate = useNavigate();
  // The creator's tools for people who make videos (convex/model/users.ts makesVideos).
  const makesVideos = useQuery(api.users.makesVideos, {});

  return (
    <div className={styles.settings}>
      <section
        className={`card ${styles.settingsCard}`}
        aria-labelledby="settings-preferences-heading"
      >
        <h2 id="settings-preferences-heading" className={styles.settingsCardTitle}>
          Preferences
        </h2>
        <dl className={styles.prefList}>
          <div className={styles.prefRow}>
            <dt className={styles.prefRowLabel}>Display Name</dt>
            <dd className={styles.prefRowValue}>
              <DisplayNameEditor displayName={user.displayName || "Anonymous"} />
            </dd>
          </div>
          <div className={styles.prefRow}>
            <dt className={styles.prefRowLabel}>Account Type</dt>
            <dd className={styles.prefRowValue}>{accountTypeLabel(user.accountType)}</dd>
          </div>
          <div className={styles.prefRow}>
            <dt className={styles.prefRowLabel}>Preferred Platform</dt>
            <dd className={styles.prefRowValue}>
              {preferredPlatformLabel(user.preferredPlatform)}
            </dd>
          </div>
        </dl>
        <div className={styles.settingsCardActions}>
          <button type="button" className="btn btn-secondary" onClick={() => navigate("/onboard")}>
            Manage Preferences
          </button>
        </div>
        {makesVideos === false ? (
          <p className={styles.settingsCardText}>
            Making videos too? Choose Creator in <Link to="/onboard">Manage Preferences</Link> for
            your studio and payouts.
          </p>
        ) : null}
      </section>

      {/* Spec §2: Creator Settings for every account type; folded for people who make none. */}
      {makesVideos === undefined ? null : (
        <CreatorSettings userId={user._id} folded={!makesVideos} />
      )}
      {makesVideos ? (
        <>
          <CreatorPageSettings userId={user._id} />
          <PayoutSettings />
        </>
      ) : null}
      <NotificationSettings />

      <section className={`card ${styles.settingsCard}`} aria-labelledby="settings-account-heading">
        <h2 id="settings-account-heading" className={styles.settingsCardTitle}>
          Account
        </h2>
        {user.email && (
          <p className={styles.settingsCardText}>
            Signed in as <strong>{user.email}</strong>
          </p>
        )}
        <div className={styles.settingsCardActions}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={signingOut}
            onClick={onSignOut}
          >
            {signingOut ? "Signing out..." : "Sign Out"}
          </button>
        </div>
      </section>
    </div>
  );
}
