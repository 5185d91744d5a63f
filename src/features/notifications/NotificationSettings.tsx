// <NotificationSettings />: Profile → Settings "Notifications" card. One row per kind with an
// in-app and an email switch (`api.notifications.preferences` / `setPreferences`). Money and
// account emails are on by default; the idea's news by email is opt-in.
import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import { KIND_INFO, type NotificationKind } from "../../../convex/model/notificationKinds";
import { convexErrorMessage } from "../../lib/errors";
import settingsTabStyles from "../profile/SettingsTab.module.css";
import styles from "./NotificationSettings.module.css";
import DigestSetting from "./DigestSetting";

export const SAVE_FAILED = "Couldn't save your notification settings";

const FIELD_WORDS = { inApp: "in the app", email: "by email" } as const;

/** "Saved: Judging started by email is on." — said (and shown) once a switch is saved. */
export function savedText(kind: NotificationKind, field: "inApp" | "email", on: boolean): string {
  return `Saved: ${KIND_INFO[kind].label} ${FIELD_WORDS[field]} is ${on ? "on" : "off"}.`;
}

interface Preference {
  kind: NotificationKind;
  inApp: boolean;
  email: boolean;
}

export default function NotificationSettings() {
  const prefs = useQuery(api.notifications.preferences, {}) as Preference[] | undefined;
  const save = useMutation(api.notifications.setPreferences);
  // The last switch saved, said politely and shown under the table: nothing saves silently.
  const [saved, setSaved] = useState("");

  async function change(kind: NotificationKind, field: "inApp" | "email", value: boolean) {
    setSaved("");
    try {
      await save({ kind, [field]: value });
      setSaved(savedText(kind, field, value));
    } catch (error) {
      toast.error(SAVE_FAILED, { description: convexErrorMessage(error) });
    }
  }

  return (
    <section
      className={`card ${settingsTabStyles.settingsCard}`}
      aria-labelledby="settings-notifications-heading"
    >
      <h2 id="settings-notifications-heading" className={settingsTabStyles.settingsCardTitle}>
        Notifications
      </h2>
      <p className={settingsTabStyles.settingsCardText}>
        Emails about your money are on by default; the rest are up to you. Every email has a
        one-click unsubscribe.
      </p>
      {!Array.isArray(prefs) ? (
        <p className={settingsTabStyles.settingsCardText} aria-busy="true">
          Loading…
        </p>
      ) : (
        <table className={styles.notificationPrefs}>
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
                {(["inApp", "email"] as const).map((field) => (
                  <td key={field}>
                    {/* The label makes the whole 44 px cell the switch's target. */}
                    <label className={styles.prefSwitch}>
                      <input
                        type="checkbox"
                        role="switch"
                        className={styles.prefSwitchInput}
                        aria-label={`${KIND_INFO[p.kind].label}: ${FIELD_WORDS[field]}`}
                        checked={p[field]}
                        onChange={(e) => void change(p.kind, field, e.target.checked)}
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.notificationPrefsSaved} role="status">
        {saved}
      </p>
      <DigestSetting />
    </section>
  );
}
