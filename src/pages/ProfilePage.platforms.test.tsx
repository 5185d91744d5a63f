// The profile after a platform callback: the outcome passed in router state becomes a toast,
// once, and the state is cleared (spec §4).
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAction, useConvexAuth, useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { useAuthActions } from "@convex-dev/auth/react";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import ProfilePage from "./ProfilePage";
import { makeUser, renderRoute } from "../test/accounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
  usePaginatedQuery: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

let signedIn = true;

function renderProfile(at: string, state: unknown) {
  return renderRoute(<ProfilePage />, { at, state, path: "/profile" });
}

beforeEach(() => {
  vi.clearAllMocks();
  signedIn = true;
  vi.mocked(useConvexAuth).mockImplementation(() => ({
    isLoading: false,
    isAuthenticated: signedIn,
    isRefreshing: false,
  }));
  vi.mocked(useAuthActions).mockReturnValue({ signIn: vi.fn(), signOut: vi.fn() });
  vi.mocked(useMutation).mockReturnValue(vi.fn() as unknown as ReturnType<typeof useMutation>);
  vi.mocked(useAction).mockReturnValue(vi.fn() as unknown as ReturnType<typeof useAction>);
  vi.mocked(usePaginatedQuery).mockReturnValue({
    results: [],
    status: "Exhausted",
    isLoading: false,
    loadMore: vi.fn(),
  } as unknown as ReturnType<typeof usePaginatedQuery>);
  vi.mocked(useQuery).mockImplementation(((
    query: Parameters<typeof getFunctionName>[0],
    args: unknown,
  ) => {
    if (args === "skip") return undefined;
    if (getFunctionName(query) === "platforms:mine") {
      return {
        youtube: { connected: true, lastSync: Date.UTC(2024, 10, 6), accountName: "Ada" },
        tiktok: { connected: false, lastSync: null, accountName: null },
        videos: [],
      };
    }
    if (getFunctionName(query) === "users:current") return makeUser();
    return undefined;
  }) as typeof useQuery);
});

describe("ProfilePage after connecting a platform", () => {
  it("says YouTube connected, once, on the Settings tab, and clears the state", () => {
    renderProfile("/profile?tab=settings", {
      youtubeAuth: {
        success: true,
        message: "YouTube connected successfully",
        accountName: "Ada",
        videoCount: 3,
      },
    });

    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("YouTube connected successfully", {
      id: "platform-auth-YouTube",
      description: "Ada · 3 videos",
    });
    expect(screen.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("search")).toHaveTextContent("?tab=settings");
    expect(screen.getByTestId("navigation")).toHaveTextContent("REPLACE");
  });

  it("uses the default success message when none is given", () => {
    renderProfile("/profile", { tiktokAuth: { success: true } });

    expect(toast.success).toHaveBeenCalledWith(
      "TikTok connected successfully",
      expect.objectContaining({ id: "platform-auth-TikTok" }),
    );
  });

  it("shows the error of a failed connection", () => {
    renderProfile("/profile", {
      tiktokAuth: { success: false, error: "No authorization code received" },
    });

    expect(toast.error).toHaveBeenCalledWith("No authorization code received", {
      id: "platform-auth-TikTok",
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows nothing without a platform outcome", () => {
    renderProfile("/profile", { from: "/somewhere" });

    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
