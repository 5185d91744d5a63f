import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { useAction, useConvexAuth } from "convex/react";
import { ConvexError } from "convex/values";
import PlatformCallbackPage from "./PlatformCallbackPage";
import { RETURN_TO_SETTINGS_KEY } from "../lib/platformAuth";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const finishConnection = vi.fn();
let session = { isLoading: false, isAuthenticated: true };

function ProfileProbe() {
  const location = useLocation();
  return (
    <div>
      <span data-testid="at">{location.pathname + location.search}</span>
      <span data-testid="state">{JSON.stringify(location.state)}</span>
    </div>
  );
}

function tree(at: string) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="/auth/callback/youtube"
          element={<PlatformCallbackPage key="YouTube" platform="YouTube" />}
        />
        <Route
          path="/auth/callback"
          element={<PlatformCallbackPage key="TikTok" platform="TikTok" />}
        />
        <Route path="/profile" element={<ProfileProbe />} />
      </Routes>
    </MemoryRouter>
  );
}

function renderCallback(at: string) {
  return render(tree(at));
}

const at = () => screen.getByTestId("at").textContent;
const routerState = () => JSON.parse(screen.getByTestId("state").textContent ?? "null");

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  session = { isLoading: false, isAuthenticated: true };
  vi.mocked(useConvexAuth).mockImplementation(() => ({ ...session, isRefreshing: false }));
  vi.mocked(useAction).mockReturnValue(finishConnection as unknown as ReturnType<typeof useAction>);
  finishConnection.mockResolvedValue({
    returnToSettings: false,
    videoCount: 3,
    accountName: "Ada Lovelace's channel",
  });
});

describe("PlatformCallbackPage", () => {
  it("shows its progress while connecting", async () => {
    let finish: (value: unknown) => void = () => {};
    finishConnection.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    session = { isLoading: true, isAuthenticated: false };
    const { rerender } = renderCallback("/auth/callback/youtube/?code=abc&state=xyz");

    expect(screen.getByRole("status")).toHaveTextContent("Connecting your YouTube channel…");
    expect(finishConnection).not.toHaveBeenCalled();

    session = { isLoading: false, isAuthenticated: true };
    rerender(tree("/auth/callback/youtube/?code=abc&state=xyz"));

    expect(screen.getByRole("status")).toHaveTextContent("Fetching your videos…");
    expect(finishConnection).toHaveBeenCalledTimes(1);
    expect(finishConnection).toHaveBeenCalledWith({
      platform: "YouTube",
      code: "abc",
      state: "xyz",
    });

    await act(async () => finish({ returnToSettings: false, videoCount: 0, accountName: "Ada" }));
    expect(at()).toBe("/profile");
  });

  it("connects YouTube and goes to the profile with the success state", async () => {
    renderCallback("/auth/callback/youtube/?code=abc&state=xyz");

    await screen.findByTestId("at");
    expect(finishConnection).toHaveBeenCalledTimes(1);
    expect(at()).toBe("/profile");
    expect(routerState()).toEqual({
      youtubeAuth: {
        success: true,
        message: "YouTube connected successfully",
        accountName: "Ada Lovelace's channel",
        videoCount: 3,
      },
    });
  });

  it("connects TikTok on /auth/callback/", async () => {
    renderCallback("/auth/callback/?code=tt&state=s1");

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Connecting TikTok");
    await screen.findByTestId("at");
    expect(finishConnection).toHaveBeenCalledWith({ platform: "TikTok", code: "tt", state: "s1" });
    expect(routerState()).toMatchObject({
      tiktokAuth: { success: true, message: "TikTok connected successfully" },
    });
  });

  it("returns to Settings when the flag was stored before leaving, and clears it", async () => {
    sessionStorage.setItem(RETURN_TO_SETTINGS_KEY, "true");
    renderCallback("/auth/callback/youtube?code=abc&state=xyz");

    await screen.findByTestId("at");
    expect(at()).toBe("/profile?tab=settings");
    expect(sessionStorage.getItem(RETURN_TO_SETTINGS_KEY)).toBeNull();
  });

  it("returns to Settings when the server says so", async () => {
    finishConnection.mockResolvedValue({ returnToSettings: true, videoCount: 1, accountName: "A" });
    renderCallback("/auth/callback/youtube/?code=abc&state=xyz");

    await screen.findByTestId("at");
    expect(at()).toBe("/profile?tab=settings");
  });

  it("says 'No authorization code received' without a code", async () => {
    renderCallback("/auth/callback/youtube/?state=xyz");

    await screen.findByTestId("at");
    expect(finishConnection).not.toHaveBeenCalled();
    expect(at()).toBe("/profile");
    expect(routerState()).toEqual({
      youtubeAuth: { success: false, error: "No authorization code received" },
    });
  });

  it("says the connection was cancelled when the person declined", async () => {
    sessionStorage.setItem(RETURN_TO_SETTINGS_KEY, "true");
    renderCallback("/auth/callback/?error=access_denied&state=s1");

    await screen.findByTestId("at");
    expect(at()).toBe("/profile?tab=settings");
    expect(routerState()).toEqual({
      tiktokAuth: { success: false, error: "TikTok connection was cancelled" },
    });
  });

  it("says 'No user session found' without a session", async () => {
    session = { isLoading: false, isAuthenticated: false };
    renderCallback("/auth/callback/youtube/?code=abc&state=xyz");

    await screen.findByTestId("at");
    expect(finishConnection).not.toHaveBeenCalled();
    expect(routerState()).toEqual({
      youtubeAuth: { success: false, error: "No user session found" },
    });
  });

  it("passes the server's error to the profile", async () => {
    finishConnection.mockRejectedValue(
      new ConvexError({
        message: "This authorization request is invalid or has expired. Please try again.",
      }),
    );
    renderCallback("/auth/callback/?code=tt&state=old");

    await screen.findByTestId("at");
    expect(at()).toBe("/profile");
    expect(routerState()).toEqual({
      tiktokAuth: {
        success: false,
        error: "This authorization request is invalid or has expired. Please try again.",
      },
    });
  });

  it("says 'Invalid response from server' when the call fails without a message", async () => {
    finishConnection.mockRejectedValue(new Error("socket closed"));
    renderCallback("/auth/callback/youtube/?code=abc&state=xyz");

    await screen.findByTestId("at");
    expect(routerState()).toEqual({
      youtubeAuth: { success: false, error: "Invalid response from server" },
    });
  });
});
