// A new user who signs in from /submit comes back to /submit with their draft, through
// onboarding: the submit page keeps the draft, the login page hands the return-to path to
// /onboard, and onboarding goes there once saved.
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import LoginPage from "./LoginPage";
import OnboardPage from "./OnboardPage";
import ConnectChannelPage, { SKIP_LABEL } from "./ConnectChannelPage";
import SubmitIdeaPage from "./SubmitIdeaPage";
import type { CurrentUser } from "../lib/session";
import { makeUser } from "../test/accounts";

vi.mock("convex/react", () => ({
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: vi.fn() }) }));
vi.mock("sonner", () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

const saveOnboarding = vi.fn();
let user: CurrentUser | null = null;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderApp(at: string, state?: unknown) {
  return render(
    <MemoryRouter
      initialEntries={[
        {
          pathname: at.split("?")[0],
          search: at.includes("?") ? at.slice(at.indexOf("?")) : "",
          state,
        },
      ]}
    >
      <Routes>
        <Route path="/submit" element={<SubmitIdeaPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/onboard" element={<OnboardPage />} />
        <Route path="/onboard/channel" element={<ConnectChannelPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId("where").textContent;

function signedIn(isAuthenticated: boolean) {
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated,
    isRefreshing: false,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  user = null;
  vi.mocked(useQuery).mockImplementation(((_q: unknown, args: unknown) =>
    args === "skip" ? undefined : user) as typeof useQuery);
  vi.mocked(useMutation).mockReturnValue(
    saveOnboarding as unknown as ReturnType<typeof useMutation>,
  );
});

describe("return-to through onboarding", () => {
  // Three pages in turn: slow on a busy machine.
  it(
    "a new user who signs in from /submit is back on /submit with their draft after onboarding",
    { timeout: 20_000 },
    async () => {
      // Signed out on /submit: writing an idea and submitting sends them to sign in.
      signedIn(false);
      const first = renderApp("/submit");
      fireEvent.change(screen.getByLabelText("Your video idea"), {
        target: { value: "A week living like a lighthouse keeper" },
      });
      fireEvent.submit(screen.getByLabelText("Your video idea").closest("form")!);
      expect(where()).toBe("/login");
      first.unmount();

      // Back from the provider (the OAuth round trip keeps only `next`), as a brand-new user.
      signedIn(true);
      user = makeUser({ needsOnboarding: true, accountType: null, preferredPlatform: null });
      renderApp("/login?next=%2Fsubmit&signin=1");
      expect(where()).toBe("/onboard?next=%2Fsubmit");

      saveOnboarding.mockResolvedValue({ hadAccountType: false });
      const people = userEvent.setup();
      await people.click(screen.getByRole("radio", { name: "Creator" }));
      await people.click(screen.getByRole("radio", { name: "YouTube" }));
      user = makeUser({ needsOnboarding: false });
      await act(async () => {
        await people.click(screen.getByRole("button", { name: "Save" }));
      });
      // A new Creator passes the skippable "connect your channel" step, which keeps `next`.
      expect(where()).toBe("/onboard/channel?next=%2Fsubmit");
      await act(async () => {
        await people.click(screen.getByRole("link", { name: SKIP_LABEL }));
      });

      expect(where()).toBe("/submit");
      expect(screen.getByLabelText("Your video idea")).toHaveValue(
        "A week living like a lighthouse keeper",
      );
      expect(
        screen.getByText("Welcome back! We kept your idea while you signed in."),
      ).toBeVisible();
    },
  );

  it("never sends onboarding to another site, and a plain sign-in still ends on /ideas", async () => {
    signedIn(true);
    user = makeUser({ needsOnboarding: true, accountType: null, preferredPlatform: null });
    renderApp("/onboard?next=%2F%2Fevil.example");
    saveOnboarding.mockResolvedValue({ hadAccountType: false });
    const people = userEvent.setup();
    await people.click(screen.getByRole("radio", { name: "Viewer" }));
    await people.click(screen.getByRole("radio", { name: "TikTok" }));
    await act(async () => {
      await people.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(where()).toBe("/ideas");
  });
});
