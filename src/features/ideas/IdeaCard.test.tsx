import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { render } from "@testing-library/react";
import { getFunctionName, type FunctionReference } from "convex/server";
import { useQuery } from "convex/react";
import IdeaCard from "./IdeaCard";
import { makeIdea, mockSession } from "../../test/lists";
import { ideaStates } from "../../test/ideaStates";
import ideaCardVideosStyles from "./IdeaCardVideos.module.css";
import ideaStatusStyles from "./IdeaStatus.module.css";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const DAY = 24 * 3600 * 1000;

function renderCard(overrides: Parameters<typeof makeIdea>[0] = {}) {
  return render(
    <MemoryRouter>
      <IdeaCard idea={makeIdea(overrides)} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
});

describe("IdeaCard", () => {
  it("links the title to the idea page", () => {
    renderCard({ _id: "abc123" as never, title: "Pigeons of Paris" });
    const link = screen.getByRole("link", { name: "Pigeons of Paris" });
    expect(link).toHaveAttribute("href", "/expanded-proposal/abc123");
    expect(screen.getByRole("article", { name: "Pigeons of Paris" })).toBeInTheDocument();
  });

  it("says 'No description provided.' for a bare idea (spec §2), and 'No videos yet'", () => {
    renderCard({ description: "", links: [], videos: [] });
    expect(screen.getByText("No description provided.")).toBeInTheDocument();
    expect(screen.getByText("No videos yet")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Videos" })).not.toBeInTheDocument();
  });

  it("once it has videos, the leading one's thumbnail is the cover and the strip shows the rest", () => {
    renderCard({
      videos: [
        {
          _id: "s1" as never,
          platform: "TikTok",
          title: "Foxes at night",
          thumbnailUrl: "https://p16.tiktokcdn.com/fox.jpg",
        },
        { _id: "s2" as never, platform: "YouTube", title: "Fox den tour", thumbnailUrl: null },
        {
          _id: "s3" as never,
          platform: "YouTube",
          title: "Urban foxes",
          thumbnailUrl: "https://i.ytimg.com/vi/x/hq.jpg",
        },
      ],
    });
    const cover = screen.getByRole("img", { name: "Leading video: Foxes at night" });
    expect(cover).toHaveAttribute("src", "https://p16.tiktokcdn.com/fox.jpg");
    expect(cover).toHaveAttribute("loading", "lazy");
    // A portrait TikTok cover fits whole (object-fit: contain in idea-card.css).
    expect(cover.parentElement).toHaveClass(ideaCardVideosStyles.ideaCoverTiktok!);
    // The video's thumbnail stands in for the idea's own cover.
    expect(screen.queryByTestId("idea-art-cover")).not.toBeInTheDocument();
    const strip = screen.getByRole("list", { name: "Videos" });
    expect(within(strip).getAllByRole("listitem")).toHaveLength(2);
    const tile = within(strip).getByRole("img", { name: "Urban foxes" });
    expect(tile).toHaveAttribute("width", "112");
    expect(tile).toHaveAttribute("height", "63");
    // A video without a thumbnail still shows, by its title.
    expect(within(strip).getByText("Fox den tour")).toBeInTheDocument();
    expect(screen.queryByText("No videos yet")).not.toBeInTheDocument();
  });

  it("shows the idea's own cover while no video has a thumbnail, and says so when there are no videos", () => {
    const { unmount } = renderCard({
      videos: [
        { _id: "s2" as never, platform: "YouTube", title: "Fox den tour", thumbnailUrl: null },
      ],
    });
    expect(screen.queryByRole("img", { name: /Leading video/ })).not.toBeInTheDocument();
    expect(screen.getByTestId("idea-art-cover")).toHaveTextContent("YouTube");
    expect(screen.getByText("Fox den tour")).toBeInTheDocument();
    unmount();
    renderCard({ videos: [] });
    expect(screen.getByText("No videos yet")).toBeInTheDocument();
    // The idea's cover is decorative: the card's title names the idea.
    expect(screen.getByTestId("idea-art-cover")).toHaveAttribute("aria-hidden", "true");
  });

  it("shows the brief where there is no description of its own", () => {
    renderCard({ description: "", brief: "Walk every bridge at dawn." });
    expect(screen.getByText("Walk every bridge at dawn.")).toBeInTheDocument();
    expect(screen.queryByText("No description provided.")).not.toBeInTheDocument();
  });

  it("shows the poster's name and initials, and the backers beside the bounty, the amount once", () => {
    renderCard({
      author: { _id: "user_grace" as never, name: "Grace Hopper", avatarUrl: null },
      bountyCents: 25_000,
      backerCount: 1,
    });
    expect(screen.getByText("by Grace Hopper")).toBeInTheDocument();
    expect(screen.getByText("GH")).toBeInTheDocument();
    expect(screen.getByText("1 backer")).toBeInTheDocument();
    // The amount is printed once on a card (issue 38).
    expect(screen.getAllByText(/\$250\.00/)).toHaveLength(1);

    renderCard({ _id: "p2" as never, author: null, bountyCents: 0, backerCount: 0 });
    expect(screen.getByText("0 backers")).toBeInTheDocument();
  });

  it("keeps a very long title whole as the card's name and link", () => {
    const title = "An extremely long idea title ".repeat(6).trim();
    renderCard({ title });
    expect(screen.getByRole("link", { name: title })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: title })).toBeInTheDocument();
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

  it("shows the bounty with two decimals and its bar, whose accessible text is the amount", () => {
    renderCard({ bountyCents: 1250, backerCount: 4 });
    expect(screen.getByText("$12.50")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Bounty" });
    // The spec's fill: $12.50 of the next power of ten, $100.
    expect(bar).toHaveAttribute("aria-valuenow", "12.5");
    // What a screen reader says is the amount, never "12.5%".
    expect(bar).toHaveAttribute("aria-valuetext", "$12.50");
    expect(screen.getByText("4 backers")).toBeInTheDocument();
    expect(screen.getAllByText(/\$12\.50/)).toHaveLength(1);
  });

  it("shows every allowed length as a chip", () => {
    renderCard({ durations: ["MEDIUM", "LONG"] });
    const chips = screen.getByRole("list", { name: "Lengths allowed" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Medium · 5-25 mins", "Long · 30+ mins"]);
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

  it("marks an open idea with under a day left as ending soon, and only such an idea", () => {
    const { unmount } = renderCard({ expiration: Date.now() + 5 * 3600 * 1000 });
    expect(screen.getByText("5 hours left")).toHaveClass(ideaStatusStyles.expiryEndingSoon!);
    unmount();
    renderCard({ expiration: Date.now() + 3 * 24 * 3600 * 1000 });
    expect(screen.getByText("3 days left")).not.toHaveClass(ideaStatusStyles.expiryEndingSoon!);
  });

  it("does not mark a closed idea as ending soon", () => {
    renderCard({
      expiration: Date.now() + 3600 * 1000,
      status: "judging",
      ending: { kind: "judging", until: Date.now() + 8 * DAY, canWin: true, heldCents: 500 },
    });
    expect(screen.getByText("Completed")).not.toHaveClass(ideaStatusStyles.expiryEndingSoon!);
  });

  it("shows the platform", () => {
    renderCard({ platform: "TikTok" });
    // The badge says it; the idea's drawn cover repeats it, hidden from screen readers.
    const shown = screen
      .getAllByText("TikTok")
      .filter((el) => el.closest('[aria-hidden="true"]') === null);
    expect(shown).toHaveLength(1);
  });

  it("disables voting for visitors, saying why; the buttons name their idea", () => {
    renderCard({ votes: 7, title: "Pigeons of Paris" });
    const group = screen.getByRole("group", { name: "Votes for “Pigeons of Paris”" });
    expect(within(group).getByRole("button", { name: "Upvote “Pigeons of Paris”" })).toBeDisabled();
    expect(within(group).getByText("Please sign in to vote")).toBeInTheDocument();
    expect(within(group).getByText("7")).toBeInTheDocument();
  });

  it("shows the viewer's own vote from their per-user query, and a click toggles it", async () => {
    const { vote } = mockSession({ signedIn: true });
    mockMyVotes({ p9: 1 });
    renderCard({ _id: "p9" as never, title: "Owls" });
    expect(vi.mocked(useQuery)).toHaveBeenCalledWith(expect.anything(), { ideaId: "p9" });
    expect(screen.getByRole("button", { name: "Upvote “Owls”" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "Downvote “Owls”" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    // The same direction again clears the vote.
    await userEvent.click(screen.getByRole("button", { name: "Upvote “Owls”" }));
    expect(vote).toHaveBeenCalledWith({ ideaId: "p9", vote: 0 });
    await userEvent.click(screen.getByRole("button", { name: "Downvote “Owls”" }));
    expect(vote).toHaveBeenCalledWith({ ideaId: "p9", vote: -1 });
  });

  it("a visitor subscribes to no per-user query", () => {
    mockSession({ signedIn: false });
    renderCard({ _id: "p9" as never });
    expect(vi.mocked(useQuery)).toHaveBeenCalledWith(expect.anything(), "skip");
    expect(vi.mocked(useQuery)).not.toHaveBeenCalledWith(expect.anything(), { ideaId: "p9" });
  });

  it("applies the vote at once to the viewer's own vote, the idea page and every list showing the idea", () => {
    const { optimisticUpdate } = mockSession({ signedIn: true });
    renderCard({ _id: "p9" as never });
    const voted = makeIdea({ _id: "p9" as never, votes: 4 });
    const other = makeIdea({ _id: "other" as never, votes: 2 });
    const single = makeIdea({ _id: "p9" as never, votes: 4 });
    const lists = [
      { args: { view: "open", sort: "recent" }, value: { page: [voted, other], isDone: false } },
      { args: { view: "all", sort: "popular" }, value: { page: [other], isDone: true } },
      { args: { view: "all", sort: "payout" }, value: undefined },
    ];
    const store = fakeStore({ "votes:mineOnIdea": 1, "ideas:get": single }, lists);

    // From an upvote to a downvote: the net count moves by −2.
    optimisticUpdate()(store, { ideaId: "p9", vote: -1 });

    expect(store.set).toEqual([
      ["votes:mineOnIdea", { ideaId: "p9" }, -1],
      ["ideas:get", { ideaId: "p9" }, expect.objectContaining({ _id: "p9", votes: 2 })],
      [
        "ideas:list",
        { view: "open", sort: "recent" },
        { page: [expect.objectContaining({ _id: "p9", votes: 2 }), other], isDone: false },
      ],
    ]);
  });

  it("a first vote, while the own vote is still loading, counts from no vote", () => {
    const { optimisticUpdate } = mockSession({ signedIn: true });
    renderCard({ _id: "p9" as never });
    const store = fakeStore({ "ideas:get": makeIdea({ _id: "p9" as never, votes: 0 }) }, []);
    optimisticUpdate()(store, { ideaId: "p9", vote: 1 });
    expect(store.set).toEqual([
      ["votes:mineOnIdea", { ideaId: "p9" }, 1],
      ["ideas:get", { ideaId: "p9" }, expect.objectContaining({ votes: 1 })],
    ]);
  });

  it("clears a vote optimistically when the same direction is clicked again", () => {
    const { optimisticUpdate } = mockSession({ signedIn: true });
    renderCard({ _id: "p9" as never });
    const store = fakeStore(
      { "votes:mineOnIdea": -1, "ideas:get": makeIdea({ _id: "p9" as never, votes: 0 }) },
      [],
    );

    optimisticUpdate()(store, { ideaId: "p9", vote: 0 });

    expect(store.set).toEqual([
      ["votes:mineOnIdea", { ideaId: "p9" }, 0],
      ["ideas:get", { ideaId: "p9" }, expect.objectContaining({ votes: 1 })],
    ]);
  });
});

/** The viewer's votes by idea id, as `api.votes.mineOnIdea` answers. */
function mockMyVotes(votes: Record<string, number>) {
  vi.mocked(useQuery).mockImplementation(((_query: unknown, args: unknown) =>
    args === "skip" ? undefined : votes[(args as { ideaId: string }).ideaId]) as never);
}

/** An optimistic local store holding single queries by name and the lists; records each write. */
function fakeStore(singles: Record<string, unknown>, lists: { args: unknown; value: unknown }[]) {
  const set: unknown[][] = [];
  return {
    set,
    getQuery: (query: FunctionReference<"query">) => singles[getFunctionName(query)],
    getAllQueries: (query: FunctionReference<"query">) =>
      getFunctionName(query) === "ideas:list" ? lists : [],
    setQuery: (query: FunctionReference<"query">, args: unknown, value: unknown) =>
      set.push([getFunctionName(query), args, value]),
  };
}

describe("IdeaCard once the deadline passed", () => {
  // Noon UTC: the same calendar day in every time zone the tests run in.
  const until = Date.UTC(2026, 11, 3, 12);

  it("judging: 'Completed' with 'Judging until …' beside it, the bounty and the day the winner is announced, no bar", () => {
    // A day before judging ends: that date is still ahead.
    vi.useFakeTimers({ now: until - DAY, toFake: ["Date"] });
    renderCard({
      status: "judging",
      expiration: until - 7 * DAY,
      bountyCents: 900,
      ending: { kind: "judging", until, canWin: true, heldCents: 900 },
    });
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.getByText("Judging until December 3, 2026")).toBeInTheDocument();
    expect(screen.getByText("$9.00")).toBeInTheDocument();
    // The future in the future tense: nobody has chosen yet (issue 37).
    expect(screen.getByText("Winner to be announced December 3, 2026")).toBeInTheDocument();
    expect(screen.queryByText(/Winner picked on|Winner chosen/)).not.toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("judging with no video that can win: refunding, never 'Judging until'", () => {
    renderCard({
      status: "judging",
      expiration: until - 7 * DAY,
      bountyCents: 900,
      ending: { kind: "judging", until, canWin: false, heldCents: 900 },
    });
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.getAllByText("Refunding")).toHaveLength(2);
    expect(screen.getByText("No eligible video arrived")).toBeInTheDocument();
    expect(screen.queryByText(/Judging until|Winner/)).not.toBeInTheDocument();
  });

  it("awarded: what was awarded and paid out instead of an empty bounty", () => {
    renderCard({
      status: "settled",
      bountyCents: 0,
      ending: { kind: "awarded", awardedCents: 1100, paidOutCents: 800 },
    });
    expect(screen.getAllByText("Awarded")).toHaveLength(2);
    expect(screen.getByText("$11.00")).toBeInTheDocument();
    expect(screen.getByText("$8.00 of $11.00 paid out")).toBeInTheDocument();
    expect(screen.queryByText("$0.00")).not.toBeInTheDocument();
  });

  it("awarded and waiting for the winner's payout account: who, and until when", () => {
    renderCard({
      status: "settled",
      ending: {
        kind: "awarded",
        awardedCents: 2500,
        paidOutCents: 0,
        waiting: { creatorName: "Lena", until },
      },
    });
    expect(
      screen.getByText("Waiting for Lena to set up payouts (until December 3, 2026)"),
    ).toBeInTheDocument();
    expect(screen.queryByText("$0.00 paid out")).not.toBeInTheDocument();
  });

  it("refunded: what Stripe returned; refunding while none is confirmed yet", () => {
    renderCard({
      status: "settled",
      bountyCents: 0,
      ending: { kind: "refunded", refundedCents: 700, pendingCents: 0 },
    });
    expect(screen.getAllByText("Refunded")).toHaveLength(2);
    expect(screen.getByText("$7.00")).toBeInTheDocument();
    expect(screen.getByText("No eligible video arrived")).toBeInTheDocument();

    renderCard({
      _id: "p3" as never,
      status: "settled",
      bountyCents: 0,
      ending: { kind: "refunded", refundedCents: 0, pendingCents: 500 },
    });
    expect(screen.getAllByText("Refunding")).toHaveLength(2);
  });

  it("reads Completed once the server closed the idea, whatever this device's clock says", () => {
    renderCard({
      status: "judging",
      expiration: Date.now() + 60 * 60 * 1000,
      ending: { kind: "judging", until: Date.now() + 8 * DAY, canWin: true, heldCents: 0 },
    });
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
  });

  it("ended with nobody funding it: says so, not $0.00", () => {
    renderCard({ status: "settled", bountyCents: 0, ending: { kind: "ended" } });
    expect(screen.getByText("No bounty")).toBeInTheDocument();
    expect(screen.queryByText("$0.00")).not.toBeInTheDocument();
  });
});

describe.each(ideaStates())("IdeaCard: $name", (state) => {
  it("says what every screen says: the expiry, what is happening now, the amount and its note", () => {
    renderCard(state);
    const card = within(screen.getByRole("article"));
    expect(card.getByText(state.says.expiry)).toBeInTheDocument();
    if (state.says.now) expect(card.getAllByText(state.says.now).length).toBeGreaterThan(0);
    // A card prints the amount once and the backers beside the bar: "$250.00 · 4 backers" is
    // said in its two parts there.
    for (const part of state.says.amount.split(" · "))
      expect(card.getByText(part)).toBeInTheDocument();
    if (state.says.note) expect(card.getByText(state.says.note)).toBeInTheDocument();
    expect(card.queryByText(/Winner chosen|\$0\.00 paid out/)).not.toBeInTheDocument();
  });
});
