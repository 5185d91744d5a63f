import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import BackerOptions, { type BackerOptionsView } from "./BackerOptions";
import { renderRoute } from "../../test/accounts";
import { mockConvex } from "../../test/money";
import { formatLongDate } from "../../lib/format";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const DAY = 24 * 3600 * 1000;
const setChoice = vi.fn();
const withdraw = vi.fn();

const base: BackerOptionsView = {
  contributionId: "c1" as BackerOptionsView["contributionId"],
  ifNobodyDelivers: "refund",
  choiceOpen: true,
  movedIn: false,
  withdrawUntil: null,
  moveBy: null,
};

function renderOptions(options: Partial<BackerOptionsView>, sessionId?: string) {
  return renderRoute(
    <BackerOptions options={{ ...base, ...options }} amountCents={2500} sessionId={sessionId} />,
    { at: "/x", path: "/x" },
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  setChoice.mockResolvedValue(null);
  withdraw.mockResolvedValue(null);
  mockConvex({
    mutations: { "moves:setIfNobodyDelivers": setChoice, "moves:withdraw": withdraw },
  });
});

describe("BackerOptions", () => {
  it("offers 'refund me' (chosen by default) or 'let me move it' while the idea runs", async () => {
    const user = userEvent.setup();
    const { unmount } = renderOptions({});
    const group = screen.getByRole("group", { name: "If nobody delivers" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Refund me" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Let me move it to another idea" }));
    expect(setChoice).toHaveBeenCalledWith({ contributionId: "c1", choice: "move" });
    // The live query brings the saved choice back; the hint follows it.
    unmount();
    renderOptions({ ifNobodyDelivers: "move" });
    expect(screen.getByRole("radio", { name: "Let me move it to another idea" })).toBeChecked();
    expect(screen.getByText(/you get 7 days to pick another open idea/)).toBeInTheDocument();
  });

  it("says the choice once it can no longer change; moved-in money says it moves once", () => {
    const { unmount } = renderOptions({ choiceOpen: false, ifNobodyDelivers: "move" });
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(
      screen.getByText("If nobody delivers: you chose to move it to another idea."),
    ).toBeInTheDocument();
    unmount();
    renderOptions({ movedIn: true, choiceOpen: false });
    expect(screen.getByText(/Moved here from another idea/)).toBeInTheDocument();
  });

  it("after an extension, takes the money back after a confirmation, until the original deadline", async () => {
    const user = userEvent.setup();
    renderOptions({ withdrawUntil: Date.now() + DAY }, "cs_anon");
    await user.click(screen.getByRole("button", { name: "Take my money back" }));
    await user.click(screen.getByRole("button", { name: "Refund $25.00 to my card" }));
    expect(withdraw).toHaveBeenCalledWith({ contributionId: "c1", sessionId: "cs_anon" });
  });

  it("says nothing of taking money back once the original deadline passed", () => {
    renderOptions({ withdrawUntil: Date.now() - 1 });
    expect(screen.queryByRole("button", { name: "Take my money back" })).not.toBeInTheDocument();
  });

  it("when nobody delivered, links to choosing an idea with the deadline", () => {
    const moveBy = Date.now() + 3 * DAY;
    renderOptions({ moveBy, choiceOpen: false, ifNobodyDelivers: "move" });
    expect(screen.getByRole("status")).toHaveTextContent(
      `pick an open idea for your $25.00 by ${formatLongDate(moveBy)}, or it is refunded to your card then`,
    );
    expect(screen.getByRole("link", { name: "Choose an idea" })).toHaveAttribute(
      "href",
      "/move-money/c1",
    );
  });
});
