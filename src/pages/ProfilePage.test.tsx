import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAction, useConvexAuth, useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { useAuthActions } from "@convex-dev/auth/react";
import { ConvexError } from "convex/values";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import { TOAST_IDS } from "../lib/toasts";
import ProfilePage from "./ProfilePage";
import type { CurrentUser } from "../lib/session";
import { makeUser, renderRoute, visited } from "../test/accounts";

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

const signIn = vi.fn();
const signOut = vi.fn();
const updateDisplayName = vi.fn();
let session = { isLoading: false, isAuthenticated: true };

function setSession(next: { isLoading: boolean; isAuthenticated: boolean }) {
  session = next;
}

/** No connected platform accounts or videos (Settings → Creator Settings). */
const NO_PLATFORMS = {
  youtube: { connected: false, lastSync: null, accountName: null },
  tiktok: { connected: false, lastSync: null, accountName: null },
  videos: [],
};

let totalsHidden = false;
const setTotalsHidden = vi.fn();
/** users:makesVideos: whether Settings shows the creator's tools. */
let makesVideos: boolean | undefined = true;

function setUser(user: CurrentUser | null | undefined) {
  vi.mocked(useQuery).mockImplementation(((
    query: Parameters<typeof getFunctionName>[0],
    args: unknown,
  ) => {
    if (args === "skip") return undefined;
    if (getFunctionName(query) === "platforms:mine") return NO_PLATFORMS;
    if (getFunctionName(query) === "creators:totalsHidden") return totalsHidden;
    if (getFunctionName(query) === "users:makesVideos") return makesVideos;
    // Settings → the weekly digest (its own suite tests it): off.
    if (getFunctionName(query) === "digest:subscribed") return false;
    // My Bounties: no ideas posted yet.
    return user;
  }) as typeof useQuery);
}

function renderProfile(at = "/profile") {
  return renderRoute(<ProfilePage />, { at, path: "/profile" });
}

const pathname = () => screen.getByTestId("pathname").textContent;
const search = () => screen.getByTestId("search").textContent;
const tab = (name: string) => screen.getByRole("tab", { name });
const panel = () => screen.getByRole("tabpanel");

/** The value shown next to a label of the Preferences list. */
function preference(label: string) {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling as HTMLElement;
}

beforeEach(() => {
  vi.clearAllMocks();
  makesVideos = true;
  setSession({ isLoading: false, isAuthenticated: true });
  vi.mocked(useConvexAuth).mockImplementation(() => ({ ...session, isRefreshing: false }));
  vi.mocked(useAuthActions).mockReturnValue({ signIn, signOut });
  vi.mocked(useMutation).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
    if (getFunctionName(ref) === "users:updateDisplayName") return updateDisplayName;
    if (getFunctionName(ref) === "platforms:disconnect") return vi.fn();
    // Settings → Notifications (its own suite tests it).
    if (getFunctionName(ref) === "notifications:setPreferences") return vi.fn();
    if (getFunctionName(ref) === "creators:setTotalsHidden") return setTotalsHidden;
    if (getFunctionName(ref) === "digest:setSubscription") return vi.fn();
    throw new Error(`unexpected mutation ${getFunctionName(ref)}`);
  }) as unknown as typeof useMutation);
  vi.mocked(useAction).mockReturnValue(vi.fn() as unknown as ReturnType<typeof useAction>);
  vi.mocked(usePaginatedQuery).mockReturnValue({
    results: [],
    status: "Exhausted",
    isLoading: false,
    loadMore: vi.fn(),
  } as unknown as ReturnType<typeof usePaginatedQuery>);
  setUser(makeUser());
});

describe("ProfilePage", () => {
  it("sends a visitor without a session to /login, remembering the page", () => {
    setSession({ isLoading: false, isAuthenticated: false });
    renderProfile("/profile?tab=settings");

    expect(pathname()).toBe("/login");
    expect(screen.getByTestId("navigation")).toHaveTextContent("REPLACE");
    expect(screen.getByTestId("from")).toHaveTextContent("/profile?tab=settings");
  });

  it("shows a placeholder while the session or the profile loads", () => {
    setSession({ isLoading: true, isAuthenticated: false });
    const { unmount } = renderProfile();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your profile...");
    expect(pathname()).toBe("/profile");
    unmount();

    setSession({ isLoading: false, isAuthenticated: true });
    setUser(undefined);
    renderProfile();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your profile...");
  });

  it("welcomes the person by name, with their picture", () => {
    setUser(makeUser({ displayName: "Ada Lovelace", avatarUrl: "https://example.com/ada.png" }));
    const { container } = renderProfile();

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome, Ada Lovelace!");
    const picture = container.querySelector("img");
    expect(picture).toHaveAttribute("src", "https://example.com/ada.png");
    expect(picture).toHaveAttribute("alt", "");
  });

  it("shows initials when the picture fails to load", () => {
    setUser(makeUser({ displayName: "Ada Lovelace", avatarUrl: "https://example.com/broken.png" }));
    const { container } = renderProfile();

    fireEvent.error(container.querySelector("img")!);

    expect(container.querySelector("img")).not.toBeInTheDocument();
    expect(screen.getByText("AL")).toBeInTheDocument();
  });

  it("calls a person without a display name Anonymous", () => {
    setUser(makeUser({ displayName: "", avatarUrl: null }));
    renderProfile();

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome, Anonymous!");
    expect(screen.getByText("A")).toBeInTheDocument();
  });

  it("opens on My Bounties, with a way to post an idea", () => {
    renderProfile();

    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "My Bounties",
      "Submissions",
      "Settings",
    ]);
    expect(tab("My Bounties")).toHaveAttribute("aria-selected", "true");
    expect(panel()).toHaveAccessibleName("My Bounties");
    expect(within(panel()).getByText("Your original ideas will appear here.")).toBeVisible();
    expect(within(panel()).getByRole("link", { name: "Post an idea" })).toHaveAttribute(
      "href",
      "/submit",
    );
  });

  it("shows the Submissions empty state with a way to find an idea", async () => {
    const user = userEvent.setup();
    renderProfile();

    await user.click(tab("Submissions"));

    expect(tab("Submissions")).toHaveAttribute("aria-selected", "true");
    expect(within(panel()).getByText("Your videos will appear here.")).toBeVisible();
    expect(within(panel()).getByRole("link", { name: "Find an idea" })).toHaveAttribute(
      "href",
      "/ideas",
    );
    expect(search()).toBe("?tab=submissions");
  });

  it("moves between tabs with the arrow keys, Home and End", async () => {
    const user = userEvent.setup();
    renderProfile();

    // Past the header's links (studio, creator page) to the tab list, one tab stop.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(tab("My Bounties")).toHaveFocus();
    // Only the selected tab is a tab stop.
    expect(tab("Submissions")).toHaveAttribute("tabindex", "-1");

    await user.keyboard("{ArrowRight}");
    expect(tab("Submissions")).toHaveFocus();
    expect(tab("Submissions")).toHaveAttribute("aria-selected", "true");
    expect(panel()).toHaveAccessibleName("Submissions");
    // Radix moves focus (and so selection) a tick after the key press, and the router writes
    // the address in a transition: the address follows shortly after.
    await vi.waitFor(() => expect(search()).toBe("?tab=submissions"));

    await user.keyboard("{ArrowRight}");
    expect(tab("Settings")).toHaveFocus();
    expect(panel()).toHaveAccessibleName("Settings");

    await user.keyboard("{ArrowRight}");
    expect(tab("My Bounties")).toHaveFocus();
    expect(panel()).toHaveAccessibleName("My Bounties");

    await user.keyboard("{ArrowLeft}");
    expect(tab("Settings")).toHaveFocus();

    await user.keyboard("{Home}");
    expect(tab("My Bounties")).toHaveFocus();

    await user.keyboard("{End}");
    expect(tab("Settings")).toHaveFocus();
    await vi.waitFor(() => expect(search()).toBe("?tab=settings"));
  });

  it("opens the tab named in the address", () => {
    renderProfile("/profile?tab=settings");

    expect(tab("Settings")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { name: "Preferences" })).toBeVisible();
  });

  it("opens My Bounties for an unknown tab", () => {
    renderProfile("/profile?tab=nope");
    expect(tab("My Bounties")).toHaveAttribute("aria-selected", "true");
  });
});

describe("ProfilePage Settings", () => {
  it("lists the saved preferences", () => {
    setUser(makeUser({ displayName: "Ada", accountType: "Business", preferredPlatform: "TikTok" }));
    renderProfile("/profile?tab=settings");

    expect(preference("Display Name")).toHaveTextContent("Ada");
    expect(preference("Account Type")).toHaveTextContent("Business");
    expect(preference("Preferred Platform")).toHaveTextContent("TikTok");
  });

  it("links to the creator page and hides its totals with one switch", async () => {
    totalsHidden = false;
    setTotalsHidden.mockResolvedValue(null);
    renderProfile("/profile?tab=settings");
    const section = screen.getByRole("region", { name: "Your creator page" });
    expect(within(section).getByRole("link", { name: "your creator page" })).toHaveAttribute(
      "href",
      `/creators/${makeUser()._id}`,
    );
    const toggle = within(section).getByRole("switch", {
      name: "Show what I was paid on my creator page",
    });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(setTotalsHidden).toHaveBeenCalledWith({ hidden: true });
  });

  it("a person who makes no videos sees Creator Settings folded (spec §2), no payouts, and how to get them", async () => {
    makesVideos = false;
    setUser(makeUser({ accountType: "Viewer" }));
    renderProfile("/profile?tab=settings");
    // Spec §2 lists Creator Settings for every account type: there, folded until opened.
    const heading = screen.getByRole("heading", { name: "Creator Settings" });
    const folded = heading.closest("details")!;
    expect(folded).not.toHaveAttribute("open");
    await userEvent.click(heading);
    expect(folded).toHaveAttribute("open");
    expect(within(folded).getByRole("button", { name: "Connect YouTube Channel" })).toBeVisible();
    expect(within(folded).getByRole("button", { name: "Connect TikTok Account" })).toBeVisible();
    expect(within(folded).getByText("Your Videos:")).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Payouts" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your creator page" })).not.toBeInTheDocument();
    expect(screen.getByText(/Making videos too\?/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Manage Preferences" })).toHaveAttribute(
      "href",
      "/onboard",
    );
  });

  it("a creator sees the creator's tools, unfolded, and the profile header links their pages", () => {
    setUser(makeUser({ accountType: "Creator" }));
    renderProfile("/profile?tab=settings");
    expect(screen.getByRole("heading", { name: "Creator Settings" }).closest("details")).toBeNull();
    expect(screen.getByRole("heading", { name: "Creator Settings" })).toBeVisible();
    const links = screen.getByRole("navigation", { name: "Your pages" });
    expect(within(links).getByRole("link", { name: "Your studio" })).toHaveAttribute(
      "href",
      "/studio",
    );
    expect(within(links).getByRole("link", { name: "Your creator page" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/creators\//),
    );
    expect(screen.getByRole("region", { name: "Your creator page" })).toBeVisible();
    expect(screen.queryByText(/Making videos too\?/)).not.toBeInTheDocument();
  });

  it("shows Viewer and YouTube, TikTok when nothing is chosen", () => {
    setUser(makeUser({ accountType: null, preferredPlatform: null }));
    renderProfile("/profile?tab=settings");

    expect(preference("Account Type")).toHaveTextContent("Viewer");
    expect(preference("Preferred Platform")).toHaveTextContent("YouTube, TikTok");
  });

  it("shows YouTube, TikTok for Both", () => {
    setUser(makeUser({ preferredPlatform: "Both" }));
    renderProfile("/profile?tab=settings");

    expect(preference("Preferred Platform")).toHaveTextContent("YouTube, TikTok");
  });

  it("goes to /onboard to manage preferences", async () => {
    const user = userEvent.setup();
    renderProfile("/profile?tab=settings");

    await user.click(screen.getByRole("button", { name: "Manage Preferences" }));

    expect(pathname()).toBe("/onboard");
  });

  it("signs out and goes to /ideas without a detour via /login", async () => {
    // As in the app: signing out ends the session, and the page re-renders signed out.
    signOut.mockImplementation(async () => {
      setSession({ isLoading: false, isAuthenticated: false });
    });
    const user = userEvent.setup();
    renderProfile("/profile?tab=settings");

    await user.click(screen.getByRole("button", { name: "Sign Out" }));

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(pathname()).toBe("/ideas");
    expect(visited).not.toContain("/login");
  });

  it("says so when signing out fails", async () => {
    signOut.mockRejectedValue(new Error("offline"));
    const user = userEvent.setup();
    renderProfile("/profile?tab=settings");

    await user.click(screen.getByRole("button", { name: "Sign Out" }));

    expect(toast.error).toHaveBeenCalledWith("Failed to sign out", { id: TOAST_IDS.signOut });
    expect(pathname()).toBe("/profile");
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeEnabled();
  });

  describe("display name", () => {
    it("can be changed inline", async () => {
      let finish: () => void = () => {};
      updateDisplayName.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
      const user = userEvent.setup();
      renderProfile("/profile?tab=settings");

      await user.click(screen.getByRole("button", { name: "Edit display name" }));
      const input = screen.getByRole("textbox", { name: "Display name" });
      expect(input).toHaveFocus();
      expect(input).toHaveValue("Ada Lovelace");
      expect(input).toHaveAttribute("maxLength", "50");

      await user.clear(input);
      await user.type(input, "  Countess Ada ");
      await user.click(screen.getByRole("button", { name: "Save" }));

      expect(updateDisplayName).toHaveBeenCalledWith({ displayName: "Countess Ada" });
      expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();

      await act(async () => finish());

      expect(toast.success).toHaveBeenCalledWith("Display name updated", {
        id: TOAST_IDS.saveDisplayName,
      });
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Edit display name" })).toHaveFocus();
    });

    it("shows the server's message when the name is refused", async () => {
      updateDisplayName.mockRejectedValue(
        new ConvexError({ message: "Display names are at most 50 characters." }),
      );
      const user = userEvent.setup();
      renderProfile("/profile?tab=settings");

      await user.click(screen.getByRole("button", { name: "Edit display name" }));
      await user.type(screen.getByRole("textbox", { name: "Display name" }), "!");
      await user.click(screen.getByRole("button", { name: "Save" }));

      expect(toast.error).toHaveBeenCalledWith("Display names are at most 50 characters.", {
        id: TOAST_IDS.saveDisplayName,
      });
      // The editor stays open with what was typed.
      expect(screen.getByRole("textbox", { name: "Display name" })).toHaveValue("Ada Lovelace!");
    });

    it("asks for a name instead of saving an empty one", async () => {
      const user = userEvent.setup();
      renderProfile("/profile?tab=settings");

      await user.click(screen.getByRole("button", { name: "Edit display name" }));
      await user.clear(screen.getByRole("textbox", { name: "Display name" }));
      await user.click(screen.getByRole("button", { name: "Save" }));

      expect(toast.error).toHaveBeenCalledWith("Please enter a display name.", {
        id: TOAST_IDS.saveDisplayName,
      });
      expect(updateDisplayName).not.toHaveBeenCalled();
    });

    it("can be cancelled with the button or Escape", async () => {
      const user = userEvent.setup();
      renderProfile("/profile?tab=settings");

      await user.click(screen.getByRole("button", { name: "Edit display name" }));
      await user.type(screen.getByRole("textbox", { name: "Display name" }), "xyz");
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(preference("Display Name")).toHaveTextContent("Ada Lovelace");
      expect(screen.getByRole("button", { name: "Edit display name" })).toHaveFocus();

      await user.click(screen.getByRole("button", { name: "Edit display name" }));
      expect(screen.getByRole("textbox", { name: "Display name" })).toHaveValue("Ada Lovelace");
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
      expect(updateDisplayName).not.toHaveBeenCalled();
    });
  });
});
