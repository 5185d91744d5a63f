// Connecting a creator's YouTube or TikTok account: the round trip through the platform's
// authorization page and the notice the profile shows when the person comes back (spec §4).
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "./toast";
import type { VideoPlatform } from "../../convex/model/videoLinks";
import { TOAST_IDS } from "./toasts";

/** sessionStorage key of the flag set before leaving for authorization from the Settings tab. */
export const RETURN_TO_SETTINGS_KEY = "returnToSettings";

export const PLATFORM_AUTH_MESSAGES = {
  youtubeConnected: "YouTube connected successfully",
  tiktokConnected: "TikTok connected successfully",
  youtubeStartFailed: "Failed to start YouTube authorization",
  tiktokStartFailed: "Failed to start TikTok authorization",
  noUrl: "No authorization URL received",
  noCode: "No authorization code received",
  noSession: "No user session found",
  invalid: "Invalid response from server",
  noData: "No data received from server",
} as const;

/**
 * Whether a path is one of the platform callback pages. Their `?code=` belongs to YouTube or
 * TikTok, not to sign-in: ConvexAuthProvider must leave it alone (it would otherwise take it for
 * a sign-in code, strip it from the address and end up without a session).
 */
export function isPlatformCallbackPath(pathname: string): boolean {
  return /^\/auth\/callback(\/|$)/.test(pathname);
}

/** The router state a callback page hands to the profile: `{ youtubeAuth }` or `{ tiktokAuth }`. */
export type PlatformAuthResult =
  | { success: true; message: string; accountName?: string; videoCount?: number }
  | { success: false; error: string };

export type PlatformAuthState =
  { youtubeAuth: PlatformAuthResult } | { tiktokAuth: PlatformAuthResult };

export function authStateKey(platform: VideoPlatform): "youtubeAuth" | "tiktokAuth" {
  return platform === "YouTube" ? "youtubeAuth" : "tiktokAuth";
}

export function connectedMessage(platform: VideoPlatform): string {
  return platform === "YouTube"
    ? PLATFORM_AUTH_MESSAGES.youtubeConnected
    : PLATFORM_AUTH_MESSAGES.tiktokConnected;
}

/** Remembers, across the round trip, that the person started from Settings. */
export function rememberReturnToSettings(): void {
  try {
    sessionStorage.setItem(RETURN_TO_SETTINGS_KEY, "true");
  } catch {
    // Storage can be unavailable (private mode); the server keeps the flag too.
  }
}

/** Reads and clears the flag. */
export function takeReturnToSettings(): boolean {
  try {
    const value = sessionStorage.getItem(RETURN_TO_SETTINGS_KEY);
    sessionStorage.removeItem(RETURN_TO_SETTINGS_KEY);
    return value === "true";
  } catch {
    return false;
  }
}

export function forgetReturnToSettings(): void {
  try {
    sessionStorage.removeItem(RETURN_TO_SETTINGS_KEY);
  } catch {
    // Nothing to forget.
  }
}

function resultOf(value: unknown): PlatformAuthResult | null {
  if (typeof value !== "object" || value === null || !("success" in value)) return null;
  const { success, message, error, accountName, videoCount } = value as Record<string, unknown>;
  if (success === true) {
    return {
      success: true,
      message: typeof message === "string" && message ? message : "",
      accountName: typeof accountName === "string" ? accountName : undefined,
      videoCount: typeof videoCount === "number" ? videoCount : undefined,
    };
  }
  if (success === false) {
    return { success: false, error: typeof error === "string" && error ? error : "" };
  }
  return null;
}

/** The platform notice carried in router state, if any. */
export function readPlatformAuthState(
  state: unknown,
): { platform: VideoPlatform; result: PlatformAuthResult } | null {
  if (typeof state !== "object" || state === null) return null;
  const record = state as Record<string, unknown>;
  const youtube = resultOf(record.youtubeAuth);
  if (youtube) return { platform: "YouTube", result: youtube };
  const tiktok = resultOf(record.tiktokAuth);
  if (tiktok) return { platform: "TikTok", result: tiktok };
  return null;
}

function videoCountText(count: number): string {
  return `${count} ${count === 1 ? "video" : "videos"}`;
}

/**
 * On the profile: shows the toast a platform callback asked for (success or error), once, then
 * clears it from the router state so a reload or going back does not show it again.
 */
export function usePlatformAuthNotice({ clearState = true }: { clearState?: boolean } = {}): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handledKey = useRef<string | null>(null);
  const notice = readPlatformAuthState(location.state);

  useEffect(() => {
    if (!notice || handledKey.current === location.key) return;
    handledKey.current = location.key;
    const { platform, result } = notice;
    const id = TOAST_IDS.connect(platform);
    if (result.success) {
      const details = [
        result.accountName,
        result.videoCount === undefined ? undefined : videoCountText(result.videoCount),
      ].filter(Boolean);
      toast.success(result.message || connectedMessage(platform), {
        id,
        description: details.length > 0 ? details.join(" · ") : undefined,
      });
    } else {
      toast.error(result.error || PLATFORM_AUTH_MESSAGES.invalid, { id });
    }
    if (!clearState) return;
    const rest = { ...(location.state as Record<string, unknown>) };
    delete rest.youtubeAuth;
    delete rest.tiktokAuth;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
  }, [notice, location, navigate, clearState]);
}
