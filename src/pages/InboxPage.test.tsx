import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, usePaginatedQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import InboxPage, { EMPTY_INBOX } from "./InboxPage";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useMutation: vi.fn(),
  usePaginatedQuery: vi.fn(),
}));

const markRead = vi.fn();
const markAllRead = vi.fn();
const loadMore = vi.fn();

const item = (id: string, text: string, read: boolean, createdAt: number) => ({
  _id: id,
  kind: "video_submitted",
  ideaId: "p1",
  text,
  link: "/expanded-proposal/p1",
  createdAt,
  read,
});

function setInbox(results: unknown[], status = "Exhausted") {
  vi.mocked(usePaginatedQuery).mockReturnValue({
    results,
    status,
    isLoading: false,
    loadMore,
  } as unknown as ReturnType<typeof usePaginatedQuery>);
}

function renderInbox() {
  return render(
    <MemoryRouter initialEntries={["/inbox"]}>
      <Routes>
        <Route path="/inbox" element={<InboxPage />} />
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/expanded-proposal/:id" element={<p>idea page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated: true,
    isRefreshing: false,
  });
  vi.mocked(useMutation).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) =>
    getFunctionName(ref) === "notifications:markRead"
      ? markRead
      : markAllRead) as unknown as typeof useMutation);
  markAllRead.mockResolvedValue({ more: false });
  markRead.mockResolvedValue(null);
});

describe("InboxPage", () => {
  it("lists notifications as the server orders them (newest first), each linking to its place", async () => {
    setInbox([item("n2", "Newest", false, 2), item("n1", "Older", true, 1)], "CanLoadMore");
    renderInbox();
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Unread: Newest", "Older"]);
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(loadMore).toHaveBeenCalledWith(20);
    await userEvent.click(links[0]!);
    expect(markRead).toHaveBeenCalledWith({ notificationId: "n2" });
    expect(screen.getByText("idea page")).toBeInTheDocument();
  });

  it("marks one or all as read", async () => {
    setInbox([item("n2", "Newest", false, 2), item("n1", "Older", false, 1)]);
    renderInbox();
    await userEvent.click(screen.getAllByRole("button", { name: "Mark as read" })[1]!);
    expect(markRead).toHaveBeenCalledWith({ notificationId: "n1" });
    await userEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(markAllRead).toHaveBeenCalledWith({});
  });

  it("says when there is nothing yet", () => {
    setInbox([]);
    renderInbox();
    expect(screen.getByText(EMPTY_INBOX)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("sends visitors to sign in", () => {
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: false,
      isAuthenticated: false,
      isRefreshing: false,
    });
    setInbox([]);
    renderInbox();
    expect(screen.getByText("login page")).toBeInTheDocument();
  });

  it("asks for the inbox only once the session is known (asked earlier, it would run as nobody)", () => {
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: true,
      isAuthenticated: false,
      isRefreshing: false,
    });
    setInbox([], "LoadingFirstPage");
    const { rerender } = renderInbox();
    expect(vi.mocked(usePaginatedQuery).mock.calls.at(-1)![1]).toBe("skip");
    expect(screen.getByText("Loading…")).toBeInTheDocument();

    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: false,
      isAuthenticated: true,
      isRefreshing: false,
    });
    rerender(
      <MemoryRouter initialEntries={["/inbox"]}>
        <Routes>
          <Route path="/inbox" element={<InboxPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(vi.mocked(usePaginatedQuery).mock.calls.at(-1)![1]).toEqual({});
  });
});
