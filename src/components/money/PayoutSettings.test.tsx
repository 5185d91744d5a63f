import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import PayoutSettings from "./PayoutSettings";
import { goToExternal } from "../../lib/externalNavigation";
import { renderRoute } from "../../test/accounts";
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
vi.mock("../../lib/externalNavigation", () => ({ goToExternal: vi.fn() }));

const startOnboarding = vi.fn();
let payouts: unknown;

function makePayouts(overrides: Record<string, unknown> = {}) {
  return {
    account: null,
    owedCents: 3500,
    pendingCents: 2000,
    waitingForOwnershipCents: 1500,
    paidCents: 10000,
    ...overrides,
  };
}

function renderCard(at = "/profile?tab=settings") {
  return renderRoute(<PayoutSettings />, { at, path: "/profile" });
}

const figure = (label: string) => screen.getByText(label, { selector: "dt" }).parentElement!;

beforeEach(() => {
  vi.clearAllMocks();
  payouts = makePayouts();
  startOnboarding.mockResolvedValue({ url: "https://connect.stripe.test/setup/acct_1" });
  mockConvex({
    queries: { "payouts:mine": () => payouts },
    actions: { "payouts:startOnboarding": startOnboarding },
  });
});

describe("PayoutSettings", () => {
  it("offers to set up payouts without an account, and opens Stripe", async () => {
    const user = userEvent.setup();
    renderCard();

    expect(screen.getByRole("heading", { level: 2, name: "Payouts" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Set up payouts" }));

    expect(startOnboarding).toHaveBeenCalledWith({});
    expect(goToExternal).toHaveBeenCalledWith("https://connect.stripe.test/setup/acct_1");
    expect(screen.getByRole("button", { name: "Opening Stripe..." })).toBeDisabled();
  });

  it("asks to finish an unfinished account", () => {
    payouts = makePayouts({ account: { ready: false } });
    renderCard();
    expect(screen.getByRole("button", { name: "Finish setting up payouts" })).toBeEnabled();
  });

  it("says when payouts are set up", () => {
    payouts = makePayouts({ account: { ready: true } });
    renderCard();
    expect(screen.getByText("Payouts are set up")).toBeVisible();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows what is owed, waiting for ownership proof, and paid", () => {
    renderCard();

    expect(within(figure("Owed to you")).getByText("$20.00")).toBeVisible();
    expect(within(figure("Owed to you")).getByText(/Pending transfer/)).toBeVisible();
    const waiting = figure("Waiting for ownership proof");
    expect(within(waiting).getByText("$15.00")).toBeVisible();
    expect(waiting).toHaveTextContent(
      /Connect the YouTube or TikTok account that posted the video/,
    );
    expect(within(figure("Paid")).getByText("$100.00")).toBeVisible();
  });

  it("says so when Stripe cannot be opened", async () => {
    startOnboarding.mockRejectedValue(
      new ConvexError({ message: "Please sign in to set up payouts." }),
    );
    const user = userEvent.setup();
    renderCard();

    await user.click(screen.getByRole("button", { name: "Set up payouts" }));

    expect(toast.error).toHaveBeenCalledWith("Could not open payout setup", {
      description: "Please sign in to set up payouts.",
    });
    expect(screen.getByRole("button", { name: "Set up payouts" })).toBeEnabled();
    expect(goToExternal).not.toHaveBeenCalled();
  });

  it("renders nothing for a visitor", () => {
    payouts = null;
    renderCard();
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("says the setup was saved on return from Stripe, once", () => {
    renderCard("/profile?tab=settings&payouts=return");

    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("Payout setup saved.", expect.anything());
    expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=settings$/);
  });

  it("says the setup is unfinished when the person left early", () => {
    renderCard("/profile?tab=settings&payouts=refresh");

    expect(toast).toHaveBeenCalledWith("Payout setup isn't finished yet.", expect.anything());
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=settings$/);
  });

  it("says nothing without the marker", () => {
    renderCard();
    expect(toast).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
