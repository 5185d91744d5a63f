// The ids of the toasts that tell how an action went. Each action a person can take has one
// stable id (sonner's `id` option), so when it fails again its toast is replaced instead of
// stacking up identical red toasts, and a later success replaces the failure. Different actions
// have different ids: their toasts show side by side.
import type { VideoPlatform } from "../../convex/model/videoLinks";

export const TOAST_IDS = {
  postIdea: "post-idea",
  submitVideo: "submit-video",
  voteIdea: "vote-idea",
  voteVideo: "vote-video",
  saveDisplayName: "save-display-name",
  saveOnboarding: "save-onboarding",
  signIn: "sign-in",
  /** The session ended without a sign-out here (expired, refresh failed, another tab). */
  sessionEnded: "session-ended",
  signOut: "sign-out",
  /** Starting a connection, and the outcome the platform's callback brings back. */
  connect: (platform: VideoPlatform) => `platform-auth-${platform}`,
  sync: (platform: VideoPlatform) => `sync-${platform}`,
  disconnect: (platform: VideoPlatform) => `disconnect-${platform}`,
} as const;
