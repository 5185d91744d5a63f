import { StrictMode } from "react";
import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import ContributionPage, { type ContributionDetails } from "./ContributionPage";
import { renderRoute } from "../test/accounts";
import { deferred, mockConvex, pushQueryUpdate } from "../test/money";

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
vi.mock("../lib/externalNavigation", () => ({ goToExternal: vi.fn() }));

const SESSION = "cs_test_123";
const DEADLINE = Date.UTC(2025, 0, 22, 12);

type Overrides = Partial<Omit<ContributionDetails, "contribution" | "idea">> & {
  contribution?: Partial<ContributionDetails["contribution"]>;
  idea?: Partial<ContributionDetails["idea"]>;
};

function makeDetails(overrides: Overrides = {}): ContributionDetails {
  const { contribution, idea, ...rest } = overrides;
  return {
    idea: {
      _id: "k57idea" as ContributionDetails["idea"]["_id"],
      title: "Drone tour of every lighthouse in Maine",
      submissionCount: 0,
      ...idea,
    },
    contribution: {
      amountCents: 500,
      status: "paid",
      created: Date.UTC(2024, 10, 6, 15),
      paidAt: Date.UTC(2024, 10, 6, 15, 1),
      customerDetails: { name: "Ada Lovelace", email: "ada@example.com", country: "GB" },
      payoutPreference: "customer_choice",
      refundedCents: 0,
      outcome: null,
      ...contribution,
    },
    fate: [],
    winnerSelectionDeadline: DEADLINE,
    isContributor: true,
    anonymous: false,
    canChangePayout: true,
    backer: null,
    ...rest,
  };
}

const reconcile = vi.fn();
const setPayoutPreference = vi.fn();
let details: unknown;
let signedIn = true;

function mockBackend() {
  mockConvex({
    signedIn,
    queries: { "contributions:bySession": () => details },
    actions: { "contributions:reconcile": reconcile },
    mutations: { "contributions:setPayoutPreference": setPayoutPreference },
  });
}

function renderPage(at = `/contribution/${SESSION}`) {
  const path = at === "/contribution" ? "/contribution" : "/contribution/:sessionId";
  return renderRoute(<ContributionPage />, { at, path });
}

const radio = (name: string) => screen.getByRole("radio", { name });
const CUSTOMER = "I'll pick the winner";
const PEOPLE = "The most-voted video wins";

beforeEach(() => {
  vi.clearAllMocks();
  signedIn = true;
  details = makeDetails();
  reconcile.mockResolvedValue("paid");
  setPayoutPreference.mockResolvedValue(null);
  mockBackend();
});

describe("ContributionPage", () => {
  it("shows a paid contribution with its transaction details", async () => {
    renderPage();

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "You contributed $5.00 to the proposal: Drone tour of every lighthouse in Maine",
    );
    expect(
      screen.getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/k57idea");
    expect(screen.getByRole("heading", { name: "Payment successful!" })).toBeVisible();

    const row = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;
    expect(row("Date")).toHaveTextContent("November 6, 2024");
    expect(row("Customer name")).toHaveTextContent("Ada Lovelace");
    expect(row("Email")).toHaveTextContent("ada@example.com");
    expect(row("Country")).toHaveTextContent("United Kingdom");
    expect(row("Payment status")).toHaveTextContent("Paid");
    expect(screen.queryByText(/Payment status:/)).not.toBeInTheDocument();
    await act(async () => {});
  });

  it("says whose the payment is without showing a signed-in contributor's details to others", async () => {
    details = makeDetails({
      isContributor: false,
      canChangePayout: false,
      contribution: { customerDetails: null },
    });
    renderPage();

    const row = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;
    expect(row("Paid by")).toHaveTextContent(
      "A signed-in contributor. Their details are shown only to them.",
    );
    expect(screen.queryByText("Customer name", { selector: "dt" })).not.toBeInTheDocument();
    expect(screen.queryByText("Not provided")).not.toBeInTheDocument();
    await act(async () => {});
  });

  it("shows amounts with two decimals", async () => {
    details = makeDetails({ contribution: { amountCents: 123450 } });
    renderPage();

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "You contributed $1,234.50",
    );
    await act(async () => {});
  });

  it("asks Stripe once when it opens, and only once", async () => {
    details = makeDetails({ contribution: { status: "pending", paidAt: null } });
    // StrictMode runs effects twice in development: still one call.
    render(
      <StrictMode>
        <MemoryRouter initialEntries={[`/contribution/${SESSION}`]}>
          <Routes>
            <Route path="/contribution/:sessionId" element={<ContributionPage />} />
          </Routes>
        </MemoryRouter>
      </StrictMode>,
    );
    await act(async () => {});
    details = makeDetails();
    pushQueryUpdate();
    await act(async () => {});

    expect(screen.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(reconcile).toHaveBeenCalledWith({ sessionId: SESSION });
  });

  it.each([
    ["pending", /waiting for Stripe to confirm/],
    ["processing", /Bank transfers take a moment.*updates by itself/],
    ["failed", /didn't go through, so nothing was charged/],
    ["expired", /expired before it was paid, so nothing was charged/],
  ] as const)("explains the %s status", async (status, text) => {
    details = makeDetails({ contribution: { status, paidAt: null } });
    renderPage();

    expect(screen.getByRole("heading", { name: `Payment status: ${status}` })).toBeVisible();
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.queryByText("Payment successful!")).not.toBeInTheDocument();
    await act(async () => {});
  });

  it("offers the payout choice while the payment is on its way, not after a failure", async () => {
    details = makeDetails({ contribution: { status: "processing", paidAt: null } });
    const { unmount } = renderPage();
    expect(radio(CUSTOMER)).toBeChecked();
    unmount();

    details = makeDetails({ contribution: { status: "failed", paidAt: null } });
    renderPage();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try again from the idea's page" })).toHaveAttribute(
      "href",
      "/expanded-proposal/k57idea",
    );
    await act(async () => {});
  });

  it("explains a refund", async () => {
    details = makeDetails({
      contribution: { status: "refunded", refundedCents: 500, outcome: "refund" },
    });
    renderPage();

    expect(screen.getByRole("heading", { name: "Payment status: refunded" })).toBeVisible();
    expect(screen.getByText(/No video won this idea by January 22, 2025/)).toBeVisible();
    await act(async () => {});
  });

  it("updates by itself when the payment is confirmed", async () => {
    details = makeDetails({ contribution: { status: "processing", paidAt: null } });
    renderPage();
    expect(screen.getByRole("heading", { name: "Payment status: processing" })).toBeVisible();

    details = makeDetails();
    pushQueryUpdate();

    expect(screen.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    await act(async () => {});
  });

  it("shows 'Contribution not found.' for an unknown session, after asking Stripe", async () => {
    details = null;
    const call = deferred<string | null>();
    reconcile.mockReturnValue(call.promise);
    renderPage();

    expect(screen.getByRole("status")).toHaveTextContent("Loading your contribution...");
    await act(async () => call.reject(new ConvexError({ message: "Contribution not found." })));

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Contribution not found.");
    expect(screen.getByRole("link", { name: "Find more Bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
  });

  it("shows 'Contribution not found.' when Stripe knows nothing either", async () => {
    details = null;
    reconcile.mockResolvedValue(null);
    renderPage();

    expect(await screen.findByText("Contribution not found.")).toBeVisible();
  });

  it("shows 'Error: Failed to fetch contribution details' when neither can say", async () => {
    details = null;
    reconcile.mockRejectedValue(
      new ConvexError({ message: "Failed to fetch contribution details" }),
    );
    renderPage();

    expect(await screen.findByText("Error: Failed to fetch contribution details")).toBeVisible();
    expect(screen.getByRole("link", { name: "Return to Bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
  });

  it("ignores a failed lookup when the contribution is known", async () => {
    reconcile.mockRejectedValue(
      new ConvexError({ message: "Failed to fetch contribution details" }),
    );
    renderPage();
    await act(async () => {});

    expect(screen.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    expect(screen.queryByText(/Error:/)).not.toBeInTheDocument();
  });

  it("shows the error when the query fails", async () => {
    details = new Error("boom");
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage();

    expect(screen.getByText("Error: Failed to fetch contribution details")).toBeVisible();
    expect(screen.getByRole("link", { name: "Return to Bounties" })).toBeVisible();
    await act(async () => {});
  });

  it("shows 'Error: Missing session ID' without an id", () => {
    renderPage("/contribution");

    expect(screen.getByRole("alert")).toHaveTextContent("Error: Missing session ID");
    expect(screen.getByRole("link", { name: "Return to Bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
    expect(reconcile).not.toHaveBeenCalled();
  });

  describe("payout method", () => {
    it("offers both methods with the deadline notes", async () => {
      renderPage();

      const group = screen.getByRole("group", { name: "Payout method" });
      expect(within(group).getAllByRole("radio")).toHaveLength(2);
      expect(radio(CUSTOMER)).toBeChecked();
      expect(radio(PEOPLE)).not.toBeChecked();
      expect(
        screen.getByText(/no valid videos are submitted by the winner-selection deadline/),
      ).toHaveTextContent("January 22, 2025");
      expect(
        screen.getByText(/can be changed until the idea receives its first submission/),
      ).toBeVisible();
      await act(async () => {});
    });

    it("changes it and says so", async () => {
      const user = userEvent.setup();
      renderPage();

      await user.click(radio(PEOPLE));

      expect(setPayoutPreference).toHaveBeenCalledWith({
        sessionId: SESSION,
        preference: "peoples_choice",
      });
      expect(toast.success).toHaveBeenCalledWith("Payout method updated successfully");
    });

    it("shows the new choice at once, while it saves", async () => {
      const call = deferred<null>();
      setPayoutPreference.mockReturnValue(call.promise);
      const user = userEvent.setup();
      renderPage();

      await user.click(radio(PEOPLE));
      expect(radio(PEOPLE)).toBeChecked();
      expect(screen.getByRole("group", { name: "Payout method" })).toHaveAttribute(
        "aria-busy",
        "true",
      );
      // A second change waits for the first.
      await user.click(radio(CUSTOMER));
      expect(setPayoutPreference).toHaveBeenCalledTimes(1);

      // The server's value arrives with the mutation's completion.
      details = makeDetails({ contribution: { payoutPreference: "peoples_choice" } });
      pushQueryUpdate();
      await act(async () => call.resolve(null));
      expect(radio(PEOPLE)).toBeChecked();
      expect(screen.getByRole("group", { name: "Payout method" })).not.toHaveAttribute("aria-busy");
    });

    it("reverts to customer_choice locally when the change fails", async () => {
      details = makeDetails({ contribution: { payoutPreference: "peoples_choice" } });
      mockBackend();
      setPayoutPreference.mockRejectedValue(new Error("offline"));
      const user = userEvent.setup();
      renderPage();
      expect(radio(PEOPLE)).toBeChecked();

      // Fails whichever way: the spec reverts the selection to customer_choice (spec §4).
      await user.click(radio(CUSTOMER));

      expect(toast.error).toHaveBeenCalledWith("Failed to update payout method", expect.anything());
      expect(radio(CUSTOMER)).toBeChecked();
    });

    it("asks a signed-out visitor to sign in, and changes nothing", async () => {
      signedIn = false;
      details = makeDetails({ isContributor: false, canChangePayout: false });
      mockBackend();
      const user = userEvent.setup();
      renderPage();

      await user.click(radio(PEOPLE));

      expect(toast.error).toHaveBeenCalledWith("Please sign in to change payout method");
      expect(setPayoutPreference).not.toHaveBeenCalled();
      expect(radio(CUSTOMER)).toBeChecked();
      expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    });

    it("is locked after the first submission, saying why", async () => {
      details = makeDetails({ canChangePayout: false, idea: { submissionCount: 1 } });
      renderPage();

      expect(radio(CUSTOMER)).toBeDisabled();
      expect(radio(PEOPLE)).toBeDisabled();
      expect(screen.getByRole("group", { name: "Payout method" })).toHaveAccessibleDescription(
        "This idea has received its first video, so the payout method is locked. Pick the winning video on the idea's page until January 22, 2025.",
      );
      await act(async () => {});
    });

    it("follows the people's choice for an anonymous contribution", async () => {
      details = makeDetails({ anonymous: true, isContributor: false, canChangePayout: false });
      renderPage();

      expect(radio(PEOPLE)).toBeChecked();
      expect(radio(PEOPLE)).toBeDisabled();
      expect(screen.getByText(/contributed without signing in/)).toBeVisible();
      await act(async () => {});
    });

    it("is locked for someone else's contribution", async () => {
      details = makeDetails({ isContributor: false, canChangePayout: false });
      renderPage();

      expect(radio(PEOPLE)).toBeDisabled();
      expect(
        screen.getByText("Only the person who contributed can change this payout method."),
      ).toBeVisible();
      await act(async () => {});
    });
  });
});
