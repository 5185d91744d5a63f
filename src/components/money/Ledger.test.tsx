import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import Ledger from "./Ledger";
import { mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));

let ledger: unknown;

beforeEach(() => {
  vi.clearAllMocks();
  ledger = {
    totals: {
      contributedCents: 250000,
      refundedCents: 500,
      awardedCents: 120000,
      paidOutCents: 100000,
    },
    entries: [
      { _id: "e3", kind: "paid_out", amountCents: 100000, at: Date.UTC(2024, 11, 2, 12) },
      { _id: "e2", kind: "refunded", amountCents: 500, at: Date.UTC(2024, 11, 1, 12) },
      { _id: "e1", kind: "contributed", amountCents: 250000, at: Date.UTC(2024, 10, 6, 12) },
    ],
  };
  mockConvex({ queries: { "contributions:ledger": () => ledger } });
});

const total = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

describe("Ledger", () => {
  it("asks for the idea's ledger", () => {
    render(<Ledger proposalId="proposal_1" />);
    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ proposalId: "proposal_1" });
  });

  it("shows the four totals", () => {
    render(<Ledger proposalId="proposal_1" />);

    expect(screen.getByRole("heading", { level: 2, name: "Where the money goes" })).toBeVisible();
    expect(total("Contributed")).toHaveTextContent("$2,500.00");
    expect(total("Refunded")).toHaveTextContent("$5.00");
    expect(total("Awarded")).toHaveTextContent("$1,200.00");
    expect(total("Paid out")).toHaveTextContent("$1,000.00");
    expect(
      screen.getByText(/Every paid dollar ends up with a creator or back with its contributor/),
    ).toBeVisible();
    // 2,500 − 5 − 1,200 held; 1,200 − 1,000 on its way.
    expect(screen.getByText(/is held until the winner is decided/)).toHaveTextContent("$1,295.00");
    expect(screen.getByText(/on its way to creators/)).toHaveTextContent("$200.00");
  });

  it("lists the recent movements with their dates", () => {
    render(<Ledger proposalId="proposal_1" />);

    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Transferred to a creator");
    expect(items[0]).toHaveTextContent("December 2, 2024");
    expect(items[0]).toHaveTextContent("$1,000.00");
    expect(items[2]).toHaveTextContent("A contribution was paid");
    expect(items[2]).toHaveTextContent("November 6, 2024");
  });

  it("shows only the latest movements", () => {
    ledger = {
      totals: { contributedCents: 1200, refundedCents: 0, awardedCents: 0, paidOutCents: 0 },
      entries: Array.from({ length: 12 }, (_, i) => ({
        _id: `e${i}`,
        kind: "contributed",
        amountCents: 100,
        at: Date.UTC(2024, 10, 6),
      })),
    };
    render(<Ledger proposalId="proposal_1" />);

    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText("Showing the latest 5 of 12 movements.")).toBeVisible();
  });

  it("says when no money has moved yet", () => {
    ledger = {
      totals: { contributedCents: 0, refundedCents: 0, awardedCents: 0, paidOutCents: 0 },
      entries: [],
    };
    render(<Ledger proposalId="proposal_1" />);

    expect(total("Contributed")).toHaveTextContent("$0.00");
    expect(screen.getByText(/No money has moved yet/)).toBeVisible();
  });

  it("renders nothing for an unknown idea", () => {
    ledger = null;
    const { container } = render(<Ledger proposalId="nope" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("keeps the page when the query fails", () => {
    ledger = new Error("boom");
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Ledger proposalId="proposal_1" />);
    expect(screen.getByText(/couldn't be loaded/)).toBeVisible();
  });
});
