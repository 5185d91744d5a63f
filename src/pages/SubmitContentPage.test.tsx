import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAction, useConvexAuth, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { TOAST_IDS } from "../lib/toasts";
import SubmitContentPage from "./SubmitContentPage";
import type { Proposal } from "../components/proposals/IdeaFromRoute";
import { renderRoute } from "../test/accounts";
import { makeProposal as makeListItem } from "../test/lists";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const submit = vi.fn();
const YOUTUBE_LINK = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const TIKTOK_LINK = "https://www.tiktok.com/@kenji_walks/video/7300000000000000001";

/** The idea this page is about (the lists' factory, with this suite's figures). */
function makeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return makeListItem({
    _id: "k57proposal" as Proposal["_id"],
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

function setProposal(proposal: Proposal | null | undefined) {
  vi.mocked(useQuery).mockImplementation(((_query: unknown, args: unknown) =>
    args === "skip" ? undefined : proposal) as typeof useQuery);
}

function renderPage(at = "/submit-content/k57proposal") {
  const path = at === "/submit-content" ? "/submit-content" : "/submit-content/:proposalId";
  return renderRoute(<SubmitContentPage />, { at, path });
}

const pathname = () => screen.getByTestId("pathname").textContent;
const input = () => screen.getByRole("textbox", { name: "Video link" });
const submitButton = () => screen.getByRole("button", { name: "Submit Video" });

async function submitLink(link: string) {
  const user = userEvent.setup();
  if (link) await user.type(input(), link);
  await user.click(submitButton());
  return user;
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  vi.mocked(useAction).mockReturnValue(submit as unknown as ReturnType<typeof useAction>);
  submit.mockResolvedValue("k57submission");
  setSession(true);
  setProposal(makeProposal());
});

describe("SubmitContentPage", () => {
  it("asks for the idea in the address and shows its title with a link back", () => {
    renderPage();

    expect(vi.mocked(useQuery).mock.calls[0]?.[1]).toEqual({ proposalId: "k57proposal" });
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Drone tour of every lighthouse in Maine");
    expect(
      screen.getByRole("link", { name: "Drone tour of every lighthouse in Maine" }),
    ).toHaveAttribute("href", "/expanded-proposal/k57proposal");
    expect(screen.getByRole("link", { name: /Back to the idea/ })).toHaveAttribute(
      "href",
      "/expanded-proposal/k57proposal",
    );
  });

  it.each([
    ["YouTube", "Post your video on YouTube"],
    ["TikTok", "Post your video on TikTok"],
    ["Any", "Post your video on YouTube or TikTok"],
  ] as const)("shows the required platform for %s", (platform, text) => {
    setProposal(makeProposal({ platform }));
    renderPage();

    expect(screen.getByText(text)).toBeVisible();
  });

  it("lists every length the idea accepts", () => {
    setProposal(makeProposal({ durations: ["SHORT", "LONG"] }));
    const { unmount } = renderPage();
    expect(screen.getByText("Video length: Short (under 3 mins) or Long (30+ mins)")).toBeVisible();
    unmount();

    setProposal(makeProposal({ durations: [] }));
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

  it("sends a signed-out person to sign in, remembering the page and the link", async () => {
    setSession(false);
    renderPage();

    expect(screen.getByText("Please sign in to submit your video")).toBeVisible();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");

    await submitLink(YOUTUBE_LINK);

    expect(toast.error).toHaveBeenCalledWith("Please sign in to submit your video", {
      id: TOAST_IDS.submitVideo,
    });
    expect(submit).not.toHaveBeenCalled();
    expect(pathname()).toBe("/login");
    expect(screen.getByTestId("from")).toHaveTextContent("/submit-content/k57proposal");
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
    expect(submit).not.toHaveBeenCalled();
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
    ["a link that is not a video", "https://example.com/my-video"],
    ["a TikTok link for a YouTube idea", TIKTOK_LINK],
  ])("refuses %s with 'Invalid video link format'", async (_label, link) => {
    renderPage();

    await submitLink(link);

    expect(toast.error).toHaveBeenCalledWith("Invalid video link format", {
      id: TOAST_IDS.submitVideo,
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid video link format");
    expect(submit).not.toHaveBeenCalled();
  });

  it("takes a TikTok link for an idea open to any platform", async () => {
    setProposal(makeProposal({ platform: "Any" }));
    renderPage();

    await submitLink(TIKTOK_LINK);

    expect(submit).toHaveBeenCalledWith({ proposalId: "k57proposal", link: TIKTOK_LINK });
  });

  it("submits, says so and goes to the idea", async () => {
    let finish: (id: string) => void = () => {};
    submit.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage();

    await submitLink(`  ${YOUTUBE_LINK} `);

    expect(submit).toHaveBeenCalledWith({ proposalId: "k57proposal", link: YOUTUBE_LINK });
    expect(screen.getByRole("button", { name: "Verifying video…" })).toBeDisabled();

    await act(async () => finish("k57submission"));

    expect(toast.success).toHaveBeenCalledWith("Video submitted successfully!", {
      id: TOAST_IDS.submitVideo,
    });
    expect(pathname()).toBe("/expanded-proposal/k57proposal");
  });

  it("shows 'Failed to verify video' with the note to connect the platform in the Profile", async () => {
    submit.mockRejectedValue(
      new ConvexError({ message: "Failed to verify video", code: "verify" }),
    );
    renderPage();

    await submitLink(YOUTUBE_LINK);

    expect(toast.error).toHaveBeenCalledWith("Failed to verify video", {
      id: TOAST_IDS.submitVideo,
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Failed to verify video");
    expect(alert).toHaveTextContent("connect your YouTube channel");
    expect(screen.getByRole("link", { name: "Profile settings" })).toHaveAttribute(
      "href",
      "/profile?tab=settings",
    );
    expect(pathname()).toBe("/submit-content/k57proposal");
    expect(submitButton()).toBeEnabled();
  });

  it("names TikTok in the note for a TikTok video", async () => {
    setProposal(makeProposal({ platform: "TikTok" }));
    submit.mockRejectedValue(
      new ConvexError({ message: "Failed to verify video", code: "verify" }),
    );
    renderPage();

    await submitLink(TIKTOK_LINK);

    expect(screen.getByRole("alert")).toHaveTextContent("connect your TikTok account");
  });

  it("shows the server's message as is", async () => {
    submit.mockRejectedValue(
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

  it("says 'Failed to submit video' for any other failure", async () => {
    submit.mockRejectedValue(new Error("network down"));
    renderPage();

    await submitLink(YOUTUBE_LINK);

    expect(toast.error).toHaveBeenCalledWith("Failed to submit video", {
      id: TOAST_IDS.submitVideo,
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to submit video");
  });

  it.each([
    ["past its deadline", makeProposal({ expiration: Date.now() - 60_000 })],
    ["closed by the server", makeProposal({ status: "judging" })],
  ])("shows no form for an idea %s", (_label, proposal) => {
    setProposal(proposal);
    renderPage();

    expect(screen.getByText("This proposal is no longer accepting submissions.")).toBeVisible();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit Video" })).not.toBeInTheDocument();
  });

  it("shows a not-found card for an idea that does not exist, or without an id", () => {
    setProposal(null);
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
    setProposal(undefined);
    renderPage();

    expect(screen.getByRole("status")).toHaveTextContent("Loading the idea...");
  });
});
