import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import OperatorPage from "./OperatorPage";
import App from "../App";
import { mockConvex } from "../test/money";
import type { OperatorOverview } from "../features/operator/OperatorDashboard";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const overview: OperatorOverview = {
  totals: {
    collectedCents: 1000,
    refundedCents: 0,
    refundingCents: 0,
    refundFailedCents: 0,
    transferredCents: 0,
    disputedCents: 0,
    lostCents: 0,
    heldCents: 1000,
  },
  attention: [],
  held: [],
  heldCut: [],
};

let isAdmin: unknown;
let overviewResult: unknown;
const stripeBalance = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  isAdmin = true;
  overviewResult = overview;
  mockConvex({
    queries: {
      "operator:isAdmin": () => isAdmin,
      "operator:overview": () => overviewResult,
      "users:current": null,
    },
    actions: { "operator:stripeBalance": stripeBalance },
  });
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={["/operator"]}>
      <OperatorPage />
    </MemoryRouter>,
  );
}

const asked = () =>
  vi
    .mocked(useQuery)
    .mock.calls.map(([ref]) => getFunctionName(ref as Parameters<typeof getFunctionName>[0]));

describe("OperatorPage", () => {
  it("shows the dashboard to an admin", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Operator" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Compare with Stripe" })).toBeVisible();
    expect(document.title).toBe("Operator · Bounties");
  });

  it("shows the not-found page to anyone else (isAdmin is false signed out too), without asking for the overview", () => {
    isAdmin = false;
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    expect(screen.queryByText("Operator")).not.toBeInTheDocument();
    expect(asked()).not.toContain("operator:overview");
  });

  it("shows a neutral placeholder while the role is checked", () => {
    isAdmin = undefined;
    renderPage();
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(screen.queryByText("Operator")).not.toBeInTheDocument();
  });

  it("starts from the first paint's answer only to show the not-found card; an operator's queue waits for the live answer", () => {
    isAdmin = undefined;
    window.__firstPaint = { path: "operator:isAdmin", args: {}, value: false };
    const { unmount } = renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    unmount();
    // The first paint asked with the stored token, before the app's session is on its socket:
    // the overview would be refused as a visitor's, so it is not asked yet.
    window.__firstPaint = { path: "operator:isAdmin", args: {}, value: true };
    renderPage();
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(asked()).not.toContain("operator:overview");
    delete window.__firstPaint;
  });

  it("falls back to not found when the server refuses the overview", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    overviewResult = new ConvexError({ message: "Not found." });
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  it("is routed at /operator, lazily", async () => {
    isAdmin = false;
    render(
      <MemoryRouter initialEntries={["/operator"]}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
