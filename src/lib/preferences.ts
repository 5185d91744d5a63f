// Account types and platforms as onboarding and the profile show them (spec §1, §9).

// The lists themselves are the server's (convex/model/validators.ts), declared once.
import {
  ACCOUNT_TYPES,
  PREFERRED_PLATFORMS,
  type AccountType,
  type PreferredPlatform,
} from "../../convex/model/validators";

export { ACCOUNT_TYPES, PREFERRED_PLATFORMS, type AccountType, type PreferredPlatform };

/** Shown on the profile when no account type is saved (spec §2 "Profile"). */
export const DEFAULT_ACCOUNT_TYPE: AccountType = "Viewer";

/** The account type as the profile shows it. */
export function accountTypeLabel(value: AccountType | null | undefined): string {
  return value ?? DEFAULT_ACCOUNT_TYPE;
}

/** The preferred platform as the profile shows it: "Both" and unset read "YouTube, TikTok". */
export function preferredPlatformLabel(value: PreferredPlatform | null | undefined): string {
  return value === "YouTube" || value === "TikTok" ? value : "YouTube, TikTok";
}
