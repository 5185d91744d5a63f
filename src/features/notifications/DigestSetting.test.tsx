import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useMutation, useQuery } from "convex/react";
import DigestSetting, { DIGEST_LABEL } from "./DigestSetting";

vi.mock("convex/react", () => ({ useQuery: vi.fn(), useMutation: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

let save: ReturnType<typeof vi.fn>;

function setUp(subscribed: boolean | undefined) {
  vi.mocked(useQuery).mockReturnValue(subscribed);
  save = vi.fn().mockResolvedValue(null);
  vi.mocked(useMutation).mockReturnValue(save as unknown as ReturnType<typeof useMutation>);
}

beforeEach(() => vi.clearAllMocks());

describe("DigestSetting", () => {
  it("is a switch, off by default, that turns the weekly digest on and says so", async () => {
    setUp(false);
    render(<DigestSetting />);
    const toggle = screen.getByRole("switch", { name: DIGEST_LABEL });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/At most one a week/)).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(save).toHaveBeenCalledWith({ subscribed: true });
    expect(await screen.findByText("Saved: the weekly digest is on.")).toBeInTheDocument();
  });

  it("turns it off", async () => {
    setUp(true);
    render(<DigestSetting />);
    await userEvent.click(screen.getByRole("switch", { name: DIGEST_LABEL }));
    expect(save).toHaveBeenCalledWith({ subscribed: false });
  });

  it("shows nothing until it knows", () => {
    setUp(undefined);
    const { container } = render(<DigestSetting />);
    expect(container).toBeEmptyDOMElement();
  });
});
