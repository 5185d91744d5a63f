import { beforeEach, describe, expect, it } from "vitest";
import {
  RETURN_TO_SETTINGS_KEY,
  isPlatformCallbackPath,
  readPlatformAuthState,
  rememberReturnToSettings,
  takeReturnToSettings,
} from "./platformAuth";

beforeEach(() => sessionStorage.clear());

describe("platform authorization helpers", () => {
  it("recognises the callback pages, whose code sign-in must leave alone", () => {
    expect(isPlatformCallbackPath("/auth/callback")).toBe(true);
    expect(isPlatformCallbackPath("/auth/callback/")).toBe(true);
    expect(isPlatformCallbackPath("/auth/callback/youtube/")).toBe(true);
    expect(isPlatformCallbackPath("/login")).toBe(false);
    expect(isPlatformCallbackPath("/auth/callbacks")).toBe(false);
  });

  it("keeps the returnToSettings flag until it is read once", () => {
    expect(takeReturnToSettings()).toBe(false);
    rememberReturnToSettings();
    expect(sessionStorage.getItem(RETURN_TO_SETTINGS_KEY)).toBe("true");
    expect(takeReturnToSettings()).toBe(true);
    expect(takeReturnToSettings()).toBe(false);
  });

  it("reads youtubeAuth and tiktokAuth router state, and ignores anything else", () => {
    expect(readPlatformAuthState({ youtubeAuth: { success: true, message: "Hi" } })).toEqual({
      platform: "YouTube",
      result: { success: true, message: "Hi", accountName: undefined, videoCount: undefined },
    });
    expect(readPlatformAuthState({ tiktokAuth: { success: false, error: "Nope" } })).toEqual({
      platform: "TikTok",
      result: { success: false, error: "Nope" },
    });
    expect(readPlatformAuthState({ from: "/x" })).toBeNull();
    expect(readPlatformAuthState(null)).toBeNull();
    expect(readPlatformAuthState({ youtubeAuth: "yes" })).toBeNull();
  });
});
