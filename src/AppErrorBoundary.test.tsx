// The real shell (Layout) around a page that throws and a lazy page whose code fails to load:
// the route error boundary takes the main area only, and navigating with the header resets it.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import App from "./App";
import { makeIdea, mockList, mockSession } from "./test/lists";

vi.mock("convex/react", () => ({
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));
// /discover throws while rendering; /search's code cannot be downloaded.
vi.mock("./pages/DiscoverPage", () => ({
  default: () => {
    throw new Error("Discover broke");
  },
}));
vi.mock("./pages/SearchPage", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/SearchPage.js");
});

function renderAt(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  mockSession({ signedIn: false });
  mockList({ results: [makeIdea()], status: "Exhausted", loadMore: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe("route error boundary in the app shell", () => {
  it("keeps the header and footer when a page throws, and resets on navigation", async () => {
    const user = userEvent.setup();
    renderAt("/discover");

    expect(await screen.findByRole("heading", { name: "Something went wrong on this page" }));
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();

    const header = screen.getByRole("banner");
    await user.click(screen.getAllByRole("link", { name: "Bounties" })[0]!);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Open bounties" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong on this page")).not.toBeInTheDocument();
    expect(header).toBeInTheDocument();
  });

  it("offers a reload when a page's code fails to load", async () => {
    renderAt("/search?q=cats");

    expect(await screen.findByRole("heading", { name: "This page could not be loaded" }));
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
  });
});
