import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import PayoutSettings, { type MyAward, type MyPayouts } from "./PayoutSettings";
import { DAY_MS, formatLongDate } from "../../../convex/model/labels";
import { goToExternal } from "../../lib/externalNavigation";
import { renderRoute } from "../../test/accounts";
import { mockConvex } from "../../test/money";
import payoutStyles from "./PayoutSettings.module.css";

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
const refreshAccount = vi.fn();
let payouts: unknown;

function makeAward(overrides: Partial<MyAward> = {}): MyAward {
  return {
    awardId: "award_1",
    ideaId: "k57idea" as MyAward["ideaId"],
    ideaTitle: "Drone tour of every lighthouse in Maine",
    submissionTitle: "Every lighthouse in Maine",
    amountCents: 4000,
    paidCents: 0,
    status: "waiting",
    claimDeadline: Date.now() + 20 * DAY_MS,
    paidAt: null,
    ownershipProven: true,
    ...overrides,
  };
}

function makePayouts(overrides: Partial<MyPayouts> = {}): MyPayouts {
  return { account: null, awards: [], ...overrides };
}

function renderCard(at = "/profile?tab=settings") {
  return renderRoute(<PayoutSettings />, { at, path: "/profile" });
}

beforeEach(() => {
  vi.clearAllMocks();
  payouts = makePayouts();
  startOnboarding.mockResolvedValue({ url: "https://connect.stripe.test/setup/acct_1" });
  refreshAccount.mockResolvedValue({ ready: true });
  mockConvex({
    queries: { "payouts:mine": () => payouts },
    actions: {
      "payouts:startOnboarding": startOnboarding,
      "payouts:refreshAccount": refreshAccount,
    },
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

  it("says when there are no awards yet", () => {
    renderCard();
    expect(
      screen.getByText("When one of your videos wins a bounty, it appears here."),
    ).toBeVisible();
  });

  it("asks a waiting winner to set up payouts by the claim deadline", () => {
    const deadline = Date.now() + 20 * DAY_MS;
    payouts = makePayouts({ awards: [makeAward({ claimDeadline: deadline })] });
    renderCard();

    const award = within(screen.getByRole("list", { name: "Your awards" })).getByRole("listitem");
    expect(award).toHaveTextContent(
      `Set up payouts by ${formatLongDate(deadline)} to receive $40.00`,
    );
    expect(award).not.toHaveClass(payoutStyles.awardUrgent!);
    expect(award).not.toHaveTextContent(/days left|on its way/);
    expect(
      within(award).getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/k57idea");
    expect(award).toHaveTextContent("“Every lighthouse in Maine”");
  });

  it.each([
    [3, "— only 3 days left"],
    [0.5, "— last day"],
  ])("emphasises a claim deadline under 7 days away (%s days)", (days, text) => {
    payouts = makePayouts({ awards: [makeAward({ claimDeadline: Date.now() + days * DAY_MS })] });
    renderCard();

    const award = screen.getByRole("listitem");
    expect(award).toHaveClass(payoutStyles.awardUrgent!);
    expect(within(award).getByText(text)).toBeVisible();
  });

  it("asks for ownership proof when the video is not proven the creator's", () => {
    payouts = makePayouts({ awards: [makeAward({ ownershipProven: false })] });
    renderCard();
    expect(screen.getByRole("listitem")).toHaveTextContent(
      /connect the YouTube or TikTok account that posted the video/,
    );
  });

  it("shows an award being paid, and one paid with its date", () => {
    const paidAt = Date.UTC(2025, 0, 30, 12);
    payouts = makePayouts({
      account: { ready: true },
      awards: [
        makeAward({ awardId: "a1", status: "paying" }),
        makeAward({ awardId: "a2", status: "paid", paidCents: 3500, paidAt }),
      ],
    });
    renderCard();

    const [paying, paid] = screen.getAllByRole("listitem");
    expect(paying).toHaveTextContent("Being paid: $40.00");
    expect(paid).toHaveTextContent("Paid $35.00 on January 30, 2025");
    expect(paying).not.toHaveTextContent(/Set up payouts by/);
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

  it("re-reads the account on return from Stripe, once, and says it is ready", async () => {
    renderCard("/profile?tab=settings&payouts=return");

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(refreshAccount).toHaveBeenCalledTimes(1);
    expect(refreshAccount).toHaveBeenCalledWith({});
    expect(toast.success).toHaveBeenCalledWith("Payouts are ready", expect.anything());
    expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=settings$/);
  });

  it.each(["return", "refresh"])(
    "says Stripe still needs details when the account is not ready (payouts=%s)",
    async (marker) => {
      refreshAccount.mockResolvedValue({ ready: false });
      renderCard(`/profile?tab=settings&payouts=${marker}`);

      await vi.waitFor(() =>
        expect(toast).toHaveBeenCalledWith("Stripe still needs a few details", expect.anything()),
      );
      expect(refreshAccount).toHaveBeenCalledTimes(1);
      expect(toast.success).not.toHaveBeenCalled();
      expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=settings$/);
    },
  );

  it("says so when the account cannot be re-read", async () => {
    refreshAccount.mockRejectedValue(new ConvexError({ message: "Stripe is unreachable." }));
    renderCard("/profile?tab=settings&payouts=return");

    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Couldn't check your payout setup", {
        id: "payouts-return",
        description: "Stripe is unreachable.",
      }),
    );
  });

  it("says nothing without the marker", () => {
    renderCard();
    expect(refreshAccount).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
