import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import VoteBreakdown from "./VoteBreakdown";

vi.mock("convex/react", () => ({ useQuery: vi.fn() }));

let breakdown: { allVotes: number; countedVotes: number } | null | undefined;

beforeEach(() => {
  vi.clearAllMocks();
  breakdown = { allVotes: 12, countedVotes: 9 };
  vi.mocked(useQuery).mockImplementation(((query: Parameters<typeof getFunctionName>[0]) =>
    getFunctionName(query) === "submissions:voteBreakdown"
      ? breakdown
      : undefined) as unknown as typeof useQuery);
});

describe("VoteBreakdown", () => {
  it("asks for the submission's breakdown and shows all votes beside the counted ones", () => {
    render(<VoteBreakdown submissionId="k57sub1" />);

    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ submissionId: "k57sub1" });
    const summary = screen.getByText(/All votes/).closest("summary")!;
    expect(summary).toHaveTextContent("All votes: 12 · Counted votes: 9");
  });

  it("explains the exact rule on demand", async () => {
    render(<VoteBreakdown submissionId="k57sub1" />);
    const rule = screen.getByText(/The people's choice counts only votes from accounts/);
    expect(rule).not.toBeVisible();

    await userEvent.click(screen.getByText(/Which votes count\?/));

    expect(rule).toBeVisible();
    expect(rule).toHaveTextContent(
      "existed before the idea was posted and were at least 7 days old when the vote was cast",
    );
  });

  it("shows nothing while loading or for a submission that is gone", () => {
    breakdown = undefined;
    const { container, rerender } = render(<VoteBreakdown submissionId="k57sub1" />);
    expect(container).toBeEmptyDOMElement();
    breakdown = null;
    rerender(<VoteBreakdown submissionId="k57sub1" />);
    expect(container).toBeEmptyDOMElement();
  });
});
