import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import VideoRating, { RATING_FAILED, RATING_SAVED } from "./VideoRating";
import { mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const rate = vi.fn();
const unrate = vi.fn();
const SUB = "sub_1" as never;

beforeEach(() => {
  vi.clearAllMocks();
  rate.mockResolvedValue(null);
  unrate.mockResolvedValue(null);
  mockConvex({ mutations: { "judging:rate": rate, "judging:unrate": unrate } });
});

describe("VideoRating", () => {
  it("rates a video with stars and private feedback", async () => {
    const user = userEvent.setup();
    render(<VideoRating submissionId={SUB} title="Lisbon by tram" mine={null} />);
    await user.click(screen.getByRole("button", { name: "Rate this video: Lisbon by tram" }));
    await user.click(screen.getByRole("radio", { name: "4 stars" }));
    await user.type(
      screen.getByLabelText("Private feedback for the creator (optional)"),
      "Shorter intro?",
    );
    expect(screen.getByText(/Only the video's creator sees your stars and feedback/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Save rating" }));
    expect(rate).toHaveBeenCalledWith({ submissionId: SUB, stars: 4, feedback: "Shorter intro?" });
    expect(toast.success).toHaveBeenCalledWith(RATING_SAVED);
  });

  it("asks for stars before saving, and counts the feedback against 1,000 characters", async () => {
    const user = userEvent.setup();
    render(<VideoRating submissionId={SUB} title="T" mine={null} />);
    await user.click(screen.getByRole("button", { name: /Rate this video/ }));
    await user.click(screen.getByRole("button", { name: "Save rating" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose 1 to 5 stars.");
    expect(rate).not.toHaveBeenCalled();
    await user.click(screen.getByRole("radio", { name: "1 star" }));
    const box = screen.getByLabelText(/Private feedback/);
    await user.click(box);
    await user.paste("x".repeat(1001));
    expect(screen.getByText(/1,001\/1,000 characters/)).toBeVisible();
    expect(box).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("button", { name: "Save rating" }));
    expect(rate).not.toHaveBeenCalled();
  });

  it("shows one's own rating, changes or removes it", async () => {
    const user = userEvent.setup();
    render(<VideoRating submissionId={SUB} title="T" mine={{ stars: 3, feedback: "Nice" }} />);
    expect(screen.getByText("Your rating:")).toBeVisible();
    expect(screen.getByText("3 stars")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Change your rating/ }));
    expect(screen.getByRole("radio", { name: "3 stars" })).toBeChecked();
    expect(screen.getByLabelText(/Private feedback/)).toHaveValue("Nice");
    await user.click(screen.getByRole("button", { name: "Remove rating" }));
    expect(unrate).toHaveBeenCalledWith({ submissionId: SUB });
  });

  it("says why a rating was refused", async () => {
    rate.mockRejectedValue(
      new ConvexError({ message: "Ratings are closed: this idea's judging has ended." }),
    );
    const user = userEvent.setup();
    render(<VideoRating submissionId={SUB} title="T" mine={null} />);
    await user.click(screen.getByRole("button", { name: /Rate this video/ }));
    await user.click(screen.getByRole("radio", { name: "5 stars" }));
    await user.click(screen.getByRole("button", { name: "Save rating" }));
    expect(toast.error).toHaveBeenCalledWith(RATING_FAILED, {
      description: "Ratings are closed: this idea's judging has ended.",
    });
  });
});
