import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import Ledger, { MoneyBox, type LedgerView } from "./Ledger";
import { LEDGER_KINDS } from "../../../convex/model/money/states";
import { HIDDEN_VIDEO_PASSED, LEDGER_KIND_TEXT } from "./moneyText";
import { mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));

const JUDGING_ENDS = Date.UTC(2025, 0, 22, 12);
const CLAIM_DEADLINE = Date.UTC(2025, 1, 21, 12);

function makeLedger(overrides: Partial<LedgerView> = {}): LedgerView {
  return {
    totals: {
      contributedCents: 250000,
      refundedCents: 500,
      refundingCents: 0,
      refundFailedCents: 0,
      paidOutCents: 100000,
      disputedCents: 0,
      lostCents: 0,
      movedOutCents: 0,
      movedInCents: 0,
      heldCents: 149500,
      awardedWaitingCents: 20000,
      awardedPayingCents: 0,
    },
    held: [
      { cents: 129500, until: JUDGING_ENDS, reason: "judging" },
      { cents: 20000, until: CLAIM_DEADLINE, reason: "waiting_for_creator" },
    ],
    winners: [
      {
        submissionId: "k57sub1" as LedgerView["winners"][number]["submissionId"],
        title: "Every lighthouse in Maine",
        creatorName: "Ada Lovelace",
        amountCents: 100000,
        paidCents: 100000,
        status: "paid",
        claimDeadline: CLAIM_DEADLINE,
        paidAt: Date.UTC(2024, 11, 2, 12),
      },
      {
        submissionId: "k57sub2" as LedgerView["winners"][number]["submissionId"],
        title: "Lighthouses at night",
        creatorName: "Grace Hopper",
        amountCents: 20000,
        paidCents: 0,
        status: "waiting",
        claimDeadline: CLAIM_DEADLINE,
        paidAt: null,
      },
    ],
    entries: [
      {
        _id: "e3",
        kind: "paid_out",
        amountCents: 100000,
        at: Date.UTC(2024, 11, 2, 12),
        submissionTitle: "Every lighthouse in Maine",
      },
      {
        _id: "e2",
        kind: "refunded",
        amountCents: 500,
        at: Date.UTC(2024, 11, 1, 12),
        submissionTitle: null,
      },
      {
        _id: "e1",
        kind: "contributed",
        amountCents: 250000,
        at: Date.UTC(2024, 10, 6, 12),
        submissionTitle: null,
      },
    ],
    ...overrides,
  };
}

const total = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;
const zeroTotals = makeLedger().totals;

describe("Ledger (live)", () => {
  let ledger: unknown;
  beforeEach(() => {
    vi.clearAllMocks();
    ledger = makeLedger();
    mockConvex({ queries: { "contributions:ledger": () => ledger } });
  });

  it("asks for the idea's ledger and shows it", () => {
    render(<Ledger ideaId="idea_1" />);
    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ ideaId: "idea_1" });
    expect(screen.getByRole("heading", { level: 2, name: "Where the money goes" })).toBeVisible();
    expect(total("Contributed")).toHaveTextContent("$2,500.00");
  });

  it("renders nothing for an unknown idea", () => {
    ledger = null;
    const { container } = render(<Ledger ideaId="nope" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows a placeholder while loading", () => {
    ledger = undefined;
    render(<Ledger ideaId="idea_1" />);
    expect(screen.getByRole("region", { name: "Where the money goes" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
  });

  it("keeps the page when the query fails", () => {
    ledger = new Error("boom");
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Ledger ideaId="idea_1" />);
    expect(screen.getByText(/couldn't be loaded/)).toBeVisible();
  });
});

describe("MoneyBox", () => {
  it("shows the four main totals, and hides the problem totals at zero", () => {
    render(<MoneyBox ledger={makeLedger()} />);

    expect(total("Contributed")).toHaveTextContent("$2,500.00");
    expect(total("Refunded")).toHaveTextContent("$5.00");
    expect(total("Paid out")).toHaveTextContent("$1,000.00");
    expect(total("Held")).toHaveTextContent("$1,495.00");
    for (const label of ["Refunding", "Refund failed", "Disputed", "Lost to chargebacks"])
      expect(screen.queryByText(label, { selector: "dt" })).not.toBeInTheDocument();
  });

  it("shows refunding, refund failed, disputed and lost when not zero", () => {
    render(
      <MoneyBox
        ledger={makeLedger({
          totals: {
            ...zeroTotals,
            refundingCents: 100,
            refundFailedCents: 200,
            disputedCents: 300,
            lostCents: 400,
          },
        })}
      />,
    );
    expect(total("Refunding")).toHaveTextContent("$1.00");
    expect(total("Refund failed")).toHaveTextContent("$2.00");
    expect(total("Disputed")).toHaveTextContent("$3.00");
    expect(total("Lost to chargebacks")).toHaveTextContent("$4.00");
  });

  it.each([
    [
      "judging",
      { cents: 1000, until: JUDGING_ENDS, reason: "judging" as const },
      "$10.00 is held until the winner is decided on January 22, 2025.",
    ],
    [
      "waiting for a creator",
      { cents: 20000, until: CLAIM_DEADLINE, reason: "waiting_for_creator" as const },
      "$200.00 is waiting for Grace Hopper to set up payouts until February 21, 2025.",
    ],
    [
      "being paid",
      { cents: 3000, until: null, reason: "being_paid" as const },
      "$30.00 is being paid to creators.",
    ],
    [
      "refund failed",
      { cents: 500, until: null, reason: "refund_failed" as const },
      "$5.00: a refund failed; our team is on it.",
    ],
    [
      "frozen by a dispute",
      { cents: 600, until: null, reason: "frozen" as const },
      "$6.00 is frozen while a card dispute is open.",
    ],
    [
      "a movement that needs attention",
      { cents: 700, until: null, reason: "needs_attention" as const },
      "$7.00 is held: a payment could not be made; our team is on it.",
    ],
    [
      "going back",
      { cents: 800, until: null, reason: "returning" as const },
      "$8.00 will be refunded to its contributors.",
    ],
  ])("says why held money is here and until when: %s", (_, line, text) => {
    render(<MoneyBox ledger={makeLedger({ held: [line] })} />);
    const held = screen.getByRole("list", { name: "Money still held" });
    expect(within(held).getByRole("listitem")).toHaveTextContent(text);
  });

  it("names no creator when several wait until the same date", () => {
    const ledger = makeLedger({
      held: [{ cents: 20000, until: CLAIM_DEADLINE, reason: "waiting_for_creator" }],
    });
    ledger.winners = ledger.winners.map((w) => ({ ...w, status: "waiting" as const }));
    render(<MoneyBox ledger={ledger} />);
    expect(screen.getByText(/is waiting for/)).toHaveTextContent(
      "$200.00 is waiting for the winning creator to set up payouts until February 21, 2025.",
    );
  });

  it("lists the winners with their award's state", () => {
    const ledger = makeLedger();
    ledger.winners.push({
      ...ledger.winners[1]!,
      submissionId: "k57sub3" as LedgerView["winners"][number]["submissionId"],
      title: "Foghorns",
      creatorName: "Alan Turing",
      amountCents: 5000,
      status: "paying",
    });
    render(<MoneyBox ledger={ledger} />);

    const items = within(
      screen.getByRole("heading", { name: "Winners" }).nextElementSibling as HTMLElement,
    ).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(
      "Awarded to “Every lighthouse in Maine” by Ada Lovelace: $1,000.00 — paid on December 2, 2024",
    );
    expect(items[1]).toHaveTextContent(
      "Awarded to “Lighthouses at night” by Grace Hopper: $200.00 — waiting for its creator until February 21, 2025",
    );
    expect(items[2]).toHaveTextContent("Awarded to “Foghorns” by Alan Turing: $50.00 — being paid");
  });

  it("never says a frozen or stuck award is waiting or being paid", () => {
    const ledger = makeLedger();
    ledger.winners = [
      { ...ledger.winners[1]!, status: "frozen" },
      { ...ledger.winners[1]!, submissionId: "k57sub4" as never, status: "on_hold" },
    ];
    render(<MoneyBox ledger={ledger} />);
    const items = within(
      screen.getByRole("heading", { name: "Winners" }).nextElementSibling as HTMLElement,
    ).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("— frozen by a card dispute");
    expect(items[1]).toHaveTextContent("— held: the payment could not be made; our team is on it");
    expect(document.body).not.toHaveTextContent(/waiting for its creator until|being paid/);
  });

  it("never says money that waits is on its way", () => {
    render(<MoneyBox ledger={makeLedger()} />);
    expect(document.body).not.toHaveTextContent(/on its way/i);
  });

  it("lists the recent movements with their dates, naming the video", () => {
    render(<MoneyBox ledger={makeLedger()} />);

    const list = screen.getByRole("heading", { name: "Recent movements" })
      .nextElementSibling as HTMLElement;
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Paid to the creator of “Every lighthouse in Maine”");
    expect(items[0]).toHaveTextContent("December 2, 2024");
    expect(items[0]).toHaveTextContent("$1,000.00");
    expect(items[1]).toHaveTextContent("Refunded to a contributor");
    expect(items[2]).toHaveTextContent("A contribution was paid");
    expect(items[2]).toHaveTextContent("November 6, 2024");
  });

  it("never names a video an operator hid, and says moderators removed it", () => {
    const at = Date.UTC(2024, 10, 6, 12);
    const entries = [
      {
        _id: "h1",
        kind: "award_video_gone" as const,
        amountCents: 600,
        at,
        submissionTitle: null,
        videoHidden: true,
      },
      {
        _id: "h2",
        kind: "awarded" as const,
        amountCents: 600,
        at,
        submissionTitle: null,
        videoHidden: true,
      },
    ];
    render(<MoneyBox ledger={makeLedger({ entries })} />);
    expect(screen.getByText(HIDDEN_VIDEO_PASSED)).toBeVisible();
    expect(screen.getByText(LEDGER_KIND_TEXT.awarded)).toBeVisible();
    expect(document.body).not.toHaveTextContent(/gone from its platform/);
  });

  it("labels every kind of movement in plain words", () => {
    const entries = LEDGER_KINDS.map((kind, i) => ({
      _id: `e${i}`,
      kind,
      amountCents: 100,
      at: Date.UTC(2024, 10, 6, 12),
      submissionTitle: null,
    }));
    // Every label differs, and none is the raw kind.
    const labels = LEDGER_KINDS.map((kind) => LEDGER_KIND_TEXT[kind]);
    expect(new Set(labels).size).toBe(LEDGER_KINDS.length);
    for (const [i, kind] of LEDGER_KINDS.entries()) expect(labels[i]).not.toContain(kind);

    render(<MoneyBox ledger={makeLedger({ entries: entries.slice(0, 5) })} />);
    for (const kind of LEDGER_KINDS.slice(0, 5))
      expect(screen.getByText(LEDGER_KIND_TEXT[kind])).toBeVisible();
  });

  it("shows only the latest movements", () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      _id: `e${i}`,
      kind: "contributed" as const,
      amountCents: 100,
      at: Date.UTC(2024, 10, 6, 12),
      submissionTitle: null,
    }));
    render(<MoneyBox ledger={makeLedger({ entries })} />);

    const list = screen.getByRole("heading", { name: "Recent movements" })
      .nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText("Showing the latest 5 of 12 movements.")).toBeVisible();
  });

  it("says when no money has moved yet", () => {
    render(
      <MoneyBox
        ledger={makeLedger({
          totals: {
            ...zeroTotals,
            contributedCents: 0,
            refundedCents: 0,
            paidOutCents: 0,
            heldCents: 0,
          },
          held: [],
          winners: [],
          entries: [],
        })}
      />,
    );
    expect(total("Contributed")).toHaveTextContent("$0.00");
    expect(screen.getByText(/No money has moved yet/)).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Winners" })).not.toBeInTheDocument();
  });

  it("uses level 3 headings inside a level 2 section", () => {
    render(<MoneyBox ledger={makeLedger()} headingLevel={3} />);
    expect(screen.getByRole("heading", { level: 3, name: "Where the money goes" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 4, name: "Winners" })).toBeVisible();
  });
});
