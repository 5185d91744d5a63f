import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import PickStatus from "./PickStatus";

vi.mock("convex/react", () => ({ useQuery: vi.fn() }));

const DEADLINE = Date.UTC(2030, 0, 22, 12);
const stake = (overrides: Record<string, unknown> = {}) => ({
  contributedCents: 1500,
  choosingCents: 1500,
  pickedSubmissionId: null,
  pickedTitle: null,
  pickDeadline: DEADLINE,
  canPick: true,
  ...overrides,
});
const show = (value: unknown) => {
  vi.mocked(useQuery).mockReturnValue(value);
  return render(<PickStatus ideaId={"idea_1" as never} />);
};

beforeEach(() => vi.clearAllMocks());

describe("PickStatus", () => {
  it("before a pick: until when to pick and where the money goes", () => {
    show(stake());
    expect(screen.getByTestId("pick-status")).toHaveTextContent(
      "Pick your winner by January 22, 2030. The $15.00 you gave goes to the video you pick",
    );
  });

  it("after a pick: what was picked and until when it can change — and no 'Pick your winner by'", () => {
    show(stake({ pickedSubmissionId: "sub_a", pickedTitle: "Lisbon by tram" }));
    const status = screen.getByTestId("pick-status");
    expect(status).toHaveTextContent(
      "You picked “Lisbon by tram”. You can change your pick until January 22, 2030.",
    );
    expect(status).not.toHaveTextContent(/Pick your winner by/);
  });

  it.each([
    ["signed out", null],
    ["loading", undefined],
    ["not picking", stake({ canPick: false })],
    ["past the deadline", stake({ pickDeadline: Date.now() - 1000 })],
  ])("says nothing when %s", (_case, value) => {
    const { container } = show(value);
    expect(container).toBeEmptyDOMElement();
  });
});
