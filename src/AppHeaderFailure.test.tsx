// A header that throws must not blank the app: a plain header stands in, the page still shows.
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import App from "./App";
import { makeIdea, mockList, mockSession } from "./test/lists";
import headerStyles from "./components/Header.module.css";

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
vi.mock("./components/Header", () => ({
  default: () => {
    throw new Error("Header broke");
  },
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  mockSession({ signedIn: false });
  mockList({ results: [makeIdea()], status: "Exhausted", loadMore: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe("a header that throws", () => {
  it("is replaced by a plain header while the page and footer still render", async () => {
    render(
      <MemoryRouter initialEntries={["/ideas"]}>
        <App />
      </MemoryRouter>,
    );

    expect(
      await screen.findByRole("heading", { level: 1, name: "Open bounties" }),
    ).toBeInTheDocument();
    const [home] = screen.getAllByRole("link", { name: "Bounties home" });
    expect(home!.closest("header")).toHaveClass(headerStyles.siteHeader!);
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });
});
