// The control room's parts, each as its poster uses it: the stats, the edit form (only what
// changed is sent; the title, platform and lengths only until anyone committed), the one-time
// extension with its preview and limits, and the once-a-day email to backers.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ControlRoomStats from "./ControlRoomStats";
import EditIdeaForm, { CORE_FIXED_NOTE } from "./EditIdeaForm";
import ExtendDeadline from "./ExtendDeadline";
import EmailBackers from "./EmailBackers";
import type { Idea } from "../ideas/IdeaFromRoute";
import { renderRoute } from "../../test/accounts";
import { mockConvex } from "../../test/money";
import { formatLongDate } from "../../lib/format";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const DAY = 24 * 3600 * 1000;
const edit = vi.fn();
const extend = vi.fn();
const emailUpdate = vi.fn();

function idea(fields: Partial<Idea> = {}): Idea {
  return {
    _id: "idea_1" as Idea["_id"],
    _creationTime: Date.now() - DAY,
    title: "Bridges of Lisbon",
    description: "",
    brief: "Walk every bridge.",
    links: ["https://example.com/one"],
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + 5 * DAY,
    status: "open",
    bountyCents: 0,
    submissionCount: 0,
    votes: 0,
    ending: { kind: "open" },
    videos: [],
    author: null,
    backerCount: 0,
    editedAt: null,
    extendedFrom: null,
    ...fields,
  } as Idea;
}

const render = (ui: React.ReactElement) => renderRoute(ui, { at: "/x", path: "/x" });

beforeEach(() => {
  vi.clearAllMocks();
  edit.mockResolvedValue("edit_1");
  extend.mockImplementation(async ({ days }: { days: number }) => Date.now() + days * DAY);
  emailUpdate.mockResolvedValue("update_1");
  mockConvex({
    mutations: {
      "controlRoom:edit": edit,
      "controlRoom:extend": extend,
      "controlRoom:emailUpdate": emailUpdate,
    },
  });
});

describe("the control room", () => {
  it("shows views, shares (buttons and link visits), backers and questions waiting", () => {
    render(
      <ControlRoomStats
        stats={{ views: 1234, shares: 3, shareVisits: 9, backers: 4, questionsWaiting: 100 }}
      />,
    );
    const stats = screen.getByTestId("control-room-stats");
    expect(stats).toHaveTextContent("Page views1,234");
    expect(stats).toHaveTextContent("Shares12");
    expect(stats).toHaveTextContent("3 from share buttons · 9 visits by share link");
    expect(stats).toHaveTextContent("Backers4");
    expect(stats).toHaveTextContent("Questions waiting99+");
  });

  it("sends only what changed, the title, platform and lengths too while nobody committed", async () => {
    const user = userEvent.setup();
    render(<EditIdeaForm idea={idea()} open coreFixed={false} />);
    const save = screen.getByRole("button", { name: "Save changes" });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText("What should the video show?"));
    await user.type(screen.getByLabelText("What should the video show?"), "At dawn.");
    await user.click(screen.getByRole("radio", { name: "Any" }));
    await user.click(save);
    expect(edit).toHaveBeenCalledWith({ ideaId: "idea_1", brief: "At dawn.", platform: "Any" });
  });

  it("keeps the title, platform and lengths fixed once someone committed", () => {
    render(<EditIdeaForm idea={idea()} open coreFixed />);
    expect(screen.getByText(CORE_FIXED_NOTE)).toBeInTheDocument();
    expect(screen.queryByLabelText("Your idea (the title)")).not.toBeInTheDocument();
    expect(screen.getByLabelText("What should the video show?")).toBeInTheDocument();
  });

  it("extends once by 1 to 30 days, with the new deadline shown first", async () => {
    const user = userEvent.setup();
    const expiration = Date.now() + 5 * DAY;
    render(<ExtendDeadline idea={idea({ expiration })} open extension={null} />);
    const days = screen.getByLabelText("Extend by (days)");
    await user.clear(days);
    await user.type(days, "31");
    expect(screen.getByRole("alert")).toHaveTextContent("Extend by 1 to 30 days.");
    expect(screen.getByRole("button", { name: "Extend the deadline" })).toBeDisabled();
    await user.clear(days);
    await user.type(days, "3");
    expect(days).toHaveAccessibleDescription(
      new RegExp(`New deadline: ${formatLongDate(expiration + 3 * DAY)}`),
    );
    await user.click(screen.getByRole("button", { name: "Extend the deadline" }));
    expect(extend).toHaveBeenCalledWith({ ideaId: "idea_1", days: 3 });
  });

  it("says why it can't extend: within 24 hours of the deadline, or done once already", () => {
    const { unmount } = render(
      <ExtendDeadline idea={idea({ expiration: Date.now() + 3600_000 })} open extension={null} />,
    );
    expect(screen.getByText(/only until 24 hours before it/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Extend the deadline" })).not.toBeInTheDocument();
    unmount();
    const from = Date.now() + DAY;
    render(
      <ExtendDeadline
        idea={idea({ expiration: from + 4 * DAY })}
        open
        extension={{ from, days: 4, at: Date.now() - DAY }}
      />,
    );
    expect(screen.getByText(/Extended once by 4 days/)).toBeInTheDocument();
  });

  it("emails an update to the backers, once a day", async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <EmailBackers ideaId={"idea_1" as never} backers={3} lastEmailAt={null} />,
    );
    await user.type(screen.getByLabelText("Your update"), "Boats booked.");
    await user.click(screen.getByRole("checkbox", { name: /about the bounty/ }));
    await user.click(screen.getByRole("button", { name: "Email this update to backers" }));
    expect(emailUpdate).toHaveBeenCalledWith({
      ideaId: "idea_1",
      body: "Boats booked.",
      topic: "money",
    });
    unmount();
    render(
      <EmailBackers ideaId={"idea_1" as never} backers={3} lastEmailAt={Date.now() - 3600_000} />,
    );
    expect(screen.getByText(/You emailed your backers recently/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Email this update to backers" })).toBeDisabled();
  });
});
