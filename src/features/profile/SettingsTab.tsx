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
    <div className="settings">
      <section className="card settings-card" aria-labelledby="settings-preferences-heading">
        <h2 id="settings-preferences-heading" className="settings-card__title">
          Preferences
        </h2>
        <dl className="pref-list">
          <div className="pref-row">
            <dt className="pref-row__label">Display Name</dt>
            <dd className="pref-row__value">
              <DisplayNameEditor displayName={user.displayName || "Anonymous"} />
            </dd>
          </div>
          <div className="pref-row">
            <dt className="pref-row__label">Account Type</dt>
            <dd className="pref-row__value">{accountTypeLabel(user.accountType)}</dd>
          </div>
          <div className="pref-row">
            <dt className="pref-row__label">Preferred Platform</dt>
            <dd className="pref-row__value">{preferredPlatformLabel(user.preferredPlatform)}</dd>
          </div>
        </dl>
        <div className="settings-card__actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate("/onboard")}>
            Manage Preferences
          </button>
        </div>
        {makesVideos === false ? (
          <p className="settings-card__text settings-card__hint">
            Making videos too? Choose Creator in <Link to="/onboard">Manage Preferences</Link> to
            connect your channel and set up payouts.
          </p>
        ) : null}
      </section>

      {makesVideos ? (
        <>
          <CreatorSettings />
          <CreatorPageSettings userId={user._id} />
          <PayoutSettings />
        </>
      ) : null}
      <NotificationSettings />

      <section className="card settings-card" aria-labelledby="settings-account-heading">
        <h2 id="settings-account-heading" className="settings-card__title">
          Account
        </h2>
        {user.email && (
          <p className="settings-card__text">
            Signed in as <strong>{user.email}</strong>
          </p>
        )}
        <div className="settings-card__actions">
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
