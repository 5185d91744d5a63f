import { Toaster } from "sonner";

/**
 * The app's toasts. Each action raises its outcome under a stable id (lib/toasts.ts), so a
 * repeated failure replaces its toast; different actions show side by side.
 */
export default function AppToaster() {
  return (
    <Toaster
      visibleToasts={20}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ style: { maxWidth: 350 } }}
    />
  );
}
