import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { render } from "@testing-library/react";
import ProposalCard from "./ProposalCard";
import { makeProposal, mockSession } from "../../test/lists";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

function renderCard(overrides: Parameters<typeof makeProposal>[0] = {}) {
  return render(
    <MemoryRouter>
      <ProposalCard proposal={makeProposal(overrides)} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
});

describe("ProposalCard", () => {
  it("links the title to the idea page", () => {
    renderCard({ _id: "abc123" as never, title: "Pigeons of Paris" });
    const link = screen.getByRole("link", { name: "Pigeons of Paris" });
    expect(link).toHaveAttribute("href", "/expanded-proposal/abc123");
    expect(screen.getByRole("article", { name: "Pigeons of Paris" })).toBeInTheDocument();
  });

  it("says 'No description provided.' when there is no description", () => {
    renderCard({ description: "", links: [] });
    expect(screen.getByText("No description provided.")).toBeInTheDocument();
  });

  it("shows a description, and supporting links as a short line of hosts", () => {
    renderCard({
      description: "Supporting Links:\n- https://www.lego.com/a\n- https://quantum.country/b",
      links: ["https://www.lego.com/a", "https://quantum.country/b"],
    });
    expect(screen.queryByText("No description provided.")).not.toBeInTheDocument();
    expect(screen.queryByText(/Supporting Links:/)).not.toBeInTheDocument();
    expect(screen.getByText(/2 supporting links: lego\.com, quantum\.country/)).toBeInTheDocument();

    renderCard({ _id: "p2" as never, description: "Use real bricks." });
    expect(screen.getByText("Use real bricks.")).toBeInTheDocument();
  });

  it("shows the bounty with two decimals and its bar", () => {
    renderCard({ bountyCents: 1250 });
    expect(screen.getByText("$12.50")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Bounty $12.50" });
    expect(bar).toHaveAttribute("aria-valuenow", "12.5");
  });

  it("shows $0.00 for an unfunded idea", () => {
    renderCard({ bountyCents: 0 });
    expect(screen.getByText("$0.00")).toBeInTheDocument();
  });

  it("counts submissions, singular for one", () => {
    renderCard({ submissionCount: 1 });
    expect(screen.getByText("1 submission")).toBeInTheDocument();
  });

  it("counts submissions, plural otherwise", () => {
    renderCard({ submissionCount: 0 });
    expect(screen.getByText("0 submissions")).toBeInTheDocument();
  });

  it("shows the expiry label", () => {
    renderCard();
    expect(screen.getByText("3 days left")).toBeInTheDocument();
  });

  it("shows Completed once the deadline has passed", () => {
    renderCard({ expiration: Date.now() - 1000 });
    expect(screen.getByText("Completed")).toBeInTheDocument();
  });

  it("shows the platform", () => {
    renderCard({ platform: "TikTok" });
    expect(screen.getByText("TikTok")).toBeInTheDocument();
  });

  it("disables voting for visitors, saying why", () => {
    renderCard({ votes: 7 });
    const group = screen.getByRole("group", { name: "Votes for this idea" });
    expect(within(group).getByRole("button", { name: "Upvote this idea" })).toBeDisabled();
    expect(within(group).getByText("Please sign in to vote")).toBeInTheDocument();
    expect(within(group).getByText("7")).toBeInTheDocument();
  });

  it("votes for a signed-in person", async () => {
    const { vote } = mockSession({ signedIn: true });
    renderCard({ _id: "p9" as never, userVote: 0 });
    await userEvent.click(screen.getByRole("button", { name: "Upvote this idea" }));
    expect(vote).toHaveBeenCalledWith({ proposalId: "p9", vote: 1 });
  });

  it("applies the vote at once to the idea page and every list showing the idea", () => {
    const { optimisticUpdate } = mockSession({ signedIn: true });
    renderCard({ _id: "p9" as never });
    const voted = makeProposal({ _id: "p9" as never, votes: 4, userVote: 1 });
    const other = makeProposal({ _id: "other" as never, votes: 2, userVote: -1 });
    const single = makeProposal({ _id: "p9" as never, votes: 4, userVote: 1 });
    const lists = [
      { args: { view: "open", sort: "recent" }, value: { page: [voted, other], isDone: false } },
      { args: { view: "all", sort: "popular" }, value: undefined },
    ];
    const store = {
      getQuery: vi.fn(() => single),
      getAllQueries: vi.fn(() => lists),
      setQuery: vi.fn(),
    };

    // From an upvote to a downvote: the net count moves by −2.
    optimisticUpdate()(store, { proposalId: "p9", vote: -1 });

    expect(store.setQuery).toHaveBeenCalledWith(
      expect.anything(),
      { proposalId: "p9" },
      expect.objectContaining({ _id: "p9", votes: 2, userVote: -1 }),
    );
    expect(store.setQuery).toHaveBeenCalledWith(
      expect.anything(),
      { view: "open", sort: "recent" },
      {
        page: [expect.objectContaining({ _id: "p9", votes: 2, userVote: -1 }), other],
        isDone: false,
      },
    );
    // A list still loading is left alone.
    expect(store.setQuery).toHaveBeenCalledTimes(2);
  });

  it("clears a vote optimistically when the same direction is clicked again", () => {
    const { optimisticUpdate } = mockSession({ signedIn: true });
    renderCard({ _id: "p9" as never });
    const store = {
      getQuery: vi.fn(() => makeProposal({ _id: "p9" as never, votes: 0, userVote: -1 })),
      getAllQueries: vi.fn(() => []),
      setQuery: vi.fn(),
    };

    optimisticUpdate()(store, { proposalId: "p9", vote: 0 });

    expect(store.setQuery).toHaveBeenCalledWith(
      expect.anything(),
      { proposalId: "p9" },
      expect.objectContaining({ votes: 1, userVote: 0 }),
    );
  });
});

describe("ProposalCard once the deadline passed", () => {
  it("judging: the bounty and the day the winner is chosen, no bar", () => {
    const until = Date.UTC(2026, 11, 3, 12);
    renderCard({ status: "judging", bountyCents: 900, ending: { kind: "judging", until } });
    expect(screen.getByText("$9.00")).toBeInTheDocument();
    expect(screen.getByText(/^Winner chosen /)).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("awarded: what was awarded and paid out instead of an empty bounty", () => {
    renderCard({
      status: "settled",
      bountyCents: 0,
      ending: { kind: "awarded", awardedCents: 1100, paidOutCents: 800 },
    });
    expect(screen.getByText("Awarded")).toBeInTheDocument();
    expect(screen.getByText("$11.00")).toBeInTheDocument();
    expect(screen.getByText("$8.00 paid out")).toBeInTheDocument();
    expect(screen.queryByText("$0.00")).not.toBeInTheDocument();
  });

  it("refunded: what Stripe returned; refunding while none is confirmed yet", () => {
    renderCard({
      status: "settled",
      bountyCents: 0,
      ending: { kind: "refunded", refundedCents: 700, pendingCents: 0 },
    });
    expect(screen.getByText("Refunded")).toBeInTheDocument();
    expect(screen.getByText("$7.00")).toBeInTheDocument();
    expect(screen.getByText("No eligible video arrived")).toBeInTheDocument();

    renderCard({
      _id: "p3" as never,
      status: "settled",
      bountyCents: 0,
      ending: { kind: "refunded", refundedCents: 0, pendingCents: 500 },
    });
    expect(screen.getByText("Refunding")).toBeInTheDocument();
  });

  it("ended with nobody funding it: says so, not $0.00", () => {
    renderCard({ status: "settled", bountyCents: 0, ending: { kind: "ended" } });
    expect(screen.getByText("No bounty")).toBeInTheDocument();
    expect(screen.queryByText("$0.00")).not.toBeInTheDocument();
  });
});
