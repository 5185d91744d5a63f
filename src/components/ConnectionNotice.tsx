// "Reconnecting…" while the live connection to the server is down, so nobody takes a frozen
// page for the truth. Shown only after a short grace period (a blip is not worth a flash) and
// only once the app had connected (the first load has its own skeletons).
import { useEffect, useState } from "react";
import { useConvex } from "convex/react";
import styles from "./ConnectionNotice.module.css";

export const RECONNECTING_TEXT = "Reconnecting…";
const GRACE_MS = 1500;

function isDown(state: { hasEverConnected: boolean; isWebSocketConnected: boolean }) {
  return state.hasEverConnected && !state.isWebSocketConnected;
}

export default function ConnectionNotice() {
  const convex = useConvex();
  const [down, setDown] = useState(() => isDown(convex.connectionState()));
  const [visible, setVisible] = useState(false);

  useEffect(() => convex.subscribeToConnectionState((state) => setDown(isDown(state))), [convex]);

  useEffect(() => {
    if (!down) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [down]);

  return (
    <div className={styles.connectionNotice} role="status" aria-live="polite">
      {visible && <span className={styles.connectionNoticePill}>{RECONNECTING_TEXT}</span>}
    </div>
  );
}
