// <DigestSetting />: the weekly digest's switch under Profile → Settings → Notifications. Off
// by default (product rules "Community and trust"); the email itself has a one-click
// unsubscribe.
import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import prefStyles from "./NotificationSettings.module.css";
import styles from "./DigestSetting.module.css";

export const DIGEST_LABEL = "The weekly digest: by email";
const SAVE_FAILED = "Couldn't save your notification settings";

export default function DigestSetting() {
  const subscribed = useQuery(api.digest.subscribed, {});
  const save = useMutation(api.digest.setSubscription);
  const [saved, setSaved] = useState("");
  // The switch moves at once; the live query confirms it (or a failure puts it back).
  const [pending, setPending] = useState<boolean | null>(null);
  if (typeof subscribed !== "boolean") return null;

  async function change(on: boolean) {
    setSaved("");
    setPending(on);
    try {
      await save({ subscribed: on });
      setSaved(`Saved: the weekly digest is ${on ? "on" : "off"}.`);
    } catch (error) {
      toast.error(SAVE_FAILED, { description: convexErrorMessage(error) });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className={styles.digest}>
      <div className={styles.digestText}>
        <h3 className={styles.digestTitle}>Weekly digest</h3>
        <p className={styles.digestHint}>
          Every Monday, a short email of open ideas to fund or to make. At most one a week.
        </p>
      </div>
      <label className={prefStyles.prefSwitch}>
        <input
          type="checkbox"
          role="switch"
          className={prefStyles.prefSwitchInput}
          aria-label={DIGEST_LABEL}
          checked={pending ?? subscribed}
          onChange={(e) => void change(e.target.checked)}
        />
      </label>
      <p className={styles.digestSaved} role="status">
        {saved}
      </p>
    </div>
  );
}
