// Profile → Settings → "Your creator page": a link to one's public page (/creators/{id}) and the
// switch that hides its money totals (the videos and their states stay public).
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import settingsTabStyles from "./SettingsTab.module.css";
import styles from "./CreatorPageSettings.module.css";

export const SHOW_TOTALS_LABEL = "Show what I was paid on my creator page";

export default function CreatorPageSettings({ userId }: { userId: Id<"users"> }) {
  const hidden = useQuery(api.creators.totalsHidden, {});
  const setHidden = useMutation(api.creators.setTotalsHidden);

  async function change(show: boolean) {
    try {
      await setHidden({ hidden: !show });
    } catch (error) {
      toast.error("Couldn't save your creator page setting", {
        description: convexErrorMessage(error),
      });
    }
  }

  return (
    <section
      className={`card ${settingsTabStyles.settingsCard}`}
      aria-labelledby="creator-page-heading"
    >
      <h2 id="creator-page-heading" className={settingsTabStyles.settingsCardTitle}>
        Your creator page
      </h2>
      <p className={settingsTabStyles.settingsCardText}>
        Anyone can see your name, avatar, connected channels and the videos you submitted at{" "}
        <Link to={`/creators/${userId}`}>your creator page</Link>. Never your email or payout
        details.
      </p>
      {typeof hidden === "boolean" ? (
        <label className={styles.settingsSwitch}>
          <input
            type="checkbox"
            role="switch"
            checked={!hidden}
            onChange={(e) => void change(e.target.checked)}
          />
          {SHOW_TOTALS_LABEL}
        </label>
      ) : null}
    </section>
  );
}
