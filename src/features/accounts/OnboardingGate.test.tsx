import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useQuery } from "convex/react";
import OnboardingGate, { isOnboardingExempt } from "./OnboardingGate";
import type { CurrentUser } from "../../lib/session";
import { makeUser } from "../../test/accounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));

function setSession(session: { isLoading: boolean; isAuthenticated: boolean }) {
  vi.mocked(useConvexAuth).mockReturnValue({ ...session, isRefreshing: false });
}

function setUser(user: CurrentUser | null | undefined) {
  vi.mocked(useQuery).mockImplementation(((_query: unknown, args: unknown) =>
    args === "skip" ? undefined : user) as typeof useQuery);
}

function Where() {
  const { pathname } = useLocation();
  return (
    <p>
      <span data-testid="pathname">{pathname}</span>
      <span data-testid="navigation">{useNavigationType()}</span>
    </p>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <OnboardingGate />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const pathname = () => screen.getByTestId("pathname").textContent;
const newcomer = () =>
  makeUser({ accountType: null, preferredPlatform: null, needsOnboarding: true });

beforeEach(() => {
  vi.clearAllMocks();
  setSession({ isLoading: false, isAuthenticated: true });
  setUser(newcomer());
});

describe("OnboardingGate", () => {
  it.each(["/", "/ideas", "/profile", "/expanded-proposal/p1", "/submit"])(
    "sends a person who still needs onboarding from %s to /onboard",
    (path) => {
      renderAt(path);
      expect(pathname()).toBe("/onboard");
      expect(screen.getByTestId("navigation")).toHaveTextContent("REPLACE");
    },
  );

  it.each([
    "/onboard",
    "/login",
    "/login?next=%2Fideas",
    "/privacy-policy",
    "/terms-of-service",
    "/auth/callback",
    "/auth/callback/",
    "/auth/callback/youtube/",
  ])("leaves a person who still needs onboarding on %s", (path) => {
    renderAt(path);
    expect(pathname()).toBe(path.split("?")[0]);
  });

  it("leaves a person whose onboarding is done where they are", () => {
    setUser(makeUser({ needsOnboarding: false }));
    renderAt("/ideas");
    expect(pathname()).toBe("/ideas");
  });

  it("leaves visitors alone", () => {
    setSession({ isLoading: false, isAuthenticated: false });
    renderAt("/ideas");
    expect(pathname()).toBe("/ideas");
    expect(useQuery).toHaveBeenCalledWith(expect.anything(), "skip");
  });

  it("waits while the session or the profile loads", () => {
    setSession({ isLoading: true, isAuthenticated: false });
    const { unmount } = renderAt("/ideas");
    expect(pathname()).toBe("/ideas");
    unmount();

    setSession({ isLoading: false, isAuthenticated: true });
    setUser(undefined);
    renderAt("/ideas");
    expect(pathname()).toBe("/ideas");
  });

  it("renders nothing, and stays out of the way if the profile cannot load", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(useQuery).mockImplementation(() => {
      throw new Error("query failed");
    });
    renderAt("/ideas");
    expect(pathname()).toBe("/ideas");
    vi.mocked(console.error).mockRestore();
  });
});

describe("isOnboardingExempt", () => {
  it("exempts only onboarding, login, the legal pages and the platform callbacks", () => {
    expect(isOnboardingExempt("/onboard/")).toBe(true);
    expect(isOnboardingExempt("/auth/callback/tiktok")).toBe(true);
    expect(isOnboardingExempt("/")).toBe(false);
    expect(isOnboardingExempt("/onboarding")).toBe(false);
    expect(isOnboardingExempt("/auth")).toBe(false);
  });
});
