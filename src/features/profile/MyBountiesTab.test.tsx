import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { usePaginatedQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import MyBountiesTab from "./MyBountiesTab";
import { renderRoute } from "../../test/accounts";
import { ideaStates } from "../../test/ideaStates";

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
  expiration: Date.now() + 3 * 24 * 3600 * 1000 - 60_000,
  bountyCents: 0,
  backerCount: 0,
  ending: { kind: "open" },
  yourMoney: [],
  yourOptions: [],
  movedIn: [],
  editedAt: null,
  extendedFrom: null,
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
          bountyCents: 123450,
          backerCount: 3,
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
    // The card's words: time left, and the bounty with its backers.
    expect(first.getByText("3 days left")).toBeInTheDocument();
    expect(first.getByText("$1,234.50 · 3 backers")).toBeInTheDocument();

    const second = within(items[1]!);
    expect(second.getByText("You Contributed: $0.00")).toBeInTheDocument();
    expect(second.getByText("Votes").nextElementSibling).toHaveTextContent("-1");
    expect(second.getByText("Completed")).toBeInTheDocument();
    expect(second.getAllByText("Ended")).toHaveLength(2);
    expect(second.getByText("No bounty")).toBeInTheDocument();
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
    expect(section("Ideas you backed").getAllByTestId("my-bounty")).toHaveLength(1);
    const item = within(items[0]!);
    expect(item.getAllByText("Refunded")).toHaveLength(2);
    expect(item.getByText("Your money")).toBeInTheDocument();
    // The idea's figure (what its backers got back) and the person's own part of it.
    expect(item.getByText("$7.00")).toBeInTheDocument();
    expect(item.getByText(/\$7\.00 refunded/)).toBeInTheDocument();
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

describe("My Bounties while judging", () => {
  it("says 'Judging until …' and when the winner is picked, never that it was chosen", () => {
    const until = Date.UTC(2026, 11, 3, 12);
    pages.posted = {
      results: [
        idea({
          status: "judging",
          expiration: until - 7 * 24 * 3600 * 1000,
          bountyCents: 900,
          submissionCount: 2,
          ending: { kind: "judging", until, canWin: true, heldCents: 900 },
        }),
        idea({
          _id: "idea_2",
          status: "judging",
          expiration: until - 7 * 24 * 3600 * 1000,
          bountyCents: 400,
          ending: { kind: "judging", until, canWin: false, heldCents: 400 },
        }),
      ],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    // A day before judging ends: that date is still ahead.
    vi.useFakeTimers({ now: until - 24 * 3600 * 1000, toFake: ["Date"] });
    renderTab();
    const [judging, noVideo] = section("Ideas you posted").getAllByRole("listitem");
    expect(within(judging!).getByText("Judging until December 3, 2026")).toBeInTheDocument();
    // Issue 37: never "Winner picked on" a date still ahead.
    expect(
      within(judging!).getByText("Winner to be announced December 3, 2026"),
    ).toBeInTheDocument();
    expect(within(judging!).queryByText(/Winner picked on/)).not.toBeInTheDocument();
    vi.useRealTimers();
    // No video can win: the money goes back; nothing is being chosen.
    expect(within(noVideo!).getAllByText("Refunding")).toHaveLength(2);
    expect(within(noVideo!).queryByText(/Judging|Winner/)).not.toBeInTheDocument();
  });
});

describe.each(ideaStates())("My Bounties: $name", (state) => {
  it("says what the card says: the expiry, what is happening now, the amount and its note", () => {
    pages.posted = {
      results: [idea({ ...state, title: "The idea" })],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    renderTab();
    const row = within(section("Ideas you posted").getAllByRole("listitem")[0]!);
    expect(row.getByText(state.says.expiry)).toBeInTheDocument();
    if (state.says.now) expect(row.getAllByText(state.says.now).length).toBeGreaterThan(0);
    expect(row.getByText(state.says.amount)).toBeInTheDocument();
    if (state.says.note) expect(row.getByText(state.says.note)).toBeInTheDocument();
  });
});
