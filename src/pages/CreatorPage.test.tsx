import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { usePaginatedQuery } from "convex/react";
import { toast } from "sonner";
import CreatorPage from "./CreatorPage";
import { renderRoute } from "../test/accounts";
import { mockConvex } from "../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
  usePaginatedQuery: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const profile = {
  _id: "creator_1",
  displayName: "Rae Maker",
  channelName: "Rae Makes Things",
  avatarUrl: "https://yt3.ggpht.com/rae=s88",
  bio: "I film night markets.",
  memberSince: Date.UTC(2025, 0, 5, 12),
  channels: [
    {
      platform: "YouTube",
      name: "Rae Makes Things",
      url: "https://www.youtube.com/channel/UCrae",
      avatarUrl: "https://yt3.ggpht.com/rae=s88",
    },
  ],
  record: { wonVideos: 2, judgedVideos: 5, winRate: 0.4 },
  totals: { paidCents: 12_500, wonVideos: 2 },
};
const invite = vi.fn();
let viewer: { _id: string } | null;

function renderPage() {
  return renderRoute(<CreatorPage />, { at: "/creators/creator_1", path: "/creators/:creatorId" });
}

beforeEach(() => {
  vi.clearAllMocks();
  viewer = { _id: "poster_1" };
  invite.mockResolvedValue({ invited: true });
  vi.mocked(usePaginatedQuery).mockReturnValue({
    results: [],
    status: "Exhausted",
    isLoading: false,
    loadMore: vi.fn(),
  } as unknown as ReturnType<typeof usePaginatedQuery>);
  mockConvex({
    signedIn: true,
    queries: {
      "creators:profile": profile,
      "users:current": () => viewer,
      "creators:invitableIdeasFor": [
        { _id: "idea_1", title: "Night ferries", invited: false },
        { _id: "idea_2", title: "Tiny houses", invited: true },
      ],
    },
    // The Follow button beside the invitation (features/follows tests it).
    mutations: { "creators:invite": invite, "follows:follow": vi.fn() },
  });
});

describe("CreatorPage", () => {
  it("is like a channel: its picture and name, the bio, wins, total earned and win rate", () => {
    renderPage();
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Rae Makes Things");
    const header = heading.closest("header")!;
    expect(header.querySelector("img")).toHaveAttribute("src", "https://yt3.ggpht.com/rae=s88");
    expect(within(header).getByText("Rae Maker on Bounties")).toBeVisible();
    expect(within(header).getByText("I film night markets.")).toBeVisible();
    const record = within(header).getByLabelText("Record");
    expect(record).toHaveTextContent("Wins2");
    expect(record).toHaveTextContent("Total earned$125.00");
    expect(record).toHaveTextContent("Win rate40%");
    expect(record).toHaveTextContent("2 of 5 judged videos");
  });

  it("a poster invites the creator to one of their open ideas", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("button", { name: "Invite to my idea" }));
    const form = screen.getByRole("form", { name: "Invite to my idea" });
    // Ideas the creator was already invited to are not offered again.
    expect(within(form).queryByRole("option", { name: "Tiny houses" })).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByRole("combobox"), "Night ferries");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(invite).toHaveBeenCalledWith({ creatorId: "creator_1", ideaId: "idea_1" });
    expect(toast.success).toHaveBeenCalled();
  });

  it("no invitation on one's own page", () => {
    viewer = { _id: "creator_1" };
    renderPage();
    expect(screen.queryByRole("button", { name: "Invite to my idea" })).not.toBeInTheDocument();
  });
});
