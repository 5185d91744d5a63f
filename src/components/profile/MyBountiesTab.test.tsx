import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import MyBountiesTab from "./MyBountiesTab";
import { renderRoute } from "../../test/accounts";
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

let bounties: unknown;

function renderTab() {
  return renderRoute(<MyBountiesTab />, { at: "/profile", path: "/profile" });
}

beforeEach(() => {
  vi.clearAllMocks();
  bounties = [
    {
      _id: "idea_1",
      title: "Drone tour of every lighthouse in Maine",
      submissionCount: 3,
      votes: 12,
      youContributedCents: 500,
      totalCents: 123450,
      status: "open",
    },
    {
      _id: "idea_2",
      title: "Bake bread with only a campfire",
      submissionCount: 0,
      votes: -1,
      youContributedCents: 0,
      totalCents: 0,
      status: "settled",
    },
  ];
  mockConvex({ queries: { "contributions:myBounties": () => bounties } });
});

describe("MyBountiesTab", () => {
  it("lists each idea with its submissions, votes and contributions", () => {
    renderTab();

    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(
      first.getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/idea_1");
    expect(first.getByText("Number of Submissions").nextElementSibling).toHaveTextContent("3");
    expect(first.getByText("Votes").nextElementSibling).toHaveTextContent("12");
    expect(first.getByText("You Contributed: $5.00")).toBeInTheDocument();
    expect(first.getByText("Total Contributed: $1,234.50")).toBeInTheDocument();

    const second = within(items[1]!);
    expect(second.getByText("You Contributed: $0.00")).toBeInTheDocument();
    expect(second.getByText("Total Contributed: $0.00")).toBeInTheDocument();
    expect(second.getByText("Votes").nextElementSibling).toHaveTextContent("-1");
    expect(second.getByText("Completed")).toBeInTheDocument();
  });

  it("shows the empty state with a way to post an idea", () => {
    bounties = [];
    renderTab();

    expect(screen.getByText("Your original ideas will appear here.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Post an idea" })).toHaveAttribute("href", "/submit");
  });

  it("shows a placeholder while loading", () => {
    bounties = undefined;
    renderTab();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your bounties...");
  });

  it("says so when the list cannot load", () => {
    bounties = new Error("boom");
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderTab();

    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load contributions");
    expect(toast.error).toHaveBeenCalledWith("Failed to load contributions", expect.anything());
  });
});
