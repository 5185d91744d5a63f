import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useMutation } from "convex/react";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { TOAST_IDS } from "../lib/toasts";
import SubmitIdeaPage from "./SubmitIdeaPage";
import { DAY_MS } from "../../convex/model/labels";
import { MAX_LINKS } from "../../convex/model/ideaValidation";
import { IDEA_DRAFT_KEY } from "../features/submit/ideaDraft";
import { toLocalDateTimeValue } from "../lib/localDateTime";
import { renderRoute } from "../test/accounts";
import submitStyles from "./SubmitIdeaPage.module.css";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const createIdea = vi.fn();

function setSession(session: { isLoading: boolean; isAuthenticated: boolean }) {
  vi.mocked(useConvexAuth).mockReturnValue({ ...session, isRefreshing: false });
}

function renderSubmit(state?: unknown) {
  return renderRoute(<SubmitIdeaPage />, { at: "/submit", path: "/submit", state });
}

const pathname = () => screen.getByTestId("pathname").textContent;
const ideaInput = () => screen.getByLabelText("Your video idea");
const deadlineInput = () => screen.getByLabelText("Deadline");
const submitButton = () => screen.getByRole("button", { name: /Submit Idea!|Submitting\.\.\./ });
const linkInputs = () =>
  screen.queryAllByPlaceholderText("https://example.com/supporting-information");
const setDeadline = (value: string) => fireEvent.change(deadlineInput(), { target: { value } });

const SHORT = "SHORT (under 3 mins, best for Shorts, Reels or TikTok)";
const MEDIUM = "MEDIUM (5-25 mins)";
const LONG = "LONG (30+ mins)";

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  vi.mocked(useMutation).mockReturnValue(createIdea as unknown as ReturnType<typeof useMutation>);
  setSession({ isLoading: false, isAuthenticated: true });
});

describe("SubmitIdeaPage: the form", () => {
  it("keeps the form invisible until the session is known, then shows a guest the sign-in notice", () => {
    setSession({ isLoading: true, isAuthenticated: false });
    const loading = renderSubmit();
    const layout = () => screen.getByTestId("submit-layout");
    expect(layout()).toHaveClass(submitStyles.submitLayoutWaiting!);
    expect(screen.queryByText(/You can write your idea now/)).not.toBeInTheDocument();
    loading.unmount();

    setSession({ isLoading: false, isAuthenticated: false });
    renderSubmit();
    expect(layout()).not.toHaveClass(submitStyles.submitLayoutWaiting!);
    expect(screen.getByText(/You can write your idea now/)).toBeInTheDocument();
  });

  it("asks for the idea, a platform, durations, a deadline and optional links", () => {
    renderSubmit();

    expect(screen.getByRole("heading", { level: 1, name: "Submit an idea" })).toBeVisible();
    expect(document.title).toBe("Submit an idea · Bounties");
    expect(ideaInput()).toHaveValue("");
    expect(screen.getByText("0/200")).toBeVisible();

    const platforms = screen.getByRole("group", { name: "Where should the video be posted?" });
    for (const name of ["YouTube", "TikTok", "Any"]) {
      expect(within(platforms).getByRole("radio", { name })).not.toBeChecked();
    }
    const durations = screen.getByRole("group", { name: "How long can the video be?" });
    for (const name of [SHORT, MEDIUM, LONG]) {
      expect(within(durations).getByRole("checkbox", { name })).not.toBeChecked();
    }

    expect(deadlineInput()).toHaveAttribute("type", "datetime-local");
    expect(screen.getByText("Creators have 14 days to make your idea.")).toBeVisible();
    expect(screen.getByRole("group", { name: "Supporting links (optional)" })).toBeVisible();
    expect(linkInputs()).toHaveLength(0);
    expect(submitButton()).toHaveTextContent("Submit Idea!");
    expect(submitButton()).toBeEnabled();
  });

  it("defaults the deadline to 14 days ahead, between now and 365 days", () => {
    renderSubmit();

    const expected = Date.now() + 14 * DAY_MS;
    const value = new Date((deadlineInput() as HTMLInputElement).value).getTime();
    expect(Math.abs(value - expected)).toBeLessThan(2 * 60_000);
    expect(deadlineInput()).toHaveAttribute("min");
    expect(deadlineInput()).toHaveAttribute("max");
    const max = new Date(deadlineInput().getAttribute("max")!).getTime();
    expect(Math.abs(max - (Date.now() + 365 * DAY_MS))).toBeLessThan(2 * 60_000);
  });

  it("prefills the one-liner from the navigation state and counts its characters", async () => {
    renderSubmit({ idea: "A cat explains taxes" });

    expect(ideaInput()).toHaveValue("A cat explains taxes");
    expect(screen.getByText("20/200")).toBeVisible();

    const user = userEvent.setup();
    await user.type(ideaInput(), "!");
    expect(screen.getByText("21/200")).toBeVisible();
  });

  it.each([
    ["20 hours", 20 * 60 * 60 * 1000, "Creators have 1 day to make your idea."],
    [
      "3 days and 2 hours",
      3 * DAY_MS + 2 * 60 * 60 * 1000,
      "Creators have 4 days to make your idea.",
    ],
    ["30 days", 30 * DAY_MS - 60 * 60 * 1000, "Creators have 30 days to make your idea."],
    ["a past date", -DAY_MS, "Choose a valid date."],
  ])("explains a deadline %s away", (_label, offset, hint) => {
    renderSubmit();

    setDeadline(toLocalDateTimeValue(Date.now() + offset));

    expect(screen.getByText(hint)).toBeVisible();
  });

  it("says 'Choose a valid date.' when the deadline is cleared", () => {
    renderSubmit();

    setDeadline("");

    expect(screen.getByText("Choose a valid date.")).toBeVisible();
  });
});

describe("SubmitIdeaPage: validation, in the spec's order", () => {
  it("asks a visitor to sign in first, keeping what they typed", async () => {
    setSession({ isLoading: false, isAuthenticated: false });
    const user = userEvent.setup();
    renderSubmit();

    expect(screen.getByText(/You will be asked to/)).toBeVisible();
    await user.type(ideaInput(), "Drone tour of every lighthouse");
    await user.click(screen.getByRole("radio", { name: "TikTok" }));
    await user.click(submitButton());

    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Please sign in to submit an idea", {
      id: TOAST_IDS.postIdea,
    });
    expect(createIdea).not.toHaveBeenCalled();
    expect(pathname()).toBe("/login");
    expect(screen.getByTestId("from")).toHaveTextContent("/submit");
    const draft = JSON.parse(sessionStorage.getItem(IDEA_DRAFT_KEY)!) as Record<string, unknown>;
    expect(draft).toMatchObject({ oneLiner: "Drone tour of every lighthouse", platform: "TikTok" });
  });

  it("gives the typed idea back after signing in", () => {
    sessionStorage.setItem(
      IDEA_DRAFT_KEY,
      JSON.stringify({
        oneLiner: "Drone tour of every lighthouse",
        platform: "TikTok",
        durations: ["LONG"],
        deadline: toLocalDateTimeValue(Date.now() + 5 * DAY_MS),
        links: ["https://example.com/lighthouses"],
      }),
    );
    renderSubmit();

    expect(screen.getByText(/We kept your idea while you signed in\./)).toHaveAttribute(
      "role",
      "status",
    );
    expect(ideaInput()).toHaveValue("Drone tour of every lighthouse");
    expect(screen.getByRole("radio", { name: "TikTok" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: LONG })).toBeChecked();
    expect(linkInputs().map((input) => (input as HTMLInputElement).value)).toEqual([
      "https://example.com/lighthouses",
    ]);
    expect(sessionStorage.getItem(IDEA_DRAFT_KEY)).toBeNull();
  });

  it("checks sign-in before anything else, even with an empty form", async () => {
    setSession({ isLoading: false, isAuthenticated: false });
    const user = userEvent.setup();
    renderSubmit();

    setDeadline("");
    await user.click(submitButton());

    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Please sign in to submit an idea", { id: TOAST_IDS.postIdea }],
    ]);
  });

  type Step = "idea" | "platform" | "duration" | "pastDate" | "badLink" | "profane" | "adultLink";

  async function fill(steps: Step[]) {
    const user = userEvent.setup();
    if (steps.includes("idea")) await user.type(ideaInput(), "How bridges carry trains");
    if (steps.includes("profane")) await user.type(ideaInput(), "What the fuck is a bridge");
    if (steps.includes("platform")) await user.click(screen.getByRole("radio", { name: "Any" }));
    if (steps.includes("duration"))
      await user.click(screen.getByRole("checkbox", { name: MEDIUM }));
    if (steps.includes("pastDate")) setDeadline(toLocalDateTimeValue(Date.now() - DAY_MS));
    if (steps.includes("badLink") || steps.includes("adultLink")) {
      await user.click(screen.getByRole("button", { name: "Add a supporting link" }));
      await user.type(
        linkInputs()[0]!,
        steps.includes("badLink") ? "ftp://example.com/file" : "https://pornhub.com/video",
      );
    }
    await user.click(submitButton());
  }

  it.each<[string, Step[], string]>([
    ["the date", ["pastDate"], "Please choose a valid date"],
    ["the date before the rest", ["pastDate", "idea"], "Please choose a valid date"],
    ["the durations", [], "Please select at least one video duration"],
    [
      "the durations before the platform",
      ["idea", "platform"],
      "Please select at least one video duration",
    ],
    ["the platform", ["duration"], "Please select a platform"],
    ["the platform before the idea", ["duration", "badLink"], "Please select a platform"],
    ["the idea", ["duration", "platform"], "Please enter your idea"],
    [
      "the links",
      ["duration", "platform", "idea", "badLink"],
      "Supporting links must be web addresses starting with http:// or https://",
    ],
    [
      "the content of the idea",
      ["duration", "platform", "profane"],
      "Proposal contains inappropriate content or restricted URLs and cannot be submitted",
    ],
    [
      "the content of the links",
      ["duration", "platform", "idea", "adultLink"],
      "Proposal contains inappropriate content or restricted URLs and cannot be submitted",
    ],
  ])("checks %s", async (_label, steps, message) => {
    renderSubmit();

    await fill(steps);

    expect(vi.mocked(toast.error).mock.calls).toEqual([[message, { id: TOAST_IDS.postIdea }]]);
    expect(createIdea).not.toHaveBeenCalled();
    expect(pathname()).toBe("/submit");
  });

  it("puts focus on the field a message is about", async () => {
    renderSubmit();

    await fill(["idea"]);
    expect(screen.getByRole("checkbox", { name: SHORT })).toHaveFocus();
  });

  it("shows the problem under its field, and clears it once that field is fixed", async () => {
    renderSubmit();

    await fill(["idea"]);
    const durations = screen.getByRole("group", { name: "How long can the video be?" });
    expect(durations).toHaveAccessibleDescription("Please select at least one video duration");

    const user = userEvent.setup();
    await user.click(screen.getByRole("checkbox", { name: MEDIUM }));
    expect(durations).not.toHaveAccessibleDescription();

    // The next problem, in the spec's order, on its own field.
    await user.click(submitButton());
    expect(
      screen.getByRole("group", { name: "Where should the video be posted?" }),
    ).toHaveAccessibleDescription("Please select a platform");
    expect(screen.getByRole("radio", { name: "YouTube" })).toHaveFocus();
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Please select at least one video duration", { id: TOAST_IDS.postIdea }],
      ["Please select a platform", { id: TOAST_IDS.postIdea }],
    ]);
  });

  it("marks the idea itself when it is the problem", async () => {
    renderSubmit();

    await fill(["duration", "platform"]);

    expect(ideaInput()).toHaveAttribute("aria-invalid", "true");
    expect(ideaInput()).toHaveAccessibleDescription(/Please enter your idea/);
  });

  it("puts focus on the links when a link is the problem", async () => {
    renderSubmit();

    await fill(["duration", "platform", "idea", "badLink"]);

    expect(linkInputs()[0]).toHaveFocus();
  });

  it("treats an idea of only spaces as empty", async () => {
    const user = userEvent.setup();
    renderSubmit();

    await user.type(ideaInput(), "    ");
    await fill(["duration", "platform"]);

    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Please enter your idea", { id: TOAST_IDS.postIdea }],
    ]);
    expect(ideaInput()).toHaveFocus();
  });
});

describe("SubmitIdeaPage: supporting links", () => {
  it("adds links, focusing each new one, and removes them", async () => {
    const user = userEvent.setup();
    renderSubmit();

    const add = screen.getByRole("button", { name: "Add a supporting link" });
    for (const url of ["https://one.example", "https://two.example", "https://three.example"]) {
      await user.click(add);
      const inputs = linkInputs();
      expect(inputs.at(-1)).toHaveFocus();
      await user.type(inputs.at(-1)!, url);
    }
    expect(screen.getByLabelText("Supporting link 2")).toHaveValue("https://two.example");
    expect(screen.getByRole("button", { name: "Reorder link 3" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Remove link 2" }));

    expect(linkInputs().map((input) => (input as HTMLInputElement).value)).toEqual([
      "https://one.example",
      "https://three.example",
    ]);
    expect(screen.queryByRole("button", { name: "Remove link 3" })).not.toBeInTheDocument();
    // Focus moves to the link that took the removed one's place.
    expect(screen.getByLabelText("Supporting link 2")).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Remove link 2" }));
    await user.click(screen.getByRole("button", { name: "Remove link 1" }));
    expect(linkInputs()).toHaveLength(0);
    expect(add).toHaveFocus();
  });

  it(`allows at most ${MAX_LINKS} links`, async () => {
    const user = userEvent.setup();
    renderSubmit();

    const add = screen.getByRole("button", { name: "Add a supporting link" });
    for (let i = 0; i < MAX_LINKS; i++) await user.click(add);

    expect(linkInputs()).toHaveLength(MAX_LINKS);
    expect(add).toBeDisabled();
    expect(screen.getByText(`You have added the most links allowed (${MAX_LINKS}).`)).toBeVisible();
  });

  describe("reordering with the keyboard", () => {
    // jsdom has no layout: give each link a place, 30 px apart, so dnd-kit can measure them.
    let rects: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      Element.prototype.scrollIntoView = vi.fn();
      rects = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
        this: HTMLElement,
      ) {
        const position = Number(this.dataset.position ?? 0);
        const top = position > 0 ? (position - 1) * 30 : 0;
        const height = position > 0 ? 24 : 0;
        const width = position > 0 ? 300 : 0;
        return {
          x: 0,
          y: top,
          top,
          left: 0,
          bottom: top + height,
          right: width,
          width,
          height,
          toJSON: () => ({}),
        } as DOMRect;
      });
    });
    afterEach(() => rects.mockRestore());

    it("picks a link up with space, moves it down with an arrow and drops it with space", async () => {
      const user = userEvent.setup();
      renderSubmit();

      const add = screen.getByRole("button", { name: "Add a supporting link" });
      for (const url of ["https://one.example", "https://two.example", "https://three.example"]) {
        await user.click(add);
        await user.type(linkInputs().at(-1)!, url);
      }

      const handle = screen.getByRole("button", { name: "Reorder link 1" });
      expect(handle).toHaveAttribute("aria-roledescription", "sortable");
      expect(handle).toHaveAccessibleDescription(/press space or enter on its handle/);
      handle.focus();
      await user.keyboard("[Space]");
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      await user.keyboard("[ArrowDown]");
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      await user.keyboard("[Space]");
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));

      expect(linkInputs().map((input) => (input as HTMLInputElement).value)).toEqual([
        "https://two.example",
        "https://one.example",
        "https://three.example",
      ]);
    });
  });
});

describe("SubmitIdeaPage: submitting", () => {
  async function fillValid() {
    const user = userEvent.setup();
    await user.type(ideaInput(), "  Build a   treehouse with no nails  ");
    await user.click(screen.getByRole("radio", { name: "TikTok" }));
    await user.click(screen.getByRole("checkbox", { name: LONG }));
    await user.click(screen.getByRole("checkbox", { name: SHORT }));
    const add = screen.getByRole("button", { name: "Add a supporting link" });
    for (const url of ["https://wood.example/joints", "", "   "]) {
      await user.click(add);
      if (url) await user.type(linkInputs().at(-1)!, url);
    }
    return user;
  }

  it("creates the idea without blank links and opens its page", async () => {
    let finish: (id: string) => void = () => {};
    createIdea.mockReturnValue(new Promise<string>((resolve) => (finish = resolve)));
    renderSubmit();

    const user = await fillValid();
    const deadline = new Date((deadlineInput() as HTMLInputElement).value).getTime();
    await user.click(submitButton());

    expect(toast.error).not.toHaveBeenCalled();
    expect(createIdea).toHaveBeenCalledTimes(1);
    expect(createIdea).toHaveBeenCalledWith({
      oneLiner: "Build a treehouse with no nails",
      platform: "TikTok",
      durations: ["SHORT", "LONG"],
      expiration: deadline,
      links: ["https://wood.example/joints"],
    });
    expect(submitButton()).toHaveTextContent("Submitting...");
    expect(submitButton()).toBeDisabled();

    await act(async () => finish("k57abc123"));

    expect(pathname()).toBe("/expanded-proposal/k57abc123");
  });

  it("sends the brief, cleaned, with the idea; a profane brief is stopped at its own field", async () => {
    createIdea.mockResolvedValue("k57brief");
    renderSubmit();
    const user = await fillValid();
    const brief = screen.getByRole("textbox", { name: /What should the video show\?/ });
    await user.type(brief, "Show the sh1t nails.");
    await user.click(submitButton());
    expect(createIdea).not.toHaveBeenCalled();
    expect(brief).toHaveFocus();
    expect(brief).toHaveAccessibleDescription(
      expect.stringContaining("The brief contains inappropriate content or restricted URLs"),
    );

    await user.clear(brief);
    await user.type(brief, "  Show every joint up close.{Enter}{Enter}{Enter}No glue either.  ");
    await user.click(submitButton());
    expect(createIdea).toHaveBeenCalledWith(
      expect.objectContaining({ brief: "Show every joint up close.\n\nNo glue either." }),
    );
    // Typing three fields takes a while on a busy machine.
  }, 30_000);

  it("shows the server's message as it is", async () => {
    createIdea.mockRejectedValue(
      new ConvexError({ message: "Please choose a deadline within 365 days" }),
    );
    renderSubmit();

    const user = await fillValid();
    await user.click(submitButton());

    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Please choose a deadline within 365 days", { id: TOAST_IDS.postIdea }],
    ]);
    expect(pathname()).toBe("/submit");
    // The server's rule is about the deadline: that field is marked and focused.
    expect(deadlineInput()).toHaveFocus();
    expect(deadlineInput()).toHaveAccessibleDescription(/Please choose a deadline within 365 days/);
    expect(submitButton()).toHaveTextContent("Submit Idea!");
    expect(submitButton()).toBeEnabled();
  });

  it("says 'Something went wrong. Please try again.' for any other failure", async () => {
    createIdea.mockRejectedValue(new Error("socket closed"));
    renderSubmit();

    const user = await fillValid();
    await user.click(submitButton());

    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Something went wrong. Please try again.", { id: TOAST_IDS.postIdea }],
    ]);
    expect(pathname()).toBe("/submit");
    expect(ideaInput()).toHaveValue("  Build a   treehouse with no nails  ");
  });
});
