import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import CompletedPage from "./CompletedPage";
import DiscoverPage from "./DiscoverPage";
import IdeasPage from "./IdeasPage";
import SearchPage, { SEARCH_DEBOUNCE_MS } from "./SearchPage";
import { renderRoute } from "../test/accounts";
import { lastListArgs, makeIdea, mockList, mockSession, type ListState } from "../test/lists";

vi.mock("convex/react", () => ({
  // Checkout and other actions are not under test here.
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

let state: ListState;

const sortNames = () =>
  screen.queryAllByRole("radio").map((radio) => radio.closest("label")?.textContent);
const pathname = () => screen.getByTestId("pathname").textContent;
const search = () => screen.getByTestId("search").textContent;

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
  state = {
    results: [makeIdea({ title: "Pigeon documentary" })],
    status: "Exhausted",
    loadMore: vi.fn(),
  };
  mockList(state);
});

describe("IdeasPage", () => {
  it("lists the open bounties with every sort", () => {
    renderRoute(<IdeasPage />, { at: "/ideas", path: "/ideas" });
    expect(screen.getByRole("heading", { level: 1, name: "Open bounties" })).toBeInTheDocument();
    expect(sortNames()).toEqual(["Recent", "Popular", "Payout", "Expiring Soon"]);
    expect(lastListArgs()).toEqual({ view: "open", sort: "recent" });
    expect(document.title).toBe("Open bounties · Bounties");
  });
});

describe("DiscoverPage", () => {
  it("lists every bounty without the Expiring Soon sort", () => {
    renderRoute(<DiscoverPage />, { at: "/discover", path: "/discover" });
    expect(screen.getByRole("heading", { level: 1, name: "Discover" })).toBeInTheDocument();
    expect(sortNames()).toEqual(["Recent", "Popular", "Payout"]);
    expect(lastListArgs()).toEqual({ view: "all", sort: "recent" });
  });

  it("ignores an Expiring Soon sort in the address", () => {
    renderRoute(<DiscoverPage />, { at: "/discover?sort=expiring", path: "/discover" });
    expect(screen.getByRole("radio", { name: "Recent" })).toBeChecked();
    expect(lastListArgs()).toMatchObject({ sort: "recent" });
  });
});

describe("SearchPage", () => {
  it("shows All Bounties without a query", () => {
    renderRoute(<SearchPage />, { at: "/search", path: "/search" });
    expect(screen.getByRole("heading", { level: 1, name: "All Bounties" })).toBeInTheDocument();
    expect(lastListArgs()).toEqual({ view: "all", sort: "recent" });
  });

  it("shows what the results relate to, best matches first", () => {
    renderRoute(<SearchPage />, { at: "/search?q=pigeons", path: "/search" });
    expect(
      screen.getByRole("heading", { level: 1, name: 'Bounties related to "pigeons"' }),
    ).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search bounties" })).toHaveValue("pigeons");
    expect(screen.getByText("Best matches first")).toBeInTheDocument();
    expect(lastListArgs()).toEqual({ view: "all", sort: "recent", search: "pigeons" });
  });

  it("offers to create a bounty when nothing matches", () => {
    state.results = [];
    renderRoute(<SearchPage />, { at: "/search?q=zzz", path: "/search" });
    expect(screen.getByText('No bounties match "zzz" yet.')).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a bounty!" })).toHaveAttribute(
      "href",
      "/submit",
    );
  });

  it("updates the address shortly after typing, replacing the entry", () => {
    vi.useFakeTimers();
    try {
      renderRoute(<SearchPage />, { at: "/search", path: "/search" });
      fireEvent.change(screen.getByRole("searchbox", { name: "Search bounties" }), {
        target: { value: "cats" },
      });
      expect(search()).toBe("");
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      });
      expect(search()).toBe("?q=cats");
      expect(screen.getByTestId("navigation")).toHaveTextContent("REPLACE");
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
        'Bounties related to "cats"',
      );
      expect(screen.getByRole("searchbox", { name: "Search bounties" })).toHaveValue("cats");
    } finally {
      vi.useRealTimers();
    }
  });

  it("searches at once on submit", async () => {
    renderRoute(<SearchPage />, { at: "/search?q=cats", path: "/search" });
    const box = screen.getByRole("searchbox", { name: "Search bounties" });
    await userEvent.clear(box);
    await userEvent.type(box, "dogs{Enter}");
    expect(search()).toBe("?q=dogs");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      'Bounties related to "dogs"',
    );
  });
});

describe("CompletedPage", () => {
  it("lists the completed bounties", () => {
    renderRoute(<CompletedPage />, { at: "/completed", path: "/completed" });
    expect(
      screen.getByRole("heading", { level: 1, name: "Completed bounties" }),
    ).toBeInTheDocument();
    expect(lastListArgs()).toEqual({ view: "completed", sort: "recent" });
  });

  it("sends a search to /search?q=", async () => {
    renderRoute(<CompletedPage />, { at: "/completed", path: "/completed" });
    const box = screen.getByPlaceholderText("Search for bounties");
    await userEvent.type(box, "pigeons{Enter}");
    expect(pathname()).toBe("/search");
    expect(search()).toBe("?q=pigeons");
  });
});
