import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import { TOAST_IDS } from "../../lib/toasts";
import SubmissionList from "./SubmissionList";
import SubmissionCard, { type Submission } from "./SubmissionCard";

vi.mock("convex/react", () => ({
  // Checkout and other actions are not under test here.
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const vote = vi.fn();
let optimisticUpdate: ((store: unknown, args: unknown) => void) | null = null;

function makeSubmission(overrides: Partial<Submission> = {}): Submission {
  return {
    _id: "k57sub1" as Submission["_id"],
    _creationTime: Date.UTC(2024, 10, 8),
    ideaId: "k57idea" as Submission["ideaId"],
    title: "Every lighthouse in Maine, from the air",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    platform: "YouTube",
    channelTitle: "Ada's channel",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    durationSeconds: 600,
    publishedAt: Date.UTC(2024, 10, 7),
    authorId: "k57ada" as Submission["authorId"],
    authorDisplayName: "Ada Lovelace",
    authorAvatarUrl: null,
    votes: 5,
    finalist: false,
    checklist: {
      exists: true,
      ownedBySubmitter: true,
      publishedAfterIdea: true,
      durationAllowed: true,
    },
    ...overrides,
  };
}

function setSession(isAuthenticated: boolean) {
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated,
    isRefreshing: false,
  });
}

let outcome: unknown = { kind: "open" };
/** The signed-in viewer (users:current) and their votes by video (votes:mineOnSubmission). */
const VIEWER_ID = "k57viewer";
let myVotes: Record<string, number> = {};

function setSubmissions(submissions: Submission[] | undefined | Error) {
  vi.mocked(useQuery).mockImplementation(((query: unknown, args: unknown) => {
    if (args === "skip") return undefined;
    const name = getFunctionName(query as never);
    if (name === "ideas:outcome") return outcome;
    if (name === "users:current") return { _id: VIEWER_ID, displayName: "Viewer" };
    if (name === "votes:mineOnSubmission")
      return myVotes[(args as { submissionId: string }).submissionId] ?? 0;
    if (name !== "submissions:listForIdea") return undefined;
    if (submissions instanceof Error) throw submissions;
    return submissions;
  }) as typeof useQuery);
}

function renderList(closed = false) {
  return render(
    <MemoryRouter>
      <SubmissionList ideaId="k57idea" closed={closed} />
    </MemoryRouter>,
  );
}

/** The check of the checklist whose label starts with `label`, by its accessible text. */
function check(card: HTMLElement, label: string) {
  const list = within(card).getByRole("list", { name: "Originality checklist" });
  const item = within(list)
    .getAllByRole("listitem")
    .find((li) => li.textContent?.includes(label));
  if (!item) throw new Error(`no check ${label}`);
  return item;
}

beforeEach(() => {
  vi.clearAllMocks();
  optimisticUpdate = null;
  const mutation = Object.assign(vote, {
    withOptimisticUpdate: (update: typeof optimisticUpdate) => {
      optimisticUpdate = update;
      return mutation;
    },
  });
  vi.mocked(useMutation).mockReturnValue(mutation as unknown as ReturnType<typeof useMutation>);
  vote.mockResolvedValue({ newVoteTotal: 6, userVote: 1 });
  setSession(true);
  outcome = { kind: "open" };
  myVotes = {};
  setSubmissions([makeSubmission()]);
});

describe("SubmissionList", () => {
  it("shows each creator's picture next to their name, or their initials without one", () => {
    setSubmissions([
      makeSubmission({
        _id: "k57pic" as Submission["_id"],
        title: "With a picture",
        authorDisplayName: "Grace Hopper",
        authorAvatarUrl: "https://lh3.googleusercontent.com/grace.png",
      }),
      makeSubmission({ _id: "k57nopic" as Submission["_id"], title: "Without one" }),
    ]);
    renderList();
    const [withPicture, withoutPicture] = screen.getAllByRole("article");
    expect(within(withPicture!).getByText("Grace Hopper")).toBeInTheDocument();
    const picture = within(withPicture!).getByTestId("avatar");
    expect(picture.tagName).toBe("IMG");
    expect(picture).toHaveAttribute("src", "https://lh3.googleusercontent.com/grace.png");
    const initials = within(withoutPicture!).getByTestId("avatar");
    expect(initials.tagName).not.toBe("IMG");
    expect(withoutPicture!.querySelector("img[data-testid=avatar]")).toBeNull();
    expect(initials).toHaveClass("avatar--initials");
    expect(initials).toHaveTextContent("AL");
    // The name reads the same for assistive tech: "Posted by Ada Lovelace".
    expect(
      within(withoutPicture!).getByText(
        (_, element) =>
          element?.tagName === "SPAN" && /^Posted by Ada Lovelace$/.test(element.textContent ?? ""),
      ),
    ).toBeInTheDocument();
  });

  it("marks the winning videos with a ribbon once the idea is awarded", () => {
    setSubmissions([
      makeSubmission({ _id: "k57win" as Submission["_id"], title: "The winner" }),
      makeSubmission({ _id: "k57other" as Submission["_id"], title: "Another video" }),
    ]);
    outcome = { kind: "awarded", refundedCents: 0, winners: [{ submissionId: "k57win" }] };
    renderList(true);
    expect(
      within(screen.getByRole("article", { name: /^The winner/ })).getByText("Winner"),
    ).toBeVisible();
    expect(
      within(screen.getByRole("article", { name: /^Another video/ })).queryByText("Winner"),
    ).not.toBeInTheDocument();
  });

  it("asks for the idea's submissions", () => {
    renderList();

    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ ideaId: "k57idea" });
    expect(screen.getByRole("heading", { level: 2, name: "Submissions" })).toBeVisible();
  });

  it("shows the empty state", () => {
    setSubmissions([]);
    renderList();

    expect(screen.getByText("Be the first to submit!")).toBeVisible();
    expect(screen.getByText("Early submissions are more likely to be rewarded.")).toBeVisible();
  });

  it("does not invite submissions once the idea is closed", () => {
    setSubmissions([]);
    renderList(true);

    expect(screen.queryByText("Be the first to submit!")).not.toBeInTheDocument();
    expect(screen.getByText("No videos were submitted to this idea.")).toBeVisible();
  });

  it("shows a placeholder while loading, and a message when loading fails", () => {
    setSubmissions(undefined);
    const { unmount } = renderList();
    expect(screen.getByRole("status")).toHaveTextContent("Loading submissions...");
    unmount();

    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    setSubmissions(new Error("Server error"));
    renderList();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load submissions");
    expect(toast.error).toHaveBeenCalledWith("Failed to load submissions", {
      id: "submissions-load-error",
    });
    consoleError.mockRestore();
  });

  it("shows each card: title linking to the video, the link, author, platform and votes", () => {
    const { container } = renderList();

    const card = screen.getByRole("article", { name: /Every lighthouse in Maine/ });
    const title = within(card).getByRole("link", { name: /Every lighthouse in Maine/ });
    expect(title).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(title).toHaveAttribute("target", "_blank");
    expect(title).toHaveAttribute("rel", "noopener noreferrer");
    // The link itself (spec §2), shown without its scheme, with its channel beside it.
    const link = within(card).getByText("youtube.com/watch?v=dQw4w9WgXcQ");
    expect(link).toBeVisible();
    expect(link.closest("a")).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    expect(within(card).getByText(/Ada's channel on YouTube/)).toBeVisible();
    // The video plays here on click, not before.
    expect(card.querySelector("iframe")).toBeNull();
    expect(
      within(card).getByRole("button", { name: /^Play Every lighthouse in Maine/ }),
    ).toBeVisible();
    expect(card).toHaveTextContent("Posted by Ada Lovelace");
    expect(within(card).getByText("YouTube")).toBeVisible();
    expect(within(card).getByRole("button", { name: "Upvote this video" })).toBeEnabled();
    expect(within(card).getByRole("group", { name: "Votes for this video" })).toHaveTextContent(
      "5 votes",
    );
    expect(within(card).getByRole("button", { name: "Downvote this video" })).toBeEnabled();
    expect(container.querySelector("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
  });

  it("keeps the server's order (most voted first)", () => {
    setSubmissions([
      makeSubmission({ _id: "a" as Submission["_id"], title: "First", votes: 9 }),
      makeSubmission({ _id: "b" as Submission["_id"], title: "Second", votes: 2 }),
    ]);
    renderList();

    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-labelledby"))).toEqual([
      "submission-a-title",
      "submission-b-title",
    ]);
  });

  it("shows a video without a title or thumbnail as 'Untitled Video'", () => {
    setSubmissions([makeSubmission({ title: "  ", thumbnailUrl: null })]);
    const { container } = renderList();

    expect(screen.getByRole("link", { name: /Untitled Video/ })).toBeVisible();
    expect(container.querySelector("img")).not.toBeInTheDocument();
  });

  it("shows the four checks with clear states: yes, no and unknown", () => {
    setSubmissions([
      makeSubmission({
        platform: "TikTok",
        url: "https://www.tiktok.com/@kenji_walks/video/7300000000000000001",
        checklist: {
          exists: true,
          ownedBySubmitter: false,
          publishedAfterIdea: null,
          durationAllowed: null,
        },
      }),
    ]);
    renderList();
    const card = screen.getByRole("article");

    expect(within(card).getAllByRole("listitem")).toHaveLength(4);
    expect(check(card, "On TikTok")).toHaveTextContent("✓On TikTok: yes");
    expect(check(card, "Posted by the submitter's TikTok account")).toHaveTextContent(
      "✗Posted by the submitter's TikTok account: no",
    );
    expect(check(card, "Published after the idea")).toHaveTextContent(
      "Published after the idea: unknown",
    );
    expect(check(card, "Length the idea allows")).toHaveTextContent(
      "Length the idea allows: unknown",
    );
    expect(within(card).getAllByText("unknown")).toHaveLength(2);
  });

  it("shows a failed check as no", () => {
    setSubmissions([
      makeSubmission({
        checklist: {
          exists: true,
          ownedBySubmitter: true,
          publishedAfterIdea: false,
          durationAllowed: false,
        },
      }),
    ]);
    renderList();
    const card = screen.getByRole("article");

    expect(check(card, "Posted by the submitter's YouTube account")).toHaveTextContent(": yes");
    expect(check(card, "Published after the idea")).toHaveTextContent(": no");
    expect(check(card, "Length the idea allows")).toHaveTextContent(": no");
  });

  it("disables voting when signed out", () => {
    setSession(false);
    renderList();

    expect(screen.getByRole("button", { name: "Upvote this video" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Downvote this video" })).toBeDisabled();
    expect(screen.getByText("Please sign in to vote")).toBeInTheDocument();
  });

  it("closes voting when judging ends, by the clock, before the idea is settled", () => {
    outcome = { kind: "judging", judgingEndsAt: Date.now() + 60_000, leader: null, bountyCents: 0 };
    const { unmount } = renderList();
    expect(screen.getByRole("button", { name: "Upvote this video" })).toBeEnabled();
    unmount();

    outcome = { kind: "judging", judgingEndsAt: Date.now() - 1, leader: null, bountyCents: 0 };
    renderList();
    expect(screen.getByRole("button", { name: "Upvote this video" })).toBeDisabled();
    expect(screen.getByText("Voting on this idea's videos has closed.")).toBeInTheDocument();
  });

  it("does not offer voting on one's own video, and says how to prove it is theirs", () => {
    setSubmissions([
      makeSubmission({
        authorId: VIEWER_ID as Submission["authorId"],
        checklist: {
          exists: true,
          ownedBySubmitter: false,
          publishedAfterIdea: true,
          durationAllowed: true,
        },
      }),
    ]);
    renderList();

    expect(screen.getByRole("button", { name: "Upvote this video" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Downvote this video" })).toBeDisabled();
    expect(screen.getByText("You can't vote on your own video")).toBeInTheDocument();
    expect(screen.getByText("Your video")).toBeVisible();
    expect(
      screen.getByRole("link", { name: "connect your YouTube account in your Profile" }),
    ).toHaveAttribute("href", "/profile?tab=settings");
  });

  it("votes, toggling like ideas do", async () => {
    myVotes = { k57sub1: 1 };
    const user = userEvent.setup();
    renderList();

    await user.click(screen.getByRole("button", { name: "Upvote this video" }));
    expect(vote).toHaveBeenLastCalledWith({ submissionId: "k57sub1", vote: 0 });

    await user.click(screen.getByRole("button", { name: "Downvote this video" }));
    expect(vote).toHaveBeenLastCalledWith({ submissionId: "k57sub1", vote: -1 });
  });

  it("shows the viewer's own vote from their per-user query, and asks none for visitors", () => {
    myVotes = { k57sub1: -1 };
    const { unmount } = renderList();
    expect(screen.getByRole("button", { name: "Downvote this video" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "Upvote this video" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(vi.mocked(useQuery)).toHaveBeenCalledWith(expect.anything(), {
      submissionId: "k57sub1",
    });
    unmount();

    vi.mocked(useQuery).mockClear();
    setSession(false);
    renderList();
    const asked = vi
      .mocked(useQuery)
      .mock.calls.filter(([, args]) => args !== "skip")
      .map(([query]) => getFunctionName(query as never));
    expect(asked).toContain("submissions:listForIdea");
    expect(asked).not.toContain("votes:mineOnSubmission");
    expect(asked).not.toContain("users:current");
  });

  /** An optimistic store holding the viewer's votes and the shared lists. */
  function optimisticStore(mine: Record<string, number | undefined>, lists: unknown[]) {
    return {
      getQuery: vi.fn((query: unknown, args: { submissionId: string }) => {
        expect(getFunctionName(query as never)).toBe("votes:mineOnSubmission");
        return mine[args.submissionId];
      }),
      getAllQueries: vi.fn((query: unknown) => {
        expect(getFunctionName(query as never)).toBe("submissions:listForIdea");
        return lists;
      }),
      setQuery: vi.fn(),
    };
  }

  it("applies the vote at once: the viewer's own vote, and the count by new − old in every list showing the video", () => {
    renderList();
    const other = makeSubmission({ _id: "other" as Submission["_id"], votes: 1 });
    const elsewhere = makeSubmission({ _id: "elsewhere" as Submission["_id"] });
    const lists = [
      { args: { ideaId: "k57idea" }, value: [makeSubmission(), other] },
      { args: { ideaId: "k57another" }, value: [elsewhere] },
    ];
    const store = optimisticStore({ k57sub1: 1 }, lists);

    optimisticUpdate!(store, { submissionId: "k57sub1", vote: -1 });

    const sets = store.setQuery.mock.calls.map(([query, args, value]) => [
      getFunctionName(query as never),
      args,
      value,
    ]);
    expect(sets).toEqual([
      ["votes:mineOnSubmission", { submissionId: "k57sub1" }, -1],
      [
        "submissions:listForIdea",
        { ideaId: "k57idea" },
        [expect.objectContaining({ _id: "k57sub1", votes: 3 }), other],
      ],
    ]);
  });

  it("counts a vote from none while the viewer's own vote is still loading, and clearing moves back", () => {
    renderList();
    const lists = [{ args: { ideaId: "k57idea" }, value: [makeSubmission()] }];

    const first = optimisticStore({}, lists);
    optimisticUpdate!(first, { submissionId: "k57sub1", vote: 1 });
    expect(first.setQuery).toHaveBeenLastCalledWith(expect.anything(), { ideaId: "k57idea" }, [
      expect.objectContaining({ votes: 6 }),
    ]);

    const clearing = optimisticStore({ k57sub1: -1 }, lists);
    optimisticUpdate!(clearing, { submissionId: "k57sub1", vote: 0 });
    expect(clearing.setQuery).toHaveBeenLastCalledWith(expect.anything(), { ideaId: "k57idea" }, [
      expect.objectContaining({ votes: 6 }),
    ]);

    const same = optimisticStore({ k57sub1: 1 }, lists);
    optimisticUpdate!(same, { submissionId: "k57sub1", vote: 1 });
    expect(same.setQuery).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to update vote' when the vote fails, or the server's reason", async () => {
    vote.mockRejectedValueOnce(new Error("offline"));
    const user = userEvent.setup();
    renderList();

    await user.click(screen.getByRole("button", { name: "Upvote this video" }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update vote", {
        id: TOAST_IDS.voteVideo,
      }),
    );

    vote.mockRejectedValueOnce(new ConvexError({ message: "You must be logged in to vote." }));
    await user.click(screen.getByRole("button", { name: "Upvote this video" }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("You must be logged in to vote.", {
        id: TOAST_IDS.voteVideo,
      }),
    );
  });

  it("clears the vote's error toast once a vote goes through", async () => {
    vote.mockRejectedValueOnce(new Error("offline"));
    const user = userEvent.setup();
    renderList();

    await user.click(screen.getByRole("button", { name: "Upvote this video" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.dismiss).not.toHaveBeenCalled();

    vote.mockResolvedValueOnce(null);
    await user.click(screen.getByRole("button", { name: "Upvote this video" }));
    await vi.waitFor(() => expect(toast.dismiss).toHaveBeenCalledWith(TOAST_IDS.voteVideo));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});

describe("SubmissionCard", () => {
  it("shows a footer when given one", () => {
    render(
      <MemoryRouter>
        <SubmissionCard
          submission={makeSubmission()}
          footer={<button type="button">Pick as winner</button>}
        />
      </MemoryRouter>,
    );

    expect(screen.getByRole("button", { name: "Pick as winner" })).toBeVisible();
  });
});
