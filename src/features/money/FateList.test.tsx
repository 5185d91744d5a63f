import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import { FateList, type ContributionFates } from "./FateList";
import YourContributions, { YourContributionsCard } from "./YourContributions";
import { FATE_STATES, type FatePart, type FateState } from "../../../convex/model/money/states";
import { mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));

const JUDGING_ENDS = Date.UTC(2025, 0, 22, 12);
const CLAIM_DEADLINE = Date.UTC(2025, 1, 21, 12);
const ON = Date.UTC(2025, 0, 30, 12);
const VIDEO = {
  _id: "k57sub1" as NonNullable<FatePart["submission"]>["_id"],
  title: "Every lighthouse in Maine",
  creatorName: "Ada Lovelace",
};

function part(state: FateState, overrides: Partial<FatePart> = {}): FatePart {
  return { state, amountCents: 500, at: null, until: null, submission: null, ...overrides };
}

/** Every state with its sentence: the contract's examples, word for word. */
const SENTENCES: [FatePart, string][] = [
  [part("not_finished"), "Not finished — $5.00 has not been paid; nothing was charged."],
  [part("processing"), "$5.00 is waiting for the payment to be confirmed."],
  [
    part("counting", { until: JUDGING_ENDS }),
    "$5.00 counts toward the bounty until judging ends on January 22, 2025.",
  ],
  [
    part("awarded_waiting", { until: CLAIM_DEADLINE, submission: VIDEO }),
    "$5.00 awarded to “Every lighthouse in Maine” — waiting for its creator until February 21, 2025.",
  ],
  [
    part("awarded_paying", { submission: VIDEO }),
    "$5.00 awarded to “Every lighthouse in Maine” — being paid to Ada Lovelace.",
  ],
  [
    part("on_hold", { submission: VIDEO }),
    "$5.00 awarded to “Every lighthouse in Maine” — held: the payment to Ada Lovelace could not be made; our team is on it.",
  ],
  [part("returning"), "$5.00 will be refunded."],
  [part("paid", { at: ON, submission: VIDEO }), "$5.00 paid to Ada Lovelace on January 30, 2025."],
  [part("refunding"), "$5.00 is being refunded."],
  [part("refunded", { at: ON }), "$5.00 refunded on January 30, 2025."],
  [
    part("refund_failed", { at: ON }),
    "$5.00: the refund failed — we'll sort it out and contact you.",
  ],
  [part("disputed", { at: ON }), "$5.00 is frozen by a card dispute."],
  [part("lost", { at: ON }), "$5.00 was lost to a chargeback."],
  [
    part("waiting_to_move", { until: CLAIM_DEADLINE }),
    "$5.00 is waiting for you to move it to another idea until February 21, 2025; then it is refunded.",
  ],
  [
    part("moved", {
      at: ON,
      idea: { _id: "k57idea2" as NonNullable<FatePart["idea"]>["_id"], title: "Salt marsh birds" },
    }),
    "$5.00 moved to “Salt marsh birds” on January 30, 2025.",
  ],
];

describe("FateList", () => {
  it("covers every fate state", () => {
    expect(SENTENCES.map(([p]) => p.state).sort()).toEqual([...FATE_STATES].sort());
  });

  it.each(SENTENCES)("says one sentence per part: %o", (fate, sentence) => {
    render(<FateList parts={[fate]} />);
    const item = screen.getByRole("listitem");
    expect(item).toHaveTextContent(sentence);
    expect(item).toHaveAttribute("data-state", fate.state);
    expect(item).not.toHaveTextContent(/on its way/i);
  });

  it("shows several parts of one contribution in order", () => {
    render(
      <FateList
        parts={[
          part("paid", { amountCents: 300, at: ON, submission: VIDEO }),
          part("refunded", { amountCents: 200, at: ON }),
        ]}
      />,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "$3.00 paid to Ada Lovelace on January 30, 2025.",
      "$2.00 refunded on January 30, 2025.",
    ]);
  });

  it("leaves out unknown dates and videos rather than inventing them", () => {
    render(
      <FateList
        parts={[part("counting"), part("awarded_waiting"), part("paid"), part("refunded")]}
      />,
    );
    expect(screen.getAllByRole("listitem").map((i) => i.textContent)).toEqual([
      "$5.00 counts toward the bounty until judging ends.",
      "$5.00 awarded to the winning video — waiting for its creator.",
      "$5.00 paid to the creator.",
      "$5.00 refunded.",
    ]);
  });

  it("renders nothing without parts", () => {
    const { container } = render(<FateList parts={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

function makeContribution(overrides: Partial<ContributionFates> = {}): ContributionFates {
  return {
    contributionId: "k57c1" as ContributionFates["contributionId"],
    sessionId: "cs_test_1",
    amountCents: 1000,
    createdAt: Date.UTC(2024, 10, 6, 12),
    parts: [part("counting", { amountCents: 1000, until: JUDGING_ENDS })],
    ...overrides,
  };
}

describe("Your contributions", () => {
  let fates: unknown;
  beforeEach(() => {
    vi.clearAllMocks();
    fates = [
      makeContribution({
        contributionId: "k57c2" as ContributionFates["contributionId"],
        sessionId: "cs_test_2",
        amountCents: 500,
        createdAt: Date.UTC(2024, 10, 9, 12),
        parts: [part("refunded", { at: ON })],
      }),
      makeContribution(),
    ];
    mockConvex({ queries: { "contributions:myFates": () => fates } });
  });

  const renderCard = () =>
    render(
      <MemoryRouter>
        <YourContributions ideaId="k57idea" />
      </MemoryRouter>,
    );

  it("asks for the person's contributions to the idea", () => {
    renderCard();
    const [query, args] = vi.mocked(useQuery).mock.calls[0]!;
    expect(getFunctionName(query as Parameters<typeof getFunctionName>[0])).toBe(
      "contributions:myFates",
    );
    expect(args).toEqual({ ideaId: "k57idea" });
  });

  it("shows each contribution with its parts and a link to its page", () => {
    renderCard();

    const card = screen.getByRole("region", { name: "Your contributions" });
    const [newest, oldest] = within(card).getAllByTestId("your-contribution");
    expect(newest).toHaveTextContent("$5.00 on November 9, 2024");
    expect(newest).toHaveTextContent("$5.00 refunded on January 30, 2025.");
    expect(
      within(newest!).getByRole("link", { name: "Details of your $5.00 contribution" }),
    ).toHaveAttribute("href", "/contribution/cs_test_2");
    expect(oldest).toHaveTextContent("$10.00 on November 6, 2024");
    expect(oldest).toHaveTextContent(
      "$10.00 counts toward the bounty until judging ends on January 22, 2025.",
    );
  });

  it("says a pending payment is not confirmed yet, without a link when there is no session", () => {
    render(
      <MemoryRouter>
        <YourContributionsCard contributions={[makeContribution({ sessionId: null, parts: [] })]} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Waiting for Stripe to confirm the payment.")).toBeVisible();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it.each([
    ["signed out", null],
    ["no contributions", []],
    ["loading", undefined],
  ])("renders nothing when %s", (_, value) => {
    fates = value;
    const { container } = renderCard();
    expect(container).toBeEmptyDOMElement();
  });

  it("keeps the page when the query fails", () => {
    fates = new Error("boom");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = renderCard();
    expect(container).toBeEmptyDOMElement();
  });
});
