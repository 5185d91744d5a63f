import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import IdeaPage from "./IdeaPage";
import type { Idea } from "../features/ideas/IdeaFromRoute";
import { DAY_MS } from "../../convex/model/labels";
import { renderRoute } from "../test/accounts";
import { makeIdea as makeListItem } from "../test/lists";
import { ideaStates } from "../test/ideaStates";

vi.mock("convex/react", () => ({
  // Checkout and other actions are not under test here.
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  // The updates and the questions: none yet.
  usePaginatedQuery: vi.fn(() => ({ results: [], status: "Exhausted", loadMore: vi.fn() })),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const vote = vi.fn();

/** The idea this page is about (the lists' factory, with this suite's figures). */
function makeIdea(overrides: Partial<Idea> = {}): Idea {
  return makeListItem({
    _id: "k57idea" as Idea["_id"],
    _creationTime: Date.UTC(2024, 10, 6, 12),
    title: "Drone tour of every lighthouse in Maine",
    durations: ["MEDIUM"],
    bountyCents: 123450,
    submissionCount: 2,
    votes: 7,
    ...overrides,
  });
}

const DAY = 24 * 3600 * 1000;

function setSession(isAuthenticated: boolean) {
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated,
    isRefreshing: false,
  });
}

function setIdea(idea: Idea | null | undefined | Error) {
  vi.mocked(useQuery).mockImplementation(((
    query: Parameters<typeof getFunctionName>[0],
    args: unknown,
  ) => {
    if (args === "skip") return undefined;
    // The submissions list under the requirements: none yet; no money moved yet.
    if (getFunctionName(query) === "submissions:listForIdea") return [];
    if (getFunctionName(query) !== "ideas:get") return null;
    if (idea instanceof Error) throw idea;
    return idea;
  }) as typeof useQuery);
}

function renderIdea(at = "/expanded-proposal/k57idea") {
  const path = at === "/expanded-proposal" ? "/expanded-proposal" : "/expanded-proposal/:ideaId";
  return renderRoute(<IdeaPage />, { at, path });
}

beforeEach(() => {
  vi.clearAllMocks();
  const mutation = Object.assign(vote, { withOptimisticUpdate: () => mutation });
  vi.mocked(useMutation).mockReturnValue(mutation as unknown as ReturnType<typeof useMutation>);
  vote.mockResolvedValue(8);
  setSession(true);
  setIdea(makeIdea());
});

describe("IdeaPage", () => {
  it("asks for the idea named in the address", () => {
    renderIdea();

    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ ideaId: "k57idea" });
  });

  it("shows the idea's title, bounty twice, and votes", () => {
    renderIdea();

    expect(
      screen.getByRole("heading", { level: 1, name: "Drone tour of every lighthouse in Maine" }),
    ).toBeVisible();
    expect(document.title).toBe("Drone tour of every lighthouse in Maine · Bounties");
    expect(screen.getByText("Total Bounty")).toBeVisible();
    expect(screen.getByText("You can earn up to")).toBeVisible();
    expect(screen.getAllByText("$1,234.50")).toHaveLength(2);
    expect(screen.getByRole("progressbar", { name: "Bounty" })).toHaveAttribute(
      "aria-valuetext",
      "$1,234.50",
    );
    expect(screen.getByText("$1,234.50 · 2 backers")).toBeVisible();
    expect(screen.getByRole("group", { name: "Votes for this idea" })).toHaveTextContent("7 votes");
    // The header counts the submissions and the backers.
    expect(screen.getByText(/2 submissions · 2 backers/)).toBeVisible();
  });

  it("names the poster with a link to their page and a Follow button (issue 38)", () => {
    vi.mocked(useQuery).mockImplementation(((
      query: Parameters<typeof getFunctionName>[0],
      args: unknown,
    ) => {
      if (args === "skip") return undefined;
      const name = getFunctionName(query);
      if (name === "submissions:listForIdea") return [];
      if (name === "follows:person") return { following: false, followers: 4 };
      if (name !== "ideas:get") return null;
      return makeIdea();
    }) as typeof useQuery);
    renderIdea();
    expect(screen.getByRole("link", { name: "Ada Lovelace" })).toHaveAttribute(
      "href",
      "/creators/user_ada",
    );
    expect(screen.getByRole("button", { name: "Follow Ada Lovelace" })).toBeInTheDocument();
  });

  it("shows money with two decimals", () => {
    setIdea(makeIdea({ bountyCents: 1250 }));
    renderIdea();

    // Shown twice: as 'Total Bounty' and as 'You can earn up to'.
    expect(screen.getAllByText("$12.50")).toHaveLength(2);
  });

  it("says 'No description provided.' when there is nothing to describe", () => {
    renderIdea();

    expect(screen.getByText("No description provided.")).toBeVisible();
  });

  it("shows supporting links as links that open in a new tab", () => {
    const links = ["https://example.com/lighthouses", "https://maps.example.org/maine?coast=1"];
    setIdea(
      makeIdea({
        links,
        description: ["Supporting Links:", ...links.map((l) => `- ${l}`)].join("\n"),
      }),
    );
    renderIdea();

    expect(screen.queryByText("No description provided.")).not.toBeInTheDocument();
    expect(screen.queryByText(/Supporting Links:/)).not.toBeInTheDocument();
    const list = within(screen.getByRole("region", { name: "About this idea" })).getByRole("list");
    const anchors = within(list).getAllByRole("link");
    expect(anchors.map((a) => a.getAttribute("href"))).toEqual(links);
    for (const anchor of anchors) {
      expect(anchor).toHaveAttribute("target", "_blank");
      expect(anchor).toHaveAttribute("rel", "noopener noreferrer nofollow");
    }
  });

  it("shows the constraints: remaining time, platform, duration and deadline", () => {
    const expiration = new Date(2030, 0, 15, 12).getTime();
    setIdea(makeIdea({ expiration: Date.now() + 3 * DAY_MS - 3_600_000 }));
    const { unmount } = renderIdea();

    expect(screen.getByText("3 days left")).toBeVisible();
    expect(screen.getByText("Video must be posted on YouTube")).toBeVisible();
    expect(screen.getByText("Video length: Medium (5-25 mins)")).toBeVisible();
    unmount();

    setIdea(makeIdea({ expiration }));
    renderIdea();
    expect(screen.getByText("January 15, 2030")).toBeVisible();
  });

  it.each([
    // Rounded up, like the submit page's "Creators have N days" (singulars: lib/format.test.ts).
    [5 * 60 * 60 * 1000 - 60_000, "5 hours left"],
    [1 * 60 * 60 * 1000 + 60_000, "2 hours left"],
    [10 * 60 * 1000, "10 minutes left"],
    [DAY_MS + 60_000, "2 days left"],
    [14 * DAY_MS - 60_000, "14 days left"],
  ])("counts down: %i ms left reads %s", (left, label) => {
    setIdea(makeIdea({ expiration: Date.now() + left }));
    renderIdea();

    expect(screen.getByText(label)).toBeVisible();
  });

  it("says YouTube or TikTok for Any, and any length without durations", () => {
    setIdea(makeIdea({ platform: "Any", durations: [] }));
    renderIdea();

    expect(screen.getByText("Video must be posted on YouTube or TikTok")).toBeVisible();
    expect(screen.getByText("Video can be any length")).toBeVisible();
  });

  it("keeps the spec's duration line (the last one listed) with every allowed length beside it", () => {
    setIdea(makeIdea({ durations: ["MEDIUM", "LONG"] }));
    renderIdea();

    expect(screen.getByText("Video length: Long (30+ mins)")).toBeVisible();
    const chips = screen.getByRole("list", { name: "Lengths allowed" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Medium · 5-25 mins", "Long · 30+ mins"]);
  });

  it("links to 'Submit Your Video' while the idea is open", () => {
    renderIdea();

    expect(screen.getByRole("link", { name: "Submit Your Video" })).toHaveAttribute(
      "href",
      "/submit-content/k57idea",
    );
    expect(screen.queryByText("Completed")).not.toBeInTheDocument();
    expect(
      screen.queryByText("This proposal is no longer accepting submissions."),
    ).not.toBeInTheDocument();
  });

  it.each([
    ["past its deadline", makeIdea({ expiration: Date.now() - 60_000 })],
    [
      "closed by the server",
      makeIdea({
        status: "judging",
        ending: { kind: "judging", until: Date.now() + 8 * DAY, canWin: true, heldCents: 0 },
      }),
    ],
  ])("shows 'Completed' and hides 'Submit Your Video' once %s", (_label, idea) => {
    setIdea(idea);
    renderIdea();

    expect(screen.getAllByText("Completed").length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText("This proposal is no longer accepting submissions.")).toBeVisible();
    expect(screen.queryByRole("link", { name: "Submit Your Video" })).not.toBeInTheDocument();
  });

  it("a judging idea: one chip, 'Judging until …', never a 'Completed' chip or 'Winner picked on' a date ahead", () => {
    const until = Date.now() + 3 * DAY;
    setIdea(
      makeIdea({
        status: "judging",
        expiration: until - 7 * DAY,
        ending: { kind: "judging", until, canWin: true, heldCents: 123450 },
      }),
    );
    renderIdea();

    const badges = screen.getByTestId("idea-badges");
    expect(badges.children).toHaveLength(1);
    expect(badges).toHaveTextContent(/^Judging until [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(within(badges).queryByText("Completed")).not.toBeInTheDocument();
    expect(screen.getByText(/^Winner to be announced /)).toBeVisible();
    expect(screen.queryByText(/Winner picked on/)).not.toBeInTheDocument();
  });

  it("lists the idea's submissions, live, with the empty state", () => {
    renderIdea();

    const section = screen.getByRole("region", { name: "Submissions" });
    expect(within(section).getByText("Be the first to submit!")).toBeVisible();
    expect(
      within(section).getByText("Early submissions are more likely to be rewarded."),
    ).toBeVisible();
    expect(vi.mocked(useQuery).mock.calls).toContainEqual([
      expect.anything(),
      { ideaId: "k57idea" },
    ]);
  });

  it("disables voting when signed out", () => {
    setSession(false);
    renderIdea();

    expect(screen.getByRole("button", { name: "Upvote this idea" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Downvote this idea" })).toBeDisabled();
    expect(screen.getByText("Please sign in to vote")).toBeInTheDocument();
  });

  it("votes when signed in", async () => {
    const user = userEvent.setup();
    renderIdea();

    await user.click(screen.getByRole("button", { name: "Upvote this idea" }));

    expect(vote).toHaveBeenCalledWith({ ideaId: "k57idea", vote: 1 });
  });

  it("shows a placeholder while the idea loads", () => {
    setIdea(undefined);
    renderIdea();

    expect(screen.getByText("Loading the idea...")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });

  it("says 'Failed to load proposal details' for an idea that does not exist", () => {
    setIdea(null);
    renderIdea("/expanded-proposal/does-not-exist");

    expect(
      screen.getByRole("heading", { level: 1, name: "Failed to load proposal details" }),
    ).toBeVisible();
    // The same not-found card as an unknown route (components/NotFound).
    expect(screen.getByRole("region", { name: "Failed to load proposal details" })).toHaveClass(
      "not-found__card",
    );
    expect(screen.getByRole("link", { name: "Browse open bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Failed to load proposal details' without an id", () => {
    renderIdea("/expanded-proposal");

    expect(screen.getByText("Failed to load proposal details")).toBeVisible();
    expect(useQuery).not.toHaveBeenCalled();
  });

  it("shows the same card and one toast when loading fails", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    setIdea(new Error("Server error"));
    renderIdea();

    expect(screen.getByText("Failed to load proposal details")).toBeVisible();
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Failed to load proposal details", { id: "idea-load-error" }],
    ]);
    consoleError.mockRestore();
  });
});

describe.each(ideaStates())("IdeaPage: $name", (state) => {
  it("says what the card says: the expiry, what is happening now, the amount and its note", () => {
    setIdea(makeIdea(state));
    renderIdea();
    const page = within(
      screen.getByRole("article", { name: "Drone tour of every lighthouse in Maine" }),
    );
    expect(page.getAllByText(state.says.expiry).length).toBeGreaterThan(0);
    if (state.says.now) expect(page.getAllByText(state.says.now).length).toBeGreaterThan(0);
    expect(page.getByText(state.says.amount)).toBeInTheDocument();
    if (state.says.note) expect(page.getByText(state.says.note)).toBeInTheDocument();
    // The backers count is on the page whatever the state.
    expect(page.getByText(/submissions? · 4 backers$/)).toBeInTheDocument();
    expect(page.queryByText(/Winner chosen|\$0\.00 paid out/)).not.toBeInTheDocument();
  });
});
