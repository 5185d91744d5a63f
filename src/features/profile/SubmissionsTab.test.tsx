import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import SubmissionsTab, { submissionStatus, type SubmissionPayout } from "./SubmissionsTab";
import type { api } from "../../../convex/_generated/api";

vi.mock("convex/react", () => ({
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

type MySubmission = FunctionReturnType<typeof api.studio.standings>["page"][number];
type Status = "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";

const loadMore = vi.fn();
type Payout = SubmissionPayout | null | undefined;

function makePayout(overrides: Partial<SubmissionPayout> = {}): SubmissionPayout {
  return {
    phase: "open",
    eligible: true,
    ineligibleReasons: [],
    expectedCents: 1250,
    maxCents: 4000,
    award: null,
    ...overrides,
  };
}
let payouts: Record<string, Payout> = {};

function makeSubmission(overrides: Partial<MySubmission> = {}): MySubmission {
  return {
    _id: "k57sub1" as MySubmission["_id"],
    ideaId: "k57idea" as MySubmission["ideaId"],
    ideaTitle: "Drone tour of every lighthouse in Maine",
    ideaStatus: "open",
    title: "Every lighthouse in Maine, from the air",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    platform: "YouTube",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    eligible: true,
    ownedBySubmitter: true,
    countedVotes: 3,
    allVotes: 7,
    rank: 2,
    rivals: 5,
    picks: 1,
    finalist: false,
    average: null,
    ratingCount: 0,
    feedback: [],
    ...overrides,
  };
}

function setList(results: MySubmission[], status: Status = "Exhausted") {
  vi.mocked(usePaginatedQuery).mockReturnValue({
    results,
    status,
    isLoading: status === "LoadingFirstPage" || status === "LoadingMore",
    loadMore,
  } as unknown as ReturnType<typeof usePaginatedQuery>);
}

function renderTab() {
  return render(
    <MemoryRouter>
      <SubmissionsTab userId={"k57me" as never} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  payouts = { k57sub1: makePayout() };
  vi.mocked(useQuery).mockImplementation(((
    query: Parameters<typeof getFunctionName>[0],
    args: { submissionId: string },
  ) => {
    if (getFunctionName(query) !== "contributions:payoutForSubmission") return undefined;
    return payouts[args.submissionId];
  }) as unknown as typeof useQuery);
  setList([makeSubmission()]);
});

describe("SubmissionsTab", () => {
  it("asks for the person's submissions, a page at a time", () => {
    renderTab();

    const [query, args, options] = vi.mocked(usePaginatedQuery).mock.calls[0]!;
    expect(getFunctionName(query)).toBe("studio:standings");
    expect(args).toEqual({});
    expect(options).toEqual({ initialNumItems: 10 });
  });

  it("leads with the video's thumbnail and title, 'for {idea}', and where it stands", () => {
    setList([makeSubmission({ finalist: true })]);
    renderTab();

    const item = screen.getByRole("listitem");
    // The video first: its cover and its title (a link to it), never the raw address.
    const heading = within(item).getByRole("heading", { level: 2 });
    expect(heading).toHaveTextContent("Every lighthouse in Maine, from the air");
    const video = within(heading).getByRole("link");
    expect(video).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(video).toHaveAttribute("target", "_blank");
    expect(item.querySelector("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
    expect(within(item).queryByText(/youtube\.com\/watch/)).not.toBeInTheDocument();
    expect(within(item).getByText(/^for/)).toHaveTextContent(
      "for Drone tour of every lighthouse in Maine",
    );
    expect(
      within(item).getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/k57idea");
    expect(within(item).getByTestId("submission-standing")).toHaveTextContent(
      "#2 of 5 · 3 counted votes",
    );
    expect(within(item).getByText("Finalist")).toBeVisible();
    expect(screen.getByRole("link", { name: "Open your studio" })).toHaveAttribute(
      "href",
      "/studio",
    );
  });

  it("a video that cannot win says so instead of a rank", () => {
    setList([makeSubmission({ eligible: false, rank: null })]);
    renderTab();
    expect(screen.getByTestId("submission-standing")).toHaveTextContent(
      "Can't win · 3 counted votes",
    );
  });

  it("shows the real expected and max payouts, explained", () => {
    renderTab();

    expect(vi.mocked(useQuery).mock.calls).toContainEqual([
      expect.anything(),
      { submissionId: "k57sub1" },
    ]);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText(/Expected Payout:/)).toHaveTextContent("Expected Payout: $12.50");
    expect(within(item).getByText(/Max Payout:/)).toHaveTextContent("Max Payout: $40.00");
    expect(
      screen.getByText(/Expected Payout is what this video would receive if the bounty/),
    ).toBeVisible();
    expect(within(item).getByText(/Expected Payout:/)).toHaveAttribute(
      "title",
      expect.stringContaining("if it won every contribution"),
    );
  });

  it("shows $0.00 when there is nothing to pay, and a placeholder while loading", () => {
    payouts = { k57sub1: null, k57sub2: undefined };
    setList([
      makeSubmission(),
      makeSubmission({ _id: "k57sub2" as MySubmission["_id"], ideaTitle: "Second idea" }),
    ]);
    renderTab();

    const [first, second] = screen.getAllByRole("listitem");
    expect(within(first!).getByText(/Expected Payout:/)).toHaveTextContent(
      "Expected Payout: $0.00",
    );
    expect(within(first!).getByText(/Max Payout:/)).toHaveTextContent("Max Payout: $0.00");
    expect(within(second!).getByText(/Expected Payout:/)).toHaveTextContent("Expected Payout: …");
  });

  it("keeps the figures while judging, when they can still change", () => {
    payouts = { k57sub1: makePayout({ phase: "judging", expectedCents: 3000, maxCents: 3000 }) };
    renderTab();

    const item = screen.getByRole("listitem");
    expect(within(item).getByText(/Expected Payout:/)).toHaveTextContent("Expected Payout: $30.00");
    expect(within(item).getByText(/Max Payout:/)).toHaveTextContent("Max Payout: $30.00");
  });

  const award = {
    amountCents: 4000,
    paidCents: 4000,
    claimDeadline: Date.UTC(2025, 1, 21, 12),
    paidAt: Date.UTC(2025, 0, 30, 12),
  };

  it.each([
    ["paid", { ...award, status: "paid" as const }, "Paid $40.00 on January 30, 2025"],
    [
      "waiting for payouts",
      { ...award, paidCents: 0, paidAt: null, status: "waiting" as const },
      "Waiting for you to set up payouts until February 21, 2025: $40.00",
    ],
    [
      "being paid",
      { ...award, paidCents: 0, paidAt: null, status: "paying" as const },
      "Being paid: $40.00",
    ],
    ["not awarded", null, "Not awarded"],
  ])("once settled, shows the award instead of the figures: %s", (_, settled, text) => {
    payouts = {
      k57sub1: makePayout({
        phase: "settled",
        expectedCents: null,
        maxCents: null,
        award: settled,
      }),
    };
    renderTab();

    const item = screen.getByRole("listitem");
    expect(within(item).getByText(text)).toBeVisible();
    expect(within(item).queryByText(/Expected Payout:/)).not.toBeInTheDocument();
    expect(within(item).queryByText(/Max Payout:/)).not.toBeInTheDocument();
    const setUp = within(item).queryByRole("link", { name: "Set up payouts" });
    if (settled?.status === "waiting")
      expect(setUp).toHaveAttribute("href", "/profile?tab=settings");
    else expect(setUp).not.toBeInTheDocument();
  });

  it("gives the reasons a video cannot win", () => {
    payouts = {
      k57sub1: makePayout({
        eligible: false,
        expectedCents: 0,
        maxCents: 0,
        ineligibleReasons: [
          "The video was published before the idea was posted.",
          "The video is longer than the idea allows.",
        ],
      }),
    };
    renderTab();

    const item = screen.getAllByRole("listitem")[0]!;
    expect(within(item).getByText("Not eligible to win:")).toBeVisible();
    const reasons = within(within(item).getByRole("list")).getAllByRole("listitem");
    expect(reasons.map((r) => r.textContent)).toEqual([
      "The video was published before the idea was posted.",
      "The video is longer than the idea allows.",
    ]);
    expect(within(item).queryByText(/Expected Payout:/)).not.toBeInTheDocument();
  });

  it("says how to get paid for a video not yet proven the person's", () => {
    setList([makeSubmission({ platform: "TikTok", ownedBySubmitter: false })]);
    renderTab();

    expect(screen.getByRole("link", { name: "connect your TikTok account" })).toHaveAttribute(
      "href",
      "/profile?tab=settings",
    );
  });

  it("loads more on request", async () => {
    setList([makeSubmission()], "CanLoadMore");
    const user = userEvent.setup();
    const { unmount } = renderTab();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(loadMore).toHaveBeenCalledWith(10);
    unmount();

    setList([makeSubmission()], "LoadingMore");
    renderTab();
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
  });

  it("shows the empty state", () => {
    setList([]);
    renderTab();

    expect(screen.getByText("Your videos will appear here.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Find an idea" })).toHaveAttribute("href", "/ideas");
  });

  it("shows a placeholder while the first page loads", () => {
    setList([], "LoadingFirstPage");
    renderTab();

    expect(screen.getByRole("status")).toHaveTextContent("Loading your submissions...");
    expect(screen.queryByText("Your videos will appear here.")).not.toBeInTheDocument();
  });

  it("says 'Failed to load submissions' when the list fails", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(usePaginatedQuery).mockImplementation(() => {
      throw new Error("Server error");
    });
    renderTab();

    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load submissions");
    expect(toast.error).toHaveBeenCalledWith("Failed to load submissions", {
      id: "my-submissions-load-error",
    });
    consoleError.mockRestore();
  });
});

describe("submissionStatus", () => {
  const base = {
    phase: "open" as const,
    eligible: true,
    ineligibleReasons: [],
    expectedCents: 0,
    maxCents: 0,
    award: null,
  };
  const award = { amountCents: 500, paidCents: 0, claimDeadline: 0, paidAt: null };
  it.each([
    [base, "Open"],
    [{ ...base, phase: "judging" as const }, "Judging"],
    [{ ...base, eligible: false, ineligibleReasons: ["Too short"] }, "Not eligible"],
    [
      { ...base, phase: "settled" as const, award: { ...award, status: "waiting" as const } },
      "Won",
    ],
    [{ ...base, phase: "settled" as const, award: { ...award, status: "paying" as const } }, "Won"],
    [{ ...base, phase: "settled" as const, award: { ...award, status: "paid" as const } }, "Paid"],
    [{ ...base, phase: "settled" as const }, "Ended"],
  ])("case %# reads its label", (payout, label) => {
    expect(submissionStatus(payout).label).toBe(label);
  });
});
