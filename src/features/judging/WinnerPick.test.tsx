import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { useQuery } from "convex/react";
import { toast } from "sonner";
import WinnerPick from "./WinnerPick";
import type { Id } from "../../../convex/_generated/dataModel";
import { DAY_MS } from "../../../convex/model/labels";
import { deferred, mockConvex, pushQueryUpdate } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const SUB_A = "sub_a" as Id<"submissions">;
const SUB_B = "sub_b" as Id<"submissions">;
const pickWinner = vi.fn();
let stake: unknown;

function makeStake(overrides: Record<string, unknown> = {}) {
  return {
    contributedCents: 1500,
    choosingCents: 1500,
    pickedSubmissionId: null,
    pickedTitle: null,
    pickDeadline: Date.UTC(2030, 0, 22, 12),
    canPick: true,
    ...overrides,
  };
}

function renderPick(submissionId = SUB_A, isOwn = false) {
  return render(
    <WinnerPick ideaId="idea_1" submissionId={submissionId} isOwn={isOwn} title="Video A" />,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  stake = makeStake();
  pickWinner.mockResolvedValue(null);
  mockConvex({
    queries: { "contributions:myStake": () => stake },
    mutations: { "contributions:pickWinner": pickWinner },
  });
});

describe("WinnerPick", () => {
  it.each([
    ["signed out or unknown", null],
    ["loading", undefined],
    ["not a choosing contributor", makeStake({ canPick: false })],
    ["past the deadline", makeStake({ pickDeadline: Date.now() - DAY_MS })],
  ])("renders nothing when %s", (_case, value) => {
    stake = value;
    const { container } = renderPick();
    expect(container).toBeEmptyDOMElement();
  });

  it("renders nothing on the viewer's own video", () => {
    const { container } = renderPick(SUB_A, true);
    expect(container).toBeEmptyDOMElement();
  });

  it("asks for the viewer's stake in the idea; the deadline is said once above the list, not per card", () => {
    renderPick();
    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ ideaId: "idea_1" });
    expect(screen.queryByText(/January 22, 2030/)).not.toBeInTheDocument();
  });

  it("picks this video as the winner", async () => {
    const call = deferred<null>();
    pickWinner.mockReturnValue(call.promise);
    const user = userEvent.setup();
    renderPick();

    await user.click(screen.getByRole("button", { name: "Pick as winner: Video A" }));
    expect(pickWinner).toHaveBeenCalledWith({ submissionId: SUB_A });
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();

    stake = makeStake({ pickedSubmissionId: SUB_A });
    pushQueryUpdate();
    await act(async () => call.resolve(null));

    expect(toast.success).toHaveBeenCalled();
    expect(screen.getByText("Your pick")).toBeVisible();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows 'Your pick' on the picked video and the button on the others", () => {
    stake = makeStake({ pickedSubmissionId: SUB_B });
    const { unmount } = renderPick(SUB_B);
    expect(screen.getByText("Your pick")).toBeVisible();
    unmount();

    renderPick(SUB_A);
    expect(screen.getByRole("button", { name: "Pick as winner: Video A" })).toBeEnabled();
  });

  it("says so when the pick fails", async () => {
    pickWinner.mockRejectedValue(
      new ConvexError({ message: "The winner of this idea can no longer be chosen." }),
    );
    const user = userEvent.setup();
    renderPick();

    await user.click(screen.getByRole("button", { name: "Pick as winner: Video A" }));

    expect(toast.error).toHaveBeenCalledWith("Failed to pick the winner", {
      description: "The winner of this idea can no longer be chosen.",
    });
    expect(screen.getByRole("button", { name: "Pick as winner: Video A" })).toBeEnabled();
  });
});
