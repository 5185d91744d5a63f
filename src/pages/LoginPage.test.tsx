import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useQuery } from "convex/react";
import { useAuthActions } from "@convex-dev/auth/react";
import { toast } from "sonner";
import { TOAST_IDS } from "../lib/toasts";
import LoginPage, { CODE_EXCHANGE_GRACE_MS } from "./LoginPage";
import type { CurrentUser } from "../lib/session";
import { makeUser, renderRoute, visited } from "../test/accounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const FAILED = "There was an error processing your login. Please try again.";
const AUTH_ERROR = "Authentication error. Please try again.";

const signIn = vi.fn();
const signOut = vi.fn();

function setSession(session: { isLoading: boolean; isAuthenticated: boolean }) {
  vi.mocked(useConvexAuth).mockReturnValue({ ...session, isRefreshing: false });
}

/** The profile the page sees once signed in; undefined while it loads. */
function setUser(user: CurrentUser | null | undefined) {
  vi.mocked(useQuery).mockImplementation(((_query: unknown, args: unknown) =>
    args === "skip" ? undefined : user) as typeof useQuery);
}

function renderLogin(at = "/login", state?: unknown) {
  return renderRoute(<LoginPage />, { at, state, path: "/login" });
}

const pathname = () => screen.getByTestId("pathname").textContent;
const search = () => screen.getByTestId("search").textContent;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useAuthActions).mockReturnValue({ signIn, signOut });
  signIn.mockReturnValue(new Promise(() => {}));
  setSession({ isLoading: false, isAuthenticated: false });
  setUser(undefined);
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** @convex-dev/auth's storage namespace: the deployment's address, letters and digits only. */
const STORAGE_NAMESPACE = String(import.meta.env.VITE_CONVEX_URL ?? "").replace(
  /[^a-zA-Z0-9]/g,
  "",
);

describe("LoginPage signed out", () => {
  it("welcomes the visitor and offers only Google and Discord", () => {
    renderLogin();

    expect(screen.getByRole("heading", { level: 1, name: "Welcome to Bounties!" })).toBeVisible();
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual([
      "Continue with Google",
      "Continue with Discord",
    ]);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });

  it("shows Loading... while the session is checked", () => {
    // A returning visitor: this browser keeps a session (@convex-dev/auth's stored token).
    localStorage.setItem(`__convexAuthJWT_${STORAGE_NAMESPACE}`, "header.payload.signature");
    setSession({ isLoading: true, isAuthenticated: false });
    renderLogin();

    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("button", { name: "Continue with Google" })).not.toBeInTheDocument();
  });

  it("shows the sign-in buttons at once when this browser keeps no session to check", () => {
    setSession({ isLoading: true, isAuthenticated: false });
    renderLogin();

    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("signs in with Google and brings the person back to where they were", async () => {
    const user = userEvent.setup();
    renderLogin("/login", { from: { pathname: "/discover", search: "?sort=payout", hash: "" } });

    await user.click(screen.getByRole("button", { name: "Continue with Google" }));

    expect(signIn).toHaveBeenCalledWith("google", {
      redirectTo: "/login?next=%2Fdiscover%3Fsort%3Dpayout&signin=1",
    });
    // Both buttons wait while the browser leaves for the provider.
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue with Discord" })).toBeDisabled();
  });

  it("signs in with Discord, keeping a next parameter that is already there", async () => {
    const user = userEvent.setup();
    renderLogin("/login?next=%2Fprofile");

    await user.click(screen.getByRole("button", { name: "Continue with Discord" }));

    expect(signIn).toHaveBeenCalledWith("discord", {
      redirectTo: "/login?next=%2Fprofile&signin=1",
    });
  });

  it("does not carry a hostile next parameter to the provider", async () => {
    const user = userEvent.setup();
    renderLogin("/login?next=https%3A%2F%2Fevil.com");

    await user.click(screen.getByRole("button", { name: "Continue with Google" }));

    expect(signIn).toHaveBeenCalledWith("google", { redirectTo: "/login?signin=1" });
  });

  it("says so when the sign-in cannot start, and lets the person try again", async () => {
    signIn.mockRejectedValue(new Error("network down"));
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole("button", { name: "Continue with Google" }));

    expect(toast.error).toHaveBeenCalledWith(AUTH_ERROR, { id: TOAST_IDS.signIn });
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Continue with Discord" })).toBeEnabled();
  });

  it("says why a new account was refused by the sign-up limits, instead of the generic failure", () => {
    renderLogin("/login?next=%2Fdiscover&signin=1&signup_wait=1500");

    expect(screen.getByRole("alert")).toHaveTextContent(
      "Too many new accounts were made from this network or browser. Please try again in 25 minutes, or sign in with an account you already have.",
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(search()).toBe("?next=%2Fdiscover");
    // The notice stays once the address is tidied, and people with an account can still sign in.
    expect(screen.getByRole("alert")).toBeVisible();
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("tells a banned person why they can't sign in, instead of the generic failure", () => {
    renderLogin("/login?signin=1&banned=1");

    expect(screen.getByRole("alert")).toHaveTextContent(
      "This account was banned for breaking the rules of Bounties. Sign-in is not possible.",
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(search()).toBe("");
    expect(screen.getByRole("alert")).toBeVisible();
  });

  it("reports a failed provider round trip once and tidies the address", () => {
    renderLogin("/login?next=%2Fdiscover&signin=1");

    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(FAILED, expect.anything());
    expect(search()).toBe("?next=%2Fdiscover");
    // The person can try again right away.
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("waits for a code from the provider to be exchanged", () => {
    renderLogin("/login?next=%2Fdiscover&signin=1&code=abc");

    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("gives up on a code that never becomes a session", () => {
    vi.useFakeTimers();
    renderLogin("/login?next=%2Fdiscover&signin=1&code=abc");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");

    act(() => {
      vi.advanceTimersByTime(CODE_EXCHANGE_GRACE_MS + 10);
    });

    expect(toast.error).toHaveBeenCalledWith(FAILED, expect.anything());
    expect(search()).toBe("?next=%2Fdiscover");
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("does not report a failure on a plain visit", () => {
    renderLogin("/login?next=%2Fdiscover");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("links only to the terms and the privacy policy", () => {
    renderLogin();
    const links = within(screen.getByRole("region", { name: "Welcome to Bounties!" })).getAllByRole(
      "link",
    );
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/terms-of-service",
      "/privacy-policy",
    ]);
  });
});

describe("LoginPage signed in", () => {
  beforeEach(() => {
    setSession({ isLoading: false, isAuthenticated: true });
  });

  it("shows Logged in! and Redirecting you... while the profile loads", () => {
    setUser(undefined);
    renderLogin();

    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Logged in!");
    expect(status).toHaveTextContent("Redirecting you...");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(pathname()).toBe("/login");
  });

  it("sends a person who still needs onboarding to /onboard", () => {
    setUser(makeUser({ needsOnboarding: true, accountType: null, preferredPlatform: null }));
    renderLogin("/login?next=%2Fdiscover");

    expect(pathname()).toBe("/onboard");
  });

  it("goes to the next parameter", () => {
    setUser(makeUser());
    renderLogin("/login?next=%2Fdiscover%3Fsort%3Dpayout&signin=1");

    expect(pathname()).toBe("/discover");
    expect(search()).toBe("?sort=payout");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("goes back to the page the Login link was followed from", () => {
    setUser(makeUser());
    renderLogin("/login", { from: { pathname: "/expanded-proposal/p1", search: "", hash: "" } });

    expect(pathname()).toBe("/expanded-proposal/p1");
  });

  it("goes to /ideas when there is nowhere to return to", () => {
    setUser(makeUser());
    renderLogin();

    expect(pathname()).toBe("/ideas");
  });

  it("ignores a hostile next parameter", () => {
    setUser(makeUser());
    renderLogin("/login?next=%2F%2Fevil.com");

    expect(pathname()).toBe("/ideas");
  });

  it("replaces the login page in the history", () => {
    setUser(makeUser());
    renderLogin("/login?next=%2Fdiscover&signin=1&code=abc");

    expect(pathname()).toBe("/discover");
    expect(screen.getByTestId("navigation")).toHaveTextContent("REPLACE");
    expect(visited).toEqual(["/login?next=%2Fdiscover&signin=1&code=abc", "/discover"]);
  });
});

describe("LoginPage served from another address than SITE_URL", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("says why sign-in cannot finish here and links to the same page at SITE_URL", () => {
    vi.stubEnv("VITE_SITE_URL", "https://bounties.example");
    renderLogin("/login?next=%2Fsubmit");
    const notice = screen.getByRole("alert");
    expect(notice).toHaveTextContent(
      "Sign-in can't finish at this address: Google and Discord send you back to https://bounties.example.",
    );
    expect(
      within(notice).getByRole("link", { name: "Sign in at bounties.example" }),
    ).toHaveAttribute("href", "https://bounties.example/login?next=%2Fsubmit");
    for (const name of ["Continue with Google", "Continue with Discord"])
      expect(screen.getByRole("button", { name })).toBeDisabled();
  });

  it("shows no notice at SITE_URL itself", () => {
    vi.stubEnv("VITE_SITE_URL", window.location.origin);
    renderLogin();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });
});
