import { Toaster } from "sonner";
import styles from "./AppToaster.module.css";

/** Toasts start below the sticky header (--header-height, 64px) so they never cover it. */
const BELOW_HEADER = { top: 72 };

/**
 * The app's toasts. Each action raises its outcome under a stable id (lib/toasts.ts), so a
 * repeated failure replaces its toast; different actions show side by side. Their colours
 * (light and dark, following the system like the rest of the app) are in AppToaster.module.css.
 */
export default function AppToaster() {
  return (
    <Toaster
      className={styles.toaster}
      visibleToasts={20}
      position="top-center"
      theme="system"
      richColors
      closeButton
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      toastOptions={{ style: { maxWidth: 350 } }}
    />
  );
}
