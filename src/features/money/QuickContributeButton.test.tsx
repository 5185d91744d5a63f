import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import QuickContributeButton from "./QuickContributeButton";
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

function renderButton(expired = false) {
  return renderRoute(
    <QuickContributeButton ideaId="idea_1" title="Lighthouses of Maine" expired={expired} />,
    { at: "/ideas?sort=popular", path: "/ideas" },
  );
}

const button = () => screen.getByRole("button", { name: "Contribute $5 to Lighthouses of Maine" });

beforeEach(() => {
  vi.clearAllMocks();
  startCheckout.mockResolvedValue({
    url: "https://checkout.stripe.test/cs_2",
    contributionId: "c",
  });
});

describe("QuickContributeButton", () => {
  it("shows +$5 and names the idea for screen readers", () => {
    mockConvex({ signedIn: true, actions: { "contributions:startCheckout": startCheckout } });
    renderButton();

    expect(button()).toHaveTextContent("+$5");
    expect(button()).toBeEnabled();
  });

  it("sends a signed-out visitor to /login, remembering the list", async () => {
    mockConvex({ signedIn: false, actions: { "contributions:startCheckout": startCheckout } });
    const user = userEvent.setup();
    renderButton();

    await user.click(button());

    expect(toast.error).toHaveBeenCalledWith("Please sign in to contribute");
    expect(screen.getByTestId("pathname")).toHaveTextContent("/login");
    expect(screen.getByTestId("from")).toHaveTextContent("/ideas?sort=popular");
    expect(startCheckout).not.toHaveBeenCalled();
  });

  it("starts a $5.00 checkout when signed in", async () => {
    mockConvex({ signedIn: true, actions: { "contributions:startCheckout": startCheckout } });
    const user = userEvent.setup();
    renderButton();

    await user.click(button());

    expect(startCheckout).toHaveBeenCalledWith({ ideaId: "idea_1", amountCents: 500 });
    expect(toast).toHaveBeenCalledWith("Preparing checkout...", expect.anything());
    expect(goToExternal).toHaveBeenCalledWith("https://checkout.stripe.test/cs_2");
  });

  it("is disabled once the idea has expired", () => {
    mockConvex({ signedIn: true, actions: { "contributions:startCheckout": startCheckout } });
    renderButton(true);

    expect(button()).toBeDisabled();
  });
});
