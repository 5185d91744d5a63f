import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import OperatorDashboard, { type OperatorOverview } from "./OperatorDashboard";
import { deferred } from "../../test/money";
import { formatMoney } from "../../../convex/model/labels";
import operatorStyles from "./OperatorDashboard.module.css";

const NOW = Date.UTC(2025, 1, 1, 12);
type Ids = OperatorOverview["held"][number];

function makeOverview(overrides: Partial<OperatorOverview> = {}): OperatorOverview {
  return {
    totals: {
      collectedCents: 1000000,
      refundedCents: 100000,
      refundingCents: 5000,
      refundFailedCents: 2000,
      transferredCents: 600000,
      disputedCents: 3000,
      lostCents: 1000,
      heldCents: 288000,
    },
    attention: [
      {
        movementId: "m1",
        kind: "refund",
        state: "needs_attention",
        amountCents: 2000,
        ideaId: "k57idea" as Ids["ideaId"],
        ideaTitle: "Drone tour of every lighthouse in Maine",
        contributionId: "k57c1" as Ids["contributionId"],
        attempts: 3,
        lastError: "card_declined",
        createdAt: Date.UTC(2025, 0, 28, 12),
      },
      {
        movementId: "m2",
        kind: "transfer",
        state: "failed",
        amountCents: 4000,
        ideaId: "k57other" as Ids["ideaId"],
        ideaTitle: "Foghorns of the world",
        contributionId: "k57c2" as Ids["contributionId"],
        attempts: 1,
        lastError: null,
        createdAt: Date.UTC(2025, 0, 29, 12),
      },
    ],
    held: [
      {
        contributionId: "k57c3" as Ids["contributionId"],
        ideaId: "k57idea" as Ids["ideaId"],
        ideaTitle: "Drone tour of every lighthouse in Maine",
        cents: 20000,
        until: Date.UTC(2025, 1, 21, 12),
        reason: "waiting_for_creator",
      },
      {
        contributionId: "k57c4" as Ids["contributionId"],
        ideaId: "k57other" as Ids["ideaId"],
        ideaTitle: "Foghorns of the world",
        cents: 2000,
        until: null,
        reason: "refund_failed",
      },
      {
        contributionId: "k57c5" as Ids["contributionId"],
        ideaId: "k57other" as Ids["ideaId"],
        ideaTitle: "Foghorns of the world",
        cents: 1000,
        until: Date.UTC(2025, 0, 22, 12),
        reason: "judging",
      },
    ],
    heldCut: [],
    ...overrides,
  };
}

function renderDashboard(overview = makeOverview(), load = vi.fn()) {
  return render(
    <MemoryRouter>
      <OperatorDashboard overview={overview} now={NOW} loadStripeBalance={load} />
    </MemoryRouter>,
  );
}

const total = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

describe("OperatorDashboard", () => {
  it("shows the totals", () => {
    renderDashboard();
    expect(total("Collected")).toHaveTextContent("$10,000.00");
    expect(total("Refunded")).toHaveTextContent("$1,000.00");
    expect(total("Refunding")).toHaveTextContent("$50.00");
    expect(total("Refund failed")).toHaveTextContent("$20.00");
    expect(total("Transferred")).toHaveTextContent("$6,000.00");
    expect(total("Disputed")).toHaveTextContent("$30.00");
    expect(total("Lost")).toHaveTextContent("$10.00");
    expect(total("Held")).toHaveTextContent("$2,880.00");
  });

  it("compares our held total with Stripe's balance", async () => {
    const balance = deferred<{ availableCents: number; pendingCents: number }>();
    const load = vi.fn(() => balance.promise);
    const user = userEvent.setup();
    renderDashboard(makeOverview(), load);

    await user.click(screen.getByRole("button", { name: "Compare with Stripe" }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Asking Stripe..." })).toBeDisabled();

    balance.resolve({ availableCents: 250000, pendingCents: 40000 });
    expect(await screen.findByText("Stripe available", { selector: "dt" })).toBeVisible();
    expect(total("Held by us")).toHaveTextContent("$2,880.00");
    expect(total("Stripe available")).toHaveTextContent("$2,500.00");
    expect(total("Stripe pending")).toHaveTextContent("$400.00");
    expect(total("Stripe total minus held")).toHaveTextContent("$20.00");
    expect(screen.getByRole("button", { name: "Compare with Stripe" })).toBeEnabled();
  });

  it("says so when Stripe's balance cannot be read", async () => {
    const load = vi.fn().mockRejectedValue(new ConvexError({ message: "Stripe is down." }));
    const user = userEvent.setup();
    renderDashboard(makeOverview(), load);

    await user.click(screen.getByRole("button", { name: "Compare with Stripe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Stripe is down.");
  });

  it("lists the movements needing attention in an accessible table", () => {
    renderDashboard();

    const table = screen.getByRole("table", { name: "Money movements that need attention" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Kind", "Amount", "Idea", "Attempts", "Last error", "Since"]);
    const [, first, second] = within(table).getAllByRole("row");
    const cells = within(first!).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual([
      "Refund needs attention",
      "$20.00",
      "Drone tour of every lighthouse in Maine",
      "3",
      "card_declined",
      "January 28, 2025",
    ]);
    expect(cells[0]).toHaveAttribute("data-label", "Kind");
    expect(within(first!).getByRole("link")).toHaveAttribute("href", "/expanded-proposal/k57idea");
    expect(second).toHaveTextContent("Transfer to a creator failed");
    expect(second).toHaveTextContent("None recorded");
    expect(screen.getByRole("heading", { name: "Needs attention (2)" })).toBeVisible();
  });

  it("lists held money soonest deadline first, highlighting a passed deadline", () => {
    renderDashboard();

    const table = screen.getByRole("table", { name: "Money still held, soonest deadline first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[3]!.textContent)).toEqual([
      "January 22, 2025 Overdue",
      "February 21, 2025",
      "No deadline: an operator is on it",
    ]);
    expect(rows[0]).toHaveClass(operatorStyles.opTableRowOverdue!);
    expect(rows[1]).not.toHaveClass(operatorStyles.opTableRowOverdue!);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Foghorns of the world",
      "$10.00",
      "Until the winner is decided",
      "January 22, 2025 Overdue",
    ]);
    expect(rows[1]).toHaveTextContent("Waiting for the creator to set up payouts");
    expect(rows[2]).toHaveTextContent("Refund failed");
  });

  it("says when nothing needs attention and nothing is held", () => {
    renderDashboard(makeOverview({ attention: [], held: [] }));
    expect(screen.getByText("Nothing needs attention.")).toBeVisible();
    expect(screen.getByText("No money is held.")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("tells money an operator must free from money that is moving, and says when a list is cut", () => {
    renderDashboard(
      makeOverview({
        held: [
          { ...makeOverview().held[0]!, reason: "frozen", until: null },
          {
            ...makeOverview().held[0]!,
            contributionId: "k57c9" as never,
            reason: "being_paid",
            until: null,
          },
        ],
        heldCut: ["frozen"],
      }),
    );
    const rows = screen.getAllByRole("row").slice(-2);
    expect(rows[0]).toHaveTextContent("Frozen by a card dispute");
    expect(rows[0]).toHaveTextContent("No deadline: an operator is on it");
    expect(rows[1]).toHaveTextContent("Being paid to creators");
    expect(rows[1]).toHaveTextContent("Under way now");
    expect(
      screen.getByText(/Only the first 200 of each reason are listed; more are held for/),
    ).toHaveTextContent("Frozen by a card dispute");
    // The heading counts failed refunds too: money still on the platform.
    const { heldCents, refundFailedCents } = makeOverview().totals;
    expect(screen.getByRole("heading", { name: /Held money/ })).toHaveTextContent(
      `(${formatMoney(heldCents + refundFailedCents)})`,
    );
  });
});
