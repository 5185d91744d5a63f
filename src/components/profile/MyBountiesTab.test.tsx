import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { usePaginatedQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import MyBountiesTab, { endingBadge } from "./MyBountiesTab";
import { renderRoute } from "../../test/accounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

type Page = { results: unknown[]; status: string; loadMore: ReturnType<typeof vi.fn> } | Error;
let pages: Record<"posted" | "backed", Page>;

const idea = (overrides: Record<string, unknown>) => ({
  _id: "idea_1",
  title: "An idea",
  submissionCount: 0,
  votes: 0,
  youContributedCents: 0,
  totalCents: 0,
  status: "open",
  ending: { kind: "open" },
  yourMoney: [],
  ...overrides,
});

function renderTab() {
  return renderRoute(<MyBountiesTab />, { at: "/profile", path: "/profile" });
}

const section = (name: string) => within(screen.getByRole("region", { name }));

beforeEach(() => {
  vi.clearAllMocks();
  pages = {
    posted: {
      results: [
        idea({
          _id: "idea_1",
          title: "Drone tour of every lighthouse in Maine",
          submissionCount: 3,
          votes: 12,
          youContributedCents: 500,
          totalCents: 123450,
        }),
        idea({
          _id: "idea_2",
          title: "Bake bread with only a campfire",
          votes: -1,
          status: "settled",
          ending: { kind: "ended" },
        }),
      ],
      status: "Exhausted",
      loadMore: vi.fn(),
    },
    backed: { results: [], status: "Exhausted", loadMore: vi.fn() },
  };
  vi.mocked(usePaginatedQuery).mockImplementation(((ref: never) => {
    const page =
      pages[getFunctionName(ref) === "contributions:myPostedIdeas" ? "posted" : "backed"];
    if (page instanceof Error) throw page;
    return page;
  }) as never);
});

describe("MyBountiesTab", () => {
  it("lists each idea posted with its submissions, votes, contributions and state", () => {
    renderTab();
    const items = section("Ideas you posted").getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(
      first.getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/idea_1");
    expect(first.getByText("Number of Submissions").nextElementSibling).toHaveTextContent("3");
    expect(first.getByText("Votes").nextElementSibling).toHaveTextContent("12");
    expect(first.getByText("You Contributed: $5.00")).toBeInTheDocument();
    expect(first.getByText("Total Contributed: $1,234.50")).toBeInTheDocument();
    expect(first.getByText("Open")).toBeInTheDocument();

    const second = within(items[1]!);
    expect(second.getByText("You Contributed: $0.00")).toBeInTheDocument();
    expect(second.getByText("Votes").nextElementSibling).toHaveTextContent("-1");
    expect(second.getByText("Completed")).toBeInTheDocument();
  });

  it("lists the ideas backed, each once, with where the person's money is", () => {
    const backed = idea({
      _id: "idea_9",
      title: "Lisbon's bridges",
      status: "settled",
      ending: { kind: "refunded", refundedCents: 700, pendingCents: 0 },
      yourMoney: [
        {
          state: "refunded",
          amountCents: 700,
          at: Date.UTC(2026, 10, 2),
          until: null,
          submission: null,
        },
      ],
    });
    pages.backed = { results: [backed, backed], status: "Exhausted", loadMore: vi.fn() };
    renderTab();
    const items = section("Ideas you backed").getAllByRole("listitem");
    expect(items.filter((li) => li.classList.contains("my-bounty"))).toHaveLength(1);
    const item = within(items[0]!);
    expect(item.getByText("Refunded")).toBeInTheDocument();
    expect(item.getByText("Your money")).toBeInTheDocument();
    expect(item.getByText(/\$7\.00/)).toBeInTheDocument();
  });

  it("loads more ideas on demand instead of stopping at a cap", async () => {
    const posted = pages.posted as Exclude<Page, Error>;
    posted.status = "CanLoadMore";
    renderTab();
    await userEvent.click(section("Ideas you posted").getByRole("button", { name: "Load more" }));
    expect(posted.loadMore).toHaveBeenCalledWith(10);
  });

  it("shows the empty states with a way to post or browse", () => {
    pages.posted = { results: [], status: "Exhausted", loadMore: vi.fn() };
    renderTab();
    expect(screen.getByText("Your original ideas will appear here.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Post an idea" })).toHaveAttribute("href", "/submit");
    expect(screen.getByText("Ideas you fund will appear here.")).toBeVisible();
  });

  it("shows a placeholder while loading", () => {
    pages.posted = { results: [], status: "LoadingFirstPage", loadMore: vi.fn() };
    renderTab();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your bounties...");
    // The stand-in is shaped like the empty state, which it holds out of reach until it is true.
    expect(screen.queryByRole("link", { name: "Post an idea" })).not.toBeInTheDocument();
  });

  it("says so when the list cannot load", () => {
    pages.posted = new Error("boom");
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderTab();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load contributions");
    expect(toast.error).toHaveBeenCalledWith("Failed to load contributions", expect.anything());
  });
});

describe("endingBadge", () => {
  it("never says the winner is being chosen when no video arrived", () => {
    const judging = { kind: "judging" as const, until: 0 };
    expect(endingBadge(judging, 2).label).toBe("Choosing the winner");
    expect(endingBadge(judging, 0).label).toBe("No videos arrived");
    expect(endingBadge({ kind: "awarded", awardedCents: 1, paidOutCents: 0 }, 1).label).toBe(
      "Awarded",
    );
  });
});
