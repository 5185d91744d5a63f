import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAction, useConvexAuth, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import { TOAST_IDS } from "../lib/toasts";
import SubmitContentPage from "./SubmitContentPage";
import type { Idea } from "../features/ideas/IdeaFromRoute";
import { renderRoute } from "../test/accounts";
import { makeIdea as makeListItem } from "../test/lists";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const submit = vi.fn();
const check = vi.fn();
/** The signed-in creator's connections and synced videos (`api.platforms.mine`). */
let synced: unknown = null;
const YOUTUBE_LINK = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const TIKTOK_LINK = "https://www.tiktok.com/@kenji_walks/video/7300000000000000001";

/** The idea this page is about (the lists' factory, with this suite's figures). */
function makeIdea(overrides: Partial<Idea> = {}): Idea {
  return makeListItem({
    _id: "k57idea" as Idea["_id"],
    _creationTime: Date.UTC(2024, 10, 6, 12),
    title: "Drone tour of every lighthouse in Maine",
    durations: ["MEDIUM"],
    bountyCents: 2500,
    submissionCount: 0,
    votes: 0,
    ...overrides,
  });
}

function setSession(isAuthenticated: boolean, isLoading = false) {
  vi.mocked(useConvexAuth).mockReturnValue({ isLoading, isAuthenticated, isRefreshing: false });
}

function setIdea(idea: Idea | null | undefined) {
  vi.mocked(useQuery).mockImplementation(((
    query: Parameters<typeof getFunctionName>[0],
    args: unknown,
  ) => {
    if (args === "skip") return undefined;
    return getFunctionName(query) === "platforms:mine" ? synced : idea;
  }) as unknown as typeof useQuery);
}

/** What the server's check says about the video (a fine one unless overridden). */
function checkResult(overrides: Record<string, unknown> = {}) {
  return {
    video: {
      platform: "YouTube",
      videoId: "dQw4w9WgXcQ",
      url: YOUTUBE_LINK,
      title: "Lighthouses of Maine from above",
      channelId: "UCmine",
      channelTitle: "Kenji Walks",
      durationSeconds: 485,
      publishedAt: Date.UTC(2024, 10, 8, 12),
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      owned: true,
    },
    checklist: {
      exists: true,
      ownedBySubmitter: true,
      publishedAfterIdea: true,
      durationAllowed: true,
    },
    cannotWinReasons: [],
    ownershipNote: null,
    takesOver: false,
    ...overrides,
  };
}

function renderPage(at = "/submit-content/k57idea") {
  const path = at === "/submit-content" ? "/submit-content" : "/submit-content/:ideaId";
  return renderRoute(<SubmitContentPage />, { at, path });
}

const pathname = () => screen.getByTestId("pathname").textContent;
const input = () => screen.getByRole("textbox", { name: "Video link" });
const checkButton = () => screen.getByRole("button", { name: "Check video" });
const submitButton = () => screen.getByRole("button", { name: "Submit Video" });

/** Types a link and asks for its check (the card comes next). */
async function submitLink(link: string) {
  const user = userEvent.setup();
  if (link) await user.type(input(), link);
  await user.click(checkButton());
  return user;
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  synced = null;
  vi.mocked(useAction).mockImplementation(((fn: Parameters<typeof getFunctionName>[0]) =>
    getFunctionName(fn) === "submissions:check" ? check : submit) as unknown as typeof useAction);
  submit.mockResolvedValue("k57submission");
  check.mockResolvedValue(checkResult());
  setSession(true);
  setIdea(makeIdea());
});

describe("SubmitContentPage", () => {
  it("asks for the idea in the address and shows its title with a link back", () => {
    renderPage();

    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ ideaId: "k57idea" });
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Drone tour of every lighthouse in Maine");
    expect(
      screen.getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/k57idea");
    expect(screen.getByRole("link", { name: /Back to the idea/ })).toHaveAttribute(
      "href",
      "/expanded-proposal/k57idea",
    );
  });

  it.each([
    ["YouTube", "Post your video on YouTube"],
    ["TikTok", "Post your video on TikTok"],
    ["Any", "Post your video on YouTube or TikTok"],
  ] as const)("shows the required platform for %s", (platform, text) => {
    setIdea(makeIdea({ platform }));
    renderPage();

    expect(screen.getByText(text)).toBeVisible();
  });

  it("lists every length the idea accepts", () => {
    setIdea(makeIdea({ durations: ["SHORT", "LONG"] }));
    const { unmount } = renderPage();
    expect(screen.getByText("Video length: Short (under 3 mins) or Long (30+ mins)")).toBeVisible();
    unmount();

    setIdea(makeIdea({ durations: [] }));
    renderPage();
    expect(screen.getByText("Video can be any length")).toBeVisible();
  });

  it("has one input for the link and explains how a selected video is rewarded", () => {
    renderPage();

    expect(screen.getAllByRole("textbox")).toHaveLength(1);
    expect(
      screen.getByText(/If your video is selected, the bounty is paid to the payment method/),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Profile" })).toHaveAttribute(
      "href",
      "/profile?tab=settings",
    );
  });

  it("invites a browser with no stored session to sign in while the session loads, and no one else", () => {
    // Nothing stored: signed out for sure, so the invitation is there from the first render
    // (arriving later, it pushed the form down).
    setSession(false, true);
    const { unmount } = renderPage();
    expect(screen.getByText("Please sign in to submit your video")).toBeVisible();
    unmount();
    // A stored session is being checked: no invitation until it is known to be gone.
    const namespace = String(import.meta.env.VITE_CONVEX_URL ?? "").replace(/[^a-zA-Z0-9]/g, "");
    localStorage.setItem(`__convexAuthJWT_${namespace}`, "header.payload.signature");
    try {
      renderPage();
      expect(screen.queryByText("Please sign in to submit your video")).toBeNull();
    } finally {
      localStorage.clear();
    }
  });

  it("sends a signed-out person to sign in, remembering the page and the link", async () => {
    setSession(false);
    renderPage();

    expect(screen.getByText("Please sign in to submit your video")).toBeVisible();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");

    await submitLink(YOUTUBE_LINK);

    expect(toast.error).toHaveBeenCalledWith("Please sign in to submit your video", {
      id: TOAST_IDS.submitVideo,
    });
    expect(check).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(pathname()).toBe("/login");
    expect(screen.getByTestId("from")).toHaveTextContent("/submit-content/k57idea");
  });

  it("restores the link typed before signing in", async () => {
    setSession(false);
    const { unmount } = renderPage();
    await submitLink(YOUTUBE_LINK);
    unmount();

    setSession(true);
    renderPage();
    expect(input()).toHaveValue(YOUTUBE_LINK);
  });

  it("asks for a link when the input is empty", async () => {
    renderPage();

    await submitLink("   ");

    expect(toast.error).toHaveBeenCalledWith("Please provide a video link", {
      id: TOAST_IDS.submitVideo,
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Please provide a video link");
    expect(input()).toHaveAttribute("aria-invalid", "true");
    expect(input()).toHaveFocus();
    expect(check).not.toHaveBeenCalled();
  });

  it("links the problem to the field and clears it as the link is edited", async () => {
    renderPage();

    await submitLink("   ");
    expect(input()).toHaveAccessibleDescription(/Please provide a video link/);

    await userEvent.type(input(), "h");
    expect(input()).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it.each([
    [
      "a link that is not a video",
      "https://example.com/my-video",
      "Paste the link of a YouTube or TikTok video",
    ],
    ["a TikTok link for a YouTube idea", TIKTOK_LINK, "This idea needs a YouTube video"],
  ])(
    "refuses %s with 'Invalid video link format' and says why under it",
    async (_label, link, reason) => {
      renderPage();

      await submitLink(link);

      expect(toast.error).toHaveBeenCalledWith("Invalid video link format", {
        id: TOAST_IDS.submitVideo,
      });
      const alert = screen.getByRole("alert");
      expect(alert).toHaveTextContent("Invalid video link format");
      expect(alert).toHaveTextContent(reason);
      expect(check).not.toHaveBeenCalled();
    },
  );

  it("takes a TikTok link for an idea open to any platform", async () => {
    setIdea(makeIdea({ platform: "Any" }));
    renderPage();

    await submitLink(TIKTOK_LINK);

    expect(check).toHaveBeenCalledWith({ ideaId: "k57idea", link: TIKTOK_LINK });
  });

  it("checks, shows the card, then submits on confirmation, says so and goes to the idea", async () => {
    let checked: (result: unknown) => void = () => {};
    check.mockReturnValue(new Promise((resolve) => (checked = resolve)));
    let finish: (id: string) => void = () => {};
    submit.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage();

    const user = await submitLink(`  ${YOUTUBE_LINK} `);

    expect(check).toHaveBeenCalledWith({ ideaId: "k57idea", link: YOUTUBE_LINK });
    expect(screen.getByRole("button", { name: "Verifying video…" })).toBeDisabled();
    await act(async () => checked(checkResult()));
    // Nothing is submitted before the person confirms the card.
    expect(submit).not.toHaveBeenCalled();

    await user.click(submitButton());
    expect(submit).toHaveBeenCalledWith({ ideaId: "k57idea", link: YOUTUBE_LINK });
    expect(screen.getByRole("button", { name: "Submitting…" })).toBeDisabled();

    await act(async () => finish("k57submission"));

    expect(toast.success).toHaveBeenCalledWith("Video submitted successfully!", {
      id: TOAST_IDS.submitVideo,
    });
    expect(pathname()).toBe("/expanded-proposal/k57idea");
  });

  it("shows 'Failed to verify video' with the reason and the note to connect the platform in the Profile", async () => {
    check.mockRejectedValue(
      new ConvexError({
        message: "Failed to verify video",
        code: "verify",
        reason: "We couldn't find that video on YouTube",
      }),
    );
    renderPage();

    await submitLink(YOUTUBE_LINK);

    expect(toast.error).toHaveBeenCalledWith("Failed to verify video", {
      id: TOAST_IDS.submitVideo,
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Failed to verify video");
    expect(alert).toHaveTextContent("We couldn't find that video on YouTube");
    expect(alert).toHaveTextContent("connect your YouTube channel");
    expect(screen.getByRole("link", { name: "Profile settings" })).toHaveAttribute(
      "href",
      "/profile?tab=settings",
    );
    expect(pathname()).toBe("/submit-content/k57idea");
    expect(checkButton()).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Submit Video" })).not.toBeInTheDocument();
  });

  it("does not tell a creator whose channel is connected to connect it", async () => {
    synced = {
      youtube: { connected: true, lastSync: 1, accountName: "Kenji Walks" },
      tiktok: { connected: false, lastSync: null, accountName: null },
      videos: [],
    };
    check.mockRejectedValue(
      new ConvexError({
        message: "Failed to verify video",
        code: "verify",
        reason: "We couldn't find that video on YouTube",
      }),
    );
    renderPage();

    await submitLink(YOUTUBE_LINK);

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Failed to verify video");
    expect(alert).toHaveTextContent("We couldn't find that video on YouTube");
    expect(alert).not.toHaveTextContent("connect your");
    // The note that fits a connected creator, with the way to Profile.
    expect(alert).toHaveTextContent(
      "Check that the video is on the channel you connected in Profile.",
    );
    expect(within(alert).getByRole("link", { name: "Profile" })).toHaveAttribute(
      "href",
      "/profile?tab=settings",
    );
  });

  it("names TikTok in the note for a TikTok video", async () => {
    setIdea(makeIdea({ platform: "TikTok" }));
    check.mockRejectedValue(new ConvexError({ message: "Failed to verify video", code: "verify" }));
    renderPage();

    await submitLink(TIKTOK_LINK);

    expect(screen.getByRole("alert")).toHaveTextContent("connect your TikTok account");
  });

  it("shows the server's message as is", async () => {
    check.mockRejectedValue(
      new ConvexError({ message: "This video has already been submitted to this idea." }),
    );
    renderPage();

    await submitLink(YOUTUBE_LINK);

    expect(toast.error).toHaveBeenCalledWith(
      "This video has already been submitted to this idea.",
      { id: TOAST_IDS.submitVideo },
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This video has already been submitted to this idea.",
    );
    expect(screen.queryByText(/connect your/)).not.toBeInTheDocument();
  });

  it("says 'Failed to submit video' for any other failure, and closes the card", async () => {
    submit.mockRejectedValue(new Error("network down"));
    renderPage();

    const user = await submitLink(YOUTUBE_LINK);
    await user.click(submitButton());

    expect(toast.error).toHaveBeenCalledWith("Failed to submit video", {
      id: TOAST_IDS.submitVideo,
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to submit video");
    expect(screen.queryByRole("button", { name: "Submit Video" })).not.toBeInTheDocument();
  });

  it.each([
    ["past its deadline", makeIdea({ expiration: Date.now() - 60_000 })],
    ["closed by the server", makeIdea({ status: "judging" })],
  ])("shows no form for an idea %s", (_label, idea) => {
    setIdea(idea);
    renderPage();

    expect(screen.getByText("This proposal is no longer accepting submissions.")).toBeVisible();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit Video" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check video" })).not.toBeInTheDocument();
  });

  it("shows a not-found card for an idea that does not exist, or without an id", () => {
    setIdea(null);
    const { unmount } = renderPage("/submit-content/nope");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "This idea does not exist.",
    );
    // The same not-found card as an unknown route (components/NotFound).
    expect(screen.getByRole("region", { name: "This idea does not exist." })).toHaveClass(
      "not-found__card",
    );
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    unmount();

    renderPage("/submit-content");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "This idea does not exist.",
    );
  });

  it("shows a placeholder while the idea loads", () => {
    setIdea(undefined);
    renderPage();

    expect(screen.getByRole("status")).toHaveTextContent("Loading the idea...");
  });
});

describe("the confirmation card before submitting", () => {
  const card = () => screen.getByRole("region", { name: "Check your video before submitting" });

  it("shows what the platform says and each check, and that the video can win", async () => {
    renderPage();
    await submitLink(YOUTUBE_LINK);

    const c = card();
    expect(c).toHaveTextContent("Lighthouses of Maine from above");
    expect(c).toHaveTextContent("Kenji Walks · YouTube");
    expect(c).toHaveTextContent("8:05");
    expect(c).toHaveTextContent("November 8, 2024");
    const checks = screen.getByRole("list", { name: "Originality checklist" });
    expect(checks).toHaveTextContent("On YouTube: passes");
    expect(checks).toHaveTextContent("Posted by your YouTube account: passes");
    expect(checks).toHaveTextContent("Published after the idea: passes");
    expect(checks).toHaveTextContent("Length the idea allows: passes");
    // Beside the length check: every length the idea allows, so "passes" reads against them.
    const lengths = within(checks).getByRole("list", { name: "Lengths the idea allows" });
    expect(lengths).toHaveTextContent("Medium · 5-25 mins");
    expect(c).toHaveTextContent("Every check passes: this video can win the bounty.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("warns clearly that a video failing a check cannot win, and still lets it be submitted", async () => {
    check.mockResolvedValue(
      checkResult({
        checklist: {
          exists: true,
          ownedBySubmitter: true,
          publishedAfterIdea: false,
          durationAllowed: false,
        },
        cannotWinReasons: [
          "It was published before the idea was posted.",
          "Its length is not one the idea allows.",
        ],
      }),
    );
    renderPage();
    const user = await submitLink(YOUTUBE_LINK);

    const warning = screen.getByRole("alert");
    expect(warning).toHaveTextContent("This video cannot win this bounty");
    expect(warning).toHaveTextContent("It was published before the idea was posted.");
    expect(warning).toHaveTextContent("Its length is not one the idea allows.");
    expect(screen.getByRole("list", { name: "Originality checklist" })).toHaveTextContent(
      "Published after the idea: fails",
    );
    expect(card()).not.toHaveTextContent("can win the bounty");
    await user.click(submitButton());
    expect(submit).toHaveBeenCalledWith({ ideaId: "k57idea", link: YOUTUBE_LINK });
  });

  it("notes softly that an unproven video can win but cannot be paid until its channel is connected", async () => {
    check.mockResolvedValue(
      checkResult({
        checklist: {
          exists: true,
          ownedBySubmitter: false,
          publishedAfterIdea: true,
          durationAllowed: true,
        },
        ownershipNote: "This video is not on your connected YouTube channel (Kenji Walks).",
      }),
    );
    renderPage();
    await submitLink(YOUTUBE_LINK);

    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    const c = card();
    expect(c).toHaveTextContent("It can win, but it can be paid only once it is proven yours.");
    expect(c).toHaveTextContent(
      "This video is not on your connected YouTube channel (Kenji Walks).",
    );
    expect(c).toHaveTextContent("claim window (30 days after judging ends)");
    expect(screen.getByRole("list", { name: "Originality checklist" })).toHaveTextContent(
      "Posted by your YouTube account: fails",
    );
  });

  it("says when submitting takes over a video someone else submitted", async () => {
    check.mockResolvedValue(checkResult({ takesOver: true }));
    renderPage();
    await submitLink(YOUTUBE_LINK);

    expect(card()).toHaveTextContent("Submitting it makes that submission yours, with its votes.");
  });

  it("closes when the link is edited or another video is chosen", async () => {
    renderPage();
    const user = await submitLink(YOUTUBE_LINK);
    await user.click(screen.getByRole("button", { name: "Choose another video" }));
    expect(screen.queryByRole("region", { name: /Check your video/ })).not.toBeInTheDocument();
    expect(input()).toHaveFocus();

    await user.click(checkButton());
    expect(card()).toBeVisible();
    await user.type(input(), "x");
    expect(screen.queryByRole("region", { name: /Check your video/ })).not.toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it("lets a connected creator pick one of their synced videos on the idea's platform", async () => {
    synced = {
      youtube: { connected: true, lastSync: 1, accountName: "Kenji Walks" },
      tiktok: { connected: true, lastSync: 1, accountName: "kenji" },
      videos: [
        {
          platform: "YouTube",
          videoId: "dQw4w9WgXcQ",
          title: "Lighthouses of Maine from above",
          description: "",
          url: YOUTUBE_LINK,
          thumbnailUrl: null,
          publishedAt: Date.UTC(2024, 10, 8),
          durationSeconds: 485,
        },
        {
          platform: "TikTok",
          videoId: "7300000000000000001",
          title: "A TikTok this idea does not take",
          description: "",
          url: TIKTOK_LINK,
          thumbnailUrl: null,
          publishedAt: null,
          durationSeconds: null,
        },
      ],
    };
    renderPage();

    const picker = screen.getByRole("region", { name: "Or pick one of your videos" });
    expect(picker).not.toHaveTextContent("A TikTok this idea does not take");
    await userEvent.click(screen.getByRole("button", { name: /Lighthouses of Maine from above/ }));

    expect(input()).toHaveValue(YOUTUBE_LINK);
    expect(check).toHaveBeenCalledWith({ ideaId: "k57idea", link: YOUTUBE_LINK });
    expect(card()).toHaveTextContent("Lighthouses of Maine from above");
  });

  it("offers no picker to a creator without synced videos", () => {
    synced = {
      youtube: { connected: false, lastSync: null, accountName: null },
      tiktok: { connected: false, lastSync: null, accountName: null },
      videos: [],
    };
    renderPage();
    expect(
      screen.queryByRole("region", { name: /pick one of your videos/ }),
    ).not.toBeInTheDocument();
  });
});
