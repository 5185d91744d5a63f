import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ContributionView, { FATE_TITLE } from "./ContributionView";
import type { ContributionDetails } from "./contributionDetails";
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

const VIDEO = {
  _id: "k57sub1" as never,
  title: "Every lighthouse in Maine",
  creatorName: "Ada Lovelace",
};

function makeDetails(overrides: Partial<ContributionDetails> = {}): ContributionDetails {
  return {
    idea: {
      _id: "k57idea" as ContributionDetails["idea"]["_id"],
      title: "Drone tour of every lighthouse in Maine",
      submissionCount: 1,
    },
    contribution: {
      amountCents: 1000,
      status: "paid",
      created: Date.UTC(2024, 10, 6, 15),
      paidAt: Date.UTC(2024, 10, 6, 15, 1),
      customerDetails: { name: "Ada Lovelace", email: "ada@example.com", country: "GB" },
      payoutPreference: "peoples_choice",
      refundedCents: 0,
      outcome: "awarded",
    },
    winnerSelectionDeadline: Date.UTC(2025, 0, 22, 12),
    isContributor: true,
    anonymous: false,
    canChangePayout: false,
    fate: [],
    backer: null,
    ...overrides,
  };
}

function renderView(details: ContributionDetails) {
  return render(
    <MemoryRouter>
      <ContributionView sessionId="cs_test_1" details={details} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mockConvex({ mutations: { "contributions:setPayoutPreference": vi.fn() } });
});

describe("ContributionView: where the money is", () => {
  it("shows each part of the contribution's money", () => {
    renderView(
      makeDetails({
        fate: [
          {
            state: "awarded_waiting",
            amountCents: 700,
            at: Date.UTC(2025, 0, 22, 12),
            until: Date.UTC(2025, 1, 21, 12),
            submission: VIDEO,
          },
          {
            state: "refunded",
            amountCents: 300,
            at: Date.UTC(2025, 0, 10, 12),
            until: null,
            submission: null,
          },
        ],
      }),
    );

    const card = screen.getByRole("region", { name: FATE_TITLE });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual([
      "$7.00 awarded to “Every lighthouse in Maine” — waiting for its creator until February 21, 2025.",
      "$3.00 refunded on January 10, 2025.",
    ]);
    expect(document.body).not.toHaveTextContent(/on its way/i);
    // The spec's texts stay.
    expect(
      screen.getByRole("heading", {
        level: 1,
        name: "You contributed $10.00 to the proposal: Drone tour of every lighthouse in Maine",
      }),
    ).toBeVisible();
    expect(screen.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
  });

  it("has no money card while the payment is pending", () => {
    renderView(
      makeDetails({
        contribution: { ...makeDetails().contribution, status: "pending", outcome: null },
      }),
    );
    expect(screen.getByRole("heading", { name: "Payment status: pending" })).toBeVisible();
    expect(screen.queryByRole("region", { name: FATE_TITLE })).not.toBeInTheDocument();
  });

  it("does not promise a refund is on its way", () => {
    renderView(
      makeDetails({
        contribution: { ...makeDetails().contribution, outcome: "refund" },
        fate: [
          {
            state: "refund_failed",
            amountCents: 1000,
            at: Date.UTC(2025, 0, 23, 12),
            until: null,
            submission: null,
          },
        ],
      }),
    );
    expect(document.body).not.toHaveTextContent(/on its way/i);
    expect(
      screen.getByText("$10.00: the refund failed — we'll sort it out and contact you."),
    ).toBeVisible();
  });
});
