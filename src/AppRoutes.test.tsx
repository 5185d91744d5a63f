import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import App, { preloadPage } from "./App";
import { makeIdea, mockList, mockSession } from "./test/lists";

vi.mock("convex/react", () => ({
  // Checkout and other actions are not under test here.
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
  // The shell's "Reconnecting…" notice reads the live connection: always up here.
  useConvex: () => ({
    connectionState: () => ({ hasEverConnected: true, isWebSocketConnected: true }),
    subscribeToConnectionState: () => () => {},
  }),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

function renderAt(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
  mockList({ results: [makeIdea()], status: "Exhausted", loadMore: vi.fn() });
});

describe("lazily loaded list routes", () => {
  it.each([
    ["/ideas", "Open bounties"],
    ["/discover", "Discover"],
    ["/search?q=lego", 'Bounties related to "lego"'],
    ["/completed", "Completed bounties"],
  ])("%s loads its page", async (at, heading) => {
    renderAt(at);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe("contribution route", () => {
  it("/contribution without a session id loads its page and says what is missing", async () => {
    renderAt("/contribution");
    expect(await screen.findByText("Error: Missing session ID")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
  });
});

describe("preloaded pages", () => {
  it("render at once, with no loading skeleton, once preloadPage has fetched their code", async () => {
    await preloadPage("/ideas/");
    renderAt("/ideas");
    expect(screen.getByRole("heading", { level: 1, name: "Open bounties" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Loading…")).not.toBeInTheDocument();
  });

  it("preloads the not-found page for an unknown path, and nothing for the landing page", async () => {
    await expect(preloadPage("/")).resolves.toBeUndefined();
    await preloadPage("/no-such-page");
    renderAt("/no-such-page");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });
});
