import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import FundButton, { parseDollars } from "./FundButton";
import { goToExternal } from "../../lib/externalNavigation";
import { renderRoute } from "../../test/accounts";
import { mockConvex } from "../../test/money";

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
vi.mock("../../lib/externalNavigation", () => ({ goToExternal: vi.fn() }));

const startCheckout = vi.fn();

function renderFund(options: { expired?: boolean; at?: string } = {}) {
  return renderRoute(<FundButton ideaId="idea_1" expired={options.expired ?? false} />, {
    at: options.at ?? "/expanded-proposal/proposal_1",
    path: "/expanded-proposal/:ideaId",
  });
}

const fund = () => screen.getByRole("button", { name: "Fund This Bounty" });

beforeEach(() => {
  vi.clearAllMocks();
  startCheckout.mockResolvedValue({
    url: "https://checkout.stripe.test/cs_1",
    contributionId: "c",
  });
  mockConvex({ signedIn: true, actions: { "contributions:startCheckout": startCheckout } });
});

describe("FundButton", () => {
  it("funds $5.00 in one click and says so in its description", async () => {
    const user = userEvent.setup();
    renderFund();

    expect(fund()).toHaveAccessibleDescription(/\$5\.00/);
    await user.click(fund());

    expect(startCheckout).toHaveBeenCalledWith({ ideaId: "idea_1", amountCents: 500 });
    expect(goToExternal).toHaveBeenCalledWith("https://checkout.stripe.test/cs_1");
    expect(fund()).toBeDisabled();
  });

  it("works signed out (spec §6)", async () => {
    mockConvex({ signedIn: false, actions: { "contributions:startCheckout": startCheckout } });
    const user = userEvent.setup();
    renderFund();

    await user.click(fund());

    expect(startCheckout).toHaveBeenCalledWith({ ideaId: "idea_1", amountCents: 500 });
    expect(screen.getByTestId("pathname")).toHaveTextContent("/expanded-proposal/proposal_1");
  });

  it("waits for the session, so a signed-in person's contribution is never started as a visitor's", async () => {
    mockConvex({
      signedIn: false,
      authLoading: true,
      actions: { "contributions:startCheckout": startCheckout },
    });
    const user = userEvent.setup();
    renderFund();

    expect(fund()).toBeDisabled();
    await user.click(fund());
    expect(startCheckout).not.toHaveBeenCalled();
  });

  it("is not offered once the idea has expired", () => {
    renderFund({ expired: true });

    expect(screen.queryByRole("button", { name: "Fund This Bounty" })).not.toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Other" })).not.toBeInTheDocument();
  });

  it("offers $5, $10, $25 and $50, then Other; $5 is chosen at first", async () => {
    const user = userEvent.setup();
    renderFund();

    const presets = screen.getAllByRole("radio").map((r) => r.closest("label")!.textContent);
    expect(presets).toEqual(["$5", "$10", "$25", "$50", "Other"]);
    expect(screen.getByRole("radio", { name: "$5" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "$25" }));
    expect(fund()).toHaveAccessibleDescription(/Adds \$25\.00 to the bounty/);
    await user.click(fund());
    expect(startCheckout).toHaveBeenCalledWith({ ideaId: "idea_1", amountCents: 2500 });
  });

  it("a signed-in backer chooses to show their name (not shown by default); visitors are not asked", async () => {
    const user = userEvent.setup();
    const { unmount } = renderFund();
    const show = screen.getByRole("checkbox", { name: "Show my name on the backers list" });
    expect(show).not.toBeChecked();
    expect(show).toHaveAccessibleDescription(/“a backer”.*never shown/);
    await user.click(show);
    await user.click(screen.getByRole("radio", { name: "$50" }));
    await user.click(fund());
    expect(startCheckout).toHaveBeenCalledWith({
      ideaId: "idea_1",
      amountCents: 5000,
      showName: true,
    });
    unmount();

    mockConvex({ signedIn: false, actions: { "contributions:startCheckout": startCheckout } });
    renderFund();
    expect(
      screen.queryByRole("checkbox", { name: "Show my name on the backers list" }),
    ).not.toBeInTheDocument();
  });

  it("takes another amount in dollars, within $1.00 to $10,000.00", async () => {
    const user = userEvent.setup();
    renderFund();

    await user.click(screen.getByRole("radio", { name: "Other" }));
    const amount = screen.getByRole("textbox", { name: "Amount in US dollars" });
    const submit = fund();

    await user.click(submit);
    expect(screen.getByRole("alert")).toHaveTextContent("Enter an amount in dollars.");
    expect(amount).toHaveAttribute("aria-invalid", "true");

    await user.type(amount, "0.50");
    await user.click(submit);
    expect(screen.getByRole("alert")).toHaveTextContent("The smallest contribution is $1.00.");

    await user.clear(amount);
    await user.type(amount, "10000.01");
    await user.click(submit);
    expect(screen.getByRole("alert")).toHaveTextContent("The largest contribution is $10,000.00.");

    await user.clear(amount);
    await user.type(amount, "12.345");
    await user.click(submit);
    expect(screen.getByRole("alert")).toHaveTextContent("like 25 or 12.50");
    expect(startCheckout).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, "$1,250.5");
    await user.click(submit);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(startCheckout).toHaveBeenCalledWith({ ideaId: "idea_1", amountCents: 125050 });
  });

  it("parses dollars into whole cents", () => {
    expect(parseDollars("25")).toEqual({ cents: 2500 });
    expect(parseDollars(" $10,000 ")).toEqual({ cents: 1_000_000 });
    expect(parseDollars("1.1")).toEqual({ cents: 110 });
    expect(parseDollars("19.99")).toEqual({ cents: 1999 });
    expect(parseDollars("abc")).toHaveProperty("problem");
    expect(parseDollars("-5")).toHaveProperty("problem");
  });

  it("says once that a cancelled checkout charged nothing, and can be dismissed", async () => {
    const user = userEvent.setup();
    renderFund({ at: "/expanded-proposal/proposal_1?checkout=cancelled&ref=x" });

    expect(screen.getByRole("status")).toHaveTextContent(
      "Checkout cancelled — nothing was charged.",
    );
    // The marker leaves the address, so a reload does not say it again.
    expect(screen.getByTestId("search")).toHaveTextContent(/^\?ref=x$/);

    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Checkout cancelled — nothing was charged.")).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says nothing without the marker", () => {
    renderFund();
    expect(screen.queryByText(/Checkout cancelled/)).not.toBeInTheDocument();
  });
});
