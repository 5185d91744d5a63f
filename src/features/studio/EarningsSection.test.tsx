import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import EarningsSection, { NO_EARNINGS } from "./EarningsSection";
import { mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));

const line = (state: string, amountCents: number, date: number | null, ideaTitle = "Bridges") => ({
  ideaId: `idea_${ideaTitle}`,
  ideaTitle,
  videoTitle: `Video for ${ideaTitle}`,
  state,
  amountCents,
  date,
});
let lines: unknown[];

function renderSection() {
  return render(
    <MemoryRouter>
      <EarningsSection />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  lines = [
    line("judging", 700, Date.UTC(2026, 11, 3, 12), "Tiny houses"),
    line("waiting", 1_050, Date.UTC(2026, 11, 30, 12), "Night markets"),
    line("paid", 2_500, Date.UTC(2026, 10, 20, 12), "Bridges"),
  ];
  mockConvex({ queries: { "studio:earnings": () => lines } });
});
afterEach(() => vi.restoreAllMocks());

describe("EarningsSection", () => {
  it("totals by state and a line per idea with its dated meaning", () => {
    renderSection();
    const totals = screen.getByRole("list", { name: "Earnings per idea" });
    expect(screen.getByTestId("earning-total-judging")).toHaveTextContent("In judging$7.00");
    expect(screen.getByTestId("earning-total-waiting")).toHaveTextContent(
      "Waiting for payout set-up$10.50",
    );
    expect(screen.getByTestId("earning-total-paying")).toHaveTextContent("Being paid$0.00");
    expect(screen.getByTestId("earning-total-paid")).toHaveTextContent("Paid$25.00");
    const [judging, waiting, paid] = within(totals).getAllByTestId("earning-line");
    expect(judging).toHaveTextContent("Judging ends December 3, 2026");
    expect(waiting).toHaveTextContent("Set up payouts by December 30, 2026");
    expect(paid).toHaveTextContent("Paid on November 20, 2026");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Set up payouts by December 30, 2026 to receive $10.50",
    );
  });

  it("downloads the statement as a CSV file", async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob);
      return "blob:statement";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole("button", { name: "Download statement (CSV)" }));
    expect(click).toHaveBeenCalled();
    const text = await created[0]!.text();
    expect(text.split("\r\n")[0]).toBe("Idea,Video,State,Amount (USD),Date,Date means");
    expect(text).toContain(
      "Night markets,Video for Night markets,Waiting for payout set-up,10.50,2026-12-30,Set up payouts by",
    );
  });

  it("says so when nothing was earned yet", () => {
    lines = [];
    renderSection();
    expect(screen.getByText(NO_EARNINGS)).toBeVisible();
    expect(screen.queryByRole("button", { name: /Download/ })).not.toBeInTheDocument();
  });
});
