import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import LeaderboardPage from "../../pages/LeaderboardPage";
import { renderRoute } from "../../test/accounts";
import { WEEK_MS, weekStartOf } from "../../../convex/model/community/weeks";

vi.mock("convex/react", () => ({ useQuery: vi.fn() }));

const idea = (id: string, title: string, cover: string | null = null, open = true) => ({
  _id: id as never,
  title,
  platform: "YouTube" as const,
  open,
  cover: cover ? { url: cover, platform: "YouTube" as const } : null,
});

const thisWeek = weekStartOf(Date.now());
const boards: Record<number, unknown> = {
  [thisWeek]: {
    week: thisWeek,
    funded: [
      { idea: idea("i1", "Foxes at night", "https://i.ytimg.com/vi/fox/hq.jpg"), cents: 12_500 },
      { idea: idea("i2", "Pigeon opera"), cents: 500 },
    ],
    wanted: [{ idea: idea("i2", "Pigeon opera"), votes: 1 }],
    creators: [],
  },
  [thisWeek - WEEK_MS]: {
    week: thisWeek - WEEK_MS,
    funded: [],
    wanted: [{ idea: idea("i3", "Night trains", null, false), votes: 7 }],
    creators: [
      { creator: { _id: "u1" as never, name: "Olu Creator", avatarUrl: null }, cents: 30_000 },
    ],
  },
};

beforeEach(() => {
  vi.mocked(useQuery).mockImplementation(
    ((_ref: unknown, args: { week: number }) => boards[args.week]) as typeof useQuery,
  );
});

const column = (board: string, week: "This week" | "Last week") =>
  within(screen.getByRole("region", { name: board })).getByRole("group", {
    name: new RegExp(`^${week}`),
  });

describe("LeaderboardPage", () => {
  it("asks for this week and last week by their Mondays", () => {
    renderRoute(<LeaderboardPage />, { at: "/leaderboard", path: "/leaderboard" });
    const weeks = vi.mocked(useQuery).mock.calls.map((call) => (call[1] as { week: number }).week);
    expect(new Set(weeks)).toEqual(new Set([thisWeek, thisWeek - WEEK_MS]));
  });

  it("shows the three boards, this week beside last week, ranked, with covers and figures", () => {
    renderRoute(<LeaderboardPage />, { at: "/leaderboard", path: "/leaderboard" });
    expect(screen.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeInTheDocument();
    const funded = column("Most funded ideas", "This week");
    const rows = within(funded).getAllByRole("listitem");
    expect(rows.map((r) => [r.querySelector("a")?.textContent, r.lastChild?.textContent])).toEqual([
      ["Foxes at night", "$125.00"],
      ["Pigeon opera", "$5.00"],
    ]);
    expect(rows.map((r) => r.firstChild?.textContent)).toEqual(["1", "2"]);
    expect(within(rows[0]!).getByRole("link", { name: "Foxes at night" })).toHaveAttribute(
      "href",
      "/expanded-proposal/i1",
    );
    expect(rows[0]!.querySelector("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/fox/hq.jpg",
    );
    expect(within(rows[1]!).getByTestId("idea-art-cover")).toBeInTheDocument();
    expect(
      within(column("Most funded ideas", "Last week")).getByText("No money came in yet."),
    ).toBeInTheDocument();

    expect(
      within(column("Most wanted ideas", "This week")).getByText("1 vote"),
    ).toBeInTheDocument();
    const lastWanted = column("Most wanted ideas", "Last week");
    expect(within(lastWanted).getByText("7 votes")).toBeInTheDocument();
    expect(within(lastWanted).getByText("· ended")).toBeInTheDocument();

    expect(
      within(column("Top creators", "This week")).getByText("Nobody was paid yet."),
    ).toBeInTheDocument();
    const creators = column("Top creators", "Last week");
    expect(within(creators).getByRole("link", { name: "Olu Creator" })).toHaveAttribute(
      "href",
      "/creators/u1",
    );
    expect(within(creators).getByText("$300.00")).toBeInTheDocument();
  });

  it("shows one placeholder until both weeks have loaded, then every board at once", () => {
    vi.mocked(useQuery).mockReturnValue(undefined);
    const view = renderRoute(<LeaderboardPage />, { at: "/leaderboard", path: "/leaderboard" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading the leaderboards...");
    expect(screen.queryByRole("heading", { name: "Most funded ideas" })).toBeNull();
    view.unmount();
    // This week arrived, last week not yet: still the placeholder, so no board grows under another.
    vi.mocked(useQuery).mockImplementation(((_ref: unknown, args: { week: number }) =>
      args.week === thisWeek ? boards[thisWeek] : undefined) as typeof useQuery);
    renderRoute(<LeaderboardPage />, { at: "/leaderboard", path: "/leaderboard" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading the leaderboards...");
    expect(screen.queryByRole("heading", { name: "Most funded ideas" })).toBeNull();
  });
});
