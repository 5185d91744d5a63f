import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import FollowPersonButton from "./FollowPersonButton";
import { renderRoute } from "../../test/accounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const PERSON = "user_ada" as never;
let follow: ReturnType<typeof vi.fn>;

function setUp(signedIn: boolean, state: { following: boolean | null; followers: number }) {
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated: signedIn,
  } as ReturnType<typeof useConvexAuth>);
  vi.mocked(useQuery).mockReturnValue(state);
  follow = vi.fn().mockResolvedValue(null);
  vi.mocked(useMutation).mockReturnValue(follow as unknown as ReturnType<typeof useMutation>);
}

function renderButton(props: { compact?: boolean } = {}) {
  return renderRoute(<FollowPersonButton personId={PERSON} name="Ada Lovelace" {...props} />, {
    at: "/creators/user_ada",
    path: "/creators/:creatorId",
  });
}

beforeEach(() => vi.clearAllMocks());

describe("FollowPersonButton", () => {
  it("keeps the room of the button and the count while it loads, and offers no button yet", () => {
    setUp(false, { following: false, followers: 0 });
    vi.mocked(useQuery).mockReturnValue(undefined);
    const { container, unmount } = renderButton();
    expect(screen.queryByRole("button")).toBeNull();
    const placeholder = container.querySelector(".follow")!;
    expect(placeholder).toHaveAttribute("aria-hidden", "true");
    expect([...placeholder.children].map((child) => child.className)).toEqual([
      "skeleton follow__loading-button",
      "skeleton follow__loading-count",
    ]);
    unmount();
    // The idea page's poster line: nothing until it knows.
    const compact = renderButton({ compact: true });
    expect(compact.container.querySelector(".follow")).toBeNull();
  });

  it("follows a person in one click, with their name on the button and the count beside it", async () => {
    setUp(true, { following: false, followers: 1 });
    renderButton();
    expect(screen.getByText("1 follower")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Follow Ada Lovelace" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(button);
    expect(follow).toHaveBeenCalledWith({ personId: PERSON, follow: true });
  });

  it("waits for the session before a click can count: a signed-in person is not sent to sign in", async () => {
    setUp(false, { following: false, followers: 1 });
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: true,
      isAuthenticated: false,
    } as ReturnType<typeof useConvexAuth>);
    renderButton();
    const button = screen.getByRole("button", { name: "Follow Ada Lovelace" });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(toast.error).not.toHaveBeenCalled();
    expect(follow).not.toHaveBeenCalled();
  });

  it("unfollows when already following", async () => {
    setUp(true, { following: true, followers: 12 });
    renderButton();
    expect(screen.getByText("12 followers")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Following Ada Lovelace" });
    expect(button).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(button);
    expect(follow).toHaveBeenCalledWith({ personId: PERSON, follow: false });
  });

  it("sends a visitor to sign in, saying why", async () => {
    setUp(false, { following: null, followers: 3 });
    renderButton();
    await userEvent.click(screen.getByRole("button", { name: "Follow Ada Lovelace" }));
    expect(follow).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Please sign in to follow people."),
    );
    expect(screen.getByTestId("pathname")).toHaveTextContent("/login");
  });

  it("shows a person only their count on their own page, and nothing on their own poster line", () => {
    setUp(true, { following: null, followers: 2 });
    const { unmount } = renderButton();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("2 followers")).toBeInTheDocument();
    unmount();
    renderButton({ compact: true });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText("2 followers")).toBeNull();
  });

  it("says so when following fails", async () => {
    setUp(true, { following: false, followers: 0 });
    follow.mockRejectedValueOnce(new Error("Too many requests"));
    renderButton();
    await userEvent.click(screen.getByRole("button", { name: "Follow Ada Lovelace" }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Couldn't change following", expect.anything()),
    );
  });
});
