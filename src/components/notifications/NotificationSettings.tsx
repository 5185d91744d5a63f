// <NotificationSettings />: Profile → Settings "Notifications" card. One row per kind with an
// in-app and an email switch (`api.notifications.preferences` / `setPreferences`). Money and
// account emails are on by default; the idea's news by email is opt-in.
import "../../styles/notifications.css";
import { useMutation, useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import { KIND_INFO, type NotificationKind } from "../../../convex/model/notificationKinds";
import { convexErrorMessage } from "../../lib/errors";

export const SAVE_FAILED = "Couldn't save your notification settings";

interface Preference {
  kind: NotificationKind;
  inApp: boolean;
  email: boolean;
}

export default function NotificationSettings() {
  const prefs = useQuery(api.notifications.preferences, {}) as Preference[] | undefined;
  const save = useMutation(api.notifications.setPreferences);

  async function change(kind: NotificationKind, field: "inApp" | "email", value: boolean) {
    try {
      await save({ kind, [field]: value });
    } catch (error) {
      toast.error(SAVE_FAILED, { description: convexErrorMessage(error) });
    }
  }

  return (
    <section className="card settings-card" aria-labelledby="settings-notifications-heading">
      <h2 id="settings-notifications-heading" className="settings-card__title">
        Notifications
      </h2>
      <p className="settings-card__text">
        Emails about your money are on by default; the rest are up to you. Every email has a
        one-click unsubscribe.
      </p>
      {!Array.isArray(prefs) ? (
        <p className="settings-card__text" aria-busy="true">
          Loading…
        </p>
      ) : (
        <table className="notification-prefs">
          <thead>
            <tr>
              <th scope="col">About</th>
              <th scope="col">In the app</th>
              <th scope="col">By email</th>
            </tr>
          </thead>
          <tbody>
            {prefs.map((p) => (
              <tr key={p.kind}>
                <th scope="row">{KIND_INFO[p.kind].label}</th>
                <td>
                  <input
                    type="checkbox"
                    role="switch"
                    aria-label={`${KIND_INFO[p.kind].label}: in the app`}
                    checked={p.inApp}
                    onChange={(e) => void change(p.kind, "inApp", e.target.checked)}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    role="switch"
                    aria-label={`${KIND_INFO[p.kind].label}: by email`}
                    checked={p.email}
                    onChange={(e) => void change(p.kind, "email", e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
