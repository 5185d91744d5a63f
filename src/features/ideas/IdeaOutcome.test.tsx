import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import IdeaOutcome from "./IdeaOutcome";

vi.mock("convex/react", () => ({ useQuery: vi.fn() }));

const DAY = 24 * 60 * 60 * 1000;
const id = "p1" as never;
const show = (outcome: unknown) => {
  vi.mocked(useQuery).mockReturnValue(outcome);
  return render(<IdeaOutcome ideaId={id} />);
};
const video = {
  url: "https://youtu.be/abc",
  platform: "YouTube" as const,
  thumbnailUrl: "https://i.ytimg.com/vi/abc/hqdefault.jpg",
};

beforeEach(() => vi.clearAllMocks());

describe("IdeaOutcome", () => {
  it("shows nothing while the idea is open or loading", () => {
    const { container } = show({ kind: "open" });
    expect(container).toBeEmptyDOMElement();
    show(undefined);
    expect(container).toBeEmptyDOMElement();
  });

  it("judging: until when, who decides, and the current leader; never 'Winner picked on'", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30, 12), toFake: ["Date"] });
    show({
      kind: "judging",
      judgingEndsAt: Date.UTC(2026, 11, 3, 12),
      bountyCents: 1200,
      leader: {
        ...video,
        submissionId: "s1",
        title: "Lisbon by tram",
        creatorName: "Ada",
        countedVotes: 1,
      },
    });
    expect(screen.getByRole("heading", { name: /Judging until December 3, 2026/ })).toBeVisible();
    expect(screen.getByText(/Backers who chose to pick a winner decide/)).toHaveTextContent(
      "the winner is announced then.",
    );
    expect(screen.queryByText(/Winner picked on/)).not.toBeInTheDocument();
    expect(screen.getByText(/Leading now:/)).toHaveTextContent(
      "Leading now: Lisbon by tram by Ada · 1 counted vote",
    );
    vi.useRealTimers();
  });

  it("judging past its end while settlement runs: the winner is being announced, no past 'until'", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 4), toFake: ["Date"] });
    show({
      kind: "judging",
      judgingEndsAt: Date.UTC(2026, 11, 3, 12),
      bountyCents: 1200,
      leader: { ...video, submissionId: "s1", title: "T", creatorName: "Ada", countedVotes: 0 },
    });
    expect(screen.getByRole("heading", { name: "Announcing the winner" })).toBeVisible();
    expect(screen.queryByText(/Judging until/)).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("judging with no eligible video: nothing to judge, the money is going back now", () => {
    show({ kind: "judging", judgingEndsAt: Date.now() + DAY, bountyCents: 500, leader: null });
    expect(
      screen.getByRole("heading", {
        name: "No eligible video arrived — $5.00 is being returned to its backers.",
      }),
    ).toBeVisible();
    expect(screen.queryByText(/Judging until|when judging ends/)).not.toBeInTheDocument();
  });

  it("awarded: each winner with its creator, amount, and paid date or claim deadline", () => {
    show({
      kind: "awarded",
      refundedCents: 0,
      winners: [
        {
          ...video,
          submissionId: "s1",
          title: "Lisbon by tram",
          creatorName: "Ada",
          amountCents: 800,
          paidCents: 800,
          status: "paid",
          claimDeadline: 0,
          paidAt: Date.UTC(2026, 10, 20, 12),
        },
        {
          ...video,
          submissionId: "s2",
          title: "Lisbon on foot",
          creatorName: "Grace",
          amountCents: 300,
          paidCents: 0,
          status: "waiting",
          claimDeadline: Date.UTC(2027, 0, 2, 12),
          paidAt: null,
        },
        {
          ...video,
          submissionId: "s3",
          title: "Lisbon by night",
          creatorName: "Alan",
          amountCents: 200,
          paidCents: 0,
          status: "frozen",
          claimDeadline: Date.UTC(2026, 0, 2, 12),
          paidAt: null,
        },
      ],
    });
    expect(screen.getByRole("heading", { name: "3 winners" })).toBeVisible();
    expect(screen.getByRole("link", { name: /Lisbon by tram/ })).toHaveAttribute(
      "href",
      "https://youtu.be/abc",
    );
    expect(screen.getByText("by Ada")).toBeVisible();
    expect(screen.getByText("$8.00")).toBeVisible();
    expect(screen.getByText("Paid on November 20, 2026")).toBeVisible();
    expect(
      screen.getByText("Waiting for Grace to set up payouts (until January 2, 2027)"),
    ).toBeVisible();
    // Money frozen by a dispute never reads as waiting until a date that has passed.
    expect(screen.getByText("Frozen by a card dispute")).toBeVisible();
  });

  it("refunded: the amount Stripe returned and to how many backers", () => {
    show({ kind: "refunded", refundedCents: 1000, pendingCents: 0, backers: 2 });
    expect(
      screen.getByRole("heading", {
        name: "No eligible video arrived — $10.00 returned to 2 backers",
      }),
    ).toBeVisible();
  });

  it("refunded but not confirmed yet: never says returned", () => {
    show({ kind: "refunded", refundedCents: 0, pendingCents: 500, backers: 0 });
    expect(screen.getByRole("heading", { name: "No eligible video arrived" })).toBeVisible();
    expect(screen.queryByText(/returned/)).not.toBeInTheDocument();
    expect(screen.getByText(/\$5\.00 is still being refunded/)).toBeVisible();
  });
});
