import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import JudgingGallery from "./JudgingGallery";
import { mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const ME = "me_1";
const choice = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  authorId: `author_${id}`,
  title: `Video ${id}`,
  url: `https://www.youtube.com/watch?v=${id.padEnd(11, "0")}`,
  platform: "YouTube",
  thumbnailUrl: null,
  creatorName: `Creator ${id}`,
  countedVotes: 2,
  durationSeconds: 300,
  finalist: false,
  ...overrides,
});
const pickWinner = vi.fn();
const setFinalist = vi.fn();
let role: unknown;
let stake: unknown;
let choices: unknown[];

function renderGallery() {
  return render(
    <MemoryRouter>
      <JudgingGallery ideaId={"idea_1" as never} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  choices = [
    choice("a", { finalist: true, countedVotes: 5 }),
    choice("b"),
    choice("c", { authorId: ME }),
  ];
  role = { isPoster: false, raterRole: "backer", ratings: [] };
  stake = {
    contributedCents: 1500,
    choosingCents: 1500,
    pickedSubmissionId: null,
    pickedTitle: null,
    pickDeadline: Date.now() + 3 * 24 * 3600_000,
    canPick: true,
  };
  mockConvex({
    queries: {
      "ideas:outcome": {
        kind: "judging",
        judgingEndsAt: Date.now() + 1e9,
        bountyCents: 1500,
        leader: { submissionId: "a" },
      },
      "judging:pickChoices": () => choices,
      "judging:myRole": () => role,
      "contributions:myStake": () => stake,
      "users:current": { _id: ME },
    },
    mutations: {
      "contributions:pickWinner": pickWinner,
      "judging:setFinalist": setFinalist,
      "judging:rate": vi.fn(),
      "judging:unrate": vi.fn(),
    },
  });
  pickWinner.mockResolvedValue(null);
  setFinalist.mockResolvedValue(null);
});

describe("JudgingGallery", () => {
  it("shows the videos that can win side by side, each with its player, counted votes and Finalist", () => {
    renderGallery();
    const gallery = screen.getByRole("region", { name: "Judging gallery" });
    const items = within(gallery).getAllByTestId("gallery-video");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Finalist");
    expect(items[0]).toHaveTextContent("5 counted votes");
    expect(items[1]).not.toHaveTextContent("Finalist");
    // Each has its player (the cover that turns into the platform's player).
    for (const item of items)
      expect(within(item).getByRole("button", { name: /Play/ })).toBeInTheDocument();
  });

  it("a backer who may pick picks here; never their own video; no date on each video", async () => {
    const user = userEvent.setup();
    renderGallery();
    const [a, , own] = screen.getAllByTestId("gallery-video");
    expect(within(own!).queryByRole("button", { name: /Pick this video/ })).not.toBeInTheDocument();
    expect(within(a!).queryByText(/\d{4}/)).not.toBeInTheDocument();
    await user.click(within(a!).getByRole("button", { name: "Pick this video: Video a" }));
    expect(pickWinner).toHaveBeenCalledWith({ submissionId: "a" });
  });

  it("the poster marks finalists; at 5 the others cannot be marked", async () => {
    role = { isPoster: true, raterRole: "poster", ratings: [] };
    stake = null;
    const user = userEvent.setup();
    renderGallery();
    expect(screen.queryByRole("button", { name: /Pick this video/ })).not.toBeInTheDocument();
    const [a, b] = screen.getAllByTestId("gallery-video");
    expect(within(a!).getByRole("button", { name: /Finalist ✓/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(within(b!).getByRole("button", { name: "Mark as finalist: Video b" }));
    expect(setFinalist).toHaveBeenCalledWith({ submissionId: "b", finalist: true });

    choices = [1, 2, 3, 4, 5, 6].map((n) => choice(`v${n}`, { finalist: n <= 5 }));
    renderGallery();
    expect(screen.getByRole("button", { name: "Mark as finalist: Video v6" })).toBeDisabled();
  });

  it("a viewer with no part sees the videos, with no pick, finalist or rating controls", () => {
    role = { isPoster: false, raterRole: null, ratings: [] };
    stake = null;
    renderGallery();
    expect(screen.getAllByTestId("gallery-video")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /Pick|finalist|Rate/i })).not.toBeInTheDocument();
  });

  it("shows nothing while the idea is open", () => {
    mockConvex({ queries: { "ideas:outcome": { kind: "open" } } });
    const { container } = renderGallery();
    expect(container).toBeEmptyDOMElement();
  });
});
