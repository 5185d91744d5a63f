import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import Conversation from "./Conversation";
import type { QuestionView } from "./QuestionThread";
import { makeUser } from "../../test/accounts";
import messageStyles from "./MessageItem.module.css";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  usePaginatedQuery: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const IDEA = "k57idea" as never;
const me = makeUser({ _id: "user_me" as never, displayName: "Ann Asker" });
const calls = { ask: vi.fn(), answer: vi.fn(), setHidden: vi.fn(), report: vi.fn() };

let signedIn = true;
let role: "poster" | "creator" | "member" | null = "member";
let reported: { messageId: string; reportCount: number }[] = [];
let questions: QuestionView[] = [];

function message(id: string, fields: Partial<QuestionView> = {}): QuestionView {
  return {
    _id: id as never,
    _creationTime: Date.UTC(2026, 10, 26, 10, 59),
    authorId: "user_other" as never,
    authorName: "Pia Poster",
    authorAvatarUrl: null,
    role: "member",
    body: `Body of ${id}`,
    hidden: false,
    answerCount: 0,
    latestAnswers: [],
    ...fields,
  };
}

function renderConversation() {
  return render(
    <MemoryRouter>
      <Conversation ideaId={IDEA} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  signedIn = true;
  role = "member";
  reported = [];
  questions = [];
  vi.mocked(useConvexAuth).mockImplementation(() => ({
    isLoading: false,
    isAuthenticated: signedIn,
    isRefreshing: false,
  }));
  vi.mocked(useQuery).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
    const name = getFunctionName(ref);
    if (name === "users:current") return signedIn ? me : null;
    if (name === "conversation:viewer") return { signedIn, role: signedIn ? role : null, reported };
    return undefined;
  }) as typeof useQuery);
  vi.mocked(useMutation).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
    const name = getFunctionName(ref).split(":")[1] as keyof typeof calls;
    return calls[name];
  }) as unknown as typeof useMutation);
  vi.mocked(usePaginatedQuery).mockImplementation((() => ({
    results: questions,
    status: "Exhausted",
    isLoading: false,
    loadMore: vi.fn(),
  })) as unknown as typeof usePaginatedQuery);
});

describe("Conversation", () => {
  it("marks the poster's and creators' messages, and hidden words stay hidden", () => {
    signedIn = false;
    questions = [
      message("q1", {
        authorName: "Ann Asker",
        answerCount: 2,
        latestAnswers: [
          message("a1", { role: "poster", body: "Yes." }),
          message("a2", { role: "creator", authorName: "Cleo Creator", authorId: "c1" as never }),
        ],
      }),
      message("q2", { hidden: true, body: null }),
    ];
    renderConversation();
    const region = screen.getByRole("region", { name: "Questions and answers" });
    expect(within(region).getByText("Poster")).toHaveClass(messageStyles.messageRolePoster!);
    expect(within(region).getByText("Creator")).toHaveClass(messageStyles.messageRoleCreator!);
    // A creator's name leads to their creator page.
    expect(within(region).getByRole("link", { name: "Cleo Creator" })).toHaveAttribute(
      "href",
      "/creators/c1",
    );
    expect(within(region).getByText("Hidden by the idea's poster.")).toBeInTheDocument();
    // A visitor is asked to sign in, and can do nothing else.
    expect(
      within(region).getByRole("link", { name: "Sign in to ask a question or answer one" }),
    ).toHaveAttribute("href", "/login");
    expect(within(region).queryByRole("button", { name: /Answer|Report|Hide/ })).toBeNull();
  });

  it("asks with the keyboard; a refused question keeps its words and says why", async () => {
    const user = userEvent.setup();
    calls.ask.mockRejectedValueOnce(
      new ConvexError({
        message: "Your message contains inappropriate content or restricted URLs.",
      }),
    );
    renderConversation();
    const box = screen.getByLabelText("Your question");
    await user.click(box);
    await user.keyboard("Does a 4-minute cut count?");
    await user.tab();
    await user.keyboard("{Enter}");
    expect(calls.ask).toHaveBeenCalledWith({
      ideaId: IDEA,
      body: "Does a 4-minute cut count?",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your message contains inappropriate content or restricted URLs.",
    );
    expect(box).toHaveValue("Does a 4-minute cut count?");
    expect(box).toHaveFocus();

    calls.ask.mockResolvedValueOnce("m1");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(box).toHaveValue("");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("opens an answer box with the focus in it, and sends the answer", async () => {
    const user = userEvent.setup();
    questions = [message("q1", { authorName: "Ann Asker" })];
    calls.answer.mockResolvedValue("a1");
    renderConversation();
    const open = screen.getByRole("button", { name: "Answer Ann Asker's question" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await user.click(open);
    const box = screen.getByLabelText("Your answer to Ann Asker's question");
    expect(box).toHaveFocus();
    await user.keyboard("Yes, it counts.");
    await user.click(screen.getByRole("button", { name: "Answer" }));
    expect(calls.answer).toHaveBeenCalledWith({ questionId: "q1", body: "Yes, it counts." });
    expect(screen.queryByLabelText("Your answer to Ann Asker's question")).toBeNull();
  });

  it("the poster can hide and sees how often a message was reported; others report it", async () => {
    const user = userEvent.setup();
    role = "poster";
    reported = [{ messageId: "q1", reportCount: 2 }];
    questions = [message("q1")];
    const { unmount } = renderConversation();
    expect(screen.getByText("Reported 2 times")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hide this question" }));
    expect(calls.setHidden).toHaveBeenCalledWith({ messageId: "q1", hidden: true });
    unmount();

    role = "member";
    reported = [];
    calls.report.mockResolvedValue(null);
    renderConversation();
    expect(screen.queryByRole("button", { name: /Hide/ })).toBeNull();
    expect(screen.queryByText(/Reported \d/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Report this question" }));
    await user.click(screen.getByRole("radio", { name: "Harassment or hate" }));
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(calls.report).toHaveBeenCalledWith({ messageId: "q1", reason: "abuse" });
    expect(await screen.findByText("Reported")).toBeInTheDocument();
  });

  it("reads out someone else's new message, but not the first page nor one's own", () => {
    questions = [message("q1")];
    const { rerender } = renderConversation();
    const live = document.querySelector("[aria-live=polite]")!;
    expect(live).toHaveTextContent("");

    questions = [message("q2", { authorId: me._id, authorName: "Ann Asker" }), ...questions];
    act(() =>
      rerender(
        <MemoryRouter>
          <Conversation ideaId={IDEA} />
        </MemoryRouter>,
      ),
    );
    expect(live).toHaveTextContent("");

    questions = [
      {
        ...questions[1]!,
        answerCount: 1,
        latestAnswers: [message("a9", { authorName: "Cleo Creator", body: "Mine is 10 minutes." })],
      },
      ...questions,
    ].slice(0, 2);
    act(() =>
      rerender(
        <MemoryRouter>
          <Conversation ideaId={IDEA} />
        </MemoryRouter>,
      ),
    );
    expect(live).toHaveTextContent("New answer from Cleo Creator: Mine is 10 minutes.");
  });
});
