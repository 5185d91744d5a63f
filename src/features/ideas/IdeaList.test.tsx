import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { toast } from "sonner";
import IdeaList from "./IdeaList";
import { lastListArgs, makeIdea, mockList, mockSession, type ListState } from "../../test/lists";

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

function renderList(ui = <IdeaList view="open" />, at = "/ideas") {
  return render(<MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>);
}

const radioNames = () =>
  screen.queryAllByRole("radio").map((radio) => radio.closest("label")?.textContent);

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
  state = {
    results: [
      makeIdea({ _id: "a" as never, title: "First idea" }),
      makeIdea({ _id: "b" as never, title: "Second idea" }),
    ],
    status: "CanLoadMore",
    loadMore: vi.fn(),
  };
  mockList(state);
});

afterEach(() => vi.restoreAllMocks());

describe("IdeaList", () => {
  it("offers Recent, Popular, Payout and Expiring Soon, starting with the initial sort", () => {
    renderList(<IdeaList view="open" initialSort="recent" />);
    expect(screen.getByRole("group", { name: "Sort by" })).toBeInTheDocument();
    expect(radioNames()).toEqual(["Recent", "Popular", "Payout", "Expiring Soon"]);
    expect(screen.getByRole("radio", { name: "Recent" })).toBeChecked();
    expect(lastListArgs()).toEqual({ view: "open", sort: "recent" });
  });

  it("hides Expiring Soon when asked", () => {
    renderList(<IdeaList view="all" hideExpiringSort />);
    expect(radioNames()).toEqual(["Recent", "Popular", "Payout"]);
  });

  it("asks the server for the chosen sort", async () => {
    renderList();
    await userEvent.click(screen.getByRole("radio", { name: "Popular" }));
    expect(screen.getByRole("radio", { name: "Popular" })).toBeChecked();
    expect(lastListArgs()).toEqual({ view: "open", sort: "popular" });
    expect(vi.mocked(await import("convex/react")).usePaginatedQuery).toHaveBeenLastCalledWith(
      expect.anything(),
      { view: "open", sort: "popular" },
      { initialNumItems: 10 },
    );
  });

  it("reads the sort from the address", () => {
    renderList(<IdeaList view="open" />, "/ideas?sort=payout");
    expect(screen.getByRole("radio", { name: "Payout" })).toBeChecked();
    expect(lastListArgs()).toMatchObject({ sort: "payout" });
  });

  it("searches in relevance order without a sort control", () => {
    renderList(<IdeaList view="all" search="  pigeons " />);
    expect(screen.getByText("Best matches first")).toBeInTheDocument();
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    expect(lastListArgs()).toEqual({ view: "all", sort: "recent", search: "pigeons" });
  });

  it("shows skeleton cards while the first page loads", () => {
    state.status = "LoadingFirstPage";
    state.results = [];
    renderList();
    expect(screen.getByRole("status")).toHaveTextContent("Loading bounties…");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("lists the ideas in the server's order, each once", () => {
    state.results = [
      makeIdea({ _id: "a" as never, title: "First idea" }),
      makeIdea({ _id: "b" as never, title: "Second idea" }),
      makeIdea({ _id: "a" as never, title: "First idea" }),
    ];
    renderList();
    const titles = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(["First idea", "Second idea"]);
  });

  it("offers +$5 on open ideas only: a finished card shows its outcome instead", () => {
    state.results = [
      makeIdea({ _id: "a" as never, title: "Open idea" }),
      makeIdea({
        _id: "b" as never,
        title: "Awarded idea",
        status: "settled",
        ending: { kind: "awarded", awardedCents: 500, paidOutCents: 500 },
      }),
    ];
    renderList();
    const open = screen.getByRole("article", { name: "Open idea" });
    const done = screen.getByRole("article", { name: "Awarded idea" });
    expect(within(open).getByRole("button", { name: /\$5/ })).toBeEnabled();
    expect(within(done).queryByRole("button", { name: /\$5/ })).not.toBeInTheDocument();
    expect(within(done).getAllByText("Awarded")).toHaveLength(2);
  });

  it("loads more while more exist", async () => {
    renderList();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(state.loadMore).toHaveBeenCalledWith(10);
  });

  it("says Loading… while loading more", () => {
    state.status = "LoadingMore";
    renderList();
    expect(screen.getByRole("button", { name: "Loading…" })).toBeDisabled();
  });

  it("has no Load more button once everything is shown", () => {
    state.status = "Exhausted";
    renderList();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows the empty state when there is nothing", () => {
    state.status = "Exhausted";
    state.results = [];
    renderList(<IdeaList view="open" emptyState={<p>Nothing here</p>} />);
    expect(screen.getByText("Nothing here")).toBeInTheDocument();
  });

  it("shows 'Failed to load proposals' and toasts it once when the query fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.error = new Error("boom");
    renderList();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load proposals");
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Failed to load proposals", expect.anything());

    // Trying again after the failure has passed shows the list.
    state.error = undefined;
    await act(async () => {
      await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("First idea")).toBeInTheDocument();
  });
});
