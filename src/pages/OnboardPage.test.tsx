import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { TOAST_IDS } from "../lib/toasts";
import OnboardPage from "./OnboardPage";
import type { CurrentUser } from "../lib/session";
import { makeUser, renderRoute } from "../test/accounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const saveOnboarding = vi.fn();

function setSession(session: { isLoading: boolean; isAuthenticated: boolean }) {
  vi.mocked(useConvexAuth).mockReturnValue({ ...session, isRefreshing: false });
}

function setUser(user: CurrentUser | null | undefined) {
  vi.mocked(useQuery).mockImplementation(((_query: unknown, args: unknown) =>
    args === "skip" ? undefined : user) as typeof useQuery);
}

const newcomer = () =>
  makeUser({ accountType: null, preferredPlatform: null, needsOnboarding: true });

function renderOnboard() {
  return renderRoute(<OnboardPage />, { at: "/onboard", path: "/onboard" });
}

const pathname = () => screen.getByTestId("pathname").textContent;
const saveButton = () => screen.getByRole("button", { name: "Save" });
const platformGroup = () => screen.getAllByRole("group")[1]!;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useMutation).mockReturnValue(
    saveOnboarding as unknown as ReturnType<typeof useMutation>,
  );
  setSession({ isLoading: false, isAuthenticated: true });
  setUser(newcomer());
});

describe("OnboardPage", () => {
  it("sends a visitor without a session to /login, remembering the page", () => {
    setSession({ isLoading: false, isAuthenticated: false });
    renderOnboard();

    expect(pathname()).toBe("/login");
    expect(screen.getByTestId("from")).toHaveTextContent("/onboard");
  });

  it("shows a placeholder while the profile loads", () => {
    setUser(undefined);
    renderOnboard();

    expect(screen.getByRole("heading", { name: "Welcome to Bounties!" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your preferences...");
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("asks for an account type and a platform in labelled groups", () => {
    renderOnboard();

    expect(screen.getByRole("heading", { level: 1, name: "Welcome to Bounties!" })).toBeVisible();
    const [typeGroup, platforms] = screen.getAllByRole("group");
    expect(typeGroup).toHaveAccessibleName("Which best describes you?");
    expect(platforms).toHaveAccessibleName("Which platform matters most to you?");
    for (const name of ["Creator", "Viewer", "Business", "YouTube", "TikTok", "Both"]) {
      expect(screen.getByRole("radio", { name })).not.toBeChecked();
    }
  });

  it.each([
    ["Creator", "Where do you publish your videos?"],
    ["Viewer", "Where do you watch videos?"],
    ["Business", "Where should videos about your product appear?"],
  ])("words the platform question for a %s", async (type, prompt) => {
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: type }));

    expect(platformGroup()).toHaveAccessibleName(prompt);
  });

  it("prefills the choices already saved", () => {
    setUser(makeUser({ accountType: "Business", preferredPlatform: "Both" }));
    renderOnboard();

    expect(screen.getByRole("radio", { name: "Business" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Both" })).toBeChecked();
    expect(platformGroup()).toHaveAccessibleName("Where should videos about your product appear?");
    expect(screen.queryByText("You have unsaved changes.")).not.toBeInTheDocument();
  });

  it("says when there are unsaved changes and warns before leaving the page", async () => {
    setUser(makeUser({ accountType: "Creator", preferredPlatform: "YouTube" }));
    const user = userEvent.setup();
    renderOnboard();

    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);

    await user.click(screen.getByRole("radio", { name: "TikTok" }));
    expect(screen.getByText("You have unsaved changes.")).toBeVisible();
    expect(leave()).toBe(true);

    // Back to what is saved: nothing to lose.
    await user.click(screen.getByRole("radio", { name: "YouTube" }));
    expect(screen.queryByText("You have unsaved changes.")).not.toBeInTheDocument();
    expect(leave()).toBe(false);
  });

  it.each([
    ["no choice", []],
    ["no platform", ["Viewer"]],
    ["no account type", ["TikTok"]],
  ])("refuses to save with %s", async (_label, choices) => {
    const user = userEvent.setup();
    renderOnboard();

    for (const choice of choices) await user.click(screen.getByRole("radio", { name: choice }));
    await user.click(saveButton());

    expect(toast.error).toHaveBeenCalledWith("Please choose an account type and a platform.", {
      id: TOAST_IDS.saveOnboarding,
    });
    expect(saveOnboarding).not.toHaveBeenCalled();
    expect(pathname()).toBe("/onboard");
  });

  it("marks and focuses the group that is missing a choice", async () => {
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: "Creator" }));
    await user.click(saveButton());

    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Please choose an account type and a platform.", { id: TOAST_IDS.saveOnboarding }],
    ]);
    expect(platformGroup()).toHaveAccessibleDescription(
      "Please choose an account type and a platform.",
    );
    expect(screen.getAllByRole("group")[0]).not.toHaveAccessibleDescription();
    expect(screen.getByRole("radio", { name: "YouTube" })).toHaveFocus();
  });

  it("focuses the account type first when both are missing", async () => {
    const user = userEvent.setup();
    renderOnboard();

    await user.click(saveButton());

    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("radio", { name: "Creator" })).toHaveFocus();
  });

  it("takes a new Creator to the skippable 'connect your channel' step", async () => {
    saveOnboarding.mockResolvedValue({ hadAccountType: false });
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: "Creator" }));
    await user.click(screen.getByRole("radio", { name: "YouTube" }));
    await user.click(saveButton());

    await waitFor(() => expect(pathname()).toBe("/onboard/channel"));
  });

  it("saves a newcomer's choices and goes to /ideas", async () => {
    let finish: (value: { hadAccountType: boolean }) => void = () => {};
    saveOnboarding.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: "Viewer" }));
    await user.click(screen.getByRole("radio", { name: "TikTok" }));
    await user.click(saveButton());

    expect(saveOnboarding).toHaveBeenCalledWith({
      accountType: "Viewer",
      preferredPlatform: "TikTok",
    });
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByRole("radio", { name: "Viewer" })).toBeDisabled();

    await act(async () => finish({ hadAccountType: false }));

    expect(toast.success).toHaveBeenCalledWith("Information saved successfully!", {
      id: TOAST_IDS.saveOnboarding,
    });
    expect(pathname()).toBe("/ideas");
  });

  it("goes to /profile after changing choices made before", async () => {
    setUser(makeUser({ accountType: "Viewer", preferredPlatform: "YouTube" }));
    saveOnboarding.mockResolvedValue({ hadAccountType: true });
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: "Business" }));
    await user.click(saveButton());

    expect(saveOnboarding).toHaveBeenCalledWith({
      accountType: "Business",
      preferredPlatform: "YouTube",
    });
    expect(toast.success).toHaveBeenCalledWith("Information saved successfully!", {
      id: TOAST_IDS.saveOnboarding,
    });
    // The router moves in a transition, rendered a moment after the save settles.
    await vi.waitFor(() => expect(pathname()).toBe("/profile"));
  });

  it("shows the server's message when the user data is not available", async () => {
    saveOnboarding.mockRejectedValue(new ConvexError({ message: "User data not available" }));
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: "Viewer" }));
    await user.click(screen.getByRole("radio", { name: "Both" }));
    await user.click(saveButton());

    expect(toast.error).toHaveBeenCalledWith("User data not available", {
      id: TOAST_IDS.saveOnboarding,
    });
    expect(toast.success).not.toHaveBeenCalled();
    expect(pathname()).toBe("/onboard");
    expect(saveButton()).toBeEnabled();
  });

  it("shows a generic message for any other failure", async () => {
    saveOnboarding.mockRejectedValue(new Error("network down"));
    const user = userEvent.setup();
    renderOnboard();

    await user.click(screen.getByRole("radio", { name: "Viewer" }));
    await user.click(screen.getByRole("radio", { name: "Both" }));
    await user.click(saveButton());

    expect(toast.error).toHaveBeenCalledWith("Error saving information. Please try again.", {
      id: TOAST_IDS.saveOnboarding,
    });
    expect(pathname()).toBe("/onboard");
    // The choices are kept for another try.
    expect(screen.getByRole("radio", { name: "Viewer" })).toBeChecked();
    expect(screen.getByText("You have unsaved changes.")).toBeVisible();
  });

  it("still offers the form when the preferences cannot be loaded", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(useQuery).mockImplementation(() => {
      throw new Error("query failed");
    });
    renderOnboard();

    expect(toast.error).toHaveBeenCalledWith("Error loading preferences", expect.anything());
    expect(screen.getByRole("radio", { name: "Creator" })).toBeEnabled();
    expect(saveButton()).toBeEnabled();
    vi.mocked(console.error).mockRestore();
  });
});
