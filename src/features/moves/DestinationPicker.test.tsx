import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { usePaginatedQuery } from "convex/react";
import DestinationPicker from "./DestinationPicker";
import { renderRoute } from "../../test/accounts";
import { mockConvex } from "../../test/money";
import { MOVE_MESSAGES } from "../../../convex/model/money/rules";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
  usePaginatedQuery: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const DAY = 24 * 3600 * 1000;
const move = vi.fn();
const onMoved = vi.fn();

const card = (id: string, title: string) => ({
  _id: id,
  title,
  bountyCents: 5000,
  expiration: Date.now() + 10 * DAY,
});

beforeEach(() => {
  vi.clearAllMocks();
  move.mockResolvedValue("c2");
  mockConvex({ mutations: { "moves:move": move } });
  vi.mocked(usePaginatedQuery).mockReturnValue({
    results: [
      { card: card("idea_ok", "Salt marsh birds"), problem: null },
      { card: card("idea_mine", "My own idea"), problem: MOVE_MESSAGES.ownIdea },
    ],
    status: "Exhausted",
    loadMore: vi.fn(),
    isLoading: false,
  } as never);
});

describe("DestinationPicker", () => {
  it("lists open ideas, says why one can't take the money, and moves after a confirmation", async () => {
    const user = userEvent.setup();
    renderRoute(
      <DestinationPicker contributionId={"c1" as never} amountCents={2000} onMoved={onMoved} />,
      { at: "/m", path: "/m" },
    );
    expect(screen.getByRole("button", { name: "Move $20.00 to My own idea" })).toBeDisabled();
    expect(screen.getByText(MOVE_MESSAGES.ownIdea)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Move $20.00 to Salt marsh birds" }));
    const confirm = screen.getByRole("region", { name: "Confirm the move" });
    expect(confirm).toHaveTextContent(
      "Move $20.00 to “Salt marsh birds”? It can't move again afterwards.",
    );
    expect(move).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Move my money" }));
    expect(move).toHaveBeenCalledWith({ contributionId: "c1", ideaId: "idea_ok" });
    expect(onMoved).toHaveBeenCalledWith({ ideaId: "idea_ok", title: "Salt marsh birds" });
  });
});
