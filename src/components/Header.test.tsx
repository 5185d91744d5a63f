import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, type Location } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth } from "convex/react";
import { getFunctionName } from "convex/server";
import Header from "./Header";
import headerStyles from "./Header.module.css";

const profile = vi.hoisted(() => ({
  current: null as null | undefined | { displayName: string; avatarUrl: string | null },
  unread: 0,
}));

// users:current answers with the profile set here; the unread count with profile.unread.
vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn((query: Parameters<typeof getFunctionName>[0], args: unknown) =>
    args === "skip"
      ? undefined
      : getFunctionName(query) === "users:current"
        ? profile.current
        : profile.unread,
  ),
}));

const mockedAuth = vi.mocked(useConvexAuth);

function setSession(session: { isLoading: boolean; isAuthenticated: boolean }) {
  mockedAuth.mockReturnValue({ ...session, isRefreshing: false });
}

/** Shows where the router is and the return-to state it was given. */
function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return (
    <div data-testid="probe">
      <span data-testid="pathname">{location.pathname}</span>
      <span data-testid="search">{location.search}</span>
      <span data-testid="from">{from ? `${from.pathname}${from.search}${from.hash}` : "none"}</span>
    </div>
  );
}

function renderHeader(initialPath = "/") {
  return render(
    <MemoryRouter initialEntries={[initialPath]}>
      <Header />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function mainNav() {
  return screen.getByRole("navigation", { name: "Main" });
}

describe("Header", () => {
  beforeEach(() => {
    mockedAuth.mockReset();
    profile.current = { displayName: "Ada Lovelace", avatarUrl: null };
    profile.unread = 0;
  });

  it("links the logo home and shows the Bounties and Discover links", () => {
    setSession({ isLoading: false, isAuthenticated: false });
    renderHeader();

    expect(screen.getByRole("link", { name: "Bounties home" })).toHaveAttribute("href", "/");
    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Bounties" })).toHaveAttribute("href", "/ideas");
    expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("href", "/discover");
    expect(nav.getByRole("link", { name: "Completed" })).toHaveAttribute("href", "/completed");
  });

  it("sends the header search to the search page and clears the box", async () => {
    setSession({ isLoading: false, isAuthenticated: false });
    const user = userEvent.setup();
    renderHeader("/ideas");

    const box = within(mainNav()).getByRole("searchbox", { name: "Search bounties" });
    await user.type(box, "  cat videos {enter}");

    expect(screen.getByTestId("pathname")).toHaveTextContent("/search");
    expect(screen.getByTestId("search")).toHaveTextContent("?q=cat+videos");
    expect(box).toHaveValue("");
  });

  it("shows the signed-in person's initials and name, linking to their profile", () => {
    setSession({ isLoading: false, isAuthenticated: true });
    const { container } = renderHeader();

    const me = within(mainNav()).getByRole("link", { name: "Ada Lovelace, profile" });
    expect(me).toHaveAttribute("href", "/profile");
    expect(me).toHaveTextContent("ALAda Lovelace");
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows the provider's picture when there is one", () => {
    setSession({ isLoading: false, isAuthenticated: true });
    profile.current = { displayName: "Ada Lovelace", avatarUrl: "https://pics.example/ada.png" };
    renderHeader();

    const me = within(mainNav()).getByRole("link", { name: "Ada Lovelace, profile" });
    const picture = me.querySelector("img");
    expect(picture).toHaveAttribute("src", "https://pics.example/ada.png");
    expect(picture).toHaveAttribute("width", "28");
  });

  it("reads Profile, not a wrong name, while the profile loads", () => {
    setSession({ isLoading: false, isAuthenticated: true });
    profile.current = undefined;
    renderHeader();

    expect(within(mainNav()).getByRole("link", { name: "Profile" })).toHaveAttribute(
      "href",
      "/profile",
    );
  });

  it("shows Login and Register, and no Profile, when signed out", () => {
    setSession({ isLoading: false, isAuthenticated: false });
    renderHeader();

    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(nav.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/login");
    expect(nav.queryByRole("link", { name: /profile$/i })).not.toBeInTheDocument();
  });

  it("shows Profile, and no Login or Register, when signed in", () => {
    setSession({ isLoading: false, isAuthenticated: true });
    renderHeader();

    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: /profile$/ })).toHaveAttribute("href", "/profile");
    expect(nav.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(nav.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
  });

  it("shows neither the account links nor Profile while the session is loading", () => {
    setSession({ isLoading: true, isAuthenticated: false });
    renderHeader();

    const nav = within(mainNav());
    expect(nav.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(nav.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    expect(nav.queryByRole("link", { name: /profile$/i })).not.toBeInTheDocument();
    // The main links do not depend on the session.
    expect(nav.getByRole("link", { name: "Bounties" })).toBeInTheDocument();
  });

  it.each(["Login", "Register"])(
    "passes the current location as return-to state from %s",
    async (name) => {
      setSession({ isLoading: false, isAuthenticated: false });
      const user = userEvent.setup();
      renderHeader("/discover?sort=payout#top");

      expect(screen.getByTestId("from")).toHaveTextContent("none");
      await user.click(within(mainNav()).getByRole("link", { name }));

      expect(screen.getByTestId("pathname")).toHaveTextContent("/login");
      expect(screen.getByTestId("from")).toHaveTextContent("/discover?sort=payout#top");
    },
  );

  it("marks the link of the current page as active", () => {
    setSession({ isLoading: false, isAuthenticated: false });
    renderHeader("/discover");

    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "Bounties" })).not.toHaveAttribute("aria-current");
  });

  describe("mobile menu", () => {
    it("shows an unread dot on the closed menu's button, and says how many", async () => {
      setSession({ isLoading: false, isAuthenticated: true });
      profile.unread = 3;
      const user = userEvent.setup();
      renderHeader();
      const toggle = screen.getByRole("button", { name: "Open menu, 3 unread" });
      expect(screen.getByTestId("unread-dot")).toBeInTheDocument();
      // Open, the inbox link itself shows the count; the dot goes.
      await user.click(toggle);
      expect(toggle).toHaveAccessibleName("Close menu");
      expect(screen.queryByTestId("unread-dot")).not.toBeInTheDocument();
      expect(within(mainNav()).getByRole("link", { name: "Inbox 3 unread" })).toBeVisible();
    });

    it("shows no dot when nothing is unread", () => {
      setSession({ isLoading: false, isAuthenticated: true });
      renderHeader();
      expect(screen.getByRole("button", { name: "Open menu" })).toBeInTheDocument();
      expect(screen.queryByTestId("unread-dot")).not.toBeInTheDocument();
    });

    it("opens and closes with the toggle button", async () => {
      setSession({ isLoading: false, isAuthenticated: false });
      const user = userEvent.setup();
      renderHeader();

      const toggle = screen.getByRole("button", { name: "Open menu" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(toggle).toHaveAttribute("aria-controls", mainNav().id);
      expect(mainNav()).not.toHaveClass(headerStyles.isOpen!);

      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(toggle).toHaveAccessibleName("Close menu");
      expect(mainNav()).toHaveClass(headerStyles.isOpen!);
      // The same links are in the revealed menu.
      expect(within(mainNav()).getByRole("link", { name: "Discover" })).toBeVisible();
      expect(within(mainNav()).getByRole("link", { name: "Register" })).toBeVisible();

      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(toggle).toHaveAccessibleName("Open menu");
      expect(mainNav()).not.toHaveClass(headerStyles.isOpen!);
    });

    it("closes on Escape and gives focus back to the toggle", async () => {
      setSession({ isLoading: false, isAuthenticated: false });
      const user = userEvent.setup();
      renderHeader();

      const toggle = screen.getByRole("button", { name: "Open menu" });
      await user.click(toggle);
      await user.tab();
      expect(toggle).not.toHaveFocus();

      await user.keyboard("{Escape}");
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(toggle).toHaveFocus();
    });

    it("closes when a link is followed", async () => {
      setSession({ isLoading: false, isAuthenticated: true });
      const user = userEvent.setup();
      renderHeader("/ideas");

      await user.click(screen.getByRole("button", { name: "Open menu" }));
      await user.click(within(mainNav()).getByRole("link", { name: /profile$/ }));

      expect(screen.getByTestId("pathname")).toHaveTextContent("/profile");
      expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      expect(mainNav()).not.toHaveClass(headerStyles.isOpen!);
    });

    it("closes when the user clicks outside the header", async () => {
      setSession({ isLoading: false, isAuthenticated: false });
      const user = userEvent.setup();
      renderHeader();

      await user.click(screen.getByRole("button", { name: "Open menu" }));
      await user.click(screen.getByTestId("probe"));

      expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    });
  });
});
