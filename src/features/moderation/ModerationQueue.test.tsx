// The operators' queue and the Report control as people use them: a report sends its reason
// and note; the queue shows an item's reports and appeal, refuses to act without a reason, and
// hides or restores with the reason the log keeps.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import ModerationQueue, { QUEUE_EMPTY } from "./ModerationQueue";
import ReportControl from "./ReportControl";
import { BANNED_HEADING } from "./BannedAccounts";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const calls = {
  report: vi.fn(),
  hide: vi.fn(),
  restore: vi.fn(),
  dismiss: vi.fn(),
  ban: vi.fn(),
  unban: vi.fn(),
};
let queue: unknown[] = [];
let banned: unknown[] = [];
const item = (over: Record<string, unknown> = {}) => ({
  caseId: "case1",
  target: "question",
  targetId: "msg1",
  ideaId: "idea1",
  summary: "Is this allowed?",
  authorId: "user1",
  authorName: "Ada Asker",
  authorBanned: false,
  state: "reported",
  openReports: 1,
  hiddenReason: null,
  appeal: null,
  updatedAt: 1,
  reports: [{ reporterName: "Rae", reason: "abuse", note: "Rude to me", at: 1 }],
  ...over,
});

beforeEach(() => {
  for (const c of Object.values(calls)) c.mockReset().mockResolvedValue(null);
  queue = [];
  banned = [];
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated: true,
  } as ReturnType<typeof useConvexAuth>);
  vi.mocked(useQuery).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
    const name = getFunctionName(ref);
    if (name === "moderation:queue") return queue;
    if (name === "moderation:log") return [];
    if (name === "moderation:banned") return banned;
    return undefined;
  }) as typeof useQuery);
  vi.mocked(useMutation).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
    const name = getFunctionName(ref).split(":")[1] as keyof typeof calls;
    return calls[name];
  }) as unknown as typeof useMutation);
});

const renderQueue = () =>
  render(
    <MemoryRouter>
      <ModerationQueue />
    </MemoryRouter>,
  );

describe("ReportControl", () => {
  it("sends the reason and the note, then says it was reported", async () => {
    render(<ReportControl target="video" targetId="vid1" label="this video" />);
    await userEvent.click(screen.getByRole("button", { name: "Report this video" }));
    await userEvent.click(screen.getByLabelText("Someone else's work"));
    await userEvent.type(
      screen.getByLabelText("Anything the moderators should know? (optional)"),
      "My footage",
    );
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(calls.report).toHaveBeenCalledWith({
      target: "video",
      targetId: "vid1",
      reason: "copyright",
      note: "My footage",
    });
    expect(await screen.findByText("Reported")).toBeInTheDocument();
  });

  it("offers every reason but 'Not about this idea' for an idea itself", async () => {
    const { unmount } = render(<ReportControl target="idea" targetId="i1" label="this idea" />);
    await userEvent.click(screen.getByRole("button", { name: "Report this idea" }));
    expect(screen.getByRole("radio", { name: "Spam or advertising" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Scam or fraud" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Not about this idea" })).toBeNull();
    unmount();
    render(<ReportControl target="update" targetId="u1" label="this update" />);
    await userEvent.click(screen.getByRole("button", { name: "Report this update" }));
    expect(screen.getByRole("radio", { name: "Not about this idea" })).toBeInTheDocument();
  });

  it("is not offered to its author or to visitors", () => {
    const { rerender } = render(
      <ReportControl target="idea" targetId="i1" label="this idea" own />,
    );
    expect(screen.queryByRole("button", { name: /Report/ })).toBeNull();
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: false,
      isAuthenticated: false,
    } as ReturnType<typeof useConvexAuth>);
    rerender(<ReportControl target="idea" targetId="i1" label="this idea" />);
    expect(screen.queryByRole("button", { name: /Report/ })).toBeNull();
  });
});

describe("ModerationQueue", () => {
  it("says when there is nothing to review", () => {
    renderQueue();
    expect(screen.getByText(QUEUE_EMPTY)).toBeInTheDocument();
  });

  it("shows the reports; hides only with a reason", async () => {
    queue = [item()];
    renderQueue();
    const card = screen.getByRole("listitem", { name: "Is this allowed?" });
    expect(within(card).getByText(/Rude to me/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Hide" }));
    expect(calls.hide).not.toHaveBeenCalled();
    await userEvent.type(within(card).getByLabelText(/^Reason/), "Insults.");
    await userEvent.click(within(card).getByRole("button", { name: "Hide" }));
    expect(calls.hide).toHaveBeenCalledWith({
      target: "question",
      targetId: "msg1",
      reason: "Insults.",
    });
  });

  it("an appealed item shows the appeal and offers Restore", async () => {
    queue = [item({ state: "appealed", appeal: "It was fair.", hiddenReason: "Insults." })];
    renderQueue();
    const card = screen.getByRole("listitem", { name: "Is this allowed?" });
    expect(within(card).getByLabelText("The author's appeal")).toHaveTextContent("It was fair.");
    expect(within(card).queryByRole("button", { name: "Hide" })).toBeNull();
    await userEvent.type(within(card).getByLabelText(/^Reason/), "Fair.");
    await userEvent.click(within(card).getByRole("button", { name: "Restore" }));
    expect(calls.restore).toHaveBeenCalledWith({ caseId: "case1", reason: "Fair." });
  });

  it("lists banned accounts; lifting a ban takes a reason and says an ended idea stays ended", async () => {
    banned = [{ userId: "user9", name: "Bo Banned", bannedAt: 1, reason: "Fraud.", endedIdeas: 1 }];
    renderQueue();
    const card = screen.getByRole("listitem", { name: /Bo Banned/ });
    expect(within(card).getByText(/Fraud\./)).toBeInTheDocument();
    expect(
      within(card).getByText(
        "Lifting the ban lets them sign in and shows what the ban hid; their idea stays ended, because the backers' money already went back to them.",
      ),
    ).toBeInTheDocument();
    const lift = within(card).getByRole("button", { name: "Lift the ban on Bo Banned" });
    await userEvent.click(lift);
    expect(calls.unban).not.toHaveBeenCalled();
    await userEvent.type(within(card).getByLabelText(/^Reason for lifting/), "Cleared.");
    await userEvent.click(lift);
    expect(calls.unban).toHaveBeenCalledWith({ userId: "user9", reason: "Cleared." });
  });

  it("shows no banned section when nobody is banned", () => {
    renderQueue();
    expect(screen.queryByRole("heading", { name: BANNED_HEADING })).toBeNull();
  });
});
