import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, useLocation } from "react-router-dom";
import IdeaList from "./IdeaList";
import { lastListArgs, makeIdea, mockList, mockSession } from "../../test/lists";

vi.mock("convex/react", () => ({
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderAt(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <IdeaList view="open" />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByTestId("address").textContent;
const chip = (group: string, name: string) =>
  within(screen.getByRole("group", { name: group })).getByRole("button", { name });

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
  mockList({
    results: [makeIdea({ _id: "a" as never, title: "First idea" })],
    status: "Exhausted",
    loadMore: vi.fn(),
  });
});

describe("list filter chips", () => {
  it("read the filters from the address and send them to the list query", () => {
    renderAt("/ideas?platform=TikTok&length=SHORT&sort=popular");
    expect(chip("Platform", "TikTok")).toHaveAttribute("aria-pressed", "true");
    expect(chip("Platform", "YouTube")).toHaveAttribute("aria-pressed", "false");
    expect(chip("Video length", "Short")).toHaveAttribute("aria-pressed", "true");
    expect(lastListArgs()).toEqual({
      view: "open",
      sort: "popular",
      platform: "TikTok",
      duration: "SHORT",
    });
  });

  it("ignore unknown values in the address instead of sending them", () => {
    renderAt("/ideas?platform=Vimeo&length=TINY");
    expect(lastListArgs()).toEqual({ view: "open", sort: "recent" });
    expect(screen.queryAllByRole("button", { pressed: true })).toEqual([]);
  });

  it("write a pressed chip to the address, keep the sort, and clear it on a second press", async () => {
    const user = userEvent.setup();
    renderAt("/ideas?sort=payout");
    await user.click(chip("Platform", "TikTok"));
    expect(address()).toBe("?sort=payout&platform=TikTok");
    expect(lastListArgs()).toEqual({ view: "open", sort: "payout", platform: "TikTok" });
    await user.click(chip("Video length", "Long"));
    expect(address()).toBe("?sort=payout&platform=TikTok&length=LONG");
    await user.click(chip("Platform", "YouTube"));
    expect(address()).toBe("?sort=payout&platform=YouTube&length=LONG");
    await user.click(chip("Platform", "YouTube"));
    expect(address()).toBe("?sort=payout&length=LONG");
    expect(lastListArgs()).toEqual({ view: "open", sort: "payout", duration: "LONG" });
  });

  it("say when nothing matches and offer to clear the filters", async () => {
    mockList({ results: [], status: "Exhausted", loadMore: vi.fn() });
    const user = userEvent.setup();
    renderAt("/ideas?platform=YouTube&sort=popular");
    expect(screen.getByText("No ideas match these filters.")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(address()).toBe("?sort=popular");
  });

  it("read on at once when a filtered page comes back empty, never showing a lone 'Load more'", () => {
    const loadMore = vi.fn();
    mockList({ results: [], status: "CanLoadMore", loadMore });
    renderAt("/ideas?platform=TikTok");
    // The next page is asked for without a click, and the list shows its placeholder meanwhile.
    expect(loadMore).toHaveBeenCalledWith(10);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.queryByText("No ideas match these filters.")).not.toBeInTheDocument();
  });

  it("an unfiltered list with more to read keeps its 'Load more' button", () => {
    const loadMore = vi.fn();
    mockList({
      results: [makeIdea({ _id: "a" as never, title: "First idea" })],
      status: "CanLoadMore",
      loadMore,
    });
    renderAt("/ideas");
    expect(loadMore).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Load more" })).toBeInTheDocument();
  });
});
